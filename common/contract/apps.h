/* The contract of the applications steps (what the scan is for): exclusive and custom-operator
 * scans, stream compaction, the segmented scan, the radix split and sort, of keys alone or of
 * key-value pairs.
 *
 * Such a step's kernel file defines app_variants[] (below) instead of stage_variants[]. Every rule
 * of the stage contract (common/contract/scan.h) holds for its variants: any n from 0, in place allowed
 * (unless SCAN_OUT_OF_PLACE), any element offset, the input never modified, device pointers and
 * scratch, the default stream, no allocation or synchronization inside run, scratch initialised
 * inside run. In addition:
 *   - a variant names what it computes: its family (app_family below);
 *   - the arguments beyond in, out, n and scratch travel in an app_args, passed to run: the flags
 *     of select-flagged, the heads of segmented-sum, where a compaction writes its count, the
 *     values of sort-pairs and where they go;
 *   - a compaction writes out[0..count) only: the kept elements, in their order;
 *   - sort-pairs sorts the keys (in) into out as sort does and moves n 32-bit values beside them:
 *     values_out[i] is the value that came in with the key now at out[i], and equal keys keep
 *     their values in input order (a stable sort). In place exactly as the keys: where out == in,
 *     values_out == values (the harness passes them so); otherwise values and values_out do not
 *     overlap each other or the keys, may each sit at any element offset, and values is never
 *     modified.
 * The harness for such a step is common/apps/apps.c (inputs, host references, comparison), apps_tests.c
 * and apps_bench.c (the test and benchmark mains) and apps_cub.cu (CUB's calls as reference rows).
 * This header compiles as C11 and under nvcc. */
#ifndef APPS_H
#define APPS_H

#include <stddef.h>
#include <stdint.h>

#include "harness.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum app_family {
    APP_INCLUSIVE_SUM,  /* "inclusive-sum": the scan itself, the yardstick */
    APP_EXCLUSIVE_SUM,  /* "exclusive-sum": out[i] = in[0] + ... + in[i - 1] mod 2^32, out[0] = 0 */
    APP_INCLUSIVE_MAX,  /* "max": out[i] = the largest of in[0..i] */
    APP_FLOAT_SUM,      /* "float-sum": in and out are float32, out[i] = in[0] + ... + in[i] in
                           float, added in an order of the kernel's choosing (app_compare bounds
                           the error), the same order on every run */
    APP_SELECT_IF,      /* "select-if": the elements x with APP_KEEP(x), in order; the count */
    APP_SELECT_FLAGGED, /* "select-flagged": the elements in[i] with flags[i] != 0, in order */
    APP_SEGMENTED_SUM,  /* "segmented-sum": out[i] = in[h] + ... + in[i] mod 2^32, h the last
                           index <= i with heads[h] != 0, or 0 */
    APP_SPLIT,          /* "split": the keys with bit 0 clear, then the others, each in order */
    APP_SORT,           /* "sort": the keys in ascending order */
    APP_SORT_PAIRS,     /* "sort-pairs": the keys in ascending order, each with its value
                           (app_args.values), stably */
    APP_FAMILY_COUNT
} app_family;

/* The predicate of select-if: keep the elements whose top bit is clear: as integers, those below
 * 2^31; as float32 bits, the non-negative numbers (half of a random input, either way). */
#define APP_KEEP(x) (((x) >> 31) == 0u)

/* What a variant takes beyond in, out and n (device pointers; NULL where its family reads none).
 * Set them by name (designated initializers): the fields may grow. */
typedef struct app_args {
    const uint32_t *flags;  /* select-flagged: n words, nonzero keeps the element */
    const uint32_t *heads;  /* segmented-sum: n words, nonzero starts a segment */
    const uint32_t *keys;   /* cub-segmented-sum (InclusiveSumByKey): each element's segment */
    uint64_t *count;        /* select-if, select-flagged, cub-split: where the number kept goes */
    const uint32_t *values; /* sort-pairs: n words, the value of each key in in (read only) */
    uint32_t *values_out;   /* sort-pairs: n words, the values in the order of the sorted keys
                               (== values where out == in) */
} app_args;

/* One variant of an applications step: one row of its benchmark, checked against its family's
 * reference by the tests. */
typedef struct app_variant {
    const char *name;                  /* row label, e.g. "select-if+3-kernels" */
    app_family family;                 /* what it computes */
    size_t (*scratch_bytes)(size_t n); /* NULL when it needs no scratch */
    void (*run)(const uint32_t *in, uint32_t *out, size_t n, const app_args *args, void *scratch);
    size_t tile;                       /* as scan_variant.tile */
    unsigned flags;                    /* SCAN_ flags (common/contract/scan.h) */
} app_variant;

/* The table of an applications step's kernel file; its last row is the headline. */
extern const app_variant app_variants[];
extern const size_t app_variant_count;

