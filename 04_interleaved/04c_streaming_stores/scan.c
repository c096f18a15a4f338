/* Step 04c, streaming_stores: past the caches, the results stored non-temporally.
 * Compared with 04b_window_carry: above a size threshold, stores that skip the read for ownership.
 * Expected: faster from RAM where memory bandwidth is the limit; the same in the caches.
 * Run it: make stage-4c (from the top folder) or make (in this folder). */
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

typedef struct run_state {
    __m512i out;            /* the previous register's results */
    __m512i in, s2, s4, s8; /* the window's: its inputs and partial sums */
} run_state;

/* 7, with the window: out[j] = out[j-16] + (in[j-15] + ... + in[j]). The same four steps sum the
 *    last 16 inputs if they shift in the previous register's partial sums (s2, s4, s8) instead of
 *    zeros; then the previous results are added lane by lane: no permute, a chain of one add. */
__attribute__((target("avx512f"))) static inline __m512i step_window(run_state *r, __m512i x)
{
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

/* 8. The loop, UNROLL registers per iteration (less loop overhead, more loads in flight), every
 *    load before any store, so in place is safe. STREAMING stores write each aligned line without
 *    reading it first and leave it out of the caches; PREFETCH asks for each input line NT_AHEAD
 *    elements ahead into L2, past the 4 KiB pages where the hardware prefetcher stops. */
enum { UNROLL = 8, NT_MIN = 1 << 19, NT_AHEAD = 2048 };
enum stores { CACHED, STREAMING };
enum prefetch { NO_PREFETCH, PREFETCH };

__attribute__((target("avx512f"))) static inline void
scan_registers(const uint32_t *in, uint32_t *out, size_t from, size_t to, run_state *r,
               enum stores stores, enum prefetch prefetch)
{
    for (size_t i = from; i + 16 * UNROLL <= to; i += 16 * UNROLL) {
        __m512i v[UNROLL];
        for (int k = 0; k < UNROLL; k++) {
            if (prefetch == PREFETCH) __builtin_prefetch(in + i + NT_AHEAD + 16 * k, 0, 2);
            v[k] = _mm512_loadu_si512(in + i + 16 * k);
        }
        for (int k = 0; k < UNROLL; k++)
            v[k] = step_window(r, v[k]);
        /* SOLUTION BEGIN: store the registers, non-temporally where stores == STREAMING */
        for (int k = 0; k < UNROLL; k++) {
            if (stores == CACHED)
                _mm512_store_si512((void *)(out + i + 16 * k), v[k]);
            else
                _mm512_stream_si512((void *)(out + i + 16 * k), v[k]);
        }
        /* SOLUTION END, stub: (void)stores; */
    }
}

/* 9. Head, body, tail. The head register ends where out reaches a 64-byte boundary, so each store
 *    of the body fills one aligned line; an expanding load and a compressing store touch only its
 *    lanes inside the arrays. The tail's lanes past n are masked off. */
__attribute__((target("avx512f"))) static inline void
scan_avx512_pass(const uint32_t *in, uint32_t *out, size_t n, enum stores stores)
{
    const __m512i zero = _mm512_setzero_si512();
    run_state r = {zero, zero, zero, zero, zero};
    size_t head = (64 - ((uintptr_t)out & 63)) % 64 / sizeof *out; /* 0..15 elements */
    size_t h = head < n ? head : n;
    if (h) {
        __mmask16 lanes = (__mmask16)(((1u << h) - 1) << (16 - head));
        __m512i v = step_window(&r, _mm512_maskz_expandloadu_epi32(lanes, in));
        _mm512_mask_compressstoreu_epi32(out, lanes, v);
    }
    if (n <= head) return;
    size_t body = head + (n - head) / (16 * UNROLL) * (16 * UNROLL);
    if (stores == STREAMING && n >= NT_MIN) {
        size_t fetched = body > head + NT_AHEAD ? body - NT_AHEAD : head;
        scan_registers(in, out, head, fetched, &r, STREAMING, PREFETCH);
        scan_registers(in, out, fetched, body, &r, STREAMING, NO_PREFETCH);
    } else {
        scan_registers(in, out, head, body, &r, CACHED, NO_PREFETCH);
    }
    for (size_t i = body; i < n; i += 16) {
        size_t len = n - i < 16 ? n - i : 16;
        __mmask16 lanes = (__mmask16)((1u << len) - 1);
        __m512i v = step_window(&r, _mm512_maskz_loadu_epi32(lanes, in + i));
        _mm512_mask_storeu_epi32(out + i, lanes, v);
    }
    if (stores == STREAMING) _mm_sfence(); /* the streaming stores ordered before the caller's */
}

__attribute__((target("avx512f"))) static void scan_avx512_window(const uint32_t *in, uint32_t *out,
                                                                  size_t n, void *scratch)
{
    (void)scratch;
    scan_avx512_pass(in, out, n, CACHED);
}

__attribute__((target("avx512f"))) static void
scan_avx512_window_nt(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)scratch;
    scan_avx512_pass(in, out, n, STREAMING);
}

