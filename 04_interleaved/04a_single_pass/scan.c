/* Step 04a, single_pass: beyond the article, one pass over the array, with AVX2 on every x86-64
 * CPU and with AVX-512 where the CPU has it.
 * Compared with 04_interleaved: each register's prefix is finished in the register (AVX-512: a
 * shift across the whole register; AVX2: a cross-lane step between the two halves), the total is
 * carried with one add per register, each result is stored once, and past the caches it is stored
 * non-temporally. With no second pass there is nothing left to interleave.
 * Expected: about three times the scalar loop in L1/L2 with AVX2 (more with AVX-512), and from RAM
 * about as fast as memcpy.
 * Run it: make stage-4a (from the top folder) or make (in this folder). */
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

/* 4. interleave: iterations from..to of the one loop. Iteration i computes the local prefix of
 *    elements i..i+7 and accumulates elements i-LAG..i-LAG+7, so the loop carries both phases at
 *    once: their instructions mix in the scheduler, like two threads on one core, and memory is
 *    read at one steady pace instead of in bursts. The lag is 128 elements (the article used 64;
 *    the README's exercise 1 measures others): 512 bytes of out, 16 iterations back, so the
 *    stores of the prefix have long left the pipeline when accumulate loads them again, and the
 *    lines are still in L1. A much shorter lag makes accumulate wait for those stores; a much
 *    longer one only keeps more lines in flight.
 *    With `prefetch`, each iteration also asks for the input and the output AHEAD elements
 *    further on (8 KiB, two pages: about a microsecond of work, several times what memory takes
 *    to answer); the caller keeps those addresses inside the arrays. */
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

/* 5. Start-up, the loop, and wind-down: the first LAG elements get only their local prefix (no
 *    block is far enough behind to accumulate), the last LAG elements only their accumulate.
 *    Arrays shorter than the lag skip the loop: every prefix, then every accumulate. in == out
 *    works: the prefix reads elements before anything writes them, and accumulate only touches
 *    elements the prefix has already written. */
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

/* The prefetching variant: interleave is inlined twice, with the prefetches while they stay inside
 * the arrays and without them for the last AHEAD elements, so no iteration tests `prefetch`. */
__attribute__((target("avx2"))) static void
scan_interleaved_prefetch(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)scratch;
    scan_interleaved_with(in, out, n, 1);
}

/* ---- Beyond the article, with AVX-512, where the CPU has it -------------------------------- */

/* 6. AVX-512 shifts across the whole register: valignd joins two registers and shifts them by
 *    any number of 32-bit lanes in one instruction. Lanes k..15 of the result get x[0..15-k]; lanes
 *    0..k-1 get the top k lanes of `below` (zeros, or the register before this one). So 16 lanes
 *    need log2(16) = 4 shift-and-add steps for a true 16-element prefix, and the two passes that
 *    02..04 needed (because AVX2 shifts only inside 128-bit halves) are gone: one pass reads a
 *    register, finishes it and stores it. */
__attribute__((target("avx512f"))) static inline __m512i shift_in(__m512i x, __m512i below, int k)
{
    return _mm512_alignr_epi32(x, below, 16 - k);
}

/* 7. step: the 16 results of the 16 inputs x, from what the step before left in r. Two ways.
 *    Broadcast (the article's idea, with whole registers): the 16-element prefix of x, shifting in
 *    zeros, plus the carry, lane 15 of the previous results broadcast by a permute. 4 shifts, 4
 *    adds, 1 permute, 1 add: 10 instructions, which on a core with two ports for 512-bit integer
 *    work take 5 cycles per 16 elements. The chain between registers is the permute and the add:
 *    as long as the permute's latency keeps it shorter than those 5 cycles, the carry does not
 *    hold the loop up (the README compares the two machines measured).
 *    Window: out[j] = out[j-16] + (in[j-15] + ... + in[j]). The same 4 shift-and-add steps sum the
 *    last 16 inputs if they shift in the previous register's partial sums instead of zeros (s2,
 *    s4, s8: sums of the 2, 4, 8 inputs ending at each lane); then the previous register of
 *    results is added lane by lane. No broadcast: 9 instructions, and a chain of one add. */
