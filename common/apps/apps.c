/* The families (harness.h's scan_family): what each computes, on the host. Its inputs, its
 * reference, the comparison of a run's outputs with it, and the bytes its GB/s counts, for every
 * family of common/contract/apps.h; a stage's scan is the inclusive sum. The tests, the benchmark
 * and the grader's proof take them from here; the grader's runner never links this file. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "roles.h"

#define IN(c)     ((uint32_t *)(c)->buffer[SCAN_IN])
#define OUT(c)    ((uint32_t *)(c)->buffer[SCAN_OUT])
#define ARG(c, r) ((uint32_t *)(c)->buffer[r])

/* A float's bits and back (through a union: defined in C). */
typedef union float_word {
    float f;
    uint32_t u;
} float_word;
static uint32_t float_bits(float x) { return ((float_word){.f = x}).u; }
static float bits_float(uint32_t u) { return ((float_word){.u = u}).f; }

/* ---- inputs ---------------------------------------------------------------------------------- */

/* The integer families' input, and the random words of a pair's values. */
static void fill_words(const scan_call *c, scan_input kind, uint64_t seed)
{
    scan_fill(IN(c), c->n, kind, seed);
    if (ARG(c, ROLE_VALUES)) scan_fill(ARG(c, ROLE_VALUES), c->n, INPUT_RANDOM, seed ^ 0x7A1E5ull);
}

/* float-sum: random floats in [-1, 1) (INPUT_RANDOM), or whole numbers, whose sums are exact in
 * every order while they stay below 2^24: -1, 0 and 1 (INPUT_SMALL: the benchmark's input, so
 * that the grader can prove every timed run bit for bit), ones, -1 (all-max), i (ramp). */
static void fill_floats(const scan_call *c, scan_input kind, uint64_t seed)
{
    uint32_t *in = IN(c);
    scan_fill(in, c->n, kind, seed);
    for (size_t i = 0; i < c->n; i++) {
        float x = (float)in[i];
        if (kind == INPUT_RANDOM) x = (float)((int32_t)(in[i] >> 8) - (1 << 23)) / (float)(1 << 23);
        if (kind == INPUT_SMALL) x = (float)((int)(in[i] % 3) - 1);
        if (kind == INPUT_ALL_MAX) x = -1.0f;
        in[i] = float_bits(x);
    }
}

/* Flags: random, about half of them nonzero, of varied values. Heads of segments: 1 in 2, 32,
 * 1024, then none, changing every 5000 elements, so that segments end inside vectors, rows and
 * tiles and span many tiles; and each element's segment as a key, where the call has keys (CUB's
 * InclusiveSumByKey). Each that the call has. */
static void fill_marks(const scan_call *c, scan_input kind, uint64_t seed)
{
    fill_words(c, kind, seed);
    for (int role = ROLE_FLAGS; role <= ROLE_HEADS; role++) {
        uint32_t *marks = ARG(c, role), *keys = role == ROLE_HEADS ? ARG(c, ROLE_KEYS) : NULL,
                 key = 0;
        uint64_t state = seed ^ 0xF1A65ull;
        for (size_t i = 0; marks && i < c->n; i++) {
            static const int segment_bits[4] = {1, 5, 10, 64};
            const uint64_t r = scan_random_next(&state);
            const int bits = role == ROLE_FLAGS ? 1 : segment_bits[i / 5000 % 4];
            marks[i] = bits < 64 && (r & ((1ull << bits) - 1)) == 0 ? (uint32_t)(r >> 32) | 1u : 0;
            if (keys) keys[i] = key += marks[i] != 0;
        }
    }
}

/* ---- references ------------------------------------------------------------------------------ */

static void set_count(const scan_call *c, uint64_t count)
{
    if (ARG(c, ROLE_COUNT)) memcpy(ARG(c, ROLE_COUNT), &count, sizeof count);
}

/* The scans and compactions: one loop, each family its step. */
static void reference_loop(const scan_call *c, app_family f)
{
    const uint32_t *in = IN(c), *marks = ARG(c, f == APP_SEGMENTED_SUM ? ROLE_HEADS : ROLE_FLAGS);
    uint32_t *out = OUT(c), acc = 0;
    uint64_t kept = 0;
    double sum = 0;
    for (size_t i = 0; i < c->n; i++) {
        switch (f) {
        case APP_EXCLUSIVE_SUM: out[i] = acc, acc += in[i]; break;
        case APP_INCLUSIVE_MAX: out[i] = acc = in[i] > acc ? in[i] : acc; break;
        case APP_FLOAT_SUM: out[i] = float_bits((float)(sum += (double)bits_float(in[i]))); break;
        /* (a compaction writes out[kept] each time: only out[0..count) is compared) */
        case APP_SELECT_IF: out[kept] = in[i], kept += APP_KEEP(in[i]); break;
        case APP_SELECT_FLAGGED: out[kept] = in[i], kept += marks[i] != 0; break;
        case APP_SEGMENTED_SUM: out[i] = acc = marks[i] ? in[i] : acc + in[i]; break;
        default: out[i] = acc += in[i]; break;
        }
    }
    set_count(c, kept);
}
#define LOOP(name, family)                                                                         \
    static void name(const scan_call *c) { reference_loop(c, family); }
