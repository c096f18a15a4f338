/* Step 10a's tests: the shared cases (common/core/tests.c), with tiles of every size and both
 * alignments. */
#include "tests.h"

int main(int argc, char **argv)
{
    /* Thousands of tiles, and the same input scanned 30 times: a race in the look-back or a
     * missing barrier shows as an output that changes from run to run. Hundreds of tiles of each
     * of the variants' sizes, and in and out misaligned alike and differently across 97 tiles. */
    scan_test_config config = {
        .many_tiles = 2000, .repeats = 30, .each_tile = 300, .offset_tiles = 97};
    return scan_test_main(argc, argv, &config);
}
