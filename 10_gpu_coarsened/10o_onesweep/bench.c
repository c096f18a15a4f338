/* Step 10o's benchmark: the sorts beside cub-sort
 * (cub::DeviceRadixSort::SortKeys) and the platform's copy (common/apps/apps_bench.c). */
#include "apps_bench.h"

int main(int argc, char **argv)
{
    scan_bench_config config = {.sizes = "2^16..2^28:2", .quick_sizes = "2^16..2^24:4"};
    return app_bench_main(argc, argv, &config);
}