LOOP(reference_sum, APP_INCLUSIVE_SUM)
LOOP(reference_exclusive, APP_EXCLUSIVE_SUM)
LOOP(reference_max, APP_INCLUSIVE_MAX)
LOOP(reference_float, APP_FLOAT_SUM)
LOOP(reference_select_if, APP_SELECT_IF)
LOOP(reference_select_flagged, APP_SELECT_FLAGGED)
LOOP(reference_segmented, APP_SEGMENTED_SUM)

static void reference_split(const scan_call *c)
{
    size_t k = 0;
    for (int bit = 0; bit < 2; bit++)
        for (size_t i = 0; i < c->n; i++)
            if ((IN(c)[i] & 1u) == (uint32_t)bit) OUT(c)[k++] = IN(c)[i];
}

/* The sorts: an LSD radix sort of 8-bit digits, a stable counting sort per digit, of the keys and
 * (sort-pairs) their values beside them, with n more words of each while it runs. A digit that
 * every key shares is skipped: its pass would move nothing. */
static void reference_sort(const scan_call *c)
{
    const size_t n = c->n;
    uint32_t *keys = OUT(c), *values = ARG(c, ROLE_VALUES_OUT);
    memmove(keys, IN(c), n * sizeof *keys); /* (memmove: in place, they are the same) */
    if (values) memmove(values, ARG(c, ROLE_VALUES), n * sizeof *values);
    size_t count[4][256] = {{0}};
    for (size_t i = 0; i < n; i++)
        for (int d = 0; d < 4; d++)
            count[d][(keys[i] >> (8 * d)) & 255]++;
    uint32_t *from = keys, *from_values = values, *to = NULL, *to_values = NULL, *t;
    for (int d = 0; d < 4 && n; d++) {
        if (count[d][(keys[0] >> (8 * d)) & 255] == n) continue; /* one bin */
        if (!to) to = scan_must_words(n, "the host sort");
        if (values && !to_values) to_values = scan_must_words(n, "the host sort");
        for (size_t b = 0, start = 0, here; b < 256; b++, start += here)
            here = count[d][b], count[d][b] = start;
        for (size_t i = 0; i < n; i++) {
            const size_t at = count[d][(from[i] >> (8 * d)) & 255]++;
            to[at] = from[i];
            if (values) to_values[at] = from_values[i];
        }
        t = from, from = to, to = t;
        t = from_values, from_values = to_values, to_values = t;
    }
    if (from != keys) { /* an odd number of passes: the result is in the other arrays */
        memcpy(keys, from, n * sizeof *keys);
        if (values) memcpy(values, from_values, n * sizeof *values);
        to = from, to_values = from_values;
    }
    free(to);
    free(to_values);
}

/* ---- comparisons ----------------------------------------------------------------------------- */

/* float-sum: every output within the bound of its order of additions, exact where it must be:
 * |out[i] - s[i]| <= gamma(h) (|in[0]| + ... + |in[i]|), s in double precision, h = (i + 4) /
 * tile + 65 (Higham's bound, h the additions an element may pass through: at most 65 inside its
 * tile and one per tile before it, the first tile starting up to 4 elements before in), and 0
 * where the inputs so far are whole numbers whose magnitudes sum below 2^24. */
static int compare_float(const scan_call *e, const scan_call *a, size_t tile, int in_place,
                         char *msg, size_t size)
{
    (void)in_place; /* (a row's tile is 1 at least: harness.c's rows) */
    const double u = ldexp(1.0, -24);
    double sum = 0, magnitude = 0;
    int whole = 1;
    for (size_t i = 0; i < e->n; i++) {
        const double x = (double)bits_float(IN(e)[i]), got = (double)bits_float(OUT(a)[i]);
        sum += x;
        magnitude += fabs(x);
        whole = whole && x == floor(x) && magnitude < ldexp(1.0, 24);
        const double h = (double)((i + 4) / tile) + 65,
                     bound = whole ? 0 : h * u / (1 - h * u) * magnitude;
        if (!(fabs(got - sum) <= bound))
            return snprintf(msg, size,
                            "index %zu: expected %.9g (double precision; within %.3g), got %.9g "
                            "(0x%08x)%s",
                            i, sum, bound, got, OUT(a)[i],
                            whole ? " (whole numbers below 2^24: the sum must be exact)" : ""),
                   0;
    }
    return 1;
}

