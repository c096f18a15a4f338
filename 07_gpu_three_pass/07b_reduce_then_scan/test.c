/* Step 07b's tests: the shared cases (common/core/tests.c) and 07a's edges of the coarsened tiles: tiles
 * placed by the input's alignment, and the levels of the recursion. */
#include "tests.h"

/* The tile of scan.cu's variants: 4096 elements, 16 per thread. */
#define COARSE_TILE scan_test_tile()

/* The tiles start `skew` elements before in, on a 16-byte boundary (skew = in's offset within its
 * 16 bytes), so their edges move with in's offset: for every skew, sizes that end one element
 * before, on and after a tile edge, with out at the same and at another offset (16-byte stores,
 * then 4-byte stores). */
START_TEST(skewed_tile_edges)
{
    for (size_t skew = 0; skew < 4; skew++)
        for (size_t tiles = 1; tiles <= 3; tiles += 2)
            for (size_t d = 0; d < 3; d++) {
                size_t n = tiles * COARSE_TILE - skew + d - 1;
                scan_case same = {n, INPUT_RANDOM, skew, skew, 0};
                scan_case other = {n, INPUT_RANDOM, skew, (skew + 1) % 4, 0};
                scan_case in_place = {n, INPUT_RANDOM, skew, skew, 1};
                scan_check(&same);
                scan_check(&other);
                scan_check(&in_place);
            }
}
END_TEST

/* Pass 2 is the same scan, one level down, until the tile sums fit in one tile: 2^24 elements
 * (less the skew) need two levels and one more element three. (--small: two levels only.) */
START_TEST(recursion_levels)
{
    if (scan_test_small()) {
        size_t sizes[] = {COARSE_TILE + 1, (size_t)1 << 16, ((size_t)1 << 16) + 1};
        scan_check_sizes(sizes, sizeof sizes / sizeof sizes[0]);
        return;
    }
    size_t coarse_two = (size_t)COARSE_TILE * COARSE_TILE;
    for (size_t skew = 0; skew < 4; skew += 3)
        for (size_t d = 0; d < 3; d++) {
            scan_case c = {coarse_two - skew + d - 1, INPUT_RANDOM, skew, skew, 0};
            scan_check(&c);
        }
}
END_TEST

static void stage_cases(Suite *suite)
{
    scan_add_case(suite, "skewed_tile_edges", skewed_tile_edges, 120);
    scan_add_case(suite, "recursion_levels", recursion_levels, 300);
}

int main(int argc, char **argv)
{
    scan_test_config config = {.add_cases = stage_cases, .many_tiles = 300, .repeats = 20};
    return scan_test_main(argc, argv, &config);
}
