/* The applications' harness (common/contract/apps.h): the rows of app variants, their inputs, their
 * references on the host, and the comparison every test and benchmark of them uses. */
#include "apps.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void app_row_run(const scan_row *row, const uint32_t *in, uint32_t *out, size_t n,
                        void *scratch)
{
    app_variant_of(row)->run(in, out, n, (const app_args *)row->args, scratch);
}

scan_row app_row_of(const app_variant *v, const app_args *args)
{
    return (scan_row){.name = v->name, .scratch_bytes = v->scratch_bytes, .run = app_row_run,
                      .tile = v->tile ? v->tile : 1, .flags = v->flags, .variant = v, .args = args};
}

static const char *const family_names[APP_FAMILY_COUNT] = {
    "inclusive-sum",  "exclusive-sum", "max",   "float-sum", "select-if",
    "select-flagged", "segmented-sum", "split", "sort",      "sort-pairs",
};

const char *app_family_name(app_family f)
{
    return f < APP_FAMILY_COUNT ? family_names[f] : "none";
}

int app_family_is_float(app_family f) { return f == APP_FLOAT_SUM; }
int app_family_has_flags(app_family f) { return f == APP_SELECT_FLAGGED || f == APP_SEGMENTED_SUM; }
int app_family_counts(app_family f) { return f == APP_SELECT_IF || f == APP_SELECT_FLAGGED; }
int app_family_has_values(app_family f) { return f == APP_SORT_PAIRS; }

