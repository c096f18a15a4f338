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
 * segment of each element for InclusiveSumByKey; sort-pairs' values, random words. Each made only
 * where a family of the step reads it. The sorts are timed on other keys too (key_inputs below). */
static unsigned families;                /* the step's families, 1u << app_family */
static uint32_t *flags, *heads, *values; /* on the host, for the check */
static uint32_t *flags_device, *heads_device, *keys_device, *values_device, *values_out_device;
static uint64_t *count_device;
/* The args of every row of an app variant: the above, once prepare() has made them. */
static app_args row_args;
static uint64_t kept_if, kept_flagged;
static int float_input;

static int step_computes(app_family f) { return (families >> f) & 1u; }

static void fill(uint32_t *input, size_t n, uint64_t seed)
{
    app_fill(float_input ? APP_FLOAT_SUM : APP_INCLUSIVE_SUM, INPUT_RANDOM, input, NULL, n, seed);
}

/* Device memory holding n words of host (NULL: none uploaded). */
static void *device_words(const uint32_t *host, size_t n)
{
    void *p = scan_platform_here.alloc(n * sizeof(uint32_t));
    if (host) scan_platform_here.upload(p, host, n * sizeof(uint32_t));
    return p;
}

static void release(void *device)
{
    if (device) scan_platform_here.release(device);
}

/* The expected output of the current size, of one input and family: the rows that share them
 * share it (the host's sort of 2^28 keys takes seconds). One at a time: the driver checks the
 * rows of one input after those of another. A step that sorts pairs sorts them for its key-only
 * sorts too (the same keys). */
static struct {
    int valid;
    unsigned input;
    app_family family;
    uint32_t *expected, *values;
    uint64_t count;
} cached;

static void drop_cached(void)
{
    free(cached.expected);
    free(cached.values);
    cached.valid = 0;
    cached.expected = cached.values = NULL;
}

static void expect(const scan_row *row, app_family f, const uint32_t *input, size_t n)
{
    if ((f == APP_SORT || f == APP_SORT_PAIRS) && step_computes(APP_SORT_PAIRS)) f = APP_SORT_PAIRS;
    if (cached.valid && cached.input == row->input && cached.family == f) return;
    drop_cached();
    cached.expected = app_host_words(n, "expected output");
    if (f == APP_SORT_PAIRS) {
        cached.values = app_host_words(n, "expected values");
        app_reference_pairs(input, values, cached.expected, cached.values, n);
        cached.count = n;
    } else {
        cached.count =
            app_reference(f, input, f == APP_SEGMENTED_SUM ? heads : flags, cached.expected, n);
    }
    cached.valid = 1;
    cached.input = row->input;
    cached.family = f;
}

static void prepare(const uint32_t *input, size_t n, uint64_t seed)
{
    if (n == 0) {
        free(flags);
        free(heads);
        free(values);
        flags = heads = values = NULL;
        release(flags_device);
        release(heads_device);
        release(keys_device);
        release(values_device);
        release(values_out_device);
        release(count_device);
        flags_device = heads_device = keys_device = values_device = values_out_device = NULL;
        drop_cached();
        return;
    }
    kept_if = kept_flagged = 0;
    for (size_t i = 0; i < n; i++)
        kept_if += APP_KEEP(input[i]);
    if (step_computes(APP_SELECT_FLAGGED)) {
        flags = app_host_words(n, "flags");
        app_fill(APP_SELECT_FLAGGED, INPUT_RANDOM, NULL, flags, n, seed);
        for (size_t i = 0; i < n; i++)
            kept_flagged += flags[i] != 0;
        flags_device = device_words(flags, n);
    }
    if (step_computes(APP_SEGMENTED_SUM)) {
        uint32_t *keys = app_host_words(n, "segments");
        heads = app_host_words(n, "heads");
        app_fill(APP_SEGMENTED_SUM, INPUT_RANDOM, NULL, heads, n, seed ^ 1);
        uint32_t segment = 0;
        for (size_t i = 0; i < n; i++)
            keys[i] = segment += heads[i] != 0;
        heads_device = device_words(heads, n);
        keys_device = device_words(keys, n);
        free(keys);
    }
    if (step_computes(APP_SORT_PAIRS)) {
        values = app_host_words(n, "values");
        scan_fill(values, n, INPUT_RANDOM, seed ^ 0x7A1E5ull);
        values_device = device_words(values, n);
        values_out_device = device_words(NULL, n);
    }
    count_device = scan_platform_here.alloc(sizeof *count_device);
    row_args = (app_args){.flags = flags_device,
                          .heads = heads_device,
                          .keys = keys_device,
                          .count = count_device,
                          .values = values_device,
                          .values_out = values_out_device};
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
    case APP_SORT_PAIRS: return 16.0; /* the keys and the values, each read and written */
    default: return 8.0; /* a scan, `copy`, and the platform's `cub` (the inclusive sum) */
    }
}

