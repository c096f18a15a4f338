/* Step 04c's tests: the shared cases (common/core/tests.c), and the single passes' heads, tails and
 * non-temporal thresholds. */
#include "tests.h"

/* scan.c's constants, read from its stage_constants: the sizes below sit on the edges they create.
 */
#define UNROLL   scan_test_constant("UNROLL")
#define NT_MIN   scan_test_constant("NT_MIN")
#define NT8_MIN  scan_test_constant("NT8_MIN")
#define NT_AHEAD scan_test_constant("NT_AHEAD")

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
 * UNROLL registers (all but the first load their left neighbours, which in place must still be
 * the input), then 0..UNROLL-1 single registers and 0..7 elements one at a time. Every head length
 * with every length of what follows the last iteration, after one and after two iterations, out of
 * place (in at another offset) and in place. */
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

/* Non-temporal stores start at NT_MIN elements (AVX-512) and NT8_MIN (AVX2): just below and above,
 * with out misaligned (the head must bring it to a 64- or 32-byte boundary, or the non-temporal
 * store faults) and a tail, in place too; and the prefetch there stops NT_AHEAD elements before
 * the end of the last whole iteration. */
START_TEST(nt_threshold)
{
    const size_t sizes[] = {
        NT_MIN - 1,  NT_MIN,  NT_MIN + 16 * UNROLL - 1, NT_MIN + NT_AHEAD + 33,
        NT8_MIN - 1, NT8_MIN, NT8_MIN + 8 * UNROLL + 7, NT8_MIN + NT_AHEAD + 33};
    scan_check_sizes_at(sizes, sizeof sizes / sizeof sizes[0], 2, 7);
}
END_TEST

static void stage_cases(Suite *suite)
{
    scan_add_case(suite, "head_and_tail", head_and_tail, 60);
    scan_add_case(suite, "avx2_head_and_tail", avx2_head_and_tail, 60);
    scan_add_case(suite, "nt_threshold", nt_threshold, 120);
}

int main(int argc, char **argv)
{
    scan_test_config config = {.add_cases = stage_cases};
    return scan_test_main(argc, argv, &config);
}