/* sort-pairs' values: whether a wrong one is an equal key's (the sort is not stable) or not (the
 * values did not move with their keys). */
static int compare_values(const scan_call *e, const scan_call *a, char *msg, size_t size)
{
    const uint32_t *keys = IN(e), *values = ARG(e, ROLE_VALUES), *want = ARG(e, ROLE_VALUES_OUT),
                   *got = ARG(a, ROLE_VALUES_OUT);
    size_t i = 0, j = 0, n = e->n;
    while (i < n && got[i] == want[i])
        i++;
    while (i < n && j < n && !(keys[j] == OUT(e)[i] && values[j] == got[i]))
        j++;
    if (i < n)
        snprintf(msg, size, "value at %zu (key 0x%08x): expected 0x%08x, got 0x%08x, %s", i,
                 OUT(e)[i], want[i], got[i],
                 j < n ? "an equal key's: equal keys keep their values in input order (the sort "
                         "must be stable)"
                       : "no equal key's: the values must move with their keys");
    return i == n;
}

/* Every family: its count, out (in full, or out[0..count) and nothing written past it), and
 * sort-pairs' values. */
static int compare(const scan_call *e, const scan_call *a, size_t tile, int in_place, char *msg,
                   size_t size)
{
    uint64_t want = e->n, got = e->n;
    if (ARG(e, ROLE_COUNT)) {
        memcpy(&want, ARG(e, ROLE_COUNT), sizeof want);
        memcpy(&got, ARG(a, ROLE_COUNT), sizeof got);
        if (got != want)
            return snprintf(msg, size, "count %llu, expected %llu", (unsigned long long)got,
                            (unsigned long long)want),
                   0;
    }
    if (!scan_compare(OUT(e), OUT(a), (size_t)want, msg, size)) return 0;
    for (size_t k = (size_t)want; k < e->n; k++) {
        const uint32_t left = in_place ? IN(e)[k] : scan_poison_word(k);
        if (OUT(a)[k] != left)
            return snprintf(msg, size,
                            "out[%zu] written, past the count %llu (holds 0x%08x, not 0x%08x): a "
                            "compaction writes out[0..count) only",
                            k, (unsigned long long)want, OUT(a)[k], left),
                   0;
    }
    (void)tile;
    return !ARG(e, ROLE_VALUES_OUT) || compare_values(e, a, msg, size);
}

/* ---- bytes ----------------------------------------------------------------------------------- */

#define FIXED_BYTES(name, bytes) /* (every element: its input read, its output written) */         \
    static double name(const scan_call *c) { return (void)c, bytes; }
FIXED_BYTES(bytes_scan, 8.0)
FIXED_BYTES(bytes_segmented, 12.0) /* the heads too */
FIXED_BYTES(bytes_pairs, 16.0)     /* keys and values */
/* A compaction reads n (and the flags) and writes what it keeps. */
static double bytes_select(const scan_call *c, const uint32_t *flags)
{
    uint64_t kept = 0;
    for (size_t i = 0; i < c->n; i++)
        kept += flags ? flags[i] != 0 : APP_KEEP(IN(c)[i]);
    return (flags ? 8.0 : 4.0) + 4.0 * (double)kept / (double)(c->n ? c->n : 1);
}
static double bytes_select_if(const scan_call *c) { return bytes_select(c, NULL); }
static double bytes_select_flagged(const scan_call *c)
{
    return bytes_select(c, ARG(c, ROLE_FLAGS));
}

const scan_family scan_families[APP_FAMILY_COUNT] = {
    [APP_INCLUSIVE_SUM] = {fill_words, reference_sum, compare, bytes_scan},
    [APP_EXCLUSIVE_SUM] = {fill_words, reference_exclusive, compare, bytes_scan},
    [APP_INCLUSIVE_MAX] = {fill_words, reference_max, compare, bytes_scan},
    [APP_FLOAT_SUM] = {fill_floats, reference_float, compare_float, bytes_scan},
    [APP_SELECT_IF] = {fill_words, reference_select_if, compare, bytes_select_if},
    [APP_SELECT_FLAGGED] = {fill_marks, reference_select_flagged, compare, bytes_select_flagged},
    [APP_SEGMENTED_SUM] = {fill_marks, reference_segmented, compare, bytes_segmented},
    [APP_SPLIT] = {fill_words, reference_split, compare, bytes_scan},
    [APP_SORT] = {fill_words, reference_sort, compare, bytes_scan},
    [APP_SORT_PAIRS] = {fill_words, reference_sort, compare, bytes_pairs},
};
