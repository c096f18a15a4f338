/* Stage 09's tests: the shared cases (common/core/tests.c) and the look-back's own edges. */
#include "tests.h"

/* The stage's tile (scan.cu): 512 threads, one element each. */
#define TILE scan_test_tile()

/* The warp reads 32 descriptors per step: sizes whose tile count is around 1, 32 and 33 steps of
 * the warp put tile 0 (the end of every look-back) in every lane. (Thousands of tiles, and the
 * same input scanned 30 times, where a torn descriptor or a status read without its value would
 * show as a difference, are shared cases.) */
START_TEST(lookback_windows)
{
    for (size_t t = 30; t <= 34; t++) {
        size_t around[] = {t * TILE, t * TILE + 1, (32 + t) * TILE - 1};
        scan_check_sizes(around, 3);
    }
}
END_TEST

static void stage_cases(Suite *suite)
{
    scan_add_case(suite, "lookback_windows", lookback_windows, 120);
}

int main(int argc, char **argv)
{
    scan_test_config config = {.add_cases = stage_cases, .many_tiles = 4000, .repeats = 30};
    return scan_test_main(argc, argv, &config);
}
