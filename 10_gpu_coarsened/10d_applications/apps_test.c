/* The tests of stage 10's last chapter (apps.cu): every shared case of common/tests.c (sizes 0 to
 * 70, powers of two and tile multiples +-1, random sizes, element offsets, every input pattern,
 * in place, many tiles, 30 repeats, --huge), each checked against the family's reference on the
 * host (common/apps.c) instead of the inclusive sum; then the chapter's own edges. */
#include <stdlib.h>
#include <string.h>

#include "apps.h"
#include "tests.h"

/* Where the flags and the count of a case live on the device, guarded like in and out. */
typedef struct extras {
    scan_guarded flags, count;
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
    app_args.flags = app_args.heads = flags ? scan_guarded_data(&e.flags) : NULL;
    /* Guard zones are whole 16-byte multiples: the count is 8-byte aligned. */
    app_args.count = (uint64_t *)scan_guarded_data(&e.count);
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
static void check_variant(const scan_variant *v, const scan_case *c, const uint32_t *input,
                          const uint32_t *flags)
{
    const app_family f = app_family_of(v->name);
    ck_assert_msg(f != APP_FAMILY_COUNT, "variant '%s' names no family of common/apps.h", v->name);
    const size_t n = c->n;
    char what[300], msg[512];
    scan_describe_case(c, v->name, what, sizeof what);
    uint32_t *expected = scan_test_words(n), *actual = scan_test_words(n);
    uint32_t *first = scan_test_words(n);
    const uint64_t count = app_reference(f, input, flags, expected, n);
    /* The flags at an offset of their own, so that their alignment differs from in's and out's. */
    extras e = extras_make(n, (c->in_offset + c->out_offset + 1) % 16,
                           app_family_has_flags(f) ? flags : NULL);
    void *scratch = scan_test_scratch(v, n);

    if (c->in_place) {
        scan_guarded buf = scan_guarded_make(n, c->in_offset);
        scan_guarded_put(&buf, input);
        scan_guarded_put(&e.count, count_poison);
        v->run(scan_guarded_data(&buf), scan_guarded_data(&buf), n, scratch);
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
            v->run(scan_guarded_data(&in), scan_guarded_data(&out), n, scratch);
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

static int variant_takes(const scan_variant *v, const scan_case *c)
{
    return !(c->in_place && (v->flags & SCAN_OUT_OF_PLACE));
}

/* The shared cases' check (scan_test_config.check): each variant on its family's input. */
static void check_case(const scan_case *c)
{
    const uint64_t seed = scan_test_seed() + c->n * 0x9E3779B97F4A7C15ull + (uint64_t)c->input;
    uint32_t *input = scan_test_words(c->n), *flags = scan_test_words(c->n);
    for (size_t v = 0; v < stage_variant_count; v++) {
        if (!scan_test_runs_variant(v) || !variant_takes(&stage_variants[v], c)) continue;
        const app_family f = app_family_of(stage_variants[v].name);
        app_fill(f, c->input, input, app_family_has_flags(f) ? flags : NULL, c->n, seed);
        check_variant(&stage_variants[v], c, input, flags);
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
    for (size_t v = 0; v < stage_variant_count; v++) {
        if (!scan_test_runs_variant(v)) continue;
        const scan_variant *variant = &stage_variants[v];
        const app_family f = app_family_of(variant->name);
        app_fill(f, INPUT_RANDOM, input, app_family_has_flags(f) ? flags : NULL, n, seed);
        const uint64_t count = app_reference(f, input, flags, expected, n);
        scan_platform_here.upload(in, input, n * sizeof *in);
        extras e = extras_make(n, 0, app_family_has_flags(f) ? flags : NULL);
        void *scratch = scan_test_scratch(variant, n);
        for (int r = 1; r <= repeats; r++) {
            app_poison(expected, count, actual, n);
            scan_platform_here.upload(out, actual, n * sizeof *out);
            scan_guarded_put(&e.count, count_poison);
            variant->run(in, out, n, scratch);
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

/* ---- the chapter's own edges ------------------------------------------------------------------
 */

/* Compactions that keep everything and nothing (the count n and 0; a tile whose aggregate is 0),
 * and one kept element in the whole array, at its start, at its end and at a tile boundary. */
START_TEST(keep_all_none_one)
{
    size_t n = (scan_test_small() ? 3 : 40) * scan_test_tile() + 13;
    uint32_t *input = scan_test_words(n), *flags = scan_test_words(n);
    scan_fill(input, n, INPUT_RANDOM, scan_test_seed() ^ 0xA11ull);
    size_t lone[] = {0, n - 1, scan_test_tile(), scan_test_tile() - 1};
    for (int pattern = 0; pattern < 2 + 4; pattern++) {
        for (size_t i = 0; i < n; i++) {
            int keep = pattern == 0 || (pattern >= 2 && i == lone[pattern - 2]);
            input[i] = (input[i] & 0x7FFFFFFFu) | (keep ? 0u : 0x80000000u); /* APP_KEEP */
            flags[i] = keep ? 1u + (uint32_t)(i % 7) : 0u;
        }
        for (size_t v = 0; v < stage_variant_count; v++) {
            const app_family f = app_family_of(stage_variants[v].name);
            if (!scan_test_runs_variant(v) || !app_family_counts(f)) continue;
            scan_case out_of_place = {n, INPUT_RANDOM, 1, 2, 0},
                      in_place = {n, INPUT_RANDOM, 3, 3, 1};
            check_variant(&stage_variants[v], &out_of_place, input, flags);
            if (variant_takes(&stage_variants[v], &in_place))
                check_variant(&stage_variants[v], &in_place, input, flags);
        }
    }
    free(input);
    free(flags);
}
END_TEST

/* Segments of every shape: every element a head (out = in), none (the inclusive sum), heads only
 * at multiples of each variant's tile, of 4 (vector boundaries), of 128 (rows), at the first or
 * the last element, and a head every 3 elements. */
START_TEST(segment_edges)
{
    size_t n = (scan_test_small() ? 3 : 40) * scan_test_tile() + 29;
    uint32_t *input = scan_test_words(n), *heads = scan_test_words(n);
    scan_fill(input, n, INPUT_RANDOM, scan_test_seed() ^ 0x5E6ull);
    for (int pattern = 0; pattern < 7 + (int)scan_test_tile_count(); pattern++) {
        for (size_t i = 0; i < n; i++) {
            static const size_t every[] = {1, 0, 4, 128, 3};
            int head;
            if (pattern < 5)
                head = every[pattern] ? i % every[pattern] == 0 : 0;
            else if (pattern == 5)
                head = i == 0;
            else if (pattern == 6)
                head = i == n - 1;
            else
                head = i % scan_test_tile_at((size_t)pattern - 7) == 0;
            heads[i] = head ? 1u << (i % 32) : 0u;
        }
        for (size_t v = 0; v < stage_variant_count; v++) {
            if (!scan_test_runs_variant(v) ||
                app_family_of(stage_variants[v].name) != APP_SEGMENTED_SUM)
                continue;
            scan_case out_of_place = {n, INPUT_RANDOM, 2, 1, 0},
                      in_place = {n, INPUT_RANDOM, 1, 1, 1};
            check_variant(&stage_variants[v], &out_of_place, input, heads);
            check_variant(&stage_variants[v], &in_place, input, heads);
        }
    }
    free(input);
    free(heads);
}
END_TEST

/* Every pair of in, out and flags (or heads) alignments modulo 16 bytes (the vector and element
 * paths of each), across a few tiles. */
START_TEST(flags_alignments)
{
    size_t n = 5 * scan_test_tile() + 7;
    uint32_t *input = scan_test_words(n), *flags = scan_test_words(n);
    for (size_t v = 0; v < stage_variant_count; v++) {
        const app_family f = app_family_of(stage_variants[v].name);
        if (!scan_test_runs_variant(v) || !app_family_has_flags(f)) continue;
        app_fill(f, INPUT_RANDOM, input, flags, n, scan_test_seed() ^ 0xF1A6ull);
        for (size_t i = 0; i < 4; i++)
            for (size_t o = 0; o < 4; o++) {
                /* check_variant puts the flags at (i + o + 1) % 16 */
                scan_case c = {n, INPUT_RANDOM, i, o + 4 * (i % 2), 0};
                check_variant(&stage_variants[v], &c, input, flags);
            }
    }
    free(input);
    free(flags);
}
END_TEST

/* float-sum on inputs where the order of additions shows: large and small magnitudes mixed (a
 * sum of 2^24 ones stops growing in float), checked against the bound, and twice for the same
 * bits. */
START_TEST(float_magnitudes)
{
    size_t n = (scan_test_small() ? 4 : 64) * scan_test_tile() + 5;
    uint32_t *input = scan_test_words(n);
    uint64_t state = scan_test_seed() ^ 0xF10A7ull;
    for (size_t i = 0; i < n; i++) {
        uint64_t r = scan_random_next(&state);
        float x = (float)((int32_t)(r >> 40) - (1 << 23)) / (float)(1 << 23);
        x *= (r & 7) == 0 ? 1e6f : (r & 7) == 1 ? 1e-6f : 1.0f;
        memcpy(&input[i], &x, sizeof x);
    }
    for (size_t v = 0; v < stage_variant_count; v++)
        if (scan_test_runs_variant(v) && app_family_of(stage_variants[v].name) == APP_FLOAT_SUM) {
            scan_case c = {n, INPUT_RANDOM, 0, 1, 0}, in_place = {n, INPUT_RANDOM, 2, 2, 1};
            check_variant(&stage_variants[v], &c, input, NULL);
            check_variant(&stage_variants[v], &in_place, input, NULL);
        }
    free(input);
}
END_TEST

static void stage_cases(Suite *suite)
{
    scan_add_case(suite, "keep_all_none_one", keep_all_none_one, 300);
    scan_add_case(suite, "segment_edges", segment_edges, 300);
    scan_add_case(suite, "flags_alignments", flags_alignments, 120);
    scan_add_case(suite, "float_magnitudes", float_magnitudes, 120);
}

int main(int argc, char **argv)
{
    scan_test_config config = {.add_cases = stage_cases,
                               .many_tiles = 2000,
                               .repeats = 30,
                               .check = check_case,
                               .check_repeatable = check_repeatable,
                               /* input, flags, expected, actual, the first run, a flags copy;
                                * in, out, flags */
                               .host_arrays = 6,
                               .device_arrays = 3};
    return scan_test_main_for(STAGE_NAME "/apps", argc, argv, &config);
}
