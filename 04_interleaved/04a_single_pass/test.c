/* Step 04a's tests: the shared cases (common/core/tests.c), stage 04's edges of the lag and the
 * prefetch distance (its variant is measured here too), and the single passes' heads and tails. */
#include "tests.h"

/* scan.c's constants, read from its stage_constants: the sizes below sit on the edges they create.
 */
#define LAG    scan_test_constant("LAG")
#define AHEAD  scan_test_constant("AHEAD")
#define UNROLL scan_test_constant("UNROLL")

/* The loop starts once LAG elements have their local prefix and ends with LAG elements still to
 * accumulate: arrays shorter than the lag (the loop never runs), exactly one lag, one register
 * past it, and tails of every length after the wind-down. */
START_TEST(lag_edges)
{
    for (size_t n = LAG - 9; n <= 2 * LAG + 9; n++)
        scan_check_sizes_at(&n, 1, 3, 1);
    const size_t more[] = {3 * LAG - 1, 3 * LAG + 4, 1000 * LAG + 7};
    scan_check_sizes_at(more, sizeof more / sizeof more[0], 3, 1);
}
END_TEST

/* The prefetching loop runs while i < m - AHEAD (m: n rounded down to whole registers): sizes
 * where that range is empty, one register long, and long, with and without a tail. */
START_TEST(prefetch_edges)
{
    const size_t sizes[] = {AHEAD - 1,     AHEAD,           AHEAD + 1,          AHEAD + 8,
                            AHEAD + 15,    AHEAD + LAG,     AHEAD + LAG + 8,    2 * AHEAD,
                            2 * AHEAD + 7, 5 * AHEAD + 131, 100 * AHEAD + 4095, 100 * AHEAD};
    scan_check_sizes_at(sizes, sizeof sizes / sizeof sizes[0], 0, 9);
}
END_TEST

/* The AVX-512 pass: a head of 0..15 elements that brings out to a 64-byte boundary, UNROLL
 * registers per iteration, then a masked tail of 0..16*UNROLL-1 elements. Every head length (the
 * out offset) with every tail length, and arrays that end inside the head. */
START_TEST(head_and_tail)
{
    for (size_t offset = 0; offset < 16; offset++)
        for (size_t tail = 0; tail < 16 * UNROLL; tail++) {
            size_t n = (16 - offset) % 16 + 2 * 16 * UNROLL + tail;
            scan_case apart = {n, INPUT_RANDOM, 15 - offset, offset, 0};
            scan_check(&apart);
        }
    for (size_t n = 0; n < 16; n++)
        for (size_t offset = 0; offset < 16; offset++) {
            scan_case in_place = {n, INPUT_ALL_MAX, offset, offset, 1};
            scan_case apart = {n, INPUT_RAMP, 1, offset, 0};
            scan_check(&in_place);
            scan_check(&apart);
        }
}
END_TEST

/* The AVX2 pass: a head of 0..7 elements that brings out to a 32-byte boundary, iterations of
 * UNROLL registers, then 0..UNROLL-1 single registers and 0..7 elements one at a time. Every head
 * length with every length of what follows the last iteration, after one and after two iterations,
 * out of place (in at another offset) and in place. */
START_TEST(avx2_head_and_tail)
{
    for (size_t offset = 0; offset < 8; offset++)
        for (size_t iterations = 1; iterations <= 2; iterations++)
            for (size_t rest = 0; rest < 8 * UNROLL; rest++) {
                size_t n = (8 - offset) % 8 + iterations * 8 * UNROLL + rest;
                scan_case apart = {n, INPUT_RANDOM, (offset + 5) % 16, offset, 0};
                scan_case in_place = {n, INPUT_RANDOM, offset, offset, 1};
                scan_check(&apart);
                scan_check(&in_place);
            }
}
END_TEST

static void stage_cases(Suite *suite)
{
    scan_add_case(suite, "lag_edges", lag_edges, 60);
    scan_add_case(suite, "prefetch_edges", prefetch_edges, 60);
    scan_add_case(suite, "head_and_tail", head_and_tail, 60);
    scan_add_case(suite, "avx2_head_and_tail", avx2_head_and_tail, 60);
}

int main(int argc, char **argv)
{
    scan_test_config config = {.add_cases = stage_cases};
    return scan_test_main(argc, argv, &config);
}
