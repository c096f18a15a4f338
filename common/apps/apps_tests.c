/* The tests of an applications step (apps_tests.h): the rows of its app variants, each with its
 * own check (scan_row.check), which the shared cases of common/core/tests.c hand every case: the
 * variant's family's input and reference on the host (common/apps/apps.c), the flags, the count and
 * sort-pairs' values on the device beside in and out. */
#include "apps_tests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The count's poison: no compaction of fewer than 2^64 - 1 elements writes it. */
static const uint32_t count_poison[2] = {0xFFFFFFFFu, 0xFFFFFFFFu};

static uint64_t count_get(const scan_guarded *count)
{
    uint32_t words[2];
    uint64_t got;
    scan_guarded_get(count, words);
    memcpy(&got, words, sizeof got);
    return got;
}

/* One row of an app variant on one input (host arrays: the input, and the flags or heads where
 * its family reads them, or sort-pairs' values: NULL draws random words from `seed`), as the
 * inclusive sum's check in common/core/tests.c runs a row: in place once, or out of place `runs`
 * times on the same scratch, every buffer guarded; the flags, the values and the count are
 * guarded too, and the count poisoned before every run. The output must pass the family's
 * comparison, and every run after the first must equal the first bit for bit (float-sum: an
 * order of additions that does not depend on timing). sort-pairs' values_out is poisoned before
 * every run and compared with the stable sort's values; in place, values_out is values. */
static void check_variant(const scan_row *row, const scan_case *c, const uint32_t *input,
                          const uint32_t *flags, uint64_t seed, int runs)
{
    const app_family f = app_variant_of(row)->family;
    const size_t n = c->n;
    const int pairs = app_family_has_values(f);
    uint32_t *drawn = NULL, *expected_values = NULL, *actual_values = NULL;
    const uint32_t *values = pairs ? flags : NULL;
    flags = app_family_has_flags(f) ? flags : NULL;
    if (pairs && !values) {
        values = drawn = scan_test_words(n);
        scan_fill(drawn, n, INPUT_RANDOM, seed ^ 0x7A1E5ull);
    }
    uint32_t *expected = scan_test_words(n);
    uint64_t count = n;
    if (pairs) {
        expected_values = scan_test_words(n);
        app_reference_pairs(input, values, expected, expected_values, n);
        actual_values = scan_test_words(n);
    } else {
        count = app_reference(f, input, flags, expected, n);
    }
    uint32_t *actual = scan_test_words(n);
    char what[256], at[300], msg[512];
    scan_describe_case(c, row->name, what, sizeof what);
    void *scratch = scan_test_scratch(row, n);
    scan_guarded in = scan_guarded_make(n, c->in_offset, input);
    scan_guarded out = c->in_place ? in : scan_guarded_make(n, c->out_offset, NULL);
    /* the flags (or the values) at an offset of their own, so that their alignment differs from
     * in's and out's, and values_out at another; the count 8-byte aligned (guard zones are whole
     * 16-byte multiples) */
    scan_guarded flags_at = {0}, values_at = {0}, values_out_at = {0},
                 count_at = scan_guarded_make(2, 0, NULL);
    if (flags) flags_at = scan_guarded_make(n, (c->in_offset + c->out_offset + 1) % 16, flags);
    if (pairs) {
        values_at = scan_guarded_make(n, (c->in_offset + c->out_offset + 1) % 16, values);
        values_out_at =
            c->in_place ? values_at : scan_guarded_make(n, (c->out_offset + 7) % 16, NULL);
    }
    /* (each family reads its own: select-flagged the flags, segmented-sum the heads) */
    const app_args args = {.flags = flags_at.data,
                           .heads = flags_at.data,
                           .count = (uint64_t *)count_at.data,
                           .values = values_at.data,
                           .values_out = values_out_at.data};
    scan_row with_args = *row;
    with_args.args = &args;
    runs = c->in_place ? 1 : runs;
    uint32_t *first = runs > 1 ? scan_test_words(n) : NULL;
    for (int run = 1; run <= runs; run++) {
        snprintf(at, sizeof at, "%s, run %d of %d", what, run, runs);
        if (!c->in_place) {
            app_poison(count, actual, n);
            scan_guarded_put(&out, actual);
            if (pairs) {
                scan_poison(actual_values, n);
                scan_guarded_put(&values_out_at, actual_values);
            }
        }
        scan_guarded_put(&count_at, count_poison);
        scan_row_run(&with_args, in.data, out.data, n, scratch);
        scan_platform_here.finish();
        scan_guarded_get(&out, actual);
        const uint64_t got = count_get(&count_at);
        if (!app_compare(f, row->tile, input, expected, count, actual, got,
                         c->in_place ? input : NULL, n, msg, sizeof msg))
            ck_abort_msg("%s: %s", at, msg);
        if (!app_family_counts(f) && got != UINT64_MAX)
            ck_abort_msg("%s: a scan wrote the count", at);
        if (run > 1 && !scan_compare(first, actual, n, msg, sizeof msg))
            ck_abort_msg("%s: the output differs from the first run's: %s", at, msg);
        if (run == 1 && first) memcpy(first, actual, n * sizeof *actual);
        scan_guarded_check(&out, c->in_place ? "the array" : "out", NULL, at);
        if (pairs) {
            scan_guarded_get(&values_out_at, actual_values);
            if (!app_compare_values(input, values, expected, expected_values, actual_values, n, msg,
                                    sizeof msg))
                ck_abort_msg("%s: %s", at, msg);
            scan_guarded_check(&values_out_at, c->in_place ? "the values" : "values_out", NULL, at);
        }
    }
    /* (before the checks of in, the flags and the values, which need n words each) */
    free(actual);
    free(first);
    free(expected);
    free(expected_values);
    free(actual_values);
    if (!c->in_place) {
        scan_guarded_check(&in, "in", input, what);
        scan_guarded_free(&in);
    }
    if (flags) {
        scan_guarded_check(&flags_at, "the flags", flags, what);
        scan_guarded_free(&flags_at);
    }
    if (pairs) {
        if (!c->in_place) {
            scan_guarded_check(&values_at, "the values", values, what);
            scan_guarded_free(&values_out_at);
        }
        scan_guarded_free(&values_at);
    }
    free(drawn);
    scan_guarded_check(&count_at, "the count", NULL, what);
    scan_guarded_free(&count_at);
    scan_guarded_free(&out);
    if (scratch) scan_platform_here.release(scratch);
}

