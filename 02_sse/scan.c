/* Stage 02, sse: the prefix sum inside SIMD registers, then a pass that adds the running total.
 * Compared with 01_scalar: four elements' prefix in a register, then a pass adding the carry.
 * Expected: in L1/L2 ahead of the scalar loop with AVX2; from RAM behind it (two passes).
 * Run it: make stage-2 (from the top folder) or make (in this folder). */
#include <immintrin.h>

#include "scan.h"

/* 1. prefix4: the local prefix of four elements in one SSE register, in log2(4) = 2 steps, each
 *    adding the register shifted up by 2^k lanes (zeros shifted in). */
static inline void prefix4(const uint32_t *in, uint32_t *out)
{
    /* SOLUTION BEGIN: prefix of in[0..4) into out[0..4): two shift-and-add steps in one register */
    __m128i x = _mm_loadu_si128((const __m128i *)in); /* a  b    c      d        */
    x = _mm_add_epi32(x, _mm_slli_si128(x, 4));       /* a  a+b  b+c    c+d      */
    x = _mm_add_epi32(x, _mm_slli_si128(x, 8));       /* a  a+b  a+b+c  a+b+c+d  */
    _mm_storeu_si128((__m128i *)out, x);
    /* SOLUTION END, stub: (void)in; (void)out; */
}

/* 1, with AVX2: prefix8, two four-element prefixes per register (a 256-bit byte shift works inside
 *    each 128-bit half): 1 2 3 4 5 6 7 8 -> 1 3 6 10 | 5 11 18 26. */
__attribute__((target("avx2"))) static inline void prefix8(const uint32_t *in, uint32_t *out)
{
    /* SOLUTION BEGIN: the two four-element prefixes of in[0..8) into out[0..8), in one register */
    __m256i x = _mm256_loadu_si256((const __m256i *)in);
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
    _mm256_storeu_si256((__m256i *)out, x);
    /* SOLUTION END, stub: (void)in; (void)out; */
}

/* 2. accumulate: adds s (the total before the block, in all four lanes) to the block's local prefix
 *    p[0..4) and returns s + p[3]: one add on the chain per block. p[3] is broadcast by a load. */
__attribute__((target("avx2"))) static inline __m128i accumulate(uint32_t *p, __m128i s)
{
    /* SOLUTION BEGIN: add s to p[0..4) and return s plus the block total (p[3] before the add) */
    __m128i d = _mm_castps_si128(_mm_broadcast_ss((const float *)&p[3]));
    __m128i x = _mm_loadu_si128((const __m128i *)p);
    _mm_storeu_si128((__m128i *)p, _mm_add_epi32(s, x));
    return _mm_add_epi32(s, d);
    /* SOLUTION END, stub: (void)p; return s; */
}

/*    SSE2 has no broadcast from memory: a shuffle of the loaded block instead. */
static inline __m128i accumulate_sse2(uint32_t *p, __m128i s)
{
    /* SOLUTION BEGIN: the same with SSE2: the block total by a shuffle of the loaded block */
    __m128i x = _mm_loadu_si128((const __m128i *)p);
    __m128i d = _mm_shuffle_epi32(x, 0xFF);
    _mm_storeu_si128((__m128i *)p, _mm_add_epi32(s, x));
    return _mm_add_epi32(s, d);
    /* SOLUTION END, stub: (void)p; return s; */
}

/* 3. scan_tail: the last elements, fewer than a register holds, one at a time from the carry, so
 *    no load or store reaches past the end of in or out. */
static inline void scan_tail(const uint32_t *in, uint32_t *out, size_t from, size_t n,
                             uint32_t carry)
{
    for (size_t i = from; i < n; i++) {
        carry += in[i];
        out[i] = carry;
    }
}

/* 4. Two passes: local prefixes into out, then accumulate over out, so out goes through the caches
 *    (or memory) twice. in == out works: each block is read before it is written. */
static void scan_sse(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)scratch;
    /* SOLUTION BEGIN: pass 1: prefix4 over whole registers; pass 2: accumulate_sse2; the tail */
    size_t m = n / 4 * 4;
    for (size_t i = 0; i < m; i += 4)
        prefix4(in + i, out + i);
    __m128i s = _mm_setzero_si128();
    for (size_t i = 0; i < m; i += 4)
        s = accumulate_sse2(out + i, s);
    scan_tail(in, out, m, n, (uint32_t)_mm_cvtsi128_si32(s));
    /* SOLUTION END, stub: (void)in; (void)out; (void)n; */
}

__attribute__((target("avx2"))) static void scan_avx2_sse(const uint32_t *in, uint32_t *out,
                                                          size_t n, void *scratch)
{
    (void)scratch;
    /* SOLUTION BEGIN: pass 1: prefix8 over whole registers; pass 2: accumulate; then the tail */
    size_t m = n / 8 * 8;
    for (size_t i = 0; i < m; i += 8)
        prefix8(in + i, out + i);
    __m128i s = _mm_setzero_si128();
    for (size_t i = 0; i < m; i += 4)
        s = accumulate(out + i, s);
    scan_tail(in, out, m, n, (uint32_t)_mm_cvtsi128_si32(s));
    /* SOLUTION END, stub: (void)in; (void)out; (void)n; */
}

/* The variants, the headline last (the tests probe sizes around multiples of each one's tile). */
const scan_variant stage_variants[] = {
    {"sse", NULL, scan_sse, 4, 0},
    {"avx2+sse", NULL, scan_avx2_sse, 8, SCAN_GRADED},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];

/* 5. SSE2 is in every x86-64 CPU, AVX2 is not: a variant the CPU cannot run is skipped. */
const char *stage_variant_missing(size_t i)
{
    if (stage_variants[i].run == scan_avx2_sse && !scan_cpu_has("avx2")) return "avx2";
    return NULL;
}
