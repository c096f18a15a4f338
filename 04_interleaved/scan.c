/* Stage 04, interleaved: the two passes of 03_avx_blocked run together, accumulate a lag behind.
 * Compared with 03_avx_blocked: no blocks; one loop prefixes i..i+7 and accumulates 128 behind.
 * Expected: a little faster than 03 at most sizes, with the same work per element.
 * Run it: make stage-4 (from the top folder) or make (in this folder). */
#include <immintrin.h>

#include "scan.h"

/* 1, with AVX2: prefix8, two four-element prefixes per register (a 256-bit byte shift works inside
 *    each 128-bit half): 1 2 3 4 5 6 7 8 -> 1 3 6 10 | 5 11 18 26. */
__attribute__((target("avx2"))) static inline void prefix8(const uint32_t *in, uint32_t *out)
{
    __m256i x = _mm256_loadu_si256((const __m256i *)in);
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
    _mm256_storeu_si256((__m256i *)out, x);
}

/* 2. accumulate: adds s (the total before the block, in all four lanes) to the block's local prefix
 *    p[0..4) and returns s + p[3]: one add on the chain per block. p[3] is broadcast by a load. */
__attribute__((target("avx2"))) static inline __m128i accumulate(uint32_t *p, __m128i s)
{
    __m128i d = _mm_castps_si128(_mm_broadcast_ss((const float *)&p[3]));
    __m128i x = _mm_loadu_si128((const __m128i *)p);
    _mm_storeu_si128((__m128i *)p, _mm_add_epi32(s, x));
    return _mm_add_epi32(s, d);
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

/* 4. interleave: iteration i prefixes elements i..i+7 and accumulates those LAG behind, still in
 *    L1. With `prefetch` it asks for in and out AHEAD elements on; the caller keeps them inside. */
enum { LAG = 128, AHEAD = 2048 };

__attribute__((target("avx2"))) static inline __m128i
interleave(const uint32_t *in, uint32_t *out, size_t from, size_t to, __m128i s, int prefetch)
{
    /* SOLUTION BEGIN: prefix elements i..i+7 and accumulate those LAG behind, in one loop */
    for (size_t i = from; i < to; i += 8) {
        prefix8(in + i, out + i);
        if (prefetch) __builtin_prefetch(in + i + AHEAD);
        s = accumulate(out + i - LAG, s);
        if (prefetch) __builtin_prefetch(out + i + AHEAD);
        s = accumulate(out + i - LAG + 4, s);
    }
    return s;
    /* SOLUTION END, stub: (void)in; (void)out; (void)from; (void)to; (void)prefetch; return s; */
}

/* 5. Start-up (prefix only), the loop, wind-down (accumulate only); in == out works. */
__attribute__((target("avx2"))) static inline void
scan_interleaved_with(const uint32_t *in, uint32_t *out, size_t n, int prefetch)
{
    /* SOLUTION BEGIN: start-up (prefix only), interleave, wind-down (accumulate only), tail */
    size_t m = n / 8 * 8;
    size_t lead = m < LAG ? m : LAG;
    size_t fetched = prefetch && m > lead + AHEAD ? m - AHEAD : lead; /* prefetch while i < it */
    __m128i s = _mm_setzero_si128();
    for (size_t i = 0; i < lead; i += 8)
        prefix8(in + i, out + i);
    s = interleave(in, out, lead, fetched, s, 1);
    s = interleave(in, out, fetched, m, s, 0);
    for (size_t i = m - lead; i < m; i += 4)
        s = accumulate(out + i, s);
    scan_tail(in, out, m, n, (uint32_t)_mm_cvtsi128_si32(s));
    /* SOLUTION END, stub: (void)in; (void)out; (void)n; (void)prefetch; */
}

__attribute__((target("avx2"))) static void scan_interleaved(const uint32_t *in, uint32_t *out,
                                                             size_t n, void *scratch)
{
    (void)scratch;
    scan_interleaved_with(in, out, n, 0);
}

__attribute__((target("avx2"))) static void
scan_interleaved_prefetch(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)scratch;
    scan_interleaved_with(in, out, n, 1);
}

/* The variants, the headline last (the tests probe sizes around multiples of each one's tile). */
const scan_variant stage_variants[] = {
    {"interleaved", NULL, scan_interleaved, LAG, 0},
    {"interleaved+prefetch", NULL, scan_interleaved_prefetch, LAG, SCAN_GRADED},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];
const scan_constant stage_constants[] = {{"LAG", LAG}, {"AHEAD", AHEAD}};
const size_t stage_constant_count = sizeof stage_constants / sizeof stage_constants[0];

/* 6. Both variants need AVX2: where the CPU lacks it, they are skipped. */
const char *stage_variant_missing(size_t i)
{
    (void)i;
    if (!scan_cpu_has("avx2")) return "avx2";
    return NULL;
}
