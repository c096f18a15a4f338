/* The benchmark of stage 10's last chapter (apps.cu), on the shared driver: every application
 * beside the CUB call a practitioner would use instead and a copy of the same bytes, in the same
 * run. GB/s counts the bytes each row must move per element (the CSV's bytes_per_element): 8 for
 * a scan, 12 for the segmented scan (its heads); for a compaction, 4 read plus 4 per kept element
 * written (plus 4 of flags read). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apps.h"
#include "bench.h"

/* One input serves every row: random float32 in [-1, 1), whose bits are also a fine integer
 * input (varied words, half of them with the top bit clear, which APP_KEEP keeps); random flags,
 * about half nonzero; heads of segments as the tests draw them (app_fill: from every other
 * element to none in 5000), and the segment of each element for InclusiveSumByKey. */
static uint32_t *flags_device, *heads_device, *keys_device;
static uint64_t *count_device;
static uint64_t kept_if, kept_flagged;

static void fill(uint32_t *input, size_t n, uint64_t seed)
{
    app_fill(APP_FLOAT_SUM, INPUT_RANDOM, input, NULL, n, seed);
}

static void prepare(const uint32_t *input, const uint32_t *device_in, size_t n, uint64_t seed)
{
    (void)device_in;
    if (n == 0) {
        scan_platform_here.release(flags_device);
        scan_platform_here.release(heads_device);
        scan_platform_here.release(keys_device);
        scan_platform_here.release(count_device);
        return;
    }
    uint32_t *scratch = scan_host_words(n), *flags = scan_host_words(n);
    uint32_t *heads = scan_host_words(n), *keys = scan_host_words(n);
    if (!scratch || !flags || !heads || !keys) {
        fprintf(stderr, "cannot allocate the flags, heads and keys of n=%zu\n", n);
        exit(EXIT_FAILURE);
    }
    app_fill(APP_SELECT_FLAGGED, INPUT_RANDOM, scratch, flags, n, seed);
    app_fill(APP_SEGMENTED_SUM, INPUT_RANDOM, scratch, heads, n, seed ^ 1);
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
    app_args.flags = flags_device;
    app_args.heads = heads_device;
    app_args.keys = keys_device;
    app_args.count = count_device;
    free(scratch);
    free(flags);
    free(heads);
    free(keys);
}

/* The family a row computes: its name, or the name after "cub-" or "copy-". */
static app_family family_of_row(const char *name)
{
    if (!strncmp(name, "cub-", 4)) return app_family_of(name + 4);
    if (!strncmp(name, "copy-", 5)) return app_family_of(name + 5);
    return app_family_of(name);
}

static double bytes_per_element(const scan_variant *row, size_t n)
{
    switch (family_of_row(row->name)) {
    case APP_SELECT_IF: return 4.0 + 4.0 * (double)kept_if / (double)n;
    case APP_SELECT_FLAGGED: return 8.0 + 4.0 * (double)kept_flagged / (double)n;
    case APP_SEGMENTED_SUM: return 12.0;
    default: return 8.0; /* a scan, `copy`, and the platform's `cub` (the inclusive sum) */
    }
}

/* The output against the family's reference. The benchmark checks what a compaction keeps and
 * its count; the tests also check that nothing past the count is written. */
static int check(const scan_variant *v, const uint32_t *input, const uint32_t *actual, size_t n,
                 char *msg, size_t msg_size)
{
    const app_family f = app_family_of(v->name);
    uint32_t *flags = NULL, *expected = scan_host_words(n);
    if (app_family_has_flags(f)) { /* the flags or heads prepare() uploaded */
        flags = scan_host_words(n);
        scan_platform_here.download(flags, f == APP_SEGMENTED_SUM ? heads_device : flags_device,
                                    n * sizeof *flags);
    }
    uint64_t count = app_reference(f, input, flags, expected, n), got = 0;
    if (app_family_counts(f)) scan_platform_here.download(&got, count_device, sizeof got);
    int ok = app_compare(f, v->tile, input, expected, count, actual, got, actual, n, msg, msg_size);
    free(flags);
    free(expected);
    return ok;
}

/* Copies of the bytes a compaction must move: (n + kept) / 2 elements copied are 4 n + 4 kept
 * bytes; with flags, 4 n more: n elements, then kept / 2 of the flags. The platform's `copy` row
 * (cudaMemcpy, device to device) does the copying. */
static void copy_elements(const uint32_t *in, uint32_t *out, size_t count)
{
    for (size_t r = 0; r < scan_platform_here.reference_count; r++)
        if (!strcmp(scan_platform_here.references[r].name, "copy")) {
            scan_platform_here.references[r].run(in, out, count, NULL);
            return;
        }
    fprintf(stderr, "the platform has no `copy` row\n");
    exit(EXIT_FAILURE);
}
static void copy_select_if(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)scratch;
    copy_elements(in, out, (size_t)((n + kept_if) / 2));
}
static void copy_select_flagged(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)scratch;
    copy_elements(in, out, n);
    copy_elements(flags_device, out, (size_t)(kept_flagged / 2));
}
/* The segmented scan's 12 bytes: n elements, then n / 2 of the heads. */
static void copy_segmented_sum(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)scratch;
    copy_elements(in, out, n);
    copy_elements(heads_device, out, n / 2);
}

int main(int argc, char **argv)
{
    static scan_variant references[32];
    size_t count = 0;
    for (size_t i = 0; i < app_cub_row_count; i++)
        references[count++] = app_cub_rows[i];
    references[count++] = (scan_variant){"copy-select-if", NULL, copy_select_if, 1, 0};
    references[count++] = (scan_variant){"copy-select-flagged", NULL, copy_select_flagged, 1, 0};
    references[count++] = (scan_variant){"copy-segmented-sum", NULL, copy_segmented_sum, 1, 0};
    scan_bench_config config = {.sizes = "2^16..2^30:2",
                                .quick_sizes = "2^16..2^24:4",
                                .fill = fill,
                                .prepare = prepare,
                                .check = check,
                                .bytes_per_element = bytes_per_element,
                                .references = references,
                                .reference_count = count};
    return scan_bench_main_for(STAGE_NAME "/apps", argc, argv, &config);
}
