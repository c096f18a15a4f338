/* The contract of the applications steps (what the scan is for): exclusive and custom-operator
 * scans, stream compaction, the segmented scan, the radix split and sort, of keys alone or of
 * key-value pairs.
 *
 * Such a step's kernel file defines app_variants[] (below) instead of stage_variants[]. Every rule
 * of the stage contract (common/contract/scan.h) holds for its variants: any n from 0, in place
 * allowed (unless SCAN_OUT_OF_PLACE), any element offset, the input never modified, device
 * pointers and scratch, the default stream, no allocation or synchronization inside run, scratch
 * initialised inside run. In addition:
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
 * The harness of these steps is the applications layer, common/apps/. This header compiles as C11
 * and under nvcc. */
#ifndef APPS_H
#define APPS_H

#include <stddef.h>
#include <stdint.h>

#include "scan.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum app_family {
    APP_INCLUSIVE_SUM,  /* "inclusive-sum": the scan itself, the yardstick */
    APP_EXCLUSIVE_SUM,  /* "exclusive-sum": out[i] = in[0] + ... + in[i - 1] mod 2^32, out[0] = 0 */
    APP_INCLUSIVE_MAX,  /* "max": out[i] = the largest of in[0..i] */
    APP_FLOAT_SUM,      /* "float-sum": in and out are float32, out[i] = in[0] + ... + in[i] in
                           float, added in an order of the kernel's choosing (the tests bound the
                           error), the same order on every run */
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
    size_t tile;    /* as scan_variant.tile */
    unsigned flags; /* SCAN_ flags (common/contract/scan.h) */
} app_variant;

/* The table of an applications step's kernel file; its last row is the headline. */
extern const app_variant app_variants[];
extern const size_t app_variant_count;

#ifdef __cplusplus
}
#endif

#endif /* APPS_H */
