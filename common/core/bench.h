/* The shared benchmark driver. A unit's bench.c names its default sweep and calls it:
 *
 *     int main(int argc, char **argv)
 *     {
 *         scan_bench_config config = {.sizes = "2^8..2^27", .quick_sizes = "2^10..2^24:4"};
 *         return scan_bench_main(argc, argv, &config);
 *     }
 *
 * For every size it measures every variant of the unit and the platform's reference rows in the
 * same run (scalar, memcpy and stream on a CPU, copy and cub on a GPU), after checking each
 * variant's output against the reference scan; it writes one CSV row per (row, n) and prints a
 * table at the end. The CSV's role column says what a row is: "variant", "side-step" (a variant
 * flagged SCAN_SIDE_STEP), "reference", or "distribution" (a row on another input, ROW@INPUT). */
#ifndef BENCH_H
#define BENCH_H

#include "harness.h"

/* An input other than the default one (scan_bench_config.inputs). */
typedef struct scan_bench_input {
    const char *name; /* e.g. "sorted": its rows are called ROW@sorted */
    void (*fill)(uint32_t *input, size_t n, uint64_t seed);
} scan_bench_input;

typedef struct scan_bench_config {
    const char *sizes;       /* the full sweep, e.g. "2^8..2^27" (see --help for the syntax) */
    const char *quick_sizes; /* the sweep of --quick, used by `make stage-N` and the tour */
    double budget_s;         /* seconds of timing per point; 0 means the default, 1 s */
    double cap_s;            /* a variant whose single run takes longer skips larger sizes;
                                0 means the default, 2 s */
    /* Optional, for a binary whose rows compute something else than the inclusive sum (the
     * applications' harness, common/apps/apps_bench.c); NULL or 0 keeps the inclusive sum's defaults.
     *   fill       the input of size n (default: scan_fill's random words)
     *   prepare    called with a size's input before its rows run, and with n = 0 after them:
     *              the rows' other arguments
     *   check      whether a row's output (downloaded into actual) is right; 0 and a message if
     *              not (default: equal to the reference scan); input is the row's (row->input)
     *   checked_values  for a row that also writes values_out (sort-pairs), after check passed:
     *              the words values_out must hold, as many as out's; else NULL. The grader's
     *              platform proves them after every timed batch, as it proves out
     *   bytes_per_element  the bytes a row must move per element, which its GB/s counts and the
     *              CSV's bytes_per_element column records (default: 8, no such column)
     *   references more reference rows, measured after the platform's (copy, cub) */
    void (*fill)(uint32_t *input, size_t n, uint64_t seed);
    void (*prepare)(const uint32_t *input, size_t n, uint64_t seed);
    int (*check)(const scan_row *row, const uint32_t *input, const uint32_t *actual, size_t n,
                 size_t *words, char *msg, size_t msg_size);
    const uint32_t *(*checked_values)(const scan_row *row);
    double (*bytes_per_element)(const scan_row *row, size_t n);
    const scan_row *references;
    size_t reference_count;
    /* Optional: other inputs (key distributions, for a sort), on which the rows that take them
     * are timed too, each such pair a row of its own named ROW@INPUT (scan_row.input k for
     * inputs[k - 1]; the CSV's role "distribution"), checked on its input and timed in turn with
     * every other row. Each input is made at each size from the same seed as the default one,
     * after it, and lives on the device beside it.
     *   inputs       their names and fills; --inputs picks some (default: all), --graded none
     *   takes_input  whether a row is timed on them (NULL: every row) */
    const scan_bench_input *inputs;
    size_t input_count;
    int (*takes_input)(const scan_row *row);
    /* The memory a point of n elements holds at most, in n-word arrays: on the host (default 3:
     * the input, the expected and the actual output) and on the device (default 2: in and out;
     * the scratch of every row and each other input in use come on top). A size that does not
     * fit is left out. */
    size_t host_arrays, device_arrays;
} scan_bench_config;

#define scan_bench_main(argc, argv, config)                                                        \
    (scan_use_variant_rows(stage_variants, stage_variant_count, stage_variant_missing),             \
     scan_bench_main_for(STAGE_NAME, argc, argv, config))
int scan_bench_main_for(const char *stage, int argc, char **argv, const scan_bench_config *config);

#endif /* BENCH_H */
