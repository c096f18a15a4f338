/* The tests of an applications step (apps_tests.h): the shared cases of common/tests.c, each
 * checked against the family's reference on the host (common/apps.c) instead of the inclusive
 * sum. */
#include "apps_tests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where the flags and the count of a case live on the device, guarded like in and out. */
typedef struct extras {
    scan_guarded flags, count;
    app_args args; /* what the variant is given: the guarded flags and count */
} extras;

/* The count's poison: no compaction of fewer than 2^64 - 1 elements writes it. */
static const uint32_t count_poison[2] = {0xFFFFFFFFu, 0xFFFFFFFFu};

static extras extras_make(size_t n, size_t flags_offset, const uint32_t *flags)
{
    extras e = {.count = scan_guarded_make(2, 0)};
    if (flags) {
        e.flags = scan_guarded_make(n, flags_offset);
        scan_guarded_put(&e.flags, flags);
    }
    /* (each family reads its own: select-flagged the flags, segmented-sum the heads) */
    e.args.flags = e.args.heads = flags ? scan_guarded_data(&e.flags) : NULL;
    /* Guard zones are whole 16-byte multiples: the count is 8-byte aligned. */
    e.args.count = (uint64_t *)scan_guarded_data(&e.count);
    return e;
}

static uint64_t count_get(const extras *e)
{
    uint32_t words[2];
    uint64_t count;
    scan_guarded_get(&e->count, words);
    memcpy(&count, words, sizeof count);
    return count;
}

/* Fails the test with what and msg when a guard zone was hit or the flags changed. */
static void extras_check(extras *e, const uint32_t *flags, size_t n, int counts, const char *what)
{
    char msg[512];
    if (scan_guarded_damage(&e->count, "the count", msg, sizeof msg))
        ck_abort_msg("%s: %s", what, msg);
    if (!counts && count_get(e) != UINT64_MAX) ck_abort_msg("%s: a scan wrote the count", what);
    if (flags) {
        if (scan_guarded_damage(&e->flags, "the flags", msg, sizeof msg))
            ck_abort_msg("%s: %s", what, msg);
        uint32_t *now = scan_test_words(n);
        scan_guarded_get(&e->flags, now);
        if (!scan_compare(flags, now, n, msg, sizeof msg))
            ck_abort_msg("%s: the flags were modified: %s", what, msg);
        free(now);
    }
}

static void extras_free(extras *e)
{
    if (e->flags.device) scan_guarded_free(&e->flags);
    scan_guarded_free(&e->count);
}

/* What a row of an app variant is checked against (scan_expected's context): its family's
 * reference, its count, and its first run's output. */
typedef struct app_expected {
    app_family family;
    size_t tile;
    uint64_t count;       /* the expected count (n for a scan) */
    const uint32_t *tail; /* past the count: in place, the input; else app_poison's tail words */
    uint32_t *first;      /* the first run's output, when there are more runs */
    extras e;
} app_expected;

static void poison(const scan_expected *x, uint32_t *out, size_t n)
{
    const app_expected *a = x->context;
    app_poison(a->count, out, n);
}

/* The count poisoned before every run, and the variant given the guarded flags and count. */
static void before_run(const scan_expected *x)
{
    const app_expected *a = x->context;
    scan_guarded_put(&a->e.count, count_poison);
    app_row_args = a->e.args;
}

/* The family's comparison; and every run after the first must equal it bit for bit (float-sum:
 * an order of additions that does not depend on timing). */
static int compare(const scan_expected *x, const uint32_t *actual, size_t n, int run, char *msg,
                   size_t msg_size)
{
    const app_expected *a = x->context;
    if (!app_compare(a->family, a->tile, x->input, x->expected, a->count, actual, count_get(&a->e),
                     a->tail, n, msg, msg_size))
        return 0;
    if (!a->first) return 1;
    if (run == 1) {
        memcpy(a->first, actual, n * sizeof *actual);
        return 1;
    }
    int len = snprintf(msg, msg_size, "the output differs from the first run's: ");
    return len > 0 && (size_t)len < msg_size &&
           scan_compare(a->first, actual, n, msg + len, msg_size - (size_t)len);
}

/* One row of an app variant on one input (host arrays: the input, and the flags or heads where
 * its family reads them), run `runs` times (scan_check_row), with the flags and the count
 * guarded too. */
static void check_variant(const scan_row *row, const scan_case *c, const uint32_t *input,
                          const uint32_t *flags, int runs)
{
    const app_family f = app_variant_of(row)->family;
    const size_t n = c->n;
    const uint32_t *own_flags = app_family_has_flags(f) ? flags : NULL;
    uint32_t *expected = scan_test_words(n);
    app_expected a = {f, row->tile, app_reference(f, input, flags, expected, n),
                      c->in_place ? input : NULL, NULL,
                      /* the flags at an offset of their own, so that their alignment differs
                         from in's and out's */
                      extras_make(n, (c->in_offset + c->out_offset + 1) % 16, own_flags)};
    if (!c->in_place && runs > 1) a.first = scan_test_words(n);
    scan_expected x = {input, expected, &a, poison, before_run, compare};
    scan_check_row(row, c, runs, &x);
    char what[300];
    scan_describe_case(c, row->name, what, sizeof what);
    extras_check(&a.e, own_flags, n, app_family_counts(f), what);
    extras_free(&a.e);
    free(expected);
    free(a.first);
}

void app_check_variant(const app_variant *v, const scan_case *c, const uint32_t *input,
                       const uint32_t *flags)
{
    check_variant(&scan_rows[v - app_variants], c, input, flags, 2);
}

int app_variant_takes(const app_variant *v, const scan_case *c)
{
    return !(c->in_place && (v->flags & SCAN_OUT_OF_PLACE));
}

void app_check_families(unsigned families, const uint32_t *input, const uint32_t *flags, size_t n)
{
    const scan_case out_of_place = {n, INPUT_RANDOM, 1, 2, 0},
                    in_place = {n, INPUT_RANDOM, 3, 3, 1};
    for (size_t v = 0; v < app_variant_count; v++) {
        const app_variant *variant = &app_variants[v];
        if (!scan_test_runs_variant(v) || !(families & (1u << variant->family))) continue;
        app_check_variant(variant, &out_of_place, input, flags);
        if (app_variant_takes(variant, &in_place))
            app_check_variant(variant, &in_place, input, flags);
    }
}

/* The shared cases' check of one row (scan_test_config.check_row): the row's family's input. */
static void check_row(const scan_row *row, const scan_case *c, uint64_t seed, int runs)
{
    const app_family f = app_variant_of(row)->family;
    uint32_t *input = scan_test_words(c->n), *flags = NULL;
    if (app_family_has_flags(f)) flags = scan_test_words(c->n);
    app_fill(f, c->input, input, flags, c->n, seed);
    check_variant(row, c, input, flags, runs);
    free(input);
    free(flags);
}

int app_test_main_for(const char *stage, int argc, char **argv, scan_test_config *config)
{
    config->check_row = check_row;
    /* input, flags, expected, actual, the first run and a copy of the flags on the host; in, out
     * and the flags on the device */
    config->host_arrays = 6;
    config->device_arrays = 3;
    return scan_test_main_for(stage, argc, argv, config);
}