static uint32_t float_bits(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static float bits_float(uint32_t u)
{
    float x;
    memcpy(&x, &u, sizeof x);
    return x;
}

void app_fill(app_family f, scan_input kind, uint32_t *in, uint32_t *flags, size_t n, uint64_t seed)
{
    if (in) scan_fill(in, n, kind, seed);
    if (in && app_family_is_float(f))
        for (size_t i = 0; i < n; i++) {
            float x;
            switch (kind) {
            case INPUT_RANDOM: /* 24 random bits: a float in [-1, 1) */
                x = (float)((int32_t)(in[i] >> 8) - (1 << 23)) / (float)(1 << 23);
                break;
            case INPUT_ALL_MAX: x = -1.0f; break;
            default: x = (float)in[i]; break; /* ones, 0..15, i: whole numbers */
            }
            in[i] = float_bits(x);
        }
    if (flags) {
        uint64_t state = seed ^ 0xF1A65ull;
        for (size_t i = 0; i < n; i++) {
            uint64_t r = scan_random_next(&state);
            /* 1 in 2^bits: 1/2 for the compaction; for segments, by stretches of 5000 */
            static const int segment_bits[4] = {1, 5, 10, 64};
            int bits = f == APP_SEGMENTED_SUM ? segment_bits[i / 5000 % 4] : 1;
            int head = bits < 64 && (r & ((1ull << bits) - 1)) == 0;
            flags[i] = head ? (uint32_t)(r >> 32) | 1u : 0;
        }
    }
}

uint32_t *app_host_words(size_t n, const char *what)
{
    uint32_t *p = scan_host_words(n);
    if (!p) {
        fprintf(stderr, "cannot allocate %zu words of host memory (%s)\n", n, what);
        exit(EXIT_FAILURE);
    }
    return p;
}

/* The host sort: an LSD radix sort of 8-bit digits, a stable counting sort per digit, of keys and,
 * where values is not NULL, their values beside them; in place, with n more words of each while
 * it runs. A digit that every key shares is skipped: its pass would move nothing. */
static void radix_sort(uint32_t *keys, uint32_t *values, size_t n)
{
    if (n == 0) return;
    size_t count[4][256] = {{0}};
    for (size_t i = 0; i < n; i++)
        for (int d = 0; d < 4; d++)
            count[d][(keys[i] >> (8 * d)) & 255]++;
    uint32_t *from_keys = keys, *from_values = values, *to_keys = NULL, *to_values = NULL;
    for (int d = 0; d < 4; d++) {
        if (count[d][(keys[0] >> (8 * d)) & 255] == n) continue; /* one bin */
        if (!to_keys) {
            to_keys = app_host_words(n, "the host sort's keys");
            to_values = values ? app_host_words(n, "the host sort's values") : NULL;
        }
        size_t start = 0;
        for (int b = 0; b < 256; b++) {
            const size_t c = count[d][b];
            count[d][b] = start;
            start += c;
        }
        for (size_t i = 0; i < n; i++) {
            const size_t at = count[d][(from_keys[i] >> (8 * d)) & 255]++;
            to_keys[at] = from_keys[i];
            if (values) to_values[at] = from_values[i];
        }
        uint32_t *t = from_keys;
        from_keys = to_keys;
        to_keys = t;
        t = from_values;
        from_values = to_values;
        to_values = t;
    }
    if (from_keys != keys) { /* an odd number of passes: the result is in the other arrays */
        memcpy(keys, from_keys, n * sizeof *keys);
        if (values) memcpy(values, from_values, n * sizeof *values);
        to_keys = from_keys;
        to_values = from_values;
    }
    free(to_keys);
    free(to_values);
}

void app_reference_pairs(const uint32_t *keys, const uint32_t *values, uint32_t *sorted_keys,
                         uint32_t *sorted_values, size_t n)
{
    if (sorted_keys != keys) memcpy(sorted_keys, keys, n * sizeof *keys);
    if (values && sorted_values != values) memcpy(sorted_values, values, n * sizeof *values);
    radix_sort(sorted_keys, values ? sorted_values : NULL, n);
}

uint64_t app_reference(app_family f, const uint32_t *in, const uint32_t *flags, uint32_t *expected,
                       size_t n)
{
    if (f == APP_SORT || f == APP_SORT_PAIRS) {
        app_reference_pairs(in, NULL, expected, NULL, n);
        return n;
    }
    if (f == APP_SPLIT) {
        size_t k = 0;
        for (size_t i = 0; i < n; i++)
            if (!(in[i] & 1)) expected[k++] = in[i];
        for (size_t i = 0; i < n; i++)
            if (in[i] & 1) expected[k++] = in[i];
        return n;
    }
    uint64_t count = 0;
    uint32_t acc = 0;
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        switch (f) {
        case APP_INCLUSIVE_SUM: expected[i] = acc += in[i]; break;
        case APP_EXCLUSIVE_SUM:
            expected[i] = acc;
            acc += in[i];
            break;
        case APP_INCLUSIVE_MAX:
            acc = in[i] > acc ? in[i] : acc;
            expected[i] = acc;
            break;
        case APP_FLOAT_SUM:
            sum += (double)bits_float(in[i]);
            expected[i] = float_bits((float)sum);
            break;
        case APP_SELECT_IF:
            if (APP_KEEP(in[i])) expected[count++] = in[i];
            break;
        case APP_SELECT_FLAGGED:
            if (flags[i]) expected[count++] = in[i];
            break;
        case APP_SEGMENTED_SUM:
            acc = flags[i] ? in[i] : acc + in[i];
            expected[i] = acc;
            break;
        case APP_SPLIT:
        case APP_SORT:
        case APP_SORT_PAIRS:
        case APP_FAMILY_COUNT: break;
        }
    }
    return app_family_counts(f) ? count : n;
}

uint32_t app_tail_word(size_t k)
{
    uint64_t state = ((uint64_t)scan_guard_word() << 32) ^ (uint64_t)k;
    return (uint32_t)scan_random_next(&state);
}

void app_poison(uint64_t count, uint32_t *out, size_t n)
{
    const size_t kept = count < n ? (size_t)count : n;
    scan_poison(out, kept);
    for (size_t k = kept; k < n; k++)
        out[k] = app_tail_word(k);
}

