/* Step 10j's benchmark: each compaction beside its CUB call and a copy of the bytes it moves
 * (common/apps/apps_bench.c). */
#include "apps_bench.h"

int main(int argc, char **argv)
{
    scan_bench_config config = {.sizes = "2^16..2^30:2", .quick_sizes = "2^16..2^24:4"};
    return app_bench_main(argc, argv, &config);
}