typedef struct run_state {
    __m512i out;            /* the previous register's results */
    __m512i in, s2, s4, s8; /* the window's: its inputs and partial sums */
} run_state;

__attribute__((target("avx512f"))) static inline __m512i step(run_state *r, __m512i x, int window)
{
    if (!window) {
        const __m512i zero = _mm512_setzero_si512();
        x = _mm512_add_epi32(x, shift_in(x, zero, 1));
        x = _mm512_add_epi32(x, shift_in(x, zero, 2));
        x = _mm512_add_epi32(x, shift_in(x, zero, 4));
        x = _mm512_add_epi32(x, shift_in(x, zero, 8));
        r->out = _mm512_add_epi32(x, _mm512_permutexvar_epi32(_mm512_set1_epi32(15), r->out));
        return r->out;
    }
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
}

/* 8. The loop, UNROLL registers per iteration: fewer instructions of loop overhead, and, from
 *    RAM, more loads in flight for the same window of instructions. Every register is loaded
 *    before any is stored and no step reads memory, so in place is safe. From RAM two more
 *    things count.
 *    A store to a line that is not in the cache first reads it (read for ownership): 12 bytes of
 *    memory traffic per element instead of 8. A non-temporal store (_mm512_stream_si512) writes a
 *    whole aligned line without reading it, but it also pushes the line out of the caches, a loss
 *    while out would still be there for whoever reads it next. The non-temporal path starts at
 *    NT_MIN elements (2 MiB of out), where in and out no longer fit in the 2 MiB L2 of the Intel
 *    Xeon this pass was written on: its CSV has the non-temporal row ahead from there on.
 *    And a prefetch of every input line NT_AHEAD elements ahead (8 KiB, two pages) into L2 keeps
 *    more reads in flight than the hardware prefetcher, which stops at every 4 KiB page. */
enum { UNROLL = 8, NT_MIN = 1 << 19, NT_AHEAD = 2048 };

__attribute__((target("avx512f"))) static inline void
scan_registers(const uint32_t *in, uint32_t *out, size_t from, size_t to, run_state *r, int window,
               int nt, int prefetch)
{
    for (size_t i = from; i + 16 * UNROLL <= to; i += 16 * UNROLL) {
        __m512i v[UNROLL];
        for (int k = 0; k < UNROLL; k++) {
            if (prefetch) __builtin_prefetch(in + i + NT_AHEAD + 16 * k, 0, 2);
            v[k] = _mm512_loadu_si512(in + i + 16 * k);
        }
        for (int k = 0; k < UNROLL; k++)
            v[k] = step(r, v[k], window);
        for (int k = 0; k < UNROLL; k++) {
            if (nt)
                _mm512_stream_si512((void *)(out + i + 16 * k), v[k]);
            else
                _mm512_store_si512((void *)(out + i + 16 * k), v[k]);
        }
    }
}

/* 9. Head, body, tail. The head is the register that ends where out reaches a 64-byte boundary,
 *    so that every store of the body fills exactly one cache line (a non-temporal store needs
 *    that; in may stay misaligned: its loads cost little more). Its first lanes lie before the
 *    array: an expanding load puts in[0..h) into its last h lanes and zeros below, a compressing
 *    store writes those lanes back to out[0..h), and neither touches memory outside the arrays.
 *    The tail, fewer than 16 * UNROLL elements, takes masked registers: lanes past n are neither
 *    loaded (they read as zero, so the lanes before them come out right) nor stored. The
 *    prefetching loop stops NT_AHEAD elements early, so no prefetch names an address past the
 *    array, and the sfence makes the non-temporal stores visible in order before the caller goes
 *    on. */
