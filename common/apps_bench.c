/* The benchmark of an applications step (apps_bench.h). */
#include "apps_bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One input serves every row: where a step has a float family, random float32 in [-1, 1), whose
 * bits are also a fine integer input (varied words, half of them with the top bit clear, which
 * APP_KEEP keeps); otherwise uniformly random 32-bit words (a sort's keys: every digit value alike,
 * where a float's top byte takes a dozen values). Random flags, about half nonzero; heads of
 * segments as the tests draw them (app_fill: from every other element to none in 5000), and the
 * segment of each element for InclusiveSumByKey. */
static uint32_t *flags, *heads; /* on the host, for the check */
static uint32_t *flags_device, *heads_device, *keys_device;
static uint64_t *count_device;
/* The args of every row of an app variant: the above, once prepare() has made them. */
static app_args row_args;
static uint64_t kept_if, kept_flagged;
static int float_input;

static void fill(uint32_t *input, size_t n, uint64_t seed)
{
    app_fill(float_input ? APP_FLOAT_SUM : APP_INCLUSIVE_SUM, INPUT_RANDOM, input, NULL, n, seed);
}

static void prepare(const uint32_t *input, size_t n, uint64_t seed)
{
    if (n == 0) {
        free(flags);
        free(heads);
        scan_platform_here.release(flags_device);
        scan_platform_here.release(heads_device);
        scan_platform_here.release(keys_device);
        scan_platform_here.release(count_device);
        return;
    }
    uint32_t *keys = scan_host_words(n);
    flags = scan_host_words(n);
    heads = scan_host_words(n);
    if (!flags || !heads || !keys) {
        fprintf(stderr, "cannot allocate the flags, heads and keys of n=%zu\n", n);
        exit(EXIT_FAILURE);
    }
    app_fill(APP_SELECT_FLAGGED, INPUT_RANDOM, NULL, flags, n, seed);
    app_fill(APP_SEGMENTED_SUM, INPUT_RANDOM, NULL, heads, n, seed ^ 1);
    kept_if = kept_flagged = 0;
    uint32_t segment = 0;
    for (size_t i = 0; i < n; i++) {
        kept_if += APP_KEEP(input[i]);
        kept_flagged += flags[i] != 0;
        keys[i] = segment += heads[i] != 0;
    }
    flags_device = scan_platform_here.alloc(n * sizeof *flags);
    heads_device = scan_platform_here.alloc(n * sizeof *heads);
    keys_device = scan_platform_here.alloc(n * sizeof *keys);
    count_device = scan_platform_here.alloc(sizeof *count_device);
    scan_platform_here.upload(flags_device, flags, n * sizeof *flags);
    scan_platform_here.upload(heads_device, heads, n * sizeof *heads);
    scan_platform_here.upload(keys_device, keys, n * sizeof *keys);
    row_args = (app_args){flags_device, heads_device, keys_device, count_device};
    free(keys);
}

/* The family a row computes: its app variant's, or, for the platform's rows (copy and cub), the
 * inclusive sum. */
static app_family family_of_row(const scan_row *row)
{
    return row->run == app_row_run ? app_variant_of(row)->family : APP_INCLUSIVE_SUM;
}

static double bytes_per_element(const scan_row *row, size_t n)
{
    switch (family_of_row(row)) {
    case APP_SELECT_IF: return 4.0 + 4.0 * (double)kept_if / (double)n;
    case APP_SELECT_FLAGGED: return 8.0 + 4.0 * (double)kept_flagged / (double)n;
    case APP_SEGMENTED_SUM: return 12.0;
    default: return 8.0; /* a scan, `copy`, and the platform's `cub` (the inclusive sum) */
    }
}

/* The output against the family's reference. The benchmark checks what a compaction keeps and
 * its count; the tests also check that nothing past the count is written. */
static int check(const scan_row *v, const uint32_t *input, const uint32_t *actual, size_t n,
                 size_t *words, char *msg, size_t msg_size)
{
    const app_family f = app_variant_of(v)->family;
    uint32_t *expected = scan_host_words(n);
    uint64_t count = app_reference(f, input, f == APP_SEGMENTED_SUM ? heads : flags, expected, n);
    uint64_t got = 0;
    if (app_family_counts(f)) scan_platform_here.download(&got, count_device, sizeof got);
    int ok = app_compare(f, v->tile, input, expected, count, actual, got, actual, n, msg, msg_size);
    *words = (size_t)count;
    free(expected);
    return ok;
}

/* Copies of the bytes a compaction must move: (n + kept) / 2 elements copied are 4 n + 4 kept
 * bytes; with flags, 4 n more: n elements, then kept / 2 of the flags. The platform's `copy` row
 * (cudaMemcpy, device to device; found before anything is timed) does the copying. */
static const scan_variant *copy_row;
static void copy_elements(const uint32_t *in, uint32_t *out, size_t count)
{
    copy_row->run(in, out, count, NULL);
}
static void copy_select_if(const uint32_t *in, uint32_t *out, size_t n, const app_args *args,
                           void *scratch)
{
    (void)args;
    (void)scratch;
    copy_elements(in, out, (size_t)((n + kept_if) / 2));
}
static void copy_select_flagged(const uint32_t *in, uint32_t *out, size_t n, const app_args *args,
                                void *scratch)
{
    (void)scratch;
    copy_elements(in, out, n);
    copy_elements(args->flags, out, (size_t)(kept_flagged / 2));
}
/* The segmented scan's 12 bytes: n elements, then n / 2 of the heads. */
static void copy_segmented_sum(const uint32_t *in, uint32_t *out, size_t n, const app_args *args,
                               void *scratch)
{
    (void)scratch;
    copy_elements(in, out, n);
    copy_elements(args->heads, out, n / 2);
}
static const app_variant copy_variants[] = {
    {"copy-select-if", APP_SELECT_IF, NULL, copy_select_if, 1, 0},
    {"copy-select-flagged", APP_SELECT_FLAGGED, NULL, copy_select_flagged, 1, 0},
    {"copy-segmented-sum", APP_SEGMENTED_SUM, NULL, copy_segmented_sum, 1, 0},
};

/* The reference rows of the families the step computes, given the same args. */
static void add_references(const app_variant *table, size_t count, scan_row *rows, size_t *k)
{
    for (size_t i = 0; i < count; i++) {
        int used = 0;
        for (size_t v = 0; v < app_variant_count; v++)
            used |= app_variants[v].family == table[i].family;
        if (used) rows[(*k)++] = app_row_of(&table[i], &row_args);
    }
}

int app_bench_main_for(const char *stage, int argc, char **argv, scan_bench_config *config)
{
    static scan_row references[32];
    size_t count = 0;
    scan_row *rows = scan_new_rows(app_variant_count);
    for (size_t v = 0; v < app_variant_count; v++) {
        rows[v] = app_row_of(&app_variants[v], &row_args);
        float_input |= app_family_is_float(app_variants[v].family);
    }
    /* The CUB rows where common/apps_cub.cu is linked (the grader's benchmark, which times the
     * graded variant alone, links no CUDA), and the copies where the platform has `copy`. */
    if (&app_cub_variant_count)
        add_references(app_cub_variants, app_cub_variant_count, references, &count);
    for (size_t r = 0; r < scan_platform_here.reference_count; r++)
        if (!strcmp(scan_platform_here.references[r].name, "copy"))
            copy_row = &scan_platform_here.references[r];
    if (copy_row)
        add_references(copy_variants, sizeof copy_variants / sizeof copy_variants[0], references,
                       &count);
    config->fill = fill;
    config->prepare = prepare;
    config->check = check;
    config->bytes_per_element = bytes_per_element;
    config->references = references;
    config->reference_count = count;
    /* the input, expected, actual, and prepare's flags, heads and keys on the host; in, out, the
     * flags, the heads and the keys on the device */
    config->host_arrays = 6;
    config->device_arrays = 5;
    return scan_bench_main_for(stage, argc, argv, config);
}
