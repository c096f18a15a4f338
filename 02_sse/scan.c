/* Stage 02, sse: the prefix sum inside SIMD registers, then a pass that adds the running total.
 * Compared with 01_scalar: every block of four elements gets its own prefix sum in a register (two
 * shift-and-add steps instead of a chain of adds), and a second pass over the array adds to each
 * block the sum of everything before it.
 * Expected: in L1/L2 the AVX2 variant clearly ahead of the scalar loop (the SSE-only one about
 * level with it: this CPU's scalar loop already runs near one element per cycle); from RAM both
 * move the array through memory twice and fall below the scalar loop.
 * Run it: make stage-2 (from the top folder) or make (in this folder). */
#include <immintrin.h>

#include "scan.h"

/* 1. The local prefix of four elements in one SSE register, out[0..4) from in[0..4): log2(4) = 2
 *    steps, step k adding the register shifted up by 2^k lanes (_mm_slli_si128 shifts bytes and
 *    fills with zeros, so lanes with nothing to their left add zero). Four adds of the scalar chain
 *    become two, and the four results come out at once. */
static inline void prefix4(const uint32_t *in, uint32_t *out)
{
    /* SOLUTION BEGIN: prefix of in[0..4) into out[0..4): two shift-and-add steps in one register */
    __m128i x = _mm_loadu_si128((const __m128i *)in); /* a  b    c      d        */
    x = _mm_add_epi32(x, _mm_slli_si128(x, 4));       /* a  a+b  b+c    c+d      */
    x = _mm_add_epi32(x, _mm_slli_si128(x, 8));       /* a  a+b  a+b+c  a+b+c+d  */
    _mm_storeu_si128((__m128i *)out, x);
    /* SOLUTION END, stub: (void)in; (void)out; */
}

/* 1, with AVX2: prefix8, eight elements per register, as two independent four-element prefixes.
 *    The byte shift of a 256-bit register works inside each 128-bit half, so the same two steps
 *    give 1 2 3 4 5 6 7 8 -> 1 3 6 10 | 5 11 18 26: still useful, because accumulate works on
 *    blocks of four anyway, and this does two of them per instruction. */
__attribute__((target("avx2"))) static inline void prefix8(const uint32_t *in, uint32_t *out)
{
    /* SOLUTION BEGIN: the two four-element prefixes of in[0..8) into out[0..8), in one register */
    __m256i x = _mm256_loadu_si256((const __m256i *)in);
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
    _mm256_storeu_si256((__m256i *)out, x);
    /* SOLUTION END, stub: (void)in; (void)out; */
}

/* 2. accumulate: p[0..4) holds a block's local prefix, s the running total of everything before
 *    the block in all four lanes. It adds s to the block and returns s + p[3], with p[3] broadcast
 *    from the local prefix: one add between consecutive blocks, so the chain that carries the
 *    total runs at one add per four elements and everything else overlaps. With AVX the broadcast
 *    is a load (vbroadcastss), so the ALUs only add. */
__attribute__((target("avx2"))) static inline __m128i accumulate(uint32_t *p, __m128i s)
{
    /* SOLUTION BEGIN: add s to p[0..4) and return s plus the block total (p[3] before the add) */
    __m128i d = _mm_castps_si128(_mm_broadcast_ss((const float *)&p[3]));
    __m128i x = _mm_loadu_si128((const __m128i *)p);
    _mm_storeu_si128((__m128i *)p, _mm_add_epi32(s, x));
    return _mm_add_epi32(s, d);
    /* SOLUTION END, stub: (void)p; return s; */
}

/*    Plain SSE2 has no broadcast from memory: the SSE-only variant shuffles the loaded block
 *    instead, one more ALU instruction per block. */
static inline __m128i accumulate_sse2(uint32_t *p, __m128i s)
{
    /* SOLUTION BEGIN: the same with SSE2: the block total by a shuffle of the loaded block */
    __m128i x = _mm_loadu_si128((const __m128i *)p);
    __m128i d = _mm_shuffle_epi32(x, 0xFF);
    _mm_storeu_si128((__m128i *)p, _mm_add_epi32(s, x));
    return _mm_add_epi32(s, d);
    /* SOLUTION END, stub: (void)p; return s; */
}

/* 3. scan_tail: the last elements, fewer than a register holds, one at a time from the carry as in
 *    01_scalar. No load or store ever reaches past the end of in or out, not even into the same
 *    page. */
static inline void scan_tail(const uint32_t *in, uint32_t *out, size_t from, size_t n,
                             uint32_t carry)
{
    for (size_t i = from; i < n; i++) {
        carry += in[i];
        out[i] = carry;
    }
}

/* 4. Two passes: local prefixes into out, then accumulate over out. The first pass reads in and
 *    writes out; the second reads and writes out again, so out goes through the caches twice (and,
 *    for arrays larger than the caches, through memory twice). in == out works unchanged: each
 *    block is read before it is written, and the tail reads in[m..n), which nothing wrote. */
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

/* The variants and their registers' widths (the tests probe sizes around multiples of them). */
const scan_variant stage_variants[] = {
    {"sse", NULL, scan_sse, 4, 0},
    {"avx2+sse", NULL, scan_avx2_sse, 8, SCAN_GRADED},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];

/* 5. SSE2 is part of every x86-64 CPU; AVX2 is not. The tests and the benchmark ask before they
 *    run a variant, and skip it with one line where the CPU lacks its instructions. */
const char *stage_variant_missing(size_t i)
{
    if (stage_variants[i].run == scan_avx2_sse && !scan_cpu_has("avx2")) return "avx2";
    return NULL;
}
