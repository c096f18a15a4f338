/* The SIMD building blocks of the CPU stages, taught in stage 02 and reused by 03 and 04: the
 * AVX2 local prefix of eight elements, the accumulate step that adds the running total to four of
 * them, and the scalar tail. Include it in a stage's scan.c; the functions carry their own target
 * attributes, so the file needs no -mavx2 and the binary runs (and skips) on any x86-64 CPU. */
#ifndef SIMD_PREFIX_H
#define SIMD_PREFIX_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

/* The local prefix of eight elements with AVX2, as two independent four-element prefixes (the
 * byte shift stays inside each 128-bit half). Explained in 02_sse/scan.c, step 1. */
__attribute__((target("avx2"))) static inline void prefix8(const uint32_t *in, uint32_t *out)
{
    __m256i x = _mm256_loadu_si256((const __m256i *)in);
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
    _mm256_storeu_si256((__m256i *)out, x);
}

/* Add the running total s (in all four lanes) to the local prefix in p[0..4), and return the
 * total after the block, s + p[3]. Explained in 02_sse/scan.c, step 2. */
__attribute__((target("avx2"))) static inline __m128i accumulate(uint32_t *p, __m128i s)
{
    __m128i d = _mm_castps_si128(_mm_broadcast_ss((const float *)&p[3]));
    __m128i x = _mm_loadu_si128((const __m128i *)p);
    _mm_storeu_si128((__m128i *)p, _mm_add_epi32(s, x));
    return _mm_add_epi32(s, d);
}

/* The last elements, fewer than a register holds, one at a time from the carry (02_sse/scan.c,
 * step 3). */
static inline void scan_tail(const uint32_t *in, uint32_t *out, size_t from, size_t n,
                             uint32_t carry)
{
    for (size_t i = from; i < n; i++) {
        carry += in[i];
        out[i] = carry;
    }
}

#endif /* SIMD_PREFIX_H */
