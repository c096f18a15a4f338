/* Stage 05's tests: the shared cases (common/core/tests.c), with many tiles and repeated runs: the one
 * block carries its running total across hundreds of tiles, and a missing barrier shows as an
 * output that changes from run to run. */
#include "tests.h"

int main(int argc, char **argv)
{
    scan_test_config config = {.many_tiles = 300, .repeats = 20};
    return scan_test_main(argc, argv, &config);
}