/* ---- Beyond the article, on every x86-64: the single pass with AVX2 ------------------------ */

/* 11, the window's shift: shift_in8, AVX2's valignd for k = 1, 2 or 4. vperm2i128 builds the
 *     register that straddles the two (below's high half, x's low half): the answer for k = 4;
 *     for k = 1 or 2, vpalignr shifts each half of x up by k lanes, filled from that register. */
__attribute__((target("avx2"))) static inline __m256i shift_in8(__m256i x, __m256i below, int k)
{
    const __m256i middle = _mm256_permute2x128_si256(below, x, 0x21);
    if (k == 4) return middle;
    return _mm256_alignr_epi8(x, middle, 16 - 4 * k);
}

typedef struct run_state8 {
    __m256i out, in, s2, s4; /* window: the previous register's results, inputs and partial sums */
} run_state8;

/* 11, with the window: step8_window, out[j] = out[j-8] + (in[j-7] + ... + in[j]), the AVX-512
 *     window's steps with shift_in8; `left` holds in[j-1] for each lane j. */
__attribute__((target("avx2"))) static inline __m256i step8_window(run_state8 *r, __m256i x,
                                                                   __m256i left)
{
    const __m256i s2 = _mm256_add_epi32(x, left);
    const __m256i s4 = _mm256_add_epi32(s2, shift_in8(s2, r->s2, 2));
    const __m256i s8 = _mm256_add_epi32(s4, shift_in8(s4, r->s4, 4));
    r->in = x;
    r->s2 = s2;
    r->s4 = s4;
    r->out = _mm256_add_epi32(r->out, s8);
    return r->out;
}

/* 12. The loop, section 8's with eight lanes: UNROLL registers, every load before any store. The
 *     window's `left` is a load for all registers but the first (one load instead of two shuffles),
 *     which shifts it in: in place, the element before it has already been overwritten. From
 *     NT8_MIN elements, later than NT_MIN, stores stream and loads are prefetched as in section 8.
 */
enum { NT8_MIN = 1 << 22 };
__attribute__((target("avx2"))) static inline void
scan_registers8(const uint32_t *in, uint32_t *out, size_t from, size_t to, run_state8 *r,
                enum stores stores, enum prefetch prefetch)
{
    for (size_t i = from; i + 8 * UNROLL <= to; i += 8 * UNROLL) {
        if (prefetch == PREFETCH)
            for (int k = 0; k < UNROLL; k += 2)
                __builtin_prefetch(in + i + NT_AHEAD + 8 * k, 0, 2);
        __m256i v[UNROLL];
        for (int k = 0; k < UNROLL; k++)
            v[k] = _mm256_loadu_si256((const __m256i *)(in + i + 8 * k));
        for (int k = 0; k < UNROLL; k++) {
            const __m256i left = k == 0 ? shift_in8(v[0], r->in, 1)
                                        : _mm256_loadu_si256((const __m256i *)(in + i + 8 * k - 1));
            v[k] = step8_window(r, v[k], left);
        }
        /* SOLUTION BEGIN: store the registers, non-temporally where stores == STREAMING */
        for (int k = 0; k < UNROLL; k++) {
            if (stores == CACHED)
                _mm256_store_si256((__m256i *)(out + i + 8 * k), v[k]);
            else
                _mm256_stream_si256((__m256i *)(out + i + 8 * k), v[k]);
        }
        /* SOLUTION END, stub: (void)stores; */
    }
}

