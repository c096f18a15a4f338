/* Stage 06's tests: the shared cases (common/core/tests.c) and the Blelloch tile's own edges. */
#include "tests.h"

/* The stage's tile (scan.cu): 1024 threads, two elements each. */
#define TILE    scan_test_tile()
#define THREADS (scan_test_tile() / 2)

/* Each thread holds elements t and t + THREADS of a tile: a last tile that ends just before, at
 * or just after its middle exercises the zeros that pad it. (Many tiles, which exercise the
 * carry, and repeated runs, which catch a missing barrier in the sweeps, are shared cases.) */
START_TEST(tile_halves)
{
    size_t sizes[] = {3 * TILE + THREADS - 1, 3 * TILE + THREADS, 3 * TILE + THREADS + 1};
    scan_check_sizes(sizes, sizeof sizes / sizeof sizes[0]);
}
END_TEST

static void stage_cases(Suite *suite) { scan_add_case(suite, "tile_halves", tile_halves, 120); }

int main(int argc, char **argv)
{
    scan_test_config config = {.add_cases = stage_cases, .many_tiles = 300, .repeats = 20};
    return scan_test_main(argc, argv, &config);
}
