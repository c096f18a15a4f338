/* Step 10f's tests: the shared cases (common/core/tests.c), with the rounds of the looping schedules. */
#include "tests.h"

int main(int argc, char **argv)
{
    /* Thousands of tiles, and the same input scanned 30 times: a race in the look-back or a missing
     * barrier shows as an output that changes from run to run. The looping variants
     * (one-launch+prefetch and its peek, one-wave past one wave) scan several tiles a block when
     * there are more tiles than blocks resident on the GPU: persistent_rounds takes sizes of a few
     * such rounds. */
    scan_test_config config = {
        .many_tiles = 2000, .repeats = 30, .each_tile = 300, .offset_tiles = 97, .rounds = 1};
    return scan_test_main(argc, argv, &config);
}
