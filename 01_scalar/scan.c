/* Stage 01, scalar: the sequential loop, the baseline every later stage is measured against.
 * Compared with nothing: this is where the course starts.
 * Expected: about one element per cycle, whatever the array size, until memory is slower still.
 * Run it: make stage-1 (from the top folder) or make (in this folder). */
#include "scan.h"

/* 1. The article's loop, a[i] += a[i-1], for any in/out pair: out[i] = out[i-1] + in[i]. Each
 *    iteration is a load-add and a store, chained: the add of element i waits for that of i-1. */
static void scan_article_loop(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)scratch;
    if (n == 0) return;
    /* SOLUTION BEGIN: out[0] = in[0], then out[i] = out[i - 1] + in[i] for every later i */
    out[0] = in[0];
    for (size_t i = 1; i < n; i++)
        out[i] = out[i - 1] + in[i];
    /* SOLUTION END, stub: (void)in; (void)out; */
}

/* 2. The same chain with an explicit running total, the carry every later stage starts from. */
static void scan_running_sum(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)scratch;
    /* SOLUTION BEGIN: keep a running sum; add in[i] to it and store it in out[i] */
    uint32_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        sum += in[i];
        out[i] = sum;
    }
    /* SOLUTION END, stub: (void)in; (void)out; (void)n; */
}

/* The variants, the headline last (the tests probe sizes around multiples of each one's tile). */
const scan_variant stage_variants[] = {
    {"article-loop", NULL, scan_article_loop, 1, 0},
    {"running-sum", NULL, scan_running_sum, 1, SCAN_GRADED},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];
