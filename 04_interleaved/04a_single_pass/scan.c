/* Step 04a, single_pass: one pass, each register's prefix finished in the register (AVX2, AVX-512).
 * Compared with 04_interleaved: no second pass; the total so far is broadcast and added, once.
 * Expected: faster than 04 once the arrays leave L1 (each element stored once); from RAM too.
 * Run it: make stage-4a (from the top folder) or make (in this folder). */
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
    for (size_t i = from; i < to; i += 8) {
        prefix8(in + i, out + i);
        if (prefetch) __builtin_prefetch(in + i + AHEAD);
        s = accumulate(out + i - LAG, s);
        if (prefetch) __builtin_prefetch(out + i + AHEAD);
        s = accumulate(out + i - LAG + 4, s);
    }
    return s;
}

/* 5. Start-up (prefix only), the loop, wind-down (accumulate only); in == out works. */
__attribute__((target("avx2"))) static inline void
scan_interleaved_with(const uint32_t *in, uint32_t *out, size_t n, int prefetch)
{
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
}

__attribute__((target("avx2"))) static void
scan_interleaved_prefetch(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)scratch;
    scan_interleaved_with(in, out, n, 1);
}

/* ---- Beyond the article, with AVX-512, where the CPU has it -------------------------------- */

/* 6. shift_in: valignd shifts x up by k lanes across the whole register, the top k lanes of `below`
 *    shifted in, so four shift-and-add steps give a true 16-element prefix: no second pass. */
__attribute__((target("avx512f"))) static inline __m512i shift_in(__m512i x, __m512i below, int k)
{
    return _mm512_alignr_epi32(x, below, 16 - k);
}

/* 7. step: the 16 results of the inputs x, their prefix (zeros shifted in) plus the carry, lane 15
 *    of the previous results broadcast by a permute: 10 instructions per 16 elements. */
typedef struct run_state {
    __m512i out; /* the previous register's results */
} run_state;

__attribute__((target("avx512f"))) static inline __m512i step(run_state *r, __m512i x)
{
    const __m512i zero = _mm512_setzero_si512();
    x = _mm512_add_epi32(x, shift_in(x, zero, 1));
    x = _mm512_add_epi32(x, shift_in(x, zero, 2));
    x = _mm512_add_epi32(x, shift_in(x, zero, 4));
    x = _mm512_add_epi32(x, shift_in(x, zero, 8));
    r->out = _mm512_add_epi32(x, _mm512_permutexvar_epi32(_mm512_set1_epi32(15), r->out));
    return r->out;
}

/* 8. The loop, UNROLL registers per iteration (less loop overhead, more loads in flight), every
 *    load before any store, so in place is safe. */
enum { UNROLL = 8 };

__attribute__((target("avx512f"))) static inline void
scan_registers(const uint32_t *in, uint32_t *out, size_t from, size_t to, run_state *r)
{
    for (size_t i = from; i + 16 * UNROLL <= to; i += 16 * UNROLL) {
        __m512i v[UNROLL];
        for (int k = 0; k < UNROLL; k++)
            v[k] = _mm512_loadu_si512(in + i + 16 * k);
        for (int k = 0; k < UNROLL; k++)
            v[k] = step(r, v[k]);
        for (int k = 0; k < UNROLL; k++)
            _mm512_store_si512((void *)(out + i + 16 * k), v[k]);
    }
}

/* 9. Head, body, tail. The head register ends where out reaches a 64-byte boundary, so each store
 *    of the body fills one aligned line; an expanding load and a compressing store touch only its
 *    lanes inside the arrays. The tail's lanes past n are masked off. */
__attribute__((target("avx512f"))) static inline void scan_avx512_pass(const uint32_t *in,
                                                                       uint32_t *out, size_t n)
{
    const __m512i zero = _mm512_setzero_si512();
    run_state r = {zero};
    size_t head = (64 - ((uintptr_t)out & 63)) % 64 / sizeof *out; /* 0..15 elements */
    size_t h = head < n ? head : n;
    if (h) {
        __mmask16 lanes = (__mmask16)(((1u << h) - 1) << (16 - head));
        __m512i v = step(&r, _mm512_maskz_expandloadu_epi32(lanes, in));
        _mm512_mask_compressstoreu_epi32(out, lanes, v);
    }
    if (n <= head) return;
    size_t body = head + (n - head) / (16 * UNROLL) * (16 * UNROLL);
    scan_registers(in, out, head, body, &r);
    for (size_t i = body; i < n; i += 16) {
        size_t len = n - i < 16 ? n - i : 16;
        __mmask16 lanes = (__mmask16)((1u << len) - 1);
        __m512i v = step(&r, _mm512_maskz_loadu_epi32(lanes, in + i));
        _mm512_mask_storeu_epi32(out + i, lanes, v);
    }
}

__attribute__((target("avx512f"))) static void scan_avx512(const uint32_t *in, uint32_t *out,
                                                           size_t n, void *scratch)
{
    (void)scratch;
    scan_avx512_pass(in, out, n);
}

/* ---- Beyond the article, on every x86-64: the single pass with AVX2 ------------------------ */

