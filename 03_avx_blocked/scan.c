/* Stage 03, avx_blocked: both passes of 02_sse, one cache-sized block at a time.
 * Compared with 02_sse: the array is cut into blocks of 4096 elements; each block gets its local
 * prefixes and its accumulate pass while it is still in L1, and the running total goes on to the
 * next block. A second variant prefetches the next block while it accumulates the current one.
 * Expected: in L1/L2 a little faster than 02_sse (pass 2 finds its block in L1); from RAM the
 * array crosses the memory bus once instead of twice: clearly faster there. The prefetch keeps
 * memory busy during pass 2; on the course's CPU it won at 2^27 and tied at 2^26 (README).
 * Run it: make stage-3 (from the top folder) or make (in this folder). */
#include <immintrin.h>

#include "scan.h"

/* 1, with AVX2: prefix8, eight elements per register, as two independent four-element prefixes.
 *    The byte shift of a 256-bit register works inside each 128-bit half, so the same two steps
 *    give 1 2 3 4 5 6 7 8 -> 1 3 6 10 | 5 11 18 26: still useful, because accumulate works on
 *    blocks of four anyway, and this does two of them per instruction. */
__attribute__((target("avx2"))) static inline void prefix8(const uint32_t *in, uint32_t *out)
{
    __m256i x = _mm256_loadu_si256((const __m256i *)in);
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
    _mm256_storeu_si256((__m256i *)out, x);
}

/* 2. accumulate: p[0..4) holds a block's local prefix, s the running total of everything before
 *    the block in all four lanes. It adds s to the block and returns s + p[3], with p[3] broadcast
 *    from the local prefix: one add between consecutive blocks, so the chain that carries the
 *    total runs at one add per four elements and everything else overlaps. With AVX the broadcast
 *    is a load (vbroadcastss), so the ALUs only add. */
__attribute__((target("avx2"))) static inline __m128i accumulate(uint32_t *p, __m128i s)
{
    __m128i d = _mm_castps_si128(_mm_broadcast_ss((const float *)&p[3]));
    __m128i x = _mm_loadu_si128((const __m128i *)p);
    _mm_storeu_si128((__m128i *)p, _mm_add_epi32(s, x));
    return _mm_add_epi32(s, d);
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

/* 4. local_prefix: both passes over one block, while it is in L1. Pass 1 reads BLOCK elements of
 *    in and writes BLOCK elements of out; pass 2 reads and writes the same out again. With 4096
 *    elements that is 16 KiB of in plus 16 KiB of out, 32 KiB of the 48 KiB L1d (32 KiB on many
 *    CPUs: then out alone, the part pass 2 rereads, still fits), leaving room for the stack, the
 *    lines the prefetch brings in, and the hardware's own prefetches. Much smaller blocks spend
 *    more of their time starting and stopping the two loops; larger ones spill out of L1 before
 *    pass 2 comes back. s goes in as the total of all earlier blocks and comes out as the total
 *    including this one: the carry.
 *    With `prefetch`, pass 2 asks for the next block while it works: the input the next pass 1
 *    will read, and the output it will write (a store to a line that is not in the cache must
 *    first read it, so out is fetched from memory too). One prefetch per accumulate, alternating
 *    between the two arrays, covers each of their cache lines twice. The caller sets it only when
 *    a whole next block lies inside both arrays. */
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

/* 5. The blocks in order, each starting from the carry of the one before; the last block may be
 *    shorter. in == out works as in 02_sse: each block is read before it is written. Prefetching
 *    reaches a block ahead, so it runs only while a whole next block lies inside the arrays: no
 *    prefetch ever names an address past their ends. */
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

/* The variants work in blocks of BLOCK elements (the tests probe sizes around its multiples). */
const scan_variant stage_variants[] = {
    {"blocked", NULL, scan_blocked, BLOCK, 0},
    {"blocked+prefetch", NULL, scan_blocked_prefetch, BLOCK, SCAN_GRADED},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];

/* 6. Both variants need AVX2. The tests and the benchmark ask before they run a variant, and skip
 *    it with one line where the CPU lacks its instructions. */
const char *stage_variant_missing(size_t i)
{
    (void)i;
    if (!scan_cpu_has("avx2")) return "avx2";
    return NULL;
}