void app_check_variant(const app_variant *v, const scan_case *c, const uint32_t *input,
                       const uint32_t *flags)
{
    check_variant(&scan_rows[v - app_variants], c, input, flags,
                  scan_test_seed() ^ (uint64_t)c->n * 0x9E3779B97F4A7C15ull, 2);
}

void app_check_families(unsigned families, const uint32_t *input, const uint32_t *flags, size_t n)
{
    const scan_case out_of_place = {n, INPUT_RANDOM, 1, 2, 0},
                    in_place = {n, INPUT_RANDOM, 3, 3, 1};
    for (size_t v = 0; v < app_variant_count; v++) {
        const app_variant *variant = &app_variants[v];
        if (!scan_test_runs_variant(v) || !(families & (1u << variant->family))) continue;
        app_check_variant(variant, &out_of_place, input, flags);
        if (!(variant->flags & SCAN_OUT_OF_PLACE))
            app_check_variant(variant, &in_place, input, flags);
    }
}

/* ---- the sorts' own edges: key_patterns, in a step with a sort or sort-pairs variant ---- */

/* The inputs of key_patterns: where a radix sort's pass finds one bin (one digit or bit value),
 * few bins, or keys already in order. */
enum key_pattern {
    ALL_EQUAL,  /* one random key n times */
    ALL_MAX,    /* 0xFFFFFFFF n times: a tile's padding, where a sort pads with it */
    SORTED,     /* random keys in ascending order, with repeats */
    REVERSED,   /* the same, descending */
    TWO_VALUES, /* 2, 3 and 255 distinct random keys, in random order */
    THREE_VALUES,
    MANY_VALUES,
    LOW_BYTE_EQUAL,  /* byte 0 the same in every key (pass 0 finds one bin), the rest random */
    HIGH_BYTE_EQUAL, /* byte 3 the same (pass 3 finds one bin) */
    LOW_HIGH_EQUAL,  /* both */
    ONE_BYTE_EQUAL,  /* byte p the same, p = 0..3: each pass once finds one bin (4 inputs) */
    ONE_BYTE_VARIES = ONE_BYTE_EQUAL + 4, /* only byte p random: three passes find one bin */
    PATTERN_COUNT = ONE_BYTE_VARIES + 4
};

