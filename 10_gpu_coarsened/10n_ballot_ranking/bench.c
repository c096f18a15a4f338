/* Step 10n's benchmark: the digit passes, ranked by match.any and by ballots, beside cub-sort
 * (cub::DeviceRadixSort::SortKeys) and a copy (common/apps/apps_bench.c). */
#include "apps_bench.h"

int main(int argc, char **argv)
{
    scan_bench_config config = {.sizes = "2^16..2^28:2", .quick_sizes = "2^16..2^24:4"};
    return app_bench_main(argc, argv, &config);
}