__attribute__((target("avx512f"))) static inline void
scan_1pass_with(const uint32_t *in, uint32_t *out, size_t n, int window, int nt)
{
    const __m512i zero = _mm512_setzero_si512();
    run_state r = {zero, zero, zero, zero, zero};
    size_t head = (64 - ((uintptr_t)out & 63)) % 64 / sizeof *out; /* 0..15 elements */
    size_t h = head < n ? head : n;
    if (h) {
        __mmask16 lanes = (__mmask16)(((1u << h) - 1) << (16 - head));
        __m512i v = step(&r, _mm512_maskz_expandloadu_epi32(lanes, in), window);
        _mm512_mask_compressstoreu_epi32(out, lanes, v);
    }
    if (n <= head) return;
    size_t body = head + (n - head) / (16 * UNROLL) * (16 * UNROLL);
    if (nt && n >= NT_MIN) {
        size_t fetched = body > head + NT_AHEAD ? body - NT_AHEAD : head;
        scan_registers(in, out, head, fetched, &r, window, 1, 1);
        scan_registers(in, out, fetched, body, &r, window, 1, 0);
    } else {
        scan_registers(in, out, head, body, &r, window, 0, 0);
    }
    for (size_t i = body; i < n; i += 16) {
        size_t len = n - i < 16 ? n - i : 16;
        __mmask16 lanes = (__mmask16)((1u << len) - 1);
        __m512i v = step(&r, _mm512_maskz_loadu_epi32(lanes, in + i), window);
        _mm512_mask_storeu_epi32(out + i, lanes, v);
    }
    if (nt) _mm_sfence();
}

__attribute__((target("avx512f"))) static void scan_avx512(const uint32_t *in, uint32_t *out,
                                                           size_t n, void *scratch)
{
    (void)scratch;
    scan_1pass_with(in, out, n, 0, 0);
}

__attribute__((target("avx512f"))) static void scan_avx512_window(const uint32_t *in, uint32_t *out,
                                                                  size_t n, void *scratch)
{
    (void)scratch;
    scan_1pass_with(in, out, n, 1, 0);
}

__attribute__((target("avx512f"))) static void
scan_avx512_window_nt(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)scratch;
    scan_1pass_with(in, out, n, 1, 1);
}

/* ---- Beyond the article, on every x86-64: the single pass with AVX2 ------------------------ */

/* 10. The cross-lane step. AVX2 has no shift across the middle of a 256-bit register, so prefix8's
 *     two steps leave two four-lane prefixes, one per 128-bit half. The single pass finishes them
 *     in the register instead of in a second pass: vpermd copies lane 3 (the low half's total)
 *     into every lane, an and keeps it in the high half only, and one add puts it there:
 *         1 2 3 4 | 5 6 7 8  ->  1 3 6 10 | 5 11 18 26  ->  + 0 0 0 0 | 10 10 10 10
 *                                                       =  1 3 6 10 | 15 21 28 36
 *     Two byte shifts, a permute, an and and three adds: the eight prefix sums of the register. */
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

/* 11. shift_in8, AVX2's valignd: x shifted up by k lanes (k = 1, 2 or 4), the top k lanes of
 *     `below` shifted in. vperm2i128 is the cross-lane step: it picks the two halves that meet at
 *     the shift, below's high half and x's low half. For k = 4 that is the answer; for k = 1 or 2,
 *     vpalignr shifts each half of x up by k lanes and fills it from the same half of that middle
 *     register. Two instructions for k = 1 and 2, one for k = 4. */
__attribute__((target("avx2"))) static inline __m256i shift_in8(__m256i x, __m256i below, int k)
{
    /* SOLUTION BEGIN: the middle halves (below's high, x's low), then a byte align unless k == 4 */
    const __m256i middle = _mm256_permute2x128_si256(below, x, 0x21);
    if (k == 4) return middle;
    return _mm256_alignr_epi8(x, middle, 16 - 4 * k);
    /* SOLUTION END, stub: (void)below; (void)k; return x; */
}

/* 12. step8: the 8 results of the 8 inputs x, the two ways of step 7 with eight lanes.
 *     Broadcast (`avx2`): the register's prefix (10) plus carry, the total of everything before
 *     it in every lane; carry then grows by lane 7 of the register's own prefix, broadcast by
 *     vpermd. That total depends on this register's inputs only, so the one chain from register
 *     to register is carry + total, one add. Per 8 elements: 2 byte shifts and 2 vpermd, 5 adds
 *     and an and, 10 instructions.
 *     Window (`avx2+window`): out[j] = out[j-8] + (in[j-7] + ... + in[j]), the three steps of the
 *     AVX-512 window with shift_in8. `left` holds in[j-1] for each lane j, which the loop (13)
 *     mostly loads instead of shifting. Per 8 elements: shift_in8 by 2 and by 4 (3 shuffles) and
 *     4 adds, 7 instructions, and again a chain of one add. */
