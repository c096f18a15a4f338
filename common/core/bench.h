/* The shared benchmark driver. A unit's bench.c names its default sweep and calls it:
 *
 *     int main(int argc, char **argv)
 *     {
 *         scan_bench_config config = {.sizes = "2^8..2^27", .quick_sizes = "2^10..2^24:4"};
 *         return scan_bench_main(argc, argv, &config);
 *     }
 *
 * For every size it checks every row of the unit against its family's reference, then times
 * them, and the device's reference rows (scalar, memcpy and stream on a CPU, copy and cub on a
 * GPU) and the unit's own, in the same run; it writes one CSV row per (row, n) and prints a table
 * at the end, with the machine's load and the spread of the samples. The CSV's role column says
 * what a row is: "variant", "reference", or "distribution" (a row on another input, ROW@INPUT). */
#ifndef BENCH_H
#define BENCH_H

#include "harness.h"

/* An input other than the default one (a sort's key distributions). */
typedef struct scan_bench_input {
    const char *name; /* e.g. "sorted": its rows are called ROW@sorted */
    void (*fill)(uint32_t *input, size_t n, uint64_t seed);
} scan_bench_input;

typedef struct scan_bench_config {
    const char *sizes;       /* the full sweep, e.g. "2^8..2^27" (see --help for the syntax) */
    const char *quick_sizes; /* the sweep of --quick, used by `make stage-N` and the tour */
    double cap_s;            /* a row whose single run takes longer skips larger sizes (2 s) */
    /* Set by the applications layer (common/apps/apps_bench.c):
     *   references  more reference rows, measured after the device's (CUB's, copies), each
     *               given every buffer the size's call has
     *   roles       buffers the size's call has beyond its rows' families' (bit r: scan_roles[r])
     *   inputs      other inputs; the rows takes_input accepts are timed on each too, as rows
     *               ROW@INPUT (scan_row.input k for inputs[k - 1]); --inputs picks some, --graded
     *               none */
    const scan_row *references;
    size_t reference_count;
    unsigned roles;
    const scan_bench_input *inputs;
    size_t input_count;
    int (*takes_input)(const scan_row *row);
} scan_bench_config;

#define scan_bench_main(argc, argv, config) scan_bench_main_for(STAGE_NAME, argc, argv, config)
int scan_bench_main_for(const char *stage, int argc, char **argv, const scan_bench_config *config);

#endif /* BENCH_H */
