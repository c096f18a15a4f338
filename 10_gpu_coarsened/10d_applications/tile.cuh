/* Stage 10, gpu_coarsened: many elements per thread, 16-byte loads and stores, a tuned tile; then
 * the steps past the articles that bring the scan near the speed of a copy.
 * Compared with 09_gpu_lookback: tiles of 2048 to 8192 elements instead of 512, so there are 4 to
 * 16 times fewer tiles to claim, publish and look back over, and each load moves 16 bytes; past
 * the article, a quieter look-back, and a schedule for each size of array.
 * Expected: the article's sweep (4, 8, 12, 16 items per thread) climbs from 09's few hundred GB/s
 * towards CUB; the later steps pass CUB and close most of the gap to `copy`.
 * Run it: make stage-10 (from the top folder) or make (in this folder).
 * The files: block_scan.cuh (05's block scans, carried unchanged), lookback.cuh (09's decoupled
 * look-back, with the quiet polling of step 3 added); this file (the coarsened tiles, the
 * schedules and the variants). */
#include <cooperative_groups.h>

#include "block_scan.cuh"
#include "cuda_check.h"
#include "lookback.cuh"
#include "scan.h"

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

/* Cache hints for data touched once. PLAIN: ld.global and st.global. STREAMING: __ldcs and
 * __stcs (ld.global.cs, st.global.cs): the lines are marked evict-first, so the stream does not
 * push the tile descriptors and the counter out of L2. */
enum cache_hints { PLAIN, STREAMING };

template <cache_hints HINTS> static __device__ __forceinline__ uint4 load16(const uint32_t *p)
{
    if constexpr (HINTS == STREAMING) return __ldcs((const uint4 *)p);
    return *(const uint4 *)p;
}
template <cache_hints HINTS> static __device__ __forceinline__ uint32_t load4(const uint32_t *p)
{
    if constexpr (HINTS == STREAMING) return __ldcs(p);
    return *p;
}
template <cache_hints HINTS> static __device__ __forceinline__ void store16(uint32_t *p, uint4 v)
{
    if constexpr (HINTS == PLAIN)
        *(uint4 *)p = v;
    else
        __stcs((uint4 *)p, v);
}

/* Vector q holds virtual elements 4q .. 4q + 3; missing elements read as 0 (they change no sum). */
template <cache_hints HINTS, bool ALIGNED_IN>
static __device__ __forceinline__ uint4 load_vector(const tile_io &io, size_t q)
{
    const size_t j = 4 * q;
    if (j >= io.head && j + 4 <= io.end) {
        const uint32_t *p = io.in + (j - io.head);
        if (ALIGNED_IN) return load16<HINTS>(p);
        return make_uint4(load4<HINTS>(p), load4<HINTS>(p + 1), load4<HINTS>(p + 2),
                          load4<HINTS>(p + 3));
    }
    uint32_t e[4];
#pragma unroll
    for (int k = 0; k < 4; k++)
        e[k] = j + k >= io.head && j + k < io.end ? io.in[j + k - io.head] : 0;
    return make_uint4(e[0], e[1], e[2], e[3]);
}

