/* Step 10k's tests: the shared cases, each checked against the family's reference
 * (common/apps/apps_tests.c): the split against the host's stable split by bit 0. */
#include "apps_tests.h"

int main(int argc, char **argv)
{
    scan_test_config config = {.many_tiles = 2000, .repeats = 30};
    return app_test_main(argc, argv, &config);
}
