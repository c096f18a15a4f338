/* Step 07a's tests: the shared cases (common/core/tests.c), stage 07's edges (many tiles, the levels of
 * the recursion) and the coarsened tiles': tiles placed by the input's alignment, and their
 * recursion levels. */
#include "tests.h"

/* The two tile sizes of scan.cu's variants: one element per thread (shuffle), the smallest, and
 * coarsened, the largest. */
#define TILE        scan_test_tile_at(0)
#define COARSE_TILE scan_test_tile()

/* The coarsened tiles start `skew` elements before in, on a 16-byte boundary (skew = in's offset
 * within its 16 bytes), so their edges move with in's offset: for every skew, sizes that end one
 * element before, on and after a tile edge, with out at the same and at another offset (16-byte
 * stores, then 4-byte stores). */
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

/* Pass 2 is the same scan, one level down, until the tile sums fit in one tile. With 512-element
 * tiles, 2^18 elements need two levels and 2^18 + 1 three; with 4096-element tiles, 2^24 (less
 * the skew) two and one more element three. (--small: two levels only.) */
START_TEST(recursion_levels)
{
    if (scan_test_small()) {
        size_t sizes[] = {TILE + 1, (size_t)1 << 16, ((size_t)1 << 16) + 1};
        scan_check_sizes(sizes, sizeof sizes / sizeof sizes[0]);
        return;
    }
    size_t two = (size_t)TILE * TILE, coarse_two = (size_t)COARSE_TILE * COARSE_TILE;
    size_t sizes[] = {two - 1, two, two + 1};
    scan_check_sizes(sizes, sizeof sizes / sizeof sizes[0]);
    for (size_t skew = 0; skew < 4; skew += 3)
        for (size_t d = 0; d < 3; d++) {
            scan_case c = {coarse_two - skew + d - 1, INPUT_RANDOM, skew, skew, 0};
            scan_check(&c);
        }
}
END_TEST

/* Four levels of 512-element tiles: 2^27 + 1 elements (512 MiB in and out). */
START_TEST(recursion_four_levels)
{
    scan_case c = {((size_t)1 << 27) + 1, INPUT_RANDOM, 1, 2, 0};
    scan_check(&c);
}
END_TEST

static void stage_cases(Suite *suite)
{
    scan_add_case(suite, "skewed_tile_edges", skewed_tile_edges, 120);
    scan_add_case(suite, "recursion_levels", recursion_levels, 300);
    if (!scan_test_small())
        scan_add_case(suite, "recursion_four_levels", recursion_four_levels, 300);
}

int main(int argc, char **argv)
{
    /* Pass 3 adds tile b - 1's prefix to tile b: hundreds of tiles of each size, and one element
     * either side of a whole number of them (the shared case tiles_of_each_variant). */
    scan_test_config config = {
        .add_cases = stage_cases, .many_tiles = 300, .repeats = 20, .each_tile = 300};
    return scan_test_main(argc, argv, &config);
}