template <cache_hints HINTS>
static __device__ __forceinline__ void store_vector(const tile_io &io, size_t q, uint4 v)
{
    const size_t j = 4 * q;
    if (j >= io.head && j + 4 <= io.end) {
        store16<HINTS>(io.out + (j - io.head), v);
        return;
    }
    const uint32_t e[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
    for (int k = 0; k < 4; k++)
        if (j + k >= io.head && j + k < io.end) io.out[j + k - io.head] = e[k];
}

/* (OP: the scan's operator, block_scan.cuh; the sum unless the last chapter passes another.) */
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

/* ---- 2. Two ways to lay a tile over the threads ---------------------------------------------- */

/* A layout says which vectors of the tile thread threadIdx.x holds (vector_of), and scans them:
 * scan() replaces each vector by its inclusive prefix within the tile, less `pending`, which the
 * caller adds with the carry; it returns the tile's aggregate to every thread. */

/* 2a. The article's: loads striped (vector v of thread t is tile vector v * THREADS + t, so a
 *     warp's load is 512 contiguous bytes), exchanged through shared memory into a blocked layout
 *     (thread t holds vectors t * VECS .. t * VECS + VECS - 1, consecutive elements), scanned in
 *     the thread, then across threads with block_exclusive_scan, and exchanged back. */
template <int THREADS, int VECS> struct exchange_layout {
    static constexpr int STRIDE = THREADS;
    static __device__ __forceinline__ int vector_of(int v) { return v * STRIDE + threadIdx.x; }

    static __device__ __forceinline__ uint32_t scan(uint4 (&x)[VECS], uint32_t &pending)
    {
        /* SOLUTION BEGIN: striped to blocked, scan in the thread and the block, back */
        __shared__ uint4 exchange[THREADS * VECS];
        const int t = threadIdx.x;
#pragma unroll
        for (int v = 0; v < VECS; v++)
            exchange[v * THREADS + t] = x[v];
        __syncthreads();
        uint32_t sum = 0;
#pragma unroll
        for (int v = 0; v < VECS; v++) {
            x[v] = scan4(exchange[t * VECS + v]);
            x[v] = add4(x[v], sum);
            sum = x[v].w;
        }
        uint32_t aggregate;
        const uint32_t before = block_exclusive_scan<THREADS>(sum, &aggregate);
        /* The block scan's barriers stand between every thread's read above and these writes. */
#pragma unroll
        for (int v = 0; v < VECS; v++)
            exchange[t * VECS + v] = add4(x[v], before);
        __syncthreads();
#pragma unroll
        for (int v = 0; v < VECS; v++)
            x[v] = exchange[v * THREADS + t];
        pending = 0;
        return aggregate;
        /* SOLUTION END, stub: (void)x; pending = 0; return 0; */
    }
};

/* 2b. No exchange: warp w owns a contiguous stretch of 32 * VECS vectors, read as VECS rows of 32
 *     (row r of lane l is vector w * 32 * VECS + r * 32 + l: each row is one 512-byte load, as
 *     coalesced as the striped one). Each row is scanned across the warp with shuffles, the rows
 *     are chained by their totals, and the warps by one exchange of WARPS totals: one barrier per
 *     tile instead of the exchange's two plus the block scan's three, and no shared-memory
 *     round trip for the data. */
template <int THREADS, int VECS> struct warp_rows_layout {
    static constexpr int WARPS = THREADS / WARP_THREADS, STRIDE = WARP_THREADS;

    static __device__ __forceinline__ int vector_of(int v)
    {
        const int warp = threadIdx.x / WARP_THREADS, lane = threadIdx.x % WARP_THREADS;
        return warp * WARP_THREADS * VECS + v * STRIDE + lane;
    }

    /* (OP: the sum, or the last chapter's operators. The row's exclusive prefix is the
     *  inclusive one less the lane's own total where the operator can be undone, else the
     *  inclusive prefix of the lane to the left.) */
    template <class OP = sum_op>
    static __device__ __forceinline__ uint32_t scan(uint4 (&x)[VECS], uint32_t &pending)
    {
        /* SOLUTION BEGIN: scan the rows with shuffles, chain them, then the warps */
        __shared__ uint32_t warp_totals[WARPS];
        const int warp = threadIdx.x / WARP_THREADS, lane = threadIdx.x % WARP_THREADS;
        uint32_t row[VECS];
#pragma unroll
        for (int v = 0; v < VECS; v++) {
            x[v] = scan4<OP>(x[v]);
            row[v] = warp_inclusive_scan<OP>(x[v].w);
        }
        uint32_t warp_sum = OP::identity();
#pragma unroll
        for (int v = 0; v < VECS; v++) {
            if constexpr (OP::INVERTIBLE) {
                x[v] = add4(x[v], warp_sum + row[v] - x[v].w);
            } else {
                const uint32_t left = __shfl_up_sync(FULL_WARP, row[v], 1);
                x[v] = add4<OP>(x[v], lane > 0 ? OP::combine(warp_sum, left) : warp_sum);
            }
            warp_sum = OP::combine(warp_sum, __shfl_sync(FULL_WARP, row[v], WARP_THREADS - 1));
        }
        if (lane == 0) warp_totals[warp] = warp_sum;
        __syncthreads();
        /* Every warp scans the WARPS totals itself: no second barrier. The next write of
         * warp_totals comes after the caller's carry barrier, which follows these reads. */
        uint32_t w = warp_inclusive_scan<OP>(lane < WARPS ? warp_totals[lane] : OP::identity());
        const uint32_t before = __shfl_sync(FULL_WARP, w, (warp + WARP_THREADS - 1) % WARP_THREADS);
        pending = warp > 0 ? before : OP::identity();
        return __shfl_sync(FULL_WARP, w, WARPS - 1);
        /* SOLUTION END, stub: (void)x; pending = 0; return 0; */
    }
};

/* ---- 3. Who scans which tile ---------------------------------------------------------------- */

/* 2. The tile order. Thread 0 draws the next ticket from the counter; every thread of the block
 *    returns it. Blocks draw in the order they start, so tile t's predecessors belong to blocks
 *    that started earlier and are running: waiting for them is safe, whatever order the hardware
 *    starts blocks in (the README says why blockIdx.x would not do). Call it once per block (its
 *    shared word is not reused). */
static __device__ __forceinline__ uint32_t claim_tile(uint32_t *tile_counter)
{
    __shared__ uint32_t s_tile;
    if (threadIdx.x == 0) s_tile = atomicAdd(tile_counter, 1u);
    __syncthreads();
    return s_tile;
}

/* ONE_TILE: the article's: one block per tile, tiles claimed from the counter (claim_tile).
 * COOPERATIVE: as many blocks as fit on the GPU at once, in a fixed order (block b scans tiles b,
 *   b + G, b + 2G, ...), no counter. The cooperative launch guarantees that every block of the
 *   grid is resident, so waiting on another block's tile is safe (the lowest unfinished tile is
 *   always its block's current one, and all its predecessors are done); and its grid barrier lets
 *   the kernel clear the descriptors itself: no memset, one launch per scan.
 * PREFETCH (with COOPERATIVE): load the next tile before looking back for the current one, so
 *   loads stay in flight through the look-back. Safe (the next tile's predecessors are held by
 *   running blocks), but the next tile's aggregate then waits for this tile's look-back: it pays
 *   on mid-sized arrays only (one-launch+prefetch; the README has the numbers).
 * ONE_WAVE: cooperative too, but no look-back at all. While every tile has a resident block, all
 *   tiles are in registers at once: each block publishes its aggregate, the grid waits at one
 *   barrier, and each block adds up the aggregates before its own, all in parallel. The chain of
 *   look-backs (at best 32 tiles per round trip to L2) becomes one barrier and one parallel read.
 *   More tiles than blocks take rounds, a barrier each (one-wave; the README has the numbers). */
enum schedule_kind { ONE_TILE, COOPERATIVE, ONE_WAVE };

/* A variant's shape: threads per block, 16-byte vectors per thread, layout, cache hints, schedule,
 * the blocks per SM asked of the register allocator (__launch_bounds__), and the look-back's
 * polling (QUIET: lookback.cuh, step 3). */
template <int THREADS_, int VECS_, template <int, int> class LAYOUT, cache_hints HINTS_,
          schedule_kind SCHEDULE_, bool PREFETCH_ = false, int MIN_BLOCKS_ = 1, bool QUIET_ = false>
struct coarsened {
    static constexpr int THREADS = THREADS_, VECS = VECS_, ITEMS = 4 * VECS_;
    static constexpr int TILE_VECTORS = THREADS * VECS, TILE = 4 * TILE_VECTORS;
    static constexpr cache_hints HINTS = HINTS_;
    static constexpr schedule_kind SCHEDULE = SCHEDULE_;
    static constexpr bool PREFETCH = PREFETCH_;
    static constexpr int MIN_BLOCKS = MIN_BLOCKS_;
    static constexpr bool QUIET = QUIET_;
    typedef LAYOUT<THREADS, VECS> layout;
};

/* Every tile but the first and the last lies wholly inside the array: its vectors need no bounds
 * check, and every address is one base pointer plus a constant, so the loads and stores cost no
 * 64-bit index arithmetic and few registers. The other two tiles take the checked path. */
template <class C>
static __device__ __forceinline__ bool tile_is_full(const tile_io &io, uint32_t tile)
{
    const size_t first = (size_t)tile * C::TILE;
    return first >= io.head && first + C::TILE <= io.end;
}

template <class C, bool ALIGNED_IN>
static __device__ __forceinline__ void load_tile(const tile_io &io, uint32_t tile,
                                                 uint4 (&x)[C::VECS])
{
    const size_t first = (size_t)tile * C::TILE_VECTORS;
    if (tile_is_full<C>(io, tile)) {
        const uint32_t *p = io.in + (4 * (first + C::layout::vector_of(0)) - io.head);
#pragma unroll
        for (int v = 0; v < C::VECS; v++) {
            const uint32_t *q = p + 4 * C::layout::STRIDE * v;
            if (ALIGNED_IN)
                x[v] = load16<C::HINTS>(q);
            else
                x[v] = make_uint4(load4<C::HINTS>(q), load4<C::HINTS>(q + 1),
                                  load4<C::HINTS>(q + 2), load4<C::HINTS>(q + 3));
        }
        return;
    }
#pragma unroll
    for (int v = 0; v < C::VECS; v++)
        x[v] = load_vector<C::HINTS, ALIGNED_IN>(io, first + C::layout::vector_of(v));
}

template <class C, class OP = sum_op>
static __device__ __forceinline__ void store_tile(const tile_io &io, uint32_t tile,
                                                  uint4 (&x)[C::VECS], uint32_t add)
{
    const size_t first = (size_t)tile * C::TILE_VECTORS;
    if (tile_is_full<C>(io, tile)) {
        uint32_t *p = io.out + (4 * (first + C::layout::vector_of(0)) - io.head);
#pragma unroll
        for (int v = 0; v < C::VECS; v++)
            store16<C::HINTS>(p + 4 * C::layout::STRIDE * v, add4<OP>(x[v], add));
        return;
    }
#pragma unroll
    for (int v = 0; v < C::VECS; v++)
        store_vector<C::HINTS>(io, first + C::layout::vector_of(v), add4<OP>(x[v], add));
}

/* Warp 0 runs the decoupled look-back (lookback.cuh); the carry reaches the other warps through
 * shared memory, behind the barrier. */
template <class C, class OP = sum_op>
static __device__ __forceinline__ typename OP::word
tile_carry(tile_descriptor *descriptors, uint32_t tile, typename OP::word aggregate,
           typename OP::word *s_carry)
{
    if (threadIdx.x < WARP_THREADS) {
        const typename OP::word carry =
            decoupled_lookback<true, C::QUIET, OP>(descriptors, tile, aggregate);
        if (threadIdx.x == 0) *s_carry = carry;
    }
    __syncthreads();
    return *s_carry;
}

/* ONE_WAVE's sums after the barrier: the aggregates of this round's tiles before this block's
 * (`before`) and of the whole round (`round`), read by all the block's threads in parallel. */
template <class C>
static __device__ __forceinline__ void round_sums(const uint32_t *aggregates, uint32_t first,
                                                  uint32_t count, uint32_t *before, uint32_t *round)
{
    __shared__ uint32_t s_sums[2][C::THREADS / WARP_THREADS];
    uint32_t b = 0, r = 0;
    for (uint32_t i = threadIdx.x; i < count; i += C::THREADS) {
        const uint32_t a = __ldcg(aggregates + first + i);
        r += a;
        if (i < blockIdx.x) b += a;
    }
#pragma unroll
    for (int offset = WARP_THREADS / 2; offset > 0; offset /= 2) {
        b += __shfl_xor_sync(FULL_WARP, b, offset);
        r += __shfl_xor_sync(FULL_WARP, r, offset);
    }
    if (threadIdx.x % WARP_THREADS == 0) {
        s_sums[0][threadIdx.x / WARP_THREADS] = b;
        s_sums[1][threadIdx.x / WARP_THREADS] = r;
    }
    __syncthreads();
    *before = *round = 0;
#pragma unroll
    for (int w = 0; w < C::THREADS / WARP_THREADS; w++) {
        *before += s_sums[0][w];
        *round += s_sums[1][w];
    }
}

template <class C, bool ALIGNED_IN>
__global__ void __launch_bounds__(C::THREADS, C::MIN_BLOCKS)
    coarsened_scan(tile_io io, uint32_t tiles, uint32_t *tile_counter, tile_descriptor *descriptors)
{
    __shared__ uint32_t s_carry;
    uint4 x[C::VECS];
    uint32_t pending;

    if constexpr (C::SCHEDULE == ONE_TILE) {
        const uint32_t tile = claim_tile(tile_counter);
        load_tile<C, ALIGNED_IN>(io, tile, x);
        const uint32_t aggregate = C::layout::scan(x, pending);
        const uint32_t carry = tile_carry<C>(descriptors, tile, aggregate, &s_carry);
        store_tile<C>(io, tile, x, carry + pending);
    } else if constexpr (C::SCHEDULE == ONE_WAVE) {
        /* The aggregates need no clearing: every one is written before the barrier that comes
         * before its reads. Every block takes part in every round's barrier, with a tile or not;
         * a round's barrier also orders its reads before the next round's writes to
         * s_sums, and the aggregates of different rounds lie apart. */
        (void)tile_counter;
        uint32_t *aggregates = (uint32_t *)descriptors;
        uint32_t carry = 0;
        for (uint32_t first = 0; first < tiles; first += gridDim.x) {
            const uint32_t tile = first + blockIdx.x;
            if (tile < tiles) {
                load_tile<C, ALIGNED_IN>(io, tile, x);
                const uint32_t aggregate = C::layout::scan(x, pending);
                if (threadIdx.x == 0) aggregates[tile] = aggregate;
            }
            cooperative_groups::this_grid().sync();
            uint32_t before, round;
            round_sums<C>(aggregates, first, min(gridDim.x, tiles - first), &before, &round);
            if (tile < tiles) store_tile<C>(io, tile, x, carry + before + pending);
            carry += round;
        }
    } else {
        /* COOPERATIVE. Scratch starts as garbage (or as the last run's descriptors): clear it,
         * then wait for every block, so that no look-back reads a descriptor before it is
         * cleared. */
        (void)tile_counter;
        for (size_t i = (size_t)blockIdx.x * C::THREADS + threadIdx.x; i < tiles;
             i += (size_t)gridDim.x * C::THREADS)
            descriptors[i] = 0;
        cooperative_groups::this_grid().sync();
        uint32_t tile = blockIdx.x;
        if constexpr (C::PREFETCH) {
            load_tile<C, ALIGNED_IN>(io, tile, x);
            for (;;) {
                const uint32_t aggregate = C::layout::scan(x, pending);
                const uint32_t next = tile + gridDim.x;
                /* The next tile's loads go out now, and are in flight during the look-back. */
                uint4 y[C::VECS];
                if (next < tiles) load_tile<C, ALIGNED_IN>(io, next, y);
                const uint32_t carry = tile_carry<C>(descriptors, tile, aggregate, &s_carry);
                store_tile<C>(io, tile, x, carry + pending);
                if (next >= tiles) return;
                tile = next;
#pragma unroll
                for (int v = 0; v < C::VECS; v++)
                    x[v] = y[v];
            }
        } else {
            for (; tile < tiles; tile += gridDim.x) {
                load_tile<C, ALIGNED_IN>(io, tile, x);
                const uint32_t aggregate = C::layout::scan(x, pending);
                const uint32_t carry = tile_carry<C>(descriptors, tile, aggregate, &s_carry);
                store_tile<C>(io, tile, x, carry + pending);
            }
        }
    }
}

/* ---- 4. The host side ------------------------------------------------------------------------ */

/* Scratch: the counter, then a descriptor per tile (head may add one tile: count for head = 3). */
template <class C> static size_t coarsened_scratch_bytes(size_t n)
{
    return (1 + (n + 3 + C::TILE - 1) / C::TILE) * sizeof(tile_descriptor);
}

/* Blocks that fit on the whole GPU at once; asked once per kernel (the answer does not change). */
template <class C, bool ALIGNED_IN> static unsigned resident_blocks(void)
{
    static unsigned blocks;
    if (!blocks) {
        int device, sms, per_sm;
        CUDA_CHECK(cudaGetDevice(&device));
        CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
        CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
            &per_sm, coarsened_scan<C, ALIGNED_IN>, C::THREADS, 0));
        blocks = (unsigned)(sms * (per_sm > 0 ? per_sm : 1));
    }
    return blocks;
}

