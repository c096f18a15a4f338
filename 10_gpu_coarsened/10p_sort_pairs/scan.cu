/* Step 10p, sort_pairs: the one sweep sorts key-value pairs, as CUB's SortPairs.
 * Compared with 10o_onesweep: each key's rank is kept (digits.cuh, 7d), and its value takes the
 * key's place in shared memory at that rank, then goes where the key went (onesweep.cuh, 9d, 9e).
 * Expected: about twice the keys' bytes, in a little under twice their time.
 * Run it: make stage-10p (from the top folder) or make (in this folder). */
#include "apps.h"
#include "block_scan.cuh"
#include "cuda_check.h"
#include "lookback.cuh"

/* ---- 1. Addressing: 16-byte vectors aligned to `out` ---------------------------------------- */

/* A vector load needs a 16-byte-aligned address, and `in` and `out` may start anywhere. The tiles
 * are laid on a grid aligned to `out`: virtual element j is out[j - head], where head (0..3) is
 * how far out lies past a 16-byte boundary. Every vector of four virtual elements is then one
 * aligned 16-byte store. Only the first vector (before out[0]) and the last (past out[n - 1]) can
 * be partial; they go element by element. If in has the same misalignment as out, its vectors are
 * aligned too; otherwise (in - out not a multiple of 4 elements) the loads go element by element
 * on the same grid: the 16-byte loads are kept for the common case, not forced on every case. */
typedef struct tile_io {
    const uint32_t *in;
    uint32_t *out;
    size_t head; /* virtual index of in[0] and out[0] */
    size_t end;  /* head + n */
} tile_io;

/* One 16-byte load (ld.global.v4), one 4-byte load, one 16-byte store, with 10a's cache
 * hints, always STREAMING: __ldcs and __stcs (ld.global.cs, st.global.cs) mark the lines
 * evict-first, so the L2 drops the data, touched once, before the descriptors and the counter. */
static __device__ __forceinline__ uint4 load16(const uint32_t *p)
{
    return __ldcs((const uint4 *)p);
}
static __device__ __forceinline__ uint32_t load4(const uint32_t *p) { return __ldcs(p); }
static __device__ __forceinline__ void store16(uint32_t *p, uint4 v) { __stcs((uint4 *)p, v); }

/* Vector q holds virtual elements 4q .. 4q + 3; missing elements read as 0 (they change no sum). */
template <bool ALIGNED_IN>
static __device__ __forceinline__ uint4 load_vector(const tile_io &io, size_t q)
{
    const size_t j = 4 * q;
    if (j >= io.head && j + 4 <= io.end) {
        const uint32_t *p = io.in + (j - io.head);
        if (ALIGNED_IN) return load16(p);
        return make_uint4(load4(p), load4(p + 1), load4(p + 2), load4(p + 3));
    }
    uint32_t e[4];
#pragma unroll
    for (int k = 0; k < 4; k++)
        e[k] = j + k >= io.head && j + k < io.end ? io.in[j + k - io.head] : 0;
    return make_uint4(e[0], e[1], e[2], e[3]);
}