typedef struct run_state8 {
    __m256i carry;           /* broadcast: the total so far, in every lane */
    __m256i out, in, s2, s4; /* window: the previous register's results, inputs and partial sums */
} run_state8;

__attribute__((target("avx2"))) static inline __m256i step8(run_state8 *r, __m256i x, __m256i left,
                                                            int window)
{
    if (!window) {
        const __m256i p = prefix8_full(x);
        const __m256i total = _mm256_permutevar8x32_epi32(p, _mm256_set1_epi32(7));
        const __m256i results = _mm256_add_epi32(p, r->carry);
        r->carry = _mm256_add_epi32(r->carry, total);
        return results;
    }
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

/* 13. The loop, UNROLL registers per iteration, every load before any store, so in place is safe.
 *     The left neighbours of a register are the 8 elements of in one element back: every register
 *     of an iteration but the first loads them (one load, which gcc folds into the add, instead of
 *     the two shuffles of shift_in8 by 1; with in aligned, half of those loads straddle two cache
 *     lines). The first register shifts them in from the previous one: in place, the element
 *     before it has already been overwritten.
 *     From RAM as in 8: non-temporal stores, and a prefetch of every input line NT_AHEAD elements
 *     ahead. They start at NT8_MIN elements (in and out 16 MiB each), not at NT_MIN: on the AMD
 *     Zen 5 this pass was measured on, the AVX-512 rows of its CSV have the non-temporal stores
 *     behind from 2^19 to 2^21 elements, while in and out still fit in its L3, and ahead from
 *     2^22 on. */
enum { NT8_MIN = 1 << 22 };

__attribute__((target("avx2"))) static inline void scan_registers8(const uint32_t *in,
                                                                   uint32_t *out, size_t from,
                                                                   size_t to, run_state8 *r,
                                                                   int window, int nt, int prefetch)
{
    for (size_t i = from; i + 8 * UNROLL <= to; i += 8 * UNROLL) {
        if (prefetch)
            for (int k = 0; k < UNROLL; k += 2)
                __builtin_prefetch(in + i + NT_AHEAD + 8 * k, 0, 2);
        __m256i v[UNROLL];
        for (int k = 0; k < UNROLL; k++)
            v[k] = _mm256_loadu_si256((const __m256i *)(in + i + 8 * k));
        for (int k = 0; k < UNROLL; k++) {
            const __m256i left = k == 0 ? shift_in8(v[0], r->in, 1)
                                        : _mm256_loadu_si256((const __m256i *)(in + i + 8 * k - 1));
            v[k] = step8(r, v[k], left, window);
        }
        for (int k = 0; k < UNROLL; k++) {
            if (nt)
                _mm256_stream_si256((__m256i *)(out + i + 8 * k), v[k]);
            else
                _mm256_store_si256((__m256i *)(out + i + 8 * k), v[k]);
        }
    }
}

/* 14. Head, body, tail. The head, 0 to 7 elements one at a time, brings out to a 32-byte boundary,
 *     so that every store of the body is aligned (a non-temporal store needs it; in may stay
 *     misaligned). The state then stands for a register of zeros whose results are the head's
 *     total: carry and out hold that total in every lane, in, s2 and s4 are zero, so the first
 *     register's window steps shift in zeros and give its plain prefix. After the body, the
 *     remaining whole registers go one at a time, and the last 0 to 7 elements one at a time from
 *     lane 7 of the carry or of the last results. The prefetching loop stops NT_AHEAD elements
 *     early, so no prefetch names an address past the array, and the sfence orders the
 *     non-temporal stores before anything the caller does next. */
__attribute__((target("avx2"))) static inline void scan_avx2_with(const uint32_t *in, uint32_t *out,
                                                                  size_t n, int window, int nt)
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
    if (nt && n >= NT8_MIN) {
        size_t fetched = body > head + NT_AHEAD ? body - NT_AHEAD : head;
        scan_registers8(in, out, head, fetched, &r, window, 1, 1);
        scan_registers8(in, out, fetched, body, &r, window, 1, 0);
        _mm_sfence();
    } else {
        scan_registers8(in, out, head, body, &r, window, 0, 0);
    }
    size_t i = body;
    for (; i + 8 <= n; i += 8) {
        const __m256i x = _mm256_loadu_si256((const __m256i *)(in + i));
        _mm256_store_si256((__m256i *)(out + i), step8(&r, x, shift_in8(x, r.in, 1), window));
    }
    scan_tail(in, out, i, n, (uint32_t)_mm256_extract_epi32(window ? r.out : r.carry, 7));
}

