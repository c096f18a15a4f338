/* Step 10o's tests: the shared cases, each checked against the host's sort (common/apps/apps_tests.c:
 * the output equal bit for bit to the sorted input, so both in order and a permutation of it),
 * and the sorts' own edges, key_patterns (common/apps/apps_tests.c too: keys where a pass finds one
 * bin, few bins, or keys already in order), on every sort. */
#include "apps_tests.h"

int main(int argc, char **argv)
{
    /* Sizes around 256 tiles of each variant (tiles_of_each_variant): the digit passes then scan
     * 256 x 256 counts, the one-sweep pass's tiles 256 rows of descriptors. */
    scan_test_config config = {.many_tiles = 2000, .repeats = 30, .each_tile = 256};
    return app_test_main(argc, argv, &config);
}
