/* Step 04b, window_carry: the carry through a window, with no broadcast on the chain.
 * Compared with 04a_single_pass: each result is the result one register back plus the window's sum.
 * Expected: faster than 04a in the caches (fewer instructions, no permute on the chain).
 * Run it: make stage-4b (from the top folder) or make (in this folder). */
#include <immintrin.h>

#include "scan.h"

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
    __m512i out;            /* the previous register's results */
    __m512i in, s2, s4, s8; /* the window's: its inputs and partial sums */
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

/* 7, with the window: out[j] = out[j-16] + (in[j-15] + ... + in[j]). The same four steps sum the
 *    last 16 inputs if they shift in the previous register's partial sums (s2, s4, s8) instead of
 *    zeros; then the previous results are added lane by lane: no permute, a chain of one add. */
__attribute__((target("avx512f"))) static inline __m512i step_window(run_state *r, __m512i x)
{
    /* SOLUTION BEGIN: sums of 2, 4, 8, 16 inputs from the previous partial sums, plus r->out */
    __m512i s2 = _mm512_add_epi32(x, shift_in(x, r->in, 1));
    __m512i s4 = _mm512_add_epi32(s2, shift_in(s2, r->s2, 2));
    __m512i s8 = _mm512_add_epi32(s4, shift_in(s4, r->s4, 4));
    __m512i s16 = _mm512_add_epi32(s8, shift_in(s8, r->s8, 8));
    r->in = x;
    r->s2 = s2;
    r->s4 = s4;
    r->s8 = s8;
    r->out = _mm512_add_epi32(r->out, s16);
    return r->out;
    /* SOLUTION END, stub: (void)r; return x; */
}

enum carry { BROADCAST, WINDOW };

__attribute__((target("avx512f"))) static inline __m512i step_with(run_state *r, __m512i x,
                                                                   enum carry carry)
{
    return carry == WINDOW ? step_window(r, x) : step(r, x);
}

/* 8. The loop, UNROLL registers per iteration (less loop overhead, more loads in flight), every
 *    load before any store, so in place is safe. */
enum { UNROLL = 8 };

__attribute__((target("avx512f"))) static inline void scan_registers(const uint32_t *in,
                                                                     uint32_t *out, size_t from,
                                                                     size_t to, run_state *r,
                                                                     enum carry carry)
{
    for (size_t i = from; i + 16 * UNROLL <= to; i += 16 * UNROLL) {
        __m512i v[UNROLL];
        for (int k = 0; k < UNROLL; k++)
            v[k] = _mm512_loadu_si512(in + i + 16 * k);
        for (int k = 0; k < UNROLL; k++)
            v[k] = step_with(r, v[k], carry);
        for (int k = 0; k < UNROLL; k++)
            _mm512_store_si512((void *)(out + i + 16 * k), v[k]);
    }
}

/* 9. Head, body, tail. The head register ends where out reaches a 64-byte boundary, so each store
 *    of the body fills one aligned line; an expanding load and a compressing store touch only its
 *    lanes inside the arrays. The tail's lanes past n are masked off. */
__attribute__((target("avx512f"))) static inline void
scan_avx512_pass(const uint32_t *in, uint32_t *out, size_t n, enum carry carry)
{
    const __m512i zero = _mm512_setzero_si512();
    run_state r = {zero, zero, zero, zero, zero};
    size_t head = (64 - ((uintptr_t)out & 63)) % 64 / sizeof *out; /* 0..15 elements */
    size_t h = head < n ? head : n;
    if (h) {
        __mmask16 lanes = (__mmask16)(((1u << h) - 1) << (16 - head));
        __m512i v = step_with(&r, _mm512_maskz_expandloadu_epi32(lanes, in), carry);
        _mm512_mask_compressstoreu_epi32(out, lanes, v);
    }
    if (n <= head) return;
    size_t body = head + (n - head) / (16 * UNROLL) * (16 * UNROLL);
    scan_registers(in, out, head, body, &r, carry);
    for (size_t i = body; i < n; i += 16) {
        size_t len = n - i < 16 ? n - i : 16;
        __mmask16 lanes = (__mmask16)((1u << len) - 1);
        __m512i v = step_with(&r, _mm512_maskz_loadu_epi32(lanes, in + i), carry);
        _mm512_mask_storeu_epi32(out + i, lanes, v);
    }
}

