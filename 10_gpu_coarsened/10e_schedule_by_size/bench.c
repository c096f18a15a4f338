/* Step 10e's benchmark: the full range, from launch-bound sizes to 4 GiB in and out. */
#include "bench.h"

int main(int argc, char **argv)
{
    scan_bench_config config = {.sizes = "2^10..2^30", .quick_sizes = "2^12..2^28:4"};
    return scan_bench_main(argc, argv, &config);
}