template <class C, bool ALIGNED_IN>
static void launch_coarsened(tile_io io, uint32_t tiles, void *scratch)
{
    uint32_t *tile_counter = (uint32_t *)scratch;
    tile_descriptor *descriptors = (tile_descriptor *)scratch + 1;
    if (C::SCHEDULE == ONE_TILE) {
        coarsened_scan<C, ALIGNED_IN><<<tiles, C::THREADS>>>(io, tiles, tile_counter, descriptors);
        LAUNCH_CHECK();
        return;
    }
    unsigned resident = resident_blocks<C, ALIGNED_IN>();
    unsigned grid = tiles < resident ? tiles : resident;
    void *args[] = {&io, &tiles, &tile_counter, &descriptors};
    CUDA_CHECK(cudaLaunchCooperativeKernel((const void *)coarsened_scan<C, ALIGNED_IN>, grid,
                                           C::THREADS, args, 0, 0));
}

template <class C>
static void scan_coarsened(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    if (n == 0) return;
    tile_io io = {in, out, (size_t)((uintptr_t)out % 16 / 4), 0};
    io.end = io.head + n;
    const uint32_t tiles = (uint32_t)((io.end + C::TILE - 1) / C::TILE);
    /* The counter and the descriptors start at zero (STATUS_INVALID); the cooperative kernels
     * clear their descriptors themselves (ONE_WAVE needs none) and use no counter. */
    if (C::SCHEDULE == ONE_TILE)
        CUDA_CHECK(cudaMemsetAsync(scratch, 0, (1 + (size_t)tiles) * sizeof(tile_descriptor), 0));
    if (((uintptr_t)in - (uintptr_t)out) % 16 == 0)
        launch_coarsened<C, true>(io, tiles, scratch);
    else
        launch_coarsened<C, false>(io, tiles, scratch);
}

