/* Stage 03, avx_blocked: both passes of 02_sse, one cache-sized block at a time.
 * Compared with 02_sse: the array is cut into blocks of 4096 elements; each block gets its local
 * prefixes and its accumulate pass while it is still in L1, and the running total goes on to the
 * next block. A second variant prefetches the next block while it accumulates the current one.
 * Expected: in L1/L2 a little faster than 02_sse (pass 2 finds its block in L1); from RAM the
 * array crosses the memory bus once instead of twice: clearly faster there, more so with the
 * prefetch.
 * Run it: make stage-3 (from the top folder) or make (in this folder). */
#include <immintrin.h>

#include "scan.h"
#include "simd_prefix.h"

/* 1-3. prefix8, accumulate and scan_tail: stage 02's building blocks, in common/simd_prefix.h. */

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

const scan_variant stage_variants[] = {
    {"blocked", NULL, scan_blocked},
    {"blocked+prefetch", NULL, scan_blocked_prefetch},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];

/* 6. Both variants need AVX2. The tests and the benchmark ask before they run a variant, and skip
 *    it with one line where the CPU lacks its instructions. */
const char *stage_variant_missing(size_t i)
{
    (void)i;
    if (!__builtin_cpu_supports("avx2")) return "avx2";
    return NULL;
}