__attribute__((target("avx512f"))) static void scan_avx512(const uint32_t *in, uint32_t *out,
                                                           size_t n, void *scratch)
{
    (void)scratch;
    scan_avx512_pass(in, out, n, BROADCAST);
}

__attribute__((target("avx512f"))) static void scan_avx512_window(const uint32_t *in, uint32_t *out,
                                                                  size_t n, void *scratch)
{
    (void)scratch;
    scan_avx512_pass(in, out, n, WINDOW);
}

/* ---- Beyond the article, on every x86-64: the single pass with AVX2 ------------------------ */

/* 10. prefix8_full, the cross-lane step: AVX2 has no shift across the middle of a register, so
 *     vpermd copies lane 3 (the low half's total) everywhere, an and keeps it in the high half
 *     only, and one add finishes the register: 1 3 6 10 | 5 11 18 26 -> 1 3 6 10 | 15 21 28 36. */
__attribute__((target("avx2"))) static inline __m256i prefix8_full(__m256i x)
{
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
    const __m256i low_total = _mm256_permutevar8x32_epi32(x, _mm256_set1_epi32(3));
    const __m256i high_half = _mm256_setr_epi32(0, 0, 0, 0, -1, -1, -1, -1);
    return _mm256_add_epi32(x, _mm256_and_si256(low_total, high_half));
}

/* 11. step8: the register's prefix plus carry, the total of everything before it; carry then grows
 *     by the register's own total (lane 7 of its prefix, broadcast), which needs this register's
 *     inputs only, so the chain from register to register is one add. */
typedef struct run_state8 {
    __m256i carry;           /* broadcast: the total so far, in every lane */
    __m256i out, in, s2, s4; /* window: the previous register's results, inputs and partial sums */
} run_state8;

__attribute__((target("avx2"))) static inline __m256i step8(run_state8 *r, __m256i x)
{
    const __m256i p = prefix8_full(x);
    const __m256i total = _mm256_permutevar8x32_epi32(p, _mm256_set1_epi32(7));
    const __m256i results = _mm256_add_epi32(p, r->carry);
    r->carry = _mm256_add_epi32(r->carry, total);
    return results;
}

/* 11, the window's shift: shift_in8, AVX2's valignd for k = 1, 2 or 4. vperm2i128 builds the
 *     register that straddles the two (below's high half, x's low half): the answer for k = 4;
 *     for k = 1 or 2, vpalignr shifts each half of x up by k lanes, filled from that register. */
__attribute__((target("avx2"))) static inline __m256i shift_in8(__m256i x, __m256i below, int k)
{
    /* SOLUTION BEGIN: the middle halves (below's high, x's low), then a byte align unless k == 4 */
    const __m256i middle = _mm256_permute2x128_si256(below, x, 0x21);
    if (k == 4) return middle;
    return _mm256_alignr_epi8(x, middle, 16 - 4 * k);
    /* SOLUTION END, stub: (void)below; (void)k; return x; */
}

/* 11, with the window: step8_window, out[j] = out[j-8] + (in[j-7] + ... + in[j]), the AVX-512
 *     window's steps with shift_in8; `left` holds in[j-1] for each lane j. */
__attribute__((target("avx2"))) static inline __m256i step8_window(run_state8 *r, __m256i x,
                                                                   __m256i left)
{
    /* SOLUTION BEGIN: pairs from left, sums of 4 and 8 with shift_in8, plus the previous results */
    const __m256i s2 = _mm256_add_epi32(x, left);
    const __m256i s4 = _mm256_add_epi32(s2, shift_in8(s2, r->s2, 2));
    const __m256i s8 = _mm256_add_epi32(s4, shift_in8(s4, r->s4, 4));
    r->in = x;
    r->s2 = s2;
    r->s4 = s4;
    r->out = _mm256_add_epi32(r->out, s8);
    return r->out;
    /* SOLUTION END, stub: (void)r; (void)left; return x; */
}

__attribute__((target("avx2"))) static inline __m256i step8_with(run_state8 *r, __m256i x,
                                                                 __m256i left, enum carry carry)
{
    return carry == WINDOW ? step8_window(r, x, left) : step8(r, x);
}

