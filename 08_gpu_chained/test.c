/* Stage 08's tests: the shared cases (common/core/tests.c), with thousands of tiles and repeated runs:
 * every tile boundary is a link of the chain, and a missing fence or a flag read too early shows
 * as an output that changes from run to run. */
#include "tests.h"

int main(int argc, char **argv)
{
    scan_test_config config = {.many_tiles = 4000, .repeats = 30};
    return scan_test_main(argc, argv, &config);
}
