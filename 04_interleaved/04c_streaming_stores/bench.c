/* Step 04c's benchmark: from L1-sized arrays to arrays that only fit in RAM. */
#include "bench.h"

int main(int argc, char **argv)
{
    scan_bench_config config = {.sizes = "2^8..2^27", .quick_sizes = "2^10..2^26:4"};
    return scan_bench_main(argc, argv, &config);
}