/* 12. The loop, section 8's with eight lanes: UNROLL registers, every load before any store. The
 *     window's `left` is a load for all registers but the first (one load instead of two shuffles),
 *     which shifts it in: in place, the element before it has already been overwritten. */
__attribute__((target("avx2"))) static inline void scan_registers8(const uint32_t *in,
                                                                   uint32_t *out, size_t from,
                                                                   size_t to, run_state8 *r,
                                                                   enum carry carry)
{
    for (size_t i = from; i + 8 * UNROLL <= to; i += 8 * UNROLL) {
        __m256i v[UNROLL];
        for (int k = 0; k < UNROLL; k++)
            v[k] = _mm256_loadu_si256((const __m256i *)(in + i + 8 * k));
        for (int k = 0; k < UNROLL; k++) {
            const __m256i left = k == 0 ? shift_in8(v[0], r->in, 1)
                                        : _mm256_loadu_si256((const __m256i *)(in + i + 8 * k - 1));
            v[k] = step8_with(r, v[k], left, carry);
        }
        for (int k = 0; k < UNROLL; k++)
            _mm256_store_si256((__m256i *)(out + i + 8 * k), v[k]);
    }
}

/* 13. Head, body, tail. The head, 0 to 7 elements one at a time, brings out to a 32-byte boundary,
 *     and the state starts from its total. After the body, whole registers one at a time, then the
 *     last 0 to 7 elements, as in scan_tail. */
__attribute__((target("avx2"))) static inline void scan_avx2_pass(const uint32_t *in, uint32_t *out,
                                                                  size_t n, enum carry carry)
{
    size_t head = (32 - ((uintptr_t)out & 31)) % 32 / sizeof *out; /* 0..7 elements */
    if (head > n) head = n;
    uint32_t sum = 0;
    for (size_t i = 0; i < head; i++) {
        sum += in[i];
        out[i] = sum;
    }
    const __m256i zero = _mm256_setzero_si256(), total = _mm256_set1_epi32((int)sum);
    run_state8 r = {total, total, zero, zero, zero};
    size_t body = head + (n - head) / (8 * UNROLL) * (8 * UNROLL);
    scan_registers8(in, out, head, body, &r, carry);
    size_t i = body;
    for (; i + 8 <= n; i += 8) {
        const __m256i x = _mm256_loadu_si256((const __m256i *)(in + i));
        _mm256_store_si256((__m256i *)(out + i), step8_with(&r, x, shift_in8(x, r.in, 1), carry));
    }
    scan_tail(in, out, i, n, (uint32_t)_mm256_extract_epi32(carry == WINDOW ? r.out : r.carry, 7));
}

__attribute__((target("avx2"))) static void scan_avx2(const uint32_t *in, uint32_t *out, size_t n,
                                                      void *scratch)
{
    (void)scratch;
    scan_avx2_pass(in, out, n, BROADCAST);
}

__attribute__((target("avx2"))) static void scan_avx2_window(const uint32_t *in, uint32_t *out,
                                                             size_t n, void *scratch)
{
    (void)scratch;
    scan_avx2_pass(in, out, n, WINDOW);
}

/* The variants: the parent's headline, both carries with AVX-512, and last the AVX2 window. */
const scan_variant stage_variants[] = {
    {"avx2", NULL, scan_avx2, 8 * UNROLL, 0},
    {"avx512", NULL, scan_avx512, 16 * UNROLL, 0},
    {"avx512+window", NULL, scan_avx512_window, 16 * UNROLL, 0},
    {"avx2+window", NULL, scan_avx2_window, 8 * UNROLL, SCAN_GRADED},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];
const scan_constant stage_constants[] = {{"UNROLL", UNROLL}};
const size_t stage_constant_count = sizeof stage_constants / sizeof stage_constants[0];

/* 14. The AVX-512 pass needs AVX-512F, the others AVX2: a variant the CPU cannot run is skipped
 *     (SCAN_HIDE_CPU=avx512f hides AVX-512 from this check). */
const char *stage_variant_missing(size_t i)
{
    void (*run)(const uint32_t *, uint32_t *, size_t, void *) = stage_variants[i].run;
    if (run == scan_avx512 || run == scan_avx512_window) {
        if (!scan_cpu_has("avx512f")) return "avx512f";
    } else if (!scan_cpu_has("avx2")) {
        return "avx2";
    }
    return NULL;
}
