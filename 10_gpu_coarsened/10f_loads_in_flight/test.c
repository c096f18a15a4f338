/* Step 10f's tests: the shared cases (common/tests.c) and the tiles' own edges. */
#include "tests.h"

/* The largest of the variants' tiles (scan.cu): 8192 elements (128 threads of 64, 256 of 32). */
#define TILE scan_test_tile()

/* The looping variants (one-launch+prefetch, the rings, and one-wave past one wave): each block
 * scans several tiles when there are more tiles than blocks resident on the GPU (2 to 5 per
 * multiprocessor), one-wave with a grid barrier a round, the rings refilling each slot once a
 * round: at these sizes each ring goes round its slots more than once. Sizes of a few such
 * rounds; with --small, one round only. */
START_TEST(persistent_rounds)
{
    if (scan_test_small()) {
        size_t sizes[] = {((size_t)1 << 16) + 5};
        scan_check_sizes(sizes, 1);
    } else {
        size_t sizes[] = {((size_t)1 << 23) + 1, 3 * ((size_t)1 << 22) + TILE - 1};
        scan_check_sizes(sizes, 2);
    }
}
END_TEST

static void stage_cases(Suite *suite)
{
    scan_add_case(suite, "persistent_rounds", persistent_rounds, 120);
}

int main(int argc, char **argv)
{
    /* Thousands of tiles, and the same input scanned 30 times: a race in the look-back or a
     * missing barrier shows as an output that changes from run to run. */
    scan_test_config config = {.add_cases = stage_cases,
                               .many_tiles = 2000,
                               .repeats = 30,
                               .each_tile = 300,
                               .offset_tiles = 97};
    return scan_test_main(argc, argv, &config);
}
