/* The tests of an applications step (apps_tests.h): the shared cases of common/tests.c, each
 * checked against the family's reference on the host (common/apps.c) instead of the inclusive
 * sum. */
#include "apps_tests.h"

#include <stdlib.h>
#include <string.h>

/* Device scratch for an app variant, filled with garbage (scan_test_scratch's, through its row). */
static void *app_test_scratch(const app_variant *v, size_t n)
{
    const scan_row *row = &scan_rows[v - app_variants];
    return scan_test_scratch(row, n);
}

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

/* One variant on one input (host arrays), as scan_check does for the sum: in place, or out of
 * place twice on the same scratch, with every buffer guarded; the second run's output must
 * equal the first's bit for bit (float-sum: a deterministic order of additions). */
void app_check_variant(const app_variant *v, const scan_case *c, const uint32_t *input,
                       const uint32_t *flags)
{
    const app_family f = v->family;
    const size_t n = c->n;
    char what[300], msg[512];
    scan_describe_case(c, v->name, what, sizeof what);
    uint32_t *expected = scan_test_words(n), *actual = scan_test_words(n);
    uint32_t *first = scan_test_words(n);
    const uint64_t count = app_reference(f, input, flags, expected, n);
    /* The flags at an offset of their own, so that their alignment differs from in's and out's. */
    extras e = extras_make(n, (c->in_offset + c->out_offset + 1) % 16,
                           app_family_has_flags(f) ? flags : NULL);
    void *scratch = app_test_scratch(v, n);

    if (c->in_place) {
        scan_guarded buf = scan_guarded_make(n, c->in_offset);
        scan_guarded_put(&buf, input);
        scan_guarded_put(&e.count, count_poison);
        v->run(scan_guarded_data(&buf), scan_guarded_data(&buf), n, &e.args, scratch);
        scan_platform_here.finish();
        scan_guarded_get(&buf, actual);
        if (!app_compare(f, v->tile, input, expected, count, actual, count_get(&e), input, n, msg,
                         sizeof msg))
            ck_abort_msg("%s: %s", what, msg);
        if (scan_guarded_damage(&buf, "the array", msg, sizeof msg))
            ck_abort_msg("%s: %s", what, msg);
        scan_guarded_free(&buf);
    } else {
        scan_guarded in = scan_guarded_make(n, c->in_offset),
                     out = scan_guarded_make(n, c->out_offset);
        scan_guarded_put(&in, input);
        for (int run = 1; run <= 2; run++) {
            app_poison(expected, count, actual, n);
            scan_guarded_put(&out, actual);
            scan_guarded_put(&e.count, count_poison);
            v->run(scan_guarded_data(&in), scan_guarded_data(&out), n, &e.args, scratch);
            scan_platform_here.finish();
            scan_guarded_get(&out, actual);
            if (!app_compare(f, v->tile, input, expected, count, actual, count_get(&e), NULL, n,
                             msg, sizeof msg))
                ck_abort_msg("%s, run %d: %s", what, run, msg);
            if (scan_guarded_damage(&out, "out", msg, sizeof msg))
                ck_abort_msg("%s, run %d: %s", what, run, msg);
            if (run == 1)
                memcpy(first, actual, n * sizeof *actual);
            else if (!scan_compare(first, actual, n, msg, sizeof msg))
                ck_abort_msg("%s: the second run differs from the first: %s", what, msg);
        }
        if (scan_guarded_damage(&in, "in", msg, sizeof msg)) ck_abort_msg("%s: %s", what, msg);
        scan_guarded_get(&in, actual);
        if (!scan_compare(input, actual, n, msg, sizeof msg))
            ck_abort_msg("%s: the input was modified: %s", what, msg);
        scan_guarded_free(&in);
        scan_guarded_free(&out);
    }
    extras_check(&e, app_family_has_flags(f) ? flags : NULL, n, app_family_counts(f), what);
    extras_free(&e);
    if (scratch) scan_platform_here.release(scratch);
    free(expected);
    free(actual);
    free(first);
}