static __device__ __forceinline__ void store_vector(const tile_io &io, size_t q, uint4 v)
{
    const size_t j = 4 * q;
    if (j >= io.head && j + 4 <= io.end) {
        store16(io.out + (j - io.head), v);
        return;
    }
    const uint32_t e[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
    for (int k = 0; k < 4; k++)
        if (j + k >= io.head && j + k < io.end) io.out[j + k - io.head] = e[k];
}

/* (OP: the scan's operator, block_scan.cuh.) */
template <class OP = sum_op> static __device__ __forceinline__ uint4 add4(uint4 v, uint32_t a)
{
    return make_uint4(OP::combine(a, v.x), OP::combine(a, v.y), OP::combine(a, v.z),
                      OP::combine(a, v.w));
}

/* In-vector inclusive scan: 3 adds. */
template <class OP = sum_op> static __device__ __forceinline__ uint4 scan4(uint4 v)
{
    v.y = OP::combine(v.x, v.y);
    v.z = OP::combine(v.y, v.z);
    v.w = OP::combine(v.z, v.w);
    return v;
}

/* ---- 2. The tile over the threads ----------------------------------------------------------- */

/* A tile is THREADS x VECS vectors (C, a variant's shape: section 5), laid over the threads in
 * warp rows: a thread's v-th vector is vector_of(v), a row (32 vectors) apart. */
template <class C> constexpr int tile_vectors = C::THREADS * C::VECS;
template <class C> constexpr int tile_elements = 4 * tile_vectors<C>;

template <class C> static __device__ __forceinline__ int vector_of(int v)
{
    const int warp = threadIdx.x / WARP_THREADS, lane = threadIdx.x % WARP_THREADS;
    return warp * WARP_THREADS * C::VECS + v * WARP_THREADS + lane;
}

/* Warp w owns a contiguous stretch of 32 x VECS vectors, read as VECS rows of 32 (row r of lane l
 * is vector w * 32 * VECS + r * 32 + l: each row is one coalesced 512-byte load). warp_scan_rows
 * scans each row across the warp with shuffles and chains the rows by their totals; join_warps
 * joins the warps by one exchange of their totals: one barrier per tile. */
template <class C, class OP = sum_op>
static __device__ __forceinline__ uint32_t warp_scan_rows(uint4 (&x)[C::VECS])
{
    uint32_t row[C::VECS];
#pragma unroll
    for (int v = 0; v < C::VECS; v++) {
        x[v] = scan4<OP>(x[v]);
        row[v] = warp_inclusive_scan<OP>(x[v].w);
    }
    uint32_t warp_sum = OP::identity();
#pragma unroll
    for (int v = 0; v < C::VECS; v++) {
        x[v] = add4(x[v], warp_sum + row[v] - x[v].w);
        warp_sum = OP::combine(warp_sum, __shfl_sync(FULL_WARP, row[v], WARP_THREADS - 1));
    }
    return warp_sum;
}

/* Returns the tile's aggregate, and in `pending` the totals of the warps before this one, which
 * the caller adds together with the tile's carry. */
template <class C, class OP = sum_op>
static __device__ __forceinline__ uint32_t join_warps(uint32_t warp_sum, uint32_t &pending)
{
    constexpr int WARPS = C::THREADS / WARP_THREADS;
    __shared__ uint32_t warp_totals[WARPS];
    const int warp = threadIdx.x / WARP_THREADS, lane = threadIdx.x % WARP_THREADS;
    if (lane == 0) warp_totals[warp] = warp_sum;
    __syncthreads();
    /* Every warp scans the WARPS totals itself: no second barrier. The next write of
     * warp_totals comes after the caller's carry barrier, which follows these reads. */
    uint32_t w = warp_inclusive_scan<OP>(lane < WARPS ? warp_totals[lane] : OP::identity());
    const uint32_t before = __shfl_sync(FULL_WARP, w, (warp + WARP_THREADS - 1) % WARP_THREADS);
    pending = warp > 0 ? before : OP::identity();
    return __shfl_sync(FULL_WARP, w, WARPS - 1);
}

template <class C, class OP = sum_op>
static __device__ __forceinline__ uint32_t scan_tile(uint4 (&x)[C::VECS], uint32_t &pending)
{
    return join_warps<C, OP>(warp_scan_rows<C, OP>(x), pending);
}

/* ---- 3. Who scans which tile: the kernel ---------------------------------------------------- */

/* 3a. The tile order: a ticket drawn in the order blocks start, so tile t's predecessors are
 *     running and waiting for them is safe (not so with blockIdx.x). Once per block. */
static __device__ __forceinline__ uint32_t claim_tile(uint32_t *tile_counter)
{
    __shared__ uint32_t s_tile;
    if (threadIdx.x == 0) s_tile = atomicAdd(tile_counter, 1u);
    __syncthreads();
    return s_tile;
}

/* 3b. Every tile but the first and the last lies wholly inside the array: its vectors need no
 *     bounds check, and every address is one base pointer plus a constant, so the loads and
 *     stores cost no 64-bit index arithmetic and few registers. The other two tiles take the
 *     checked path. */
template <class C>
static __device__ __forceinline__ bool tile_is_full(const tile_io &io, uint32_t tile)
{
    const size_t first = (size_t)tile * tile_elements<C>;
    return first >= io.head && first + tile_elements<C> <= io.end;
}

template <class C, bool ALIGNED_IN>
static __device__ __forceinline__ void load_tile(const tile_io &io, uint32_t tile,
                                                 uint4 (&x)[C::VECS])
{
    const size_t first = (size_t)tile * tile_vectors<C>;
    if (tile_is_full<C>(io, tile)) {
        const uint32_t *p = io.in + (4 * (first + vector_of<C>(0)) - io.head);
#pragma unroll
        for (int v = 0; v < C::VECS; v++) {
            const uint32_t *q = p + 4 * WARP_THREADS * v;
            if (ALIGNED_IN)
                x[v] = load16(q);
            else
                x[v] = make_uint4(load4(q), load4(q + 1), load4(q + 2), load4(q + 3));
        }
        return;
    }
#pragma unroll
    for (int v = 0; v < C::VECS; v++)
        x[v] = load_vector<ALIGNED_IN>(io, first + vector_of<C>(v));
}

template <class C, class OP = sum_op>
static __device__ __forceinline__ void store_tile(const tile_io &io, uint32_t tile,
                                                  uint4 (&x)[C::VECS], uint32_t add)
{
    const size_t first = (size_t)tile * tile_vectors<C>;
    if (tile_is_full<C>(io, tile)) {
        uint32_t *p = io.out + (4 * (first + vector_of<C>(0)) - io.head);
#pragma unroll
        for (int v = 0; v < C::VECS; v++)
            store16(p + 4 * WARP_THREADS * v, add4<OP>(x[v], add));
        return;
    }
#pragma unroll
    for (int v = 0; v < C::VECS; v++)
        store_vector(io, first + vector_of<C>(v), add4<OP>(x[v], add));
}

/* 3c. Warp 0 runs stage 09's decoupled look-back (lookback.cuh) for the tile; the carry reaches
 *     the other warps through shared memory, behind the barrier. */
template <class C, class OP = sum_op>
static __device__ __forceinline__ typename OP::word
tile_carry(tile_descriptor *descriptors, uint32_t tile, typename OP::word aggregate,
           typename OP::word *s_carry)
{
    if (threadIdx.x < WARP_THREADS) {
        const typename OP::word carry = decoupled_lookback<C, OP>(descriptors, tile, aggregate);
        if (threadIdx.x == 0) *s_carry = carry;
    }
    __syncthreads();
    return *s_carry;
}

/* 3d. An exclusive scan: after the inclusive one, each element takes its left neighbour's value:
 *     within a vector, the element before; for a vector's first element, the last of the lane to
 *     the left in the same row; for lane 0, the last of the row before; for the warp's first
 *     element, the identity (the warps before come in through `pending`). The aggregate is
 *     unchanged. */
enum scan_kind { INCLUSIVE, EXCLUSIVE };

template <class C, class OP>
static __device__ __forceinline__ void to_exclusive(uint4 (&x)[C::VECS])
{
    const int lane = threadIdx.x % WARP_THREADS;
    uint32_t row_before = OP::identity();
#pragma unroll
    for (int v = 0; v < C::VECS; v++) {
        const uint32_t left = __shfl_up_sync(FULL_WARP, x[v].w, 1);
        const uint32_t row_last = __shfl_sync(FULL_WARP, x[v].w, WARP_THREADS - 1);
        x[v] = make_uint4(lane > 0 ? left : row_before, x[v].x, x[v].y, x[v].z);
        row_before = row_last;
    }
}
/* 3e. The kernel: one block per tile, as in stage 09, with a tile of THREADS x VECS vectors. (The
 *     bounds name THREADS and MIN_BLOCKS blocks a multiprocessor: at most 65536 / (MIN_BLOCKS x
 *     THREADS) registers a thread.) */
template <class C, class OP, scan_kind KIND, bool ALIGNED_IN>
__global__ void __launch_bounds__(C::THREADS, C::MIN_BLOCKS)
    coarsened_scan(tile_io io, uint32_t *tile_counter, tile_descriptor *descriptors)
{
    __shared__ uint32_t s_carry;
    uint4 x[C::VECS];
    uint32_t pending;
    const uint32_t tile = claim_tile(tile_counter);
    load_tile<C, ALIGNED_IN>(io, tile, x);
    const uint32_t aggregate = scan_tile<C, OP>(x, pending);
    if (KIND == EXCLUSIVE) to_exclusive<C, OP>(x);
    const uint32_t carry = tile_carry<C, OP>(descriptors, tile, aggregate, &s_carry);
    store_tile<C, OP>(io, tile, x, OP::combine(carry, pending));
}

/* ---- 4. The host side ------------------------------------------------------------------------ */

/* Scratch: the counter, then a descriptor per tile (head may add one tile: count for head = 3). */
template <class C> static size_t coarsened_scratch_bytes(size_t n)
{
    return (1 + (n + 3 + tile_elements<C> - 1) / tile_elements<C>) * sizeof(tile_descriptor);
}

/* The grid every kernel here lays its tiles on: aligned to out (section 1). */
static tile_io app_io(const uint32_t *in, uint32_t *out, size_t n)
{
    tile_io io = {in, out, (size_t)((uintptr_t)out % 16 / 4), 0};
    io.end = io.head + n;
    return io;
}

static bool aligned_alike(const void *a, const void *b)
{
    return ((uintptr_t)a - (uintptr_t)b) % 16 == 0;
}

/* Arrays in the scratch start on 16-byte boundaries: n words rounded up to a multiple of 4. */
static size_t words16(size_t n) { return (n + 3) / 4 * 4; }

/* Zero the counter and the descriptors (STATUS_INVALID), as every kernel here needs. */
static void clear_scratch(void *scratch, uint32_t tiles)
{
    CUDA_CHECK(cudaMemsetAsync(scratch, 0, (1 + (size_t)tiles) * sizeof(tile_descriptor), 0));
}

/* Zero the counter and the descriptors, then one block per tile, in the kernel for in's
 * alignment: 16-byte loads where in - out is a multiple of 16 bytes. */
template <class C, class OP, scan_kind KIND>
static void scan_coarsened(const uint32_t *in, uint32_t *out, size_t n, const app_args *args,
                           void *scratch)
{
    (void)args;
    if (n == 0) return;
    const tile_io io = app_io(in, out, n);
    const uint32_t tiles = (uint32_t)((io.end + tile_elements<C> - 1) / tile_elements<C>);
    uint32_t *tile_counter = (uint32_t *)scratch;
    tile_descriptor *descriptors = (tile_descriptor *)scratch + 1;
    clear_scratch(scratch, tiles);
    if (aligned_alike(in, out))
        coarsened_scan<C, OP, KIND, true><<<tiles, C::THREADS>>>(io, tile_counter, descriptors);
    else
        coarsened_scan<C, OP, KIND, false><<<tiles, C::THREADS>>>(io, tile_counter, descriptors);
    LAUNCH_CHECK();
}

/* ---- 7 to 9. The radix sorts, and the variants ----------------------------------------------- */

#include "digits.cuh"   /* 7, 8: a tile ranked by digit, the digit passes */
#include "onesweep.cuh" /* 9: the one sweep */

/* A variant's shape is a struct of named constants: THREADS a block, VECS 16-byte vectors a
 * thread (4 x VECS elements: the article's ITEMS_PER_THREAD), MIN_BLOCKS (section 3), and more. */
/* 128 threads of 64 elements in warp rows: 8192-element tiles. Left alone, nvcc 13.0 gives it
 * 127 registers a thread: 4 blocks fit on a multiprocessor (65536 registers). Asking for 5 allows
 * 102, and it needs 96, with no spill: more tiles in flight on every multiprocessor. */
struct warp_rows {
    static constexpr int THREADS = 128, VECS = 16;
    static constexpr int MIN_BLOCKS = 5;
    static constexpr bool QUIET = false;
};
struct quiet_lookback : warp_rows {
    static constexpr bool QUIET = true;
};

/* The tile that sections 7 and 8 rank by digit: THREADS a block, KEYS a thread (in registers,
 * warp-striped: 7a), MIN_BLOCKS a multiprocessor. 384 threads of 20 keys, 7680 keys a tile, as
 * CUB's one-sweep pass takes 32-bit keys where its offsets are 32 bits (19 keys where they are 64,
 * as cub-sort's are): a tile's fixed costs (256 counts to count, scan and publish) spread over 30
 * keys a bin; the 256 bins find a thread each; and two blocks fit an SM (at most 80 registers a
 * thread: 65536 / (2 x 384), in steps of 8; 45 KB of shared memory each). Past 22 keys, the
 * staged tile (7e) passes the 48 KB of static shared memory a block may have. */
struct digit_tile {
    static constexpr int THREADS = 384, KEYS = 20, MIN_BLOCKS = 2;
    static constexpr bool BALLOTS = false; /* the peers by __match_any_sync (7d) */
    typedef quiet_lookback SCAN;           /* the digit passes' scan of the counts (8b) */
};

/* CUB's ranking, the peers by eight ballots (7d), at three blocks a multiprocessor, as CUB's pass
 * runs: at most 56 registers a thread (65536 / (3 x 384), in steps of 8), which hold the 20 keys
 * without a spill. */
struct ballot_tile : digit_tile {
    static constexpr int MIN_BLOCKS = 3;
    static constexpr bool BALLOTS = true;
    static constexpr bool PAIRS = false;
};
/* A pair sort holds each key's rank and value too: two blocks, and 22 keys, the fastest measured
 * (23 are the most whose staged tile fits in 48 KB). */
struct onesweep_pairs : ballot_tile {
    static constexpr int KEYS = 22, MIN_BLOCKS = 2;
    static constexpr bool PAIRS = true;
};

/* A row's family is what it computes (common/contract/apps.h); the tests probe sizes around each row's
 * tile. `make grade` times the last. */
#define DIGIT_VARIANT(name, family, C, scratch, run, flags)                                        \
    {                                                                                              \
        name, family, scratch, run, tile_keys<C>, flags                                            \
    }
const app_variant app_variants[] = {
    DIGIT_VARIANT("sort+digit-passes", APP_SORT, digit_tile, digit_passes_scratch_bytes<digit_tile>,
                  run_digit_passes<digit_tile>, 0),
    DIGIT_VARIANT("sort+ballot-ranking", APP_SORT, ballot_tile,
                  digit_passes_scratch_bytes<ballot_tile>, run_digit_passes<ballot_tile>, 0),
    DIGIT_VARIANT("sort+onesweep", APP_SORT, ballot_tile, onesweep_scratch_bytes<ballot_tile>,
                  run_onesweep<ballot_tile>, 0),
    DIGIT_VARIANT("sort-pairs+onesweep", APP_SORT_PAIRS, onesweep_pairs,
                  onesweep_scratch_bytes<onesweep_pairs>, run_onesweep<onesweep_pairs>,
                  SCAN_GRADED),
};
const size_t app_variant_count = sizeof app_variants / sizeof app_variants[0];
