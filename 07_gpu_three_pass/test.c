/* Stage 07's tests: the shared cases (common/core/tests.c; many_tiles runs 300 tiles, and one element
 * either side) and the three passes' own edge: the levels of the recursion. */
#include "tests.h"

/* The tile of scan.cu's variants: 512 elements, one per thread. */
#define TILE scan_test_tile()

/* Pass 2 is the same scan, one level down, until the tile sums fit in one tile. With 512-element
 * tiles, 2^18 elements need two levels and 2^18 + 1 three. (--small: two levels only.) */
START_TEST(recursion_levels)
{
    if (scan_test_small()) {
        size_t sizes[] = {TILE + 1, (size_t)1 << 16, ((size_t)1 << 16) + 1};
        scan_check_sizes(sizes, sizeof sizes / sizeof sizes[0]);
        return;
    }
    size_t two = (size_t)TILE * TILE;
    size_t sizes[] = {two - 1, two, two + 1};
    scan_check_sizes(sizes, sizeof sizes / sizeof sizes[0]);
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
    scan_add_case(suite, "recursion_levels", recursion_levels, 300);
    if (!scan_test_small())
        scan_add_case(suite, "recursion_four_levels", recursion_four_levels, 300);
}

int main(int argc, char **argv)
{
    scan_test_config config = {.add_cases = stage_cases, .many_tiles = 300, .repeats = 20};
    return scan_test_main(argc, argv, &config);
}