/* float-sum: every output within the bound of its summation order; exact where it must be. */
static int compare_float(size_t tile, const uint32_t *in, const uint32_t *actual, size_t n,
                         char *msg, size_t msg_size)
{
    const double u = ldexp(1.0, -24); /* float's unit roundoff */
    double sum = 0, magnitude = 0;
    int whole = 1; /* every input so far a whole number, and every sum of |x| below 2^24 */
    for (size_t i = 0; i < n; i++) {
        double x = (double)bits_float(in[i]);
        sum += x;
        magnitude += fabs(x);
        whole = whole && x == floor(x) && magnitude < ldexp(1.0, 24);
        double h = (double)((i + 4) / tile) + 65, gamma = h * u / (1 - h * u);
        double got = (double)bits_float(actual[i]);
        double bound = whole ? 0 : gamma * magnitude;
        if (!(fabs(got - sum) <= bound)) {
            snprintf(
                msg, msg_size,
                "index %zu: expected %.9g (double precision; within %.3g), got %.9g (0x%08x)%s", i,
                sum, bound, got, actual[i],
                whole ? " (whole numbers below 2^24: the sum must be exact)" : "");
            return 0;
        }
    }
    return 1;
}

int app_compare(app_family f, size_t tile, const uint32_t *in, const uint32_t *expected,
                uint64_t expected_count, const uint32_t *actual, uint64_t actual_count,
                const uint32_t *tail, size_t n, char *msg, size_t msg_size)
{
    if (app_family_counts(f) && actual_count != expected_count) {
        snprintf(msg, msg_size, "count %llu, expected %llu", (unsigned long long)actual_count,
                 (unsigned long long)expected_count);
        return 0;
    }
    if (app_family_is_float(f)) return compare_float(tile ? tile : 1, in, actual, n, msg, msg_size);
    if (!scan_compare(expected, actual, (size_t)expected_count, msg, msg_size)) return 0;
    for (size_t k = (size_t)expected_count; k < n; k++)
        if (actual[k] != (tail ? tail[k] : app_tail_word(k))) {
            snprintf(msg, msg_size,
                     "out[%zu] written, past the count %llu (holds 0x%08x, not 0x%08x): a "
                     "compaction writes out[0..count) only",
                     k, (unsigned long long)expected_count, actual[k],
                     tail ? tail[k] : app_tail_word(k));
            return 0;
        }
    return 1;
}

int app_compare_values(const uint32_t *keys, const uint32_t *values, const uint32_t *sorted_keys,
                       const uint32_t *expected_values, const uint32_t *actual, size_t n, char *msg,
                       size_t msg_size)
{
    size_t i = 0;
    while (i < n && actual[i] == expected_values[i])
        i++;
    if (i == n) return 1;
    /* Whose value it is: an element of the same key (then the expected one's index too), or of
     * another key, or of none. */
    const uint32_t key = sorted_keys[i], got = actual[i];
    size_t same = n, other = n, mine = n;
    for (size_t j = 0; j < n; j++) {
        if (keys[j] != key) {
            if (values[j] == got && other == n) other = j;
            continue;
        }
        if (values[j] == got && same == n) same = j;
        if (values[j] == expected_values[i] && mine == n) mine = j;
    }
    char why[200];
    if (same < n)
        snprintf(why, sizeof why,
                 "the value of an equal key at input index %zu, where the expected one came at "
                 "%zu: equal keys keep their values in input order (the sort must be stable)",
                 same, mine);
    else if (other < n)
        snprintf(why, sizeof why,
                 "the value of key 0x%08x (input index %zu): the values must move with their keys",
                 keys[other], other);
    else
        snprintf(why, sizeof why, "no element's value (values_out[%zu] not written?)", i);
    snprintf(msg, msg_size, "value at %zu (key 0x%08x): expected 0x%08x, got 0x%08x, %s", i, key,
             expected_values[i], got, why);
    return 0;
}
