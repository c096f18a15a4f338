/* Step 10b's tests: the shared cases (common/tests.c) and the tiles' own edges. */
#include "tests.h"

/* The variants' tile (scan.cu): 8192 elements, 128 threads of 64. */
#define TILE scan_test_tile()

/* Hundreds of tiles, one element either side of a whole number of them: look-backs that cross
 * many windows of 32 descriptors. (The shared many_tiles case does thousands.) */
START_TEST(tiles_of_each_variant)
{
    size_t count = scan_test_small() ? 6 : 300;
    for (size_t k = 0; k < scan_test_tile_count(); k++) {
        size_t t = scan_test_tile_at(k) * count;
        size_t sizes[] = {t - 1, t, t + 1};
        scan_check_sizes(sizes, 3);
    }
}
END_TEST

/* in and out misaligned differently (in - out not a multiple of 4 elements: the element-wise
 * load path, in its own kernel) and alike (the vector path with a partial first vector), across
 * many tiles. */
START_TEST(offsets_many_tiles)
{
    static const size_t pairs[][2] = {{0, 1}, {1, 0}, {2, 3}, {3, 1},
                                      {1, 1}, {2, 2}, {3, 3}, {5, 2}};
    size_t n = (scan_test_small() ? 5 : 97) * TILE + 11;
    for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
        scan_case c = {n, INPUT_RANDOM, pairs[p][0], pairs[p][1], 0};
        scan_check(&c);
    }
    for (size_t o = 0; o < 4; o++) {
        scan_case c = {n, INPUT_RANDOM, o, o, 1};
        scan_check(&c);
    }
}
END_TEST

static void stage_cases(Suite *suite)
{
    scan_add_case(suite, "tiles_of_each_variant", tiles_of_each_variant, 300);
    scan_add_case(suite, "offsets_many_tiles", offsets_many_tiles, 120);
}

int main(int argc, char **argv)
{
    /* Thousands of tiles, and the same input scanned 30 times: a race in the look-back or a
     * missing barrier shows as an output that changes from run to run. */
    scan_test_config config = {.add_cases = stage_cases, .many_tiles = 2000, .repeats = 30};
    return scan_test_main(argc, argv, &config);
}