int app_variant_takes(const app_variant *v, const scan_case *c)
{
    return !(c->in_place && (v->flags & SCAN_OUT_OF_PLACE));
}

/* The shared cases' check (scan_test_config.check): each variant on its family's input. */
static void check_case(const scan_case *c)
{
    const uint64_t seed = scan_test_seed() + c->n * 0x9E3779B97F4A7C15ull + (uint64_t)c->input;
    uint32_t *input = scan_test_words(c->n), *flags = scan_test_words(c->n);
    for (size_t v = 0; v < app_variant_count; v++) {
        if (!scan_test_runs_variant(v) || !app_variant_takes(&app_variants[v], c)) continue;
        const app_family f = app_variants[v].family;
        app_fill(f, c->input, input, app_family_has_flags(f) ? flags : NULL, c->n, seed);
        app_check_variant(&app_variants[v], c, input, flags);
    }
    free(input);
    free(flags);
}

/* The shared repeatable case's check: one input, `repeats` runs, every output equal to the
 * reference, and to the first run bit for bit (a race, or an order of additions that depends on
 * timing, shows up as a difference). */
static void check_repeatable(size_t n, int repeats)
{
    const uint64_t seed = scan_test_seed() ^ 0x5EEDull;
    uint32_t *input = scan_test_words(n), *flags = scan_test_words(n);
    uint32_t *expected = scan_test_words(n), *actual = scan_test_words(n);
    uint32_t *first = scan_test_words(n);
    uint32_t *in = scan_platform_here.alloc(n * sizeof *in);
    uint32_t *out = scan_platform_here.alloc(n * sizeof *out);
    char msg[512];
    for (size_t v = 0; v < app_variant_count; v++) {
        if (!scan_test_runs_variant(v)) continue;
        const app_variant *variant = &app_variants[v];
        const app_family f = variant->family;
        app_fill(f, INPUT_RANDOM, input, app_family_has_flags(f) ? flags : NULL, n, seed);
        const uint64_t count = app_reference(f, input, flags, expected, n);
        scan_platform_here.upload(in, input, n * sizeof *in);
        extras e = extras_make(n, 0, app_family_has_flags(f) ? flags : NULL);
        void *scratch = app_test_scratch(variant, n);
        for (int r = 1; r <= repeats; r++) {
            app_poison(expected, count, actual, n);
            scan_platform_here.upload(out, actual, n * sizeof *out);
            scan_guarded_put(&e.count, count_poison);
            variant->run(in, out, n, &e.args, scratch);
            scan_platform_here.finish();
            scan_platform_here.download(actual, out, n * sizeof *out);
            if (!app_compare(f, variant->tile, input, expected, count, actual, count_get(&e), NULL,
                             n, msg, sizeof msg))
                ck_abort_msg("variant '%s', n=%zu, --seed %llu, repetition %d of %d: %s",
                             variant->name, n, (unsigned long long)scan_test_seed(), r, repeats,
                             msg);
            if (r == 1)
                memcpy(first, actual, n * sizeof *actual);
            else if (!scan_compare(first, actual, n, msg, sizeof msg))
                ck_abort_msg("variant '%s', n=%zu, --seed %llu: repetition %d differs from the "
                             "first: %s",
                             variant->name, n, (unsigned long long)scan_test_seed(), r, msg);
        }
        extras_free(&e);
        if (scratch) scan_platform_here.release(scratch);
    }
    scan_platform_here.release(in);
    scan_platform_here.release(out);
    free(input);
    free(flags);
    free(expected);
    free(actual);
    free(first);
}

int app_test_main_for(const char *stage, int argc, char **argv, scan_test_config *config)
{
    config->check = check_case;
    config->check_repeatable = check_repeatable;
    /* input, flags, expected, actual, the first run and a copy of the flags on the host; in, out
     * and the flags on the device */
    config->host_arrays = 6;
    config->device_arrays = 3;
    return scan_test_main_for(stage, argc, argv, config);
}
