/* Stage 05's tests: the shared cases (common/tests.c) and the single block's own edges. */
#include "tests.h"

/* The stage's tile: one element per thread, 1024 threads (scan.cu). */
#define TILE 1024

/* The carry crosses every tile boundary: hundreds of tiles, and one element either side of a
 * whole number of them, so the last tile is full, has one element, or lacks one. */
START_TEST(many_tiles)
{
    size_t tiles = scan_test_small() ? 64 : 300;
    size_t sizes[] = {tiles * TILE - 1, tiles * TILE, tiles * TILE + 1, 97 * TILE + 517};
    scan_check_sizes(sizes, sizeof sizes / sizeof sizes[0]);
}
END_TEST

/* A missing barrier shows as an output that changes from run to run: scan one input many times.
 */
START_TEST(repeatable)
{
    if (scan_test_small())
        scan_check_repeatable(5 * TILE + 3, 2);
    else
        scan_check_repeatable(200 * TILE + 3, 20);
}
END_TEST

static void stage_cases(Suite *suite)
{
    scan_add_case(suite, "many_tiles", many_tiles, 120);
    scan_add_case(suite, "repeatable", repeatable, 120);
}

int main(int argc, char **argv)
{
    scan_test_config config = {.tile = TILE, .add_cases = stage_cases};
    return scan_test_main(argc, argv, &config);
}
