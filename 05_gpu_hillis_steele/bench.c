/* Stage 05's benchmark. One block is slow by design (one multiprocessor of many), so the full
 * sweep stops at 2^26 elements (256 MiB in and out): the curve is flat long before that, and the
 * sweep stays under two minutes on an H100. */
#include "bench.h"

int main(int argc, char **argv)
{
    scan_bench_config config = {.sizes = "2^10..2^26", .quick_sizes = "2^10..2^26:4"};
    return scan_bench_main(argc, argv, &config);
}