/* The harness's row of an app variant (scan_row, common/core/harness.h): its run passes the variant
 * the row's args (set by whoever makes the row: the benchmark's, or one test check's). */
scan_row app_row_of(const app_variant *v, const app_args *args);
/* The run of such a row. */
void app_row_run(const scan_row *row, const uint32_t *in, uint32_t *out, size_t n, void *scratch);
static inline const app_variant *app_variant_of(const scan_row *row)
{
    return (const app_variant *)row->variant;
}

const char *app_family_name(app_family f);
/* Whether the family's elements are float32 (its inputs are made of floats). */
int app_family_is_float(app_family f);
/* Whether the family reads flags (select-flagged's flags, segmented-sum's heads). */
int app_family_has_flags(app_family f);
/* Whether the family writes a count (a compaction). */
int app_family_counts(app_family f);
/* Whether the family moves values beside its keys (sort-pairs). */
int app_family_has_values(app_family f);

/* The input of a family (in may be NULL: the flags only): for the integer families scan_fill's
 * patterns; for float-sum, random
 * floats in [-1, 1) (INPUT_RANDOM) or whole numbers (the other patterns: 0..15, ones, -1, i), so
 * that an exact result is known while the sums stay below 2^24. flags (may be NULL): random,
 * about half of them nonzero, and of varied values; for segmented-sum, heads whose density
 * changes every 5000 elements (1/2, 1/32, 1/1024, none), so that segments end inside vectors,
 * rows, tiles and span many tiles. */
void app_fill(app_family f, scan_input kind, uint32_t *in, uint32_t *flags, size_t n,
              uint64_t seed);
/* The reference on the host: writes the expected output into expected (n words; for float-sum,
 * the double-precision prefix rounded to float; for sort-pairs, the sorted keys) and returns the
 * count (n for a scan). For sort and sort-pairs, expected may be in (sorted in place). */
uint64_t app_reference(app_family f, const uint32_t *in, const uint32_t *flags, uint32_t *expected,
                       size_t n);
/* sort-pairs' reference: the keys sorted into sorted_keys and, where values is not NULL, their
 * values into sorted_values, stably (an LSD radix sort of 8-bit digits, which skips a digit that
 * every key shares; it holds n more words of keys and of values while it runs). sorted_keys may
 * be keys, and sorted_values values. */
void app_reference_pairs(const uint32_t *keys, const uint32_t *values, uint32_t *sorted_keys,
                         uint32_t *sorted_values, size_t n);
/* Poisons out before a run: random words (scan_poison) where an element is expected, and
 * app_tail_word(k) past the count, where nothing may be written (random too, from the run's
 * seed, and known to the comparison). */
void app_poison(uint64_t count, uint32_t *out, size_t n);
uint32_t app_tail_word(size_t k);
/* Compares a run's output with the reference. Integer families: bit for bit, and out[count..n)
 * still poisoned. float-sum: |out[i] - s[i]| <= gamma(h) * (|in[0]| + ... + |in[i]|), s in
 * double precision, h = (i + 4) / tile + 65 (Higham's bound, h the additions an element may pass
 * through: at most 65 inside its tile and one per tile before it, the first tile starting up to 4
 * elements before in), and exact where the input is whole numbers whose sums stay below 2^24.
 * Past the count, out[k] must still be tail[k] (in place: the input), or app_tail_word(k) when
 * tail is NULL. Returns 1, or 0 with a message. */
int app_compare(app_family f, size_t tile, const uint32_t *in, const uint32_t *expected,
                uint64_t expected_count, const uint32_t *actual, uint64_t actual_count,
                const uint32_t *tail, size_t n, char *msg, size_t msg_size);
/* sort-pairs' values: actual (values_out) against expected_values (app_reference_pairs of keys
 * and values, whose sorted keys are sorted_keys). Returns 1, or 0 with "value at I: expected X,
 * got Y" and what Y is: the value of an equal key that came earlier or later (not stable), of
 * another key (the values did not move with their keys), or of no element (not written). */
int app_compare_values(const uint32_t *keys, const uint32_t *values, const uint32_t *sorted_keys,
                       const uint32_t *expected_values, const uint32_t *actual, size_t n, char *msg,
                       size_t msg_size);

/* Host memory for n words (one at least), or an exit with a message naming what it was for. */
uint32_t *app_host_words(size_t n, const char *what);

/* The CUB calls a practitioner would make instead (common/apps/apps_cub.cu), as reference rows:
 * "cub-" and the family's name. Weak: the grader's benchmark links no CUDA, and then
 * &app_cub_variant_count is NULL. */
#if defined(__GNUC__)
__attribute__((weak))
#endif
extern const app_variant app_cub_variants[];
#if defined(__GNUC__)
__attribute__((weak))
#endif
extern const size_t app_cub_variant_count;

#ifdef __cplusplus
}
#endif

#endif /* APPS_H */
