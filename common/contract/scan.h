/* The stage contract: every stage exports its variants in one table with one signature.
 *
 * A variant computes the inclusive prefix sum out[i] = in[0] + ... + in[i] (mod 2^32).
 * Every variant, CPU or GPU, keeps these rules; the shared tests (common/core/tests.c) check each
 * one:
 *   - any n from 0 up; n == 0 touches no pointer;
 *   - in == out (in place) is allowed; otherwise the two ranges do not overlap;
 *   - in and out may each start at any element offset from an allocation (no alignment promise);
 *   - the input is never modified when in != out; nothing outside out[0..n) is written;
 *   - CPU stages take host pointers and host scratch; GPU stages take device pointers and device
 *     scratch, launch on the default stream, never allocate or synchronize inside run, and
 *     initialise their own scratch (that work is part of the scan's cost).
 * The table's last row is the stage's headline variant. This header compiles as C11 and under nvcc.
 */
#ifndef SCAN_H
#define SCAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct scan_variant {
    const char *name;                  /* row label, e.g. "blocked+prefetch" */
    size_t (*scratch_bytes)(size_t n); /* NULL when the variant needs no scratch */
    void (*run)(const uint32_t *in, uint32_t *out, size_t n, void *scratch);
    size_t tile;    /* elements per block or tile the variant works in (1: none); the tests probe
                       sizes around its multiples, so they never keep a copy of it */
    unsigned flags; /* 0, or the SCAN_ flags below */
} scan_variant;

/* SCAN_GRADED: the variant whose code the classroom kit blanks (SOLUTION markers) and `make grade`
 *   times: one per stage. */
#define SCAN_GRADED 1u
/* SCAN_OUT_OF_PLACE: the variant needs in != out (an application such as a compaction in three
 *   kernels, whose scatter would overwrite elements other blocks have yet to read); the tests'
 *   in-place cases leave it out. */
#define SCAN_OUT_OF_PLACE 4u

extern const scan_variant stage_variants[];
extern const size_t stage_variant_count;

/* Optional. A stage whose variants need instructions that not every CPU has defines this function:
 * it returns NULL when variant i can run on this machine, else the name of what is missing
 * ("avx512f"). Tests and benchmarks skip such a variant with one line. Stages that need nothing
 * special leave it undefined; the weak declaration makes its address NULL then. */
#if defined(__GNUC__)
__attribute__((weak))
#endif
const char *
stage_variant_missing(size_t i);

/* For stage_variant_missing: 1 when this CPU has `feature` (gcc's name for it, as
 * __builtin_cpu_supports takes it: "avx2", "avx512f", ...) and the environment variable
 * SCAN_HIDE_CPU does not list it (names separated by commas or spaces), else 0; always 0 on a CPU
 * other than x86. SCAN_HIDE_CPU lets one machine act as a smaller one: SCAN_HIDE_CPU=avx512f
 * runs a stage's tests, benchmark and grade as a CPU with AVX2 but without AVX-512 would
 * (SCAN_HIDE_CPU=avx512f make test-N). */
int scan_cpu_has(const char *feature);

/* Optional. Other sizes a stage's kernels are built around (a lag, a prefetch distance, a
 * threshold), by name, for its test.c to probe around (scan_test_constant in common/core/tests.h),
 * so that the tests read them from the kernel file instead of keeping copies. */
typedef struct scan_constant {
    const char *name;
    size_t value;
} scan_constant;

#if defined(__GNUC__)
__attribute__((weak))
#endif
extern const scan_constant stage_constants[];
#if defined(__GNUC__)
__attribute__((weak))
#endif
extern const size_t stage_constant_count;

#ifdef __cplusplus
}
#endif

#endif /* SCAN_H */