/* ---- 5. Tuned: a schedule for each size --------------------------------------------------- */

/* The schedules win at different sizes, counted in waves: tiles over the blocks the GPU holds at
 * once (multiprocessors times blocks per multiprocessor, both read at run time). Within one wave,
 * ONE_WAVE (one launch, one barrier, no look-back chain). Up to PREFETCH_WAVES waves, the
 * cooperative kernel with the next tile prefetched (the look-back's latency hidden behind loads).
 * Above, one block per tile, where the hardware hands each new tile to whichever multiprocessor
 * frees up first. The crossings were measured on an H100 and an H200 (the README's table). */
#define PREFETCH_WAVES 24

template <class C> static size_t tiles_of(size_t n) { return (n + 3 + C::TILE - 1) / C::TILE; }

template <class WAVE, class MIDDLE, class LARGE> static size_t tuned_scratch_bytes(size_t n)
{
    size_t a = coarsened_scratch_bytes<WAVE>(n), b = coarsened_scratch_bytes<MIDDLE>(n),
           c = coarsened_scratch_bytes<LARGE>(n);
    return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

template <class WAVE, class MIDDLE, class LARGE>
static void scan_tuned(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    if (n == 0) return;
    if (tiles_of<WAVE>(n) <= resident_blocks<WAVE, true>())
        scan_coarsened<WAVE>(in, out, n, scratch);
    else if (tiles_of<MIDDLE>(n) <= (size_t)PREFETCH_WAVES * resident_blocks<MIDDLE, true>())
        scan_coarsened<MIDDLE>(in, out, n, scratch);
    else
        scan_coarsened<LARGE>(in, out, n, scratch);
}

/* ---- 6. The variants ------------------------------------------------------------------------- */

/* The article's kernel: 512 threads, the exchange, one block per tile, 1 to 4 vectors a thread. */
typedef coarsened<512, 1, exchange_layout, PLAIN, ONE_TILE> ipt4;
typedef coarsened<512, 2, exchange_layout, PLAIN, ONE_TILE> ipt8;
typedef coarsened<512, 3, exchange_layout, PLAIN, ONE_TILE> ipt12;
typedef coarsened<512, 4, exchange_layout, PLAIN, ONE_TILE> ipt16;
/* Past the article: the main line, each on top of the one before. */
typedef coarsened<512, 3, exchange_layout, STREAMING, ONE_TILE> streaming;
typedef coarsened<128, 12, exchange_layout, STREAMING, ONE_TILE> tile_128;
typedef coarsened<128, 12, warp_rows_layout, STREAMING, ONE_TILE> warp_rows;
/* 16 vectors (64 elements) a thread: 8192-element tiles, a quarter fewer tiles to look back over
 * than warp-rows. Left alone, nvcc 13.0 gives it 127 registers a thread: 4 blocks fit on a
 * multiprocessor (65536 registers). Asking for 5 (__launch_bounds__) allows 102, and it needs
 * 96, with no spill: more tiles in flight on every multiprocessor. */
typedef coarsened<128, 16, warp_rows_layout, STREAMING, ONE_TILE, false, 5> warp_rows_64;
/* The same tile, polling quietly while it waits (lookback.cuh, step 3). */
typedef coarsened<128, 16, warp_rows_layout, STREAMING, ONE_TILE, false, 5, true> quiet_lookback;
/* A side step: the cooperative kernel that clears its own descriptors (no memset, no counter);
 * 12 vectors a thread, so that the next step's second tile fits in the registers. */
typedef coarsened<128, 12, warp_rows_layout, STREAMING, COOPERATIVE, false, 1, true> one_launch;
/* The next tile loaded during the look-back: the fastest on mid-sized arrays. */
typedef coarsened<128, 12, warp_rows_layout, STREAMING, COOPERATIVE, true, 1, true>
    one_launch_prefetch;
/* No look-back: one barrier while the tiles fit on the GPU at once. 256 threads of 8 vectors:
 * the same 8192-element tile as warp-rows-64 in 64 registers a thread, 4 blocks per SM. */
typedef coarsened<256, 8, warp_rows_layout, STREAMING, ONE_WAVE, false, 4> one_wave;

/* (The course's last chapter, apps.cu, includes this file for its kernels, without this table.) */