static void fill_pattern(uint32_t *keys, size_t n, int pattern, uint64_t seed)
{
    /* SORTED and REVERSED: random keys, then the host's sort of them */
    uint32_t *unsorted = pattern == SORTED || pattern == REVERSED ? scan_test_words(n) : NULL;
    uint64_t state = seed;
    uint32_t values[255];
    for (int k = 0; k < 255; k++)
        values[k] = (uint32_t)(scan_random_next(&state) >> 32);
    const uint32_t same = values[0];
    for (size_t i = 0; i < n; i++) {
        const uint32_t r = (uint32_t)(scan_random_next(&state) >> 32);
        switch (pattern) {
        case ALL_EQUAL: keys[i] = same; break;
        case ALL_MAX: keys[i] = 0xFFFFFFFFu; break;
        case SORTED:
        case REVERSED: unsorted[i] = values[r % 255] ^ (r & 0xF0u); break;
        case TWO_VALUES: keys[i] = values[r % 2]; break;
        case THREE_VALUES: keys[i] = values[r % 3]; break;
        case MANY_VALUES: keys[i] = values[r % 255]; break;
        case LOW_BYTE_EQUAL: keys[i] = (r & ~0xFFu) | (same & 0xFFu); break;
        case HIGH_BYTE_EQUAL: keys[i] = (r & 0x00FFFFFFu) | (same & 0xFF000000u); break;
        case LOW_HIGH_EQUAL: keys[i] = (r & 0x00FFFF00u) | (same & 0xFF0000FFu); break;
        default: {
            const int p = (pattern - ONE_BYTE_EQUAL) % 4;
            const uint32_t byte = 0xFFu << (8 * p);
            keys[i] = pattern < ONE_BYTE_VARIES ? (r & ~byte) | (same & byte)
                                                : (same & ~byte) | (r & byte);
        }
        }
    }
    if (unsorted) app_reference(APP_SORT, unsorted, NULL, keys, n);
    free(unsorted);
    if (pattern == REVERSED)
        for (size_t i = 0; i < n / 2; i++) {
            const uint32_t t = keys[i];
            keys[i] = keys[n - 1 - i];
            keys[n - 1 - i] = t;
        }
}

/* Each pattern, on a size of many whole tiles and a partial one, on every sort and sort-pairs
 * variant (sort-pairs with random values: equal keys must keep their values' order). */
START_TEST(key_patterns)
{
    const size_t n = (scan_test_small() ? 3 : 40) * scan_test_tile() + 13;
    uint32_t *input = scan_test_words(n);
    for (int pattern = 0; pattern < PATTERN_COUNT; pattern++) {
        fill_pattern(input, n, pattern, scan_test_seed() ^ (0x50A7ull + (uint64_t)pattern));
        app_check_families(1u << APP_SORT | 1u << APP_SORT_PAIRS, input, NULL, n);
    }
    free(input);
}
END_TEST

/* The step's own cases (its config's add_cases), added after the family's. */
static void (*step_cases)(Suite *suite);

static void sort_cases(Suite *suite)
{
    scan_add_case(suite, "key_patterns", key_patterns, 300);
    if (step_cases) step_cases(suite);
}

/* The check of an app row in the shared cases (scan_row.check): its family's input (sort-pairs'
 * values: random words, drawn by check_variant). */
static void check_row(const scan_row *row, const scan_case *c, uint64_t seed, int runs)
{
    const app_family f = app_variant_of(row)->family;
    uint32_t *input = scan_test_words(c->n), *flags = NULL;
    if (app_family_has_flags(f)) flags = scan_test_words(c->n);
    app_fill(f, c->input, input, flags, c->n, seed);
    check_variant(row, c, input, flags, seed, runs);
    free(input);
    free(flags);
}

int app_test_main_for(const char *stage, int argc, char **argv, scan_test_config *config)
{
    scan_row *rows = scan_new_rows(app_variant_count);
    int pairs = 0, sorts = 0;
    for (size_t v = 0; v < app_variant_count; v++) {
        rows[v] = app_row_of(&app_variants[v], NULL); /* (each check gives it its args) */
        rows[v].check = check_row;
        pairs |= app_family_has_values(app_variants[v].family);
        sorts |= app_variants[v].family == APP_SORT || app_variants[v].family == APP_SORT_PAIRS;
    }
    if (sorts) {
        step_cases = config->add_cases;
        config->add_cases = sort_cases;
    }
    /* input, flags, expected, actual and the first run on the host; in, out and the flags on the
     * device. sort-pairs: the input, the values, their expected and actual ones and the first run
     * on the host (the host sort's two arrays come before the actual ones); in, out, the values
     * and values_out on the device. */
    config->host_arrays = pairs ? 7 : 5;
    config->device_arrays = pairs ? 4 : 3;
    return scan_test_main_for(stage, argc, argv, config);
}