/* The output against the family's reference (of the row's input). The benchmark checks what a
 * compaction keeps and its count; the tests also check that nothing past the count is written.
 * sort-pairs: values_out too. */
static int check(const scan_row *v, const uint32_t *input, const uint32_t *actual, size_t n,
                 size_t *words, char *msg, size_t msg_size)
{
    const app_family f = app_variant_of(v)->family;
    expect(v, f, input, n);
    uint64_t got = 0;
    if (app_family_counts(f)) scan_platform_here.download(&got, count_device, sizeof got);
    int ok = app_compare(f, v->tile, input, cached.expected, cached.count, actual, got, actual, n,
                         msg, msg_size);
    if (ok && app_family_has_values(f)) {
        uint32_t *actual_values = app_host_words(n, "values_out");
        scan_platform_here.download(actual_values, values_out_device, n * sizeof *actual_values);
        ok = app_compare_values(input, values, cached.expected, cached.values, actual_values, n,
                                msg, msg_size);
        free(actual_values);
    }
    *words = (size_t)cached.count;
    return ok;
}

/* The values a sort-pairs row's values_out holds after check() passed it (app_compare_values
 * allows no other): the grader's platform proves them after every timed batch. */
static const uint32_t *checked_values(const scan_row *row)
{
    return app_family_has_values(family_of_row(row)) && cached.valid ? cached.values : NULL;
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
/* sort-pairs' 16 bytes: the n keys, then the n values. */
static void copy_sort_pairs(const uint32_t *in, uint32_t *out, size_t n, const app_args *args,
                            void *scratch)
{
    (void)scratch;
    copy_elements(in, out, n);
    copy_elements(args->values, args->values_out, n);
}
#define COPY_VARIANTS 4
static const app_variant copy_variants[COPY_VARIANTS] = {
    {"copy-select-if", APP_SELECT_IF, NULL, copy_select_if, 1, 0},
    {"copy-select-flagged", APP_SELECT_FLAGGED, NULL, copy_select_flagged, 1, 0},
    {"copy-segmented-sum", APP_SEGMENTED_SUM, NULL, copy_segmented_sum, 1, 0},
    {"copy-sort-pairs", APP_SORT_PAIRS, NULL, copy_sort_pairs, 1, 0},
};

/* The keys the sorts are also timed on (rows ROW@NAME, measured beside those on random keys:
 * common/core/bench.h's inputs), where a radix sort's digits are far from uniform. Each from the size's
 * seed, as the random keys are. */
static uint32_t random_word(uint64_t *state) { return (uint32_t)(scan_random_next(state) >> 32); }
/* 16 distinct random words, each key one of them at random: most bins of a digit empty */
static void few_values(uint32_t *keys, size_t n, uint64_t seed)
{
    uint64_t state = seed ^ 0xFE3ull;
    uint32_t words[16];
    for (int k = 0; k < 16;) { /* (a word drawn twice is drawn again) */
        const uint32_t w = random_word(&state);
        int j = 0;
        while (j < k && words[j] != w)
            j++;
        if (j == k) words[k++] = w;
    }
    for (size_t i = 0; i < n; i++)
        keys[i] = words[random_word(&state) >> 28];
}
/* every key the same random word: every digit's pass finds one bin */
static void all_equal(uint32_t *keys, size_t n, uint64_t seed)
{
    uint64_t state = seed ^ 0xA11ull;
    const uint32_t word = random_word(&state);
    for (size_t i = 0; i < n; i++)
        keys[i] = word;
}
/* the random keys, sorted */
static void sorted(uint32_t *keys, size_t n, uint64_t seed)
{
    fill(keys, n, seed);
    app_reference(APP_SORT, keys, NULL, keys, n);
}
/* a random top byte, the rest zero: an LSD sort's first three passes find one bin */
static void high_bits(uint32_t *keys, size_t n, uint64_t seed)
{
    uint64_t state = seed ^ 0x41Bull;
    for (size_t i = 0; i < n; i++)
        keys[i] = random_word(&state) & 0xFF000000u;
}
static const scan_bench_input key_inputs[] = {
    {"few-values", few_values},
    {"all-equal", all_equal},
    {"sorted", sorted},
    {"high-bits", high_bits},
};

/* The rows timed on key_inputs too: the sorts, the step's and CUB's (a copy moves any keys
 * alike). */
static int takes_input(const scan_row *row)
{
    const app_family f = family_of_row(row);
    const app_variant *v = row->run == app_row_run ? app_variant_of(row) : NULL;
    return (f == APP_SORT || f == APP_SORT_PAIRS) &&
           !(v >= copy_variants && v < copy_variants + COPY_VARIANTS);
}

/* The reference rows of the families the step computes, given the same args. */
static void add_references(const app_variant *table, size_t count, scan_row *rows, size_t *k)
{
    for (size_t i = 0; i < count; i++)
        if (step_computes(table[i].family)) rows[(*k)++] = app_row_of(&table[i], &row_args);
}

int app_bench_main_for(const char *stage, int argc, char **argv, scan_bench_config *config)
{
    static scan_row references[32];
    size_t count = 0;
    scan_row *rows = scan_new_rows(app_variant_count);
    for (size_t v = 0; v < app_variant_count; v++) {
        rows[v] = app_row_of(&app_variants[v], &row_args);
        float_input |= app_family_is_float(app_variants[v].family);
        families |= 1u << app_variants[v].family;
    }
    /* The CUB rows where common/apps/apps_cub.cu is linked (the grader's benchmark, which times the
     * graded variant alone, links no CUDA), and the copies where the platform has `copy`. */
    if (&app_cub_variant_count)
        add_references(app_cub_variants, app_cub_variant_count, references, &count);
    for (size_t r = 0; r < scan_platform_here.reference_count; r++)
        if (!strcmp(scan_platform_here.references[r].name, "copy"))
            copy_row = &scan_platform_here.references[r];
    if (copy_row) add_references(copy_variants, COPY_VARIANTS, references, &count);
    config->fill = fill;
    config->prepare = prepare;
    config->check = check;
    if (step_computes(APP_SORT_PAIRS)) config->checked_values = checked_values;
    config->bytes_per_element = bytes_per_element;
    config->references = references;
    config->reference_count = count;
    const int sorts = step_computes(APP_SORT) || step_computes(APP_SORT_PAIRS);
    if (sorts) {
        config->inputs = key_inputs;
        config->input_count = sizeof key_inputs / sizeof key_inputs[0];
        config->takes_input = takes_input;
    }
    /* On the host: the driver's input, expected and actual output, the expected output of
     * check(), where the step reads them the flags, the heads and (in prepare) the segments,
     * and for a sort the host sort's other keys; for sort-pairs, the values, their expected
     * ones and the sort's other values (then values_out, after the sort). On the device: in and
     * out, the flags, the heads and the segments, the values and values_out (the driver adds
     * the other inputs). */
    const int flagged = step_computes(APP_SELECT_FLAGGED),
              segmented = step_computes(APP_SEGMENTED_SUM), pairs = step_computes(APP_SORT_PAIRS);
    config->host_arrays = 4 + (size_t)(flagged + 2 * segmented + sorts + 3 * pairs);
    config->device_arrays = 2 + (size_t)(flagged + 2 * segmented + 2 * pairs);
    return scan_bench_main_for(stage, argc, argv, config);
}
