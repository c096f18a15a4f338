/* The shared benchmark driver. A stage's bench.c names its default sweep and calls it:
 *
 *     int main(int argc, char **argv)
 *     {
 *         scan_bench_config config = {.sizes = "2^8..2^27", .quick_sizes = "2^10..2^24:4"};
 *         return scan_bench_main(argc, argv, &config);
 *     }
 *
 * For every size it measures every variant of the stage and the platform's reference rows in the
 * same run (scalar, memcpy and stream on a CPU, copy and cub on a GPU), after checking each
 * variant's output against the reference scan; it prints a table and writes one CSV row per
 * (row, n). */
#ifndef BENCH_H
#define BENCH_H

#include "harness.h"

typedef struct scan_bench_config {
    const char *sizes;       /* the full sweep, e.g. "2^8..2^27" (see --help for the syntax) */
    const char *quick_sizes; /* the sweep of --quick, used by `make stage-N` and the tour */
    double budget_s;         /* seconds of timing per point; 0 means the default, 1 s */
    double cap_s;            /* a variant whose single run takes longer skips larger sizes;
                                0 means the default, 2 s */
} scan_bench_config;

#define scan_bench_main(argc, argv, config) scan_bench_main_for(STAGE_NAME, argc, argv, config)
int scan_bench_main_for(const char *stage, int argc, char **argv, const scan_bench_config *config);

#endif /* BENCH_H */
