/* The SIMD building blocks of the CPU stages, taught in stage 02 and reused by 03 and 04: the
 * AVX2 local prefix of eight elements, the accumulate step that adds the running total to four of
 * them, and the scalar tail. Include it in a stage's scan.c; the functions carry their own target
 * attributes, so the file needs no -mavx2 and the binary runs (and skips) on any x86-64 CPU. */
#ifndef SIMD_PREFIX_H
#define SIMD_PREFIX_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

/* The local prefix of eight elements with AVX2. Its byte shift works inside each 128-bit half
 * (bytes never cross from the low half to the high one), and a third step, a shift by 16 bytes,
 * would only shift zeros in. So eight elements come out as two independent four-element
 * prefixes: 1 2 3 4 5 6 7 8 -> 1 3 6 10 | 5 11 18 26. That is still useful: accumulate works on
 * blocks of four anyway, and this does two of them per instruction. */
__attribute__((target("avx2"))) static inline void prefix8(const uint32_t *in, uint32_t *out)
{
    __m256i x = _mm256_loadu_si256((const __m256i *)in);
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
    _mm256_storeu_si256((__m256i *)out, x);
}

/* accumulate: p[0..4) holds a block's local prefix; s holds the running total of everything
 * before the block, in all four lanes. Add s to the block, and return the total after it:
 * s + p[3], with p[3] broadcast from the local prefix. Taking the broadcast from the local
 * prefix, not from the finished block, keeps one add between consecutive blocks: the chain that
 * carries the total runs at one add per four elements, and everything else overlaps.
 * With AVX the broadcast is a load (vbroadcastss, which moves 32 bits and does not care that
 * they are an integer), so the ALUs only add.
 * `ahead`, when not NULL, is an address to prefetch (stages 03 and 04): accumulate is the slower
 * phase and the one that reads no new memory, so the memory bus is free for it. */
__attribute__((target("avx2"))) static inline __m128i accumulate(uint32_t *p, __m128i s,
                                                                 const uint32_t *ahead)
{
    if (ahead) __builtin_prefetch(ahead);
    __m128i d = _mm_castps_si128(_mm_broadcast_ss((const float *)&p[3]));
    __m128i x = _mm_loadu_si128((const __m128i *)p);
    _mm_storeu_si128((__m128i *)p, _mm_add_epi32(s, x));
    return _mm_add_epi32(s, d);
}

/* The last elements, fewer than a register holds: one at a time from the carry, as in 01_scalar.
 * No load or store ever reaches past the end of in or out, not even into the same page. */
static inline void scan_tail(const uint32_t *in, uint32_t *out, size_t from, size_t n,
                             uint32_t carry)
{
    for (size_t i = from; i < n; i++) {
        carry += in[i];
        out[i] = carry;
    }
}

#endif /* SIMD_PREFIX_H */
