/* Stage 08's benchmark. The chain costs about a microsecond per tile of 512 elements, so a run at
 * 2^30 elements would take seconds: a size whose single run takes longer than cap_s is measured
 * once and the larger sizes are skipped, with a note (the driver prints it). */
#include "bench.h"

int main(int argc, char **argv)
{
    scan_bench_config config = {.sizes = "2^10..2^30", .quick_sizes = "2^12..2^28:4", .cap_s = 0.5};
    return scan_bench_main(argc, argv, &config);
}
