/* Step 07b's benchmark, the same sweep as stage 07's: from arrays that fit in L2 to 2^30 elements
 * (4 GiB in and 4 GiB out; the driver drops the sizes that do not fit in this GPU's memory). */
#include "bench.h"

int main(int argc, char **argv)
{
    scan_bench_config config = {.sizes = "2^10..2^30", .quick_sizes = "2^12..2^28:4"};
    return scan_bench_main(argc, argv, &config);
}
