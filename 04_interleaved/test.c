/* Stage 04's tests: the shared cases (common/core/tests.c) and the edges of the lag and the prefetch
 * distance. */
#include "tests.h"

/* scan.c's constants, read from its stage_constants: the sizes below sit on the edges they create.
 */
#define LAG   scan_test_constant("LAG")
#define AHEAD scan_test_constant("AHEAD")

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

static void stage_cases(Suite *suite)
{
    scan_add_case(suite, "lag_edges", lag_edges, 60);
    scan_add_case(suite, "prefetch_edges", prefetch_edges, 60);
}

int main(int argc, char **argv)
{
    scan_test_config config = {.add_cases = stage_cases};
    return scan_test_main(argc, argv, &config);
}