__attribute__((target("avx2"))) static void scan_avx2(const uint32_t *in, uint32_t *out, size_t n,
                                                      void *scratch)
{
    (void)scratch;
    scan_avx2_with(in, out, n, 0, 0);
}

__attribute__((target("avx2"))) static void scan_avx2_window(const uint32_t *in, uint32_t *out,
                                                             size_t n, void *scratch)
{
    (void)scratch;
    scan_avx2_with(in, out, n, 1, 0);
}

__attribute__((target("avx2"))) static void scan_avx2_window_nt(const uint32_t *in, uint32_t *out,
                                                                size_t n, void *scratch)
{
    (void)scratch;
    scan_avx2_with(in, out, n, 1, 1);
}

/* The variants: the stage's headline first (the article's loop with prefetch, measured beside the
 * single pass), the AVX-512 pass, and last the headline, the AVX2 pass, which runs on every x86-64
 * CPU with AVX2 and which `make grade` times. The tests probe sizes around multiples of each one's
 * tile (the lag, the elements of one unrolled iteration), and around the other sizes the loops are
 * built on (stage_constants). */
const scan_variant stage_variants[] = {
    {"interleaved+prefetch", NULL, scan_interleaved_prefetch, LAG, 0},
    {"avx512", NULL, scan_avx512, 16 * UNROLL, 0},
    {"avx512+window", NULL, scan_avx512_window, 16 * UNROLL, 0},
    {"avx512+window+nt", NULL, scan_avx512_window_nt, 16 * UNROLL, 0},
    {"avx2", NULL, scan_avx2, 8 * UNROLL, 0},
    {"avx2+window", NULL, scan_avx2_window, 8 * UNROLL, 0},
    {"avx2+window+nt", NULL, scan_avx2_window_nt, 8 * UNROLL, SCAN_GRADED},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];
const scan_constant stage_constants[] = {{"LAG", LAG},         {"AHEAD", AHEAD},
                                         {"UNROLL", UNROLL},   {"NT_MIN", NT_MIN},
                                         {"NT8_MIN", NT8_MIN}, {"NT_AHEAD", NT_AHEAD}};
const size_t stage_constant_count = sizeof stage_constants / sizeof stage_constants[0];

/* 15. The stage's variant and the AVX2 pass need AVX2; the AVX-512 pass needs AVX-512F
 *     (valignd and vpermd on 512-bit registers, masked, expanding and compressing loads and
 *     stores). The tests and the benchmark ask before they run a variant, and skip it with one
 *     line where the CPU lacks its instructions. SCAN_HIDE_CPU=avx512f hides AVX-512 from this
 *     check (scan_cpu_has), so a CPU that has it can also run the step as one without would:
 *     the AVX-512 rows skipped, the AVX2 rows, the headline and the graded variant as before. */
const char *stage_variant_missing(size_t i)
{
    void (*run)(const uint32_t *, uint32_t *, size_t, void *) = stage_variants[i].run;
    if (run == scan_avx512 || run == scan_avx512_window || run == scan_avx512_window_nt) {
        if (!scan_cpu_has("avx512f")) return "avx512f";
    } else if (!scan_cpu_has("avx2")) {
        return "avx2";
    }
    return NULL;
}