/* 13. Head, body, tail. The head, 0 to 7 elements one at a time, brings out to a 32-byte boundary,
 *     and the state starts from its total. After the body, whole registers one at a time, then the
 *     last 0 to 7 elements, as in scan_tail. */
__attribute__((target("avx2"))) static inline void scan_avx2_pass(const uint32_t *in, uint32_t *out,
                                                                  size_t n, enum stores stores)
{
    size_t head = (32 - ((uintptr_t)out & 31)) % 32 / sizeof *out; /* 0..7 elements */
    if (head > n) head = n;
    uint32_t sum = 0;
    for (size_t i = 0; i < head; i++) {
        sum += in[i];
        out[i] = sum;
    }
    const __m256i zero = _mm256_setzero_si256(), total = _mm256_set1_epi32((int)sum);
    run_state8 r = {total, zero, zero, zero};
    size_t body = head + (n - head) / (8 * UNROLL) * (8 * UNROLL);
    if (stores == STREAMING && n >= NT8_MIN) {
        size_t fetched = body > head + NT_AHEAD ? body - NT_AHEAD : head;
        scan_registers8(in, out, head, fetched, &r, STREAMING, PREFETCH);
        scan_registers8(in, out, fetched, body, &r, STREAMING, NO_PREFETCH);
        _mm_sfence();
    } else {
        scan_registers8(in, out, head, body, &r, CACHED, NO_PREFETCH);
    }
    size_t i = body;
    for (; i + 8 <= n; i += 8) {
        const __m256i x = _mm256_loadu_si256((const __m256i *)(in + i));
        _mm256_store_si256((__m256i *)(out + i), step8_window(&r, x, shift_in8(x, r.in, 1)));
    }
    scan_tail(in, out, i, n, (uint32_t)_mm256_extract_epi32(r.out, 7));
}

__attribute__((target("avx2"))) static void scan_avx2_window(const uint32_t *in, uint32_t *out,
                                                             size_t n, void *scratch)
{
    (void)scratch;
    scan_avx2_pass(in, out, n, CACHED);
}

__attribute__((target("avx2"))) static void scan_avx2_window_nt(const uint32_t *in, uint32_t *out,
                                                                size_t n, void *scratch)
{
    (void)scratch;
    scan_avx2_pass(in, out, n, STREAMING);
}

/* The variants: the parent's headline, the AVX-512 window without and with streaming stores, and
 * last the AVX2 window with them. */
const scan_variant stage_variants[] = {
    {"avx2+window", NULL, scan_avx2_window, 8 * UNROLL, 0},
    {"avx512+window", NULL, scan_avx512_window, 16 * UNROLL, 0},
    {"avx512+window+nt", NULL, scan_avx512_window_nt, 16 * UNROLL, 0},
    {"avx2+window+nt", NULL, scan_avx2_window_nt, 8 * UNROLL, SCAN_GRADED},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];
const scan_constant stage_constants[] = {
    {"UNROLL", UNROLL}, {"NT_MIN", NT_MIN}, {"NT8_MIN", NT8_MIN}, {"NT_AHEAD", NT_AHEAD}};
const size_t stage_constant_count = sizeof stage_constants / sizeof stage_constants[0];

/* 14. The AVX-512 pass needs AVX-512F, the others AVX2: a variant the CPU cannot run is skipped
 *     (SCAN_HIDE_CPU=avx512f hides AVX-512 from this check). */
const char *stage_variant_missing(size_t i)
{
    void (*run)(const uint32_t *, uint32_t *, size_t, void *) = stage_variants[i].run;
    if (run == scan_avx512_window || run == scan_avx512_window_nt) {
        if (!scan_cpu_has("avx512f")) return "avx512f";
    } else if (!scan_cpu_has("avx2")) {
        return "avx2";
    }
    return NULL;
}
