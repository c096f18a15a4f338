/* Stage 03's tests: the shared cases (common/core/tests.c) and the edges of the 4096-element blocks. */
#include "tests.h"

/* BLOCK in scan.c, the variants' tile: the block edges below are where the carry passes between
 * blocks. */
#define BLOCK scan_test_tile()

/* The carry leaves one block and enters the next: one element short of a block, exactly one,
 * one past (a block of one element follows), a tail shorter than a register after a whole block,
 * and many blocks with a partial last block, out of place with misaligned in and out and in place.
 */
START_TEST(block_edges)
{
    const size_t sizes[] = {BLOCK - 1,          BLOCK,          BLOCK + 1,     BLOCK + 7,
                            BLOCK + 8,          BLOCK + 9,      2 * BLOCK - 1, 2 * BLOCK,
                            2 * BLOCK + 1,      3 * BLOCK + 13, 37 * BLOCK,    37 * BLOCK + 4093,
                            100 * BLOCK + 4095, 100 * BLOCK + 5};
    scan_check_sizes_at(sizes, sizeof sizes / sizeof sizes[0], 5, 2);
}
END_TEST

/* The prefetching variant prefetches only while a whole next block lies inside the array: sizes
 * around two and three blocks, where that condition changes, with every pattern (ones and ramps
 * show a carry lost between blocks as a jump at the block's first index). */
START_TEST(prefetch_edges)
{
    const size_t sizes[] = {2 * BLOCK - 8, 2 * BLOCK + 8, 3 * BLOCK - 1, 3 * BLOCK + 8};
    scan_check_patterns(sizes, sizeof sizes / sizeof sizes[0], 1, 0);
}
END_TEST

static void stage_cases(Suite *suite)
{
    scan_add_case(suite, "block_edges", block_edges, 60);
    scan_add_case(suite, "prefetch_edges", prefetch_edges, 60);
}

int main(int argc, char **argv)
{
    scan_test_config config = {.add_cases = stage_cases};
    return scan_test_main(argc, argv, &config);
}
