/* Stage 03, avx_blocked: both passes of 02_sse, one cache-sized block at a time.
 * Compared with 02_sse: both passes per block of 4096 elements, in L1; a variant prefetches.
 * Expected: a little faster in L1/L2; from RAM clearly faster (the array crosses memory once).
 * Run it: make stage-3 (from the top folder) or make (in this folder). */
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

/* 4. local_prefix: both passes over one block of BLOCK elements while it is in L1, from the carry
 *    s. With `prefetch`, pass 2 asks for the next block's in and out (stores read a line first). */
enum { BLOCK = 4096 };

__attribute__((target("avx2"))) static inline __m128i
local_prefix(const uint32_t *in, uint32_t *out, size_t len, __m128i s, int prefetch)
{
    /* SOLUTION BEGIN: both passes over one block; with prefetch, ask for the next block */
    for (size_t i = 0; i < len; i += 8)
        prefix8(in + i, out + i);
    for (size_t i = 0; i < len; i += 8) {
        if (prefetch) __builtin_prefetch(in + BLOCK + i);
        s = accumulate(out + i, s);
        if (prefetch) __builtin_prefetch(out + BLOCK + i);
        s = accumulate(out + i + 4, s);
    }
    return s;
    /* SOLUTION END, stub: (void)in; (void)out; (void)len; (void)prefetch; return s; */
}

/* 5. The blocks in order; prefetch only while a whole next block lies inside the arrays. */
__attribute__((target("avx2"))) static inline void
scan_blocked_with(const uint32_t *in, uint32_t *out, size_t n, int prefetch)
{
    /* SOLUTION BEGIN: the blocks in order, carrying s; prefetch while a next block exists */
    size_t m = n / 8 * 8;
    __m128i s = _mm_setzero_si128();
    for (size_t i = 0; i < m; i += BLOCK) {
        size_t len = m - i < BLOCK ? m - i : BLOCK;
        s = local_prefix(in + i, out + i, len, s, prefetch && m - i >= 2 * BLOCK);
    }
    scan_tail(in, out, m, n, (uint32_t)_mm_cvtsi128_si32(s));
    /* SOLUTION END, stub: (void)in; (void)out; (void)n; (void)prefetch; */
}

__attribute__((target("avx2"))) static void scan_blocked(const uint32_t *in, uint32_t *out,
                                                         size_t n, void *scratch)
{
    (void)scratch;
    scan_blocked_with(in, out, n, 0);
}

__attribute__((target("avx2"))) static void scan_blocked_prefetch(const uint32_t *in, uint32_t *out,
                                                                  size_t n, void *scratch)
{
    (void)scratch;
    scan_blocked_with(in, out, n, 1);
}

/* The variants, the headline last (the tests probe sizes around multiples of each one's tile). */
const scan_variant stage_variants[] = {
    {"blocked", NULL, scan_blocked, BLOCK, 0},
    {"blocked+prefetch", NULL, scan_blocked_prefetch, BLOCK, SCAN_GRADED},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];

/* 6. Both variants need AVX2: where the CPU lacks it, they are skipped. */
const char *stage_variant_missing(size_t i)
{
    (void)i;
    if (!scan_cpu_has("avx2")) return "avx2";
    return NULL;
}
