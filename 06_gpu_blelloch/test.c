/* Stage 06's tests: the shared cases (common/tests.c) and the Blelloch tile's own edges. */
#include "tests.h"

/* The stage's tile: 1024 threads, two elements each (scan.cu). */
#define TILE    2048
#define THREADS 1024

/* Each thread holds elements t and t + THREADS of a tile: a last tile that ends just before,
 * at or just after its middle exercises the zeros that pad it; hundreds of tiles, one element
 * either side of a whole number of them, exercise the carry. */
START_TEST(tile_halves_and_many_tiles)
{
    size_t tiles = scan_test_small() ? 32 : 300;
    size_t sizes[] = {
        3 * TILE + THREADS - 1, 3 * TILE + THREADS, 3 * TILE + THREADS + 1,
        tiles * TILE - 1,       tiles * TILE,       tiles * TILE + 1,
    };
    scan_check_sizes(sizes, sizeof sizes / sizeof sizes[0]);
}
END_TEST

/* A missing barrier in the sweeps shows as an output that changes from run to run. */
START_TEST(repeatable)
{
    if (scan_test_small())
        scan_check_repeatable(3 * TILE + 3, 2);
    else
        scan_check_repeatable(100 * TILE + 3, 20);
}
END_TEST

static void stage_cases(Suite *suite)
{
    scan_add_case(suite, "tile_halves_and_many_tiles", tile_halves_and_many_tiles, 120);
    scan_add_case(suite, "repeatable", repeatable, 120);
}

int main(int argc, char **argv)
{
    scan_test_config config = {.tile = TILE, .add_cases = stage_cases};
    return scan_test_main(argc, argv, &config);
}