/* 10. prefix8_full, the cross-lane step: AVX2 has no shift across the middle of a register, so
 *     vpermd copies lane 3 (the low half's total) everywhere, an and keeps it in the high half
 *     only, and one add finishes the register: 1 3 6 10 | 5 11 18 26 -> 1 3 6 10 | 15 21 28 36. */
__attribute__((target("avx2"))) static inline __m256i prefix8_full(__m256i x)
{
    /* SOLUTION BEGIN: the two in-lane steps, then the low half's total added to the high half */
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
    const __m256i low_total = _mm256_permutevar8x32_epi32(x, _mm256_set1_epi32(3));
    const __m256i high_half = _mm256_setr_epi32(0, 0, 0, 0, -1, -1, -1, -1);
    return _mm256_add_epi32(x, _mm256_and_si256(low_total, high_half));
    /* SOLUTION END, stub: return x; */
}

/* 11. step8: the register's prefix plus carry, the total of everything before it; carry then grows
 *     by the register's own total (lane 7 of its prefix, broadcast), which needs this register's
 *     inputs only, so the chain from register to register is one add. */
typedef struct run_state8 {
    __m256i carry; /* the total so far, in every lane */
} run_state8;

__attribute__((target("avx2"))) static inline __m256i step8(run_state8 *r, __m256i x)
{
    /* SOLUTION BEGIN: the register's prefix plus carry; carry grows by the prefix's lane 7 */
    const __m256i p = prefix8_full(x);
    const __m256i total = _mm256_permutevar8x32_epi32(p, _mm256_set1_epi32(7));
    const __m256i results = _mm256_add_epi32(p, r->carry);
    r->carry = _mm256_add_epi32(r->carry, total);
    return results;
    /* SOLUTION END, stub: (void)r; return prefix8_full(x); */
}

/* 12. The loop, section 8's with eight lanes: UNROLL registers, every load before any store. */
__attribute__((target("avx2"))) static inline void
scan_registers8(const uint32_t *in, uint32_t *out, size_t from, size_t to, run_state8 *r)
{
    for (size_t i = from; i + 8 * UNROLL <= to; i += 8 * UNROLL) {
        __m256i v[UNROLL];
        for (int k = 0; k < UNROLL; k++)
            v[k] = _mm256_loadu_si256((const __m256i *)(in + i + 8 * k));
        for (int k = 0; k < UNROLL; k++)
            v[k] = step8(r, v[k]);
        for (int k = 0; k < UNROLL; k++)
            _mm256_store_si256((__m256i *)(out + i + 8 * k), v[k]);
    }
}

/* 13. Head, body, tail. The head, 0 to 7 elements one at a time, brings out to a 32-byte boundary,
 *     and the state starts from its total. After the body, whole registers one at a time, then the
 *     last 0 to 7 elements, as in scan_tail. */
__attribute__((target("avx2"))) static inline void scan_avx2_pass(const uint32_t *in, uint32_t *out,
                                                                  size_t n)
{
    size_t head = (32 - ((uintptr_t)out & 31)) % 32 / sizeof *out; /* 0..7 elements */
    if (head > n) head = n;
    uint32_t sum = 0;
    for (size_t i = 0; i < head; i++) {
        sum += in[i];
        out[i] = sum;
    }
    const __m256i total = _mm256_set1_epi32((int)sum);
    run_state8 r = {total};
    size_t body = head + (n - head) / (8 * UNROLL) * (8 * UNROLL);
    scan_registers8(in, out, head, body, &r);
    size_t i = body;
    for (; i + 8 <= n; i += 8) {
        const __m256i x = _mm256_loadu_si256((const __m256i *)(in + i));
        _mm256_store_si256((__m256i *)(out + i), step8(&r, x));
    }
    scan_tail(in, out, i, n, (uint32_t)_mm256_extract_epi32(r.carry, 7));
}

__attribute__((target("avx2"))) static void scan_avx2(const uint32_t *in, uint32_t *out, size_t n,
                                                      void *scratch)
{
    (void)scratch;
    scan_avx2_pass(in, out, n);
}

/* The variants: the parent's headline measured beside the two passes, the AVX2 pass last. */
const scan_variant stage_variants[] = {
    {"interleaved+prefetch", NULL, scan_interleaved_prefetch, LAG, 0},
    {"avx512", NULL, scan_avx512, 16 * UNROLL, 0},
    {"avx2", NULL, scan_avx2, 8 * UNROLL, SCAN_GRADED},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];
const scan_constant stage_constants[] = {{"LAG", LAG}, {"AHEAD", AHEAD}, {"UNROLL", UNROLL}};
const size_t stage_constant_count = sizeof stage_constants / sizeof stage_constants[0];

/* 14. The AVX-512 pass needs AVX-512F, the others AVX2: a variant the CPU cannot run is skipped
 *     (SCAN_HIDE_CPU=avx512f hides AVX-512 from this check). */
const char *stage_variant_missing(size_t i)
{
    void (*run)(const uint32_t *, uint32_t *, size_t, void *) = stage_variants[i].run;
    if (run == scan_avx512) {
        if (!scan_cpu_has("avx512f")) return "avx512f";
    } else if (!scan_cpu_has("avx2")) {
        return "avx2";
    }
    return NULL;
}
