/* Stage 06's benchmark: like stage 05's, one block is slow by design, so the full sweep stops at
 * 2^26 elements and stays under two minutes on an H100. */
#include "bench.h"

int main(int argc, char **argv)
{
    scan_bench_config config = {.sizes = "2^10..2^26", .quick_sizes = "2^10..2^26:4"};
    return scan_bench_main(argc, argv, &config);
}
