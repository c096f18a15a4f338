/* Step 10g, ring: a ring of tiles in flight in shared memory (ring.cuh, 3h); it did not pay.
 * Compared with 10f: a cooperative loop whose next STAGES tiles stream into shared memory while
 * the current one waits, copied by cp.async (ring) or the bulk-copy engine (ring+bulk).
 * Run it: make stage-10g (from the top folder) or make (in this folder). */
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

static __device__ __forceinline__ uint4 add4(uint4 v, uint32_t a)
{
    return make_uint4(a + v.x, a + v.y, a + v.z, a + v.w);
}

/* In-vector inclusive scan: 3 adds. */
static __device__ __forceinline__ uint4 scan4(uint4 v)
{
    v.y += v.x;
    v.z += v.y;
    v.w += v.z;
    return v;
}

/* ---- 2. The tile over the threads ----------------------------------------------------------- */

/* A tile is THREADS x VECS vectors (C, a variant's shape: section 6), laid over the threads in
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
template <class C> static __device__ __forceinline__ uint32_t warp_scan_rows(uint4 (&x)[C::VECS])
{
    uint32_t row[C::VECS];
#pragma unroll
    for (int v = 0; v < C::VECS; v++) {
        x[v] = scan4(x[v]);
        row[v] = warp_inclusive_scan(x[v].w);
    }
    uint32_t warp_sum = 0;
#pragma unroll
    for (int v = 0; v < C::VECS; v++) {
        x[v] = add4(x[v], warp_sum + row[v] - x[v].w);
        warp_sum += __shfl_sync(FULL_WARP, row[v], WARP_THREADS - 1);
    }
    return warp_sum;
}

/* Returns the tile's aggregate, and in `pending` the totals of the warps before this one, which
 * the caller adds together with the tile's carry. */
template <class C>
static __device__ __forceinline__ uint32_t join_warps(uint32_t warp_sum, uint32_t &pending)
{
    constexpr int WARPS = C::THREADS / WARP_THREADS;
    __shared__ uint32_t warp_totals[WARPS];
    const int warp = threadIdx.x / WARP_THREADS, lane = threadIdx.x % WARP_THREADS;
    if (lane == 0) warp_totals[warp] = warp_sum;
    __syncthreads();
    /* Every warp scans the WARPS totals itself: no second barrier. The next write of
     * warp_totals comes after the caller's carry barrier, which follows these reads. */
    uint32_t w = warp_inclusive_scan(lane < WARPS ? warp_totals[lane] : 0);
    const uint32_t before = __shfl_sync(FULL_WARP, w, (warp + WARP_THREADS - 1) % WARP_THREADS);
    pending = warp > 0 ? before : 0;
    return __shfl_sync(FULL_WARP, w, WARPS - 1);
}

template <class C>
static __device__ __forceinline__ uint32_t scan_tile(uint4 (&x)[C::VECS], uint32_t &pending)
{
    return join_warps<C>(warp_scan_rows<C>(x), pending);
}

/* ---- 3. Who scans which tile: the kernels --------------------------------------------------- */

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

template <class C>
static __device__ __forceinline__ void store_tile(const tile_io &io, uint32_t tile,
                                                  uint4 (&x)[C::VECS], uint32_t add)
{
    const size_t first = (size_t)tile * tile_vectors<C>;
    if (tile_is_full<C>(io, tile)) {
        uint32_t *p = io.out + (4 * (first + vector_of<C>(0)) - io.head);
#pragma unroll
        for (int v = 0; v < C::VECS; v++)
            store16(p + 4 * WARP_THREADS * v, add4(x[v], add));
        return;
    }
#pragma unroll
    for (int v = 0; v < C::VECS; v++)
        store_vector(io, first + vector_of<C>(v), add4(x[v], add));
}

/* 3c. Warp 0 runs stage 09's decoupled look-back (lookback.cuh) for the tile; the carry reaches
 *     the other warps through shared memory, behind the barrier. */
template <class C>
static __device__ __forceinline__ uint32_t tile_carry(tile_descriptor *descriptors, uint32_t tile,
                                                      uint32_t aggregate, uint32_t *s_carry)
{
    if (threadIdx.x < WARP_THREADS) {
        const uint32_t carry = decoupled_lookback<C>(descriptors, tile, aggregate);
        if (threadIdx.x == 0) *s_carry = carry;
    }
    __syncthreads();
    return *s_carry;
}

/* 3d. The kernel: one block per tile, as in stage 09, with a tile of THREADS x VECS vectors. (The
 *     bounds name THREADS and MIN_BLOCKS blocks a multiprocessor: at most 65536 / (MIN_BLOCKS x
 *     THREADS) registers a thread.) */
template <class C, bool ALIGNED_IN>
__global__ void __launch_bounds__(C::THREADS, C::MIN_BLOCKS)
    coarsened_scan(tile_io io, uint32_t *tile_counter, tile_descriptor *descriptors)
{
    __shared__ uint32_t s_carry;
    uint4 x[C::VECS];
    uint32_t pending;
    const uint32_t tile = claim_tile(tile_counter);
    load_tile<C, ALIGNED_IN>(io, tile, x);
    const uint32_t aggregate = scan_tile<C>(x, pending);
    const uint32_t carry = tile_carry<C>(descriptors, tile, aggregate, &s_carry);
    store_tile<C>(io, tile, x, carry + pending);
}

/* A variant's schedule (C::SCHEDULE): one block per tile (3d), the cooperative loop (3e), one
 * wave (3g), the ring (3h). */
enum schedule_kind { ONE_TILE, COOPERATIVE, ONE_WAVE, RING };

/* 3e. The cooperative loop. A cooperative launch (section 4) makes all its blocks resident at
 *     once, or fails; in exchange the kernel may wait at a grid barrier. Block b scans tiles b,
 *     b + G, b + 2G, ... (G blocks) without a counter: the lowest unfinished tile is always its
 *     block's current one, every tile before it is done, and its block is running, so all finish.
 *     Every block clears a stride of the descriptors before the barrier: no memset. */
template <class C>
static __device__ __forceinline__ void clear_descriptors(tile_descriptor *descriptors,
                                                         uint32_t tiles)
{
    for (size_t i = (size_t)blockIdx.x * C::THREADS + threadIdx.x; i < tiles;
         i += (size_t)gridDim.x * C::THREADS)
        descriptors[i] = 0;
}

/* Each block loads its next tile before it looks back for the current one, so loads stay in
 * flight through the look-back; a block holds two tiles in registers. (The grid is at most one
 * block a tile, so every block has a first tile.) */
template <class C, bool ALIGNED_IN>
__global__ void __launch_bounds__(C::THREADS, C::MIN_BLOCKS)
    cooperative_prefetch_scan(tile_io io, uint32_t tiles, tile_descriptor *descriptors)
{
    __shared__ uint32_t s_carry;
    uint4 x[C::VECS];
    uint32_t pending;
    clear_descriptors<C>(descriptors, tiles);
    cooperative_groups::this_grid().sync();
    uint32_t tile = blockIdx.x;
    load_tile<C, ALIGNED_IN>(io, tile, x);
    for (;;) {
        const uint32_t aggregate = scan_tile<C>(x, pending);
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
}

#include "one_wave.cuh"
#include "ring.cuh"

/* ---- 4. The host side ------------------------------------------------------------------------ */

/* Scratch: the counter, then a descriptor per tile (head may add one tile: count for head = 3). */
template <class C> static size_t coarsened_scratch_bytes(size_t n)
{
    return (1 + (n + 3 + tile_elements<C> - 1) / tile_elements<C>) * sizeof(tile_descriptor);
}

/* The kernel of a cooperative schedule (C::SCHEDULE, section 6). */
template <class C, bool ALIGNED_IN> static const void *cooperative_kernel(void)
{
    if constexpr (C::SCHEDULE == ONE_WAVE)
        return (const void *)one_wave_scan<C, ALIGNED_IN>;
    else if constexpr (C::SCHEDULE == RING)
        return (const void *)ring_scan<C, ALIGNED_IN>;
    else
        return (const void *)cooperative_prefetch_scan<C, ALIGNED_IN>;
}

/* The ring's dynamic shared memory: STAGES tiles (none for the other schedules). */
template <class C> static size_t ring_bytes(void)
{
    if constexpr (C::SCHEDULE == RING)
        return (size_t)C::STAGES * tile_vectors<C> * sizeof(uint4);
    else
        return 0;
}

/* Blocks that fit on the whole GPU at once; asked once per kernel (the answer does not change).
 * A kernel that asks for more than 48 KiB of dynamic shared memory says so first. */
template <class C, bool ALIGNED_IN> static unsigned resident_blocks(void)
{
    static unsigned blocks;
    if (!blocks) {
        int device, sms, per_sm;
        CUDA_CHECK(cudaGetDevice(&device));
        CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
        if (ring_bytes<C>())
            CUDA_CHECK(cudaFuncSetAttribute(cooperative_kernel<C, ALIGNED_IN>(),
                                            cudaFuncAttributeMaxDynamicSharedMemorySize,
                                            (int)ring_bytes<C>()));
        CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
            &per_sm, cooperative_kernel<C, ALIGNED_IN>(), C::THREADS, ring_bytes<C>()));
        blocks = (unsigned)(sms * (per_sm > 0 ? per_sm : 1));
    }
    return blocks;
}

/* One block per tile; or a cooperative launch of as many blocks as fit at once (fewer when there
 * are fewer tiles), which either makes them all resident or fails with an error, never a hang. */
template <class C, bool ALIGNED_IN>
static void launch_coarsened(tile_io io, uint32_t tiles, void *scratch)
{
    uint32_t *tile_counter = (uint32_t *)scratch;
    tile_descriptor *descriptors = (tile_descriptor *)scratch + 1;
    if constexpr (C::SCHEDULE == ONE_TILE) {
        coarsened_scan<C, ALIGNED_IN><<<tiles, C::THREADS>>>(io, tile_counter, descriptors);
        LAUNCH_CHECK();
    } else {
        unsigned resident = resident_blocks<C, ALIGNED_IN>();
        unsigned grid = tiles < resident ? tiles : resident;
        /* One wave keeps one 32-bit aggregate a tile where the others keep a descriptor. */
        uint32_t *aggregates = (uint32_t *)descriptors;
        void *args[] = {&io, &tiles,
                        C::SCHEDULE == ONE_WAVE ? (void *)&aggregates : (void *)&descriptors};
        CUDA_CHECK(cudaLaunchCooperativeKernel(cooperative_kernel<C, ALIGNED_IN>(), grid,
                                               C::THREADS, args, ring_bytes<C>(), 0));
    }
}

/* The kernel for in's alignment: 16-byte loads where in - out is a multiple of 16 bytes. One
 * block per tile needs the counter and the descriptors at zero (STATUS_INVALID); the cooperative
 * kernels clear their descriptors themselves (one wave needs none) and use no counter. */
template <class C>
static void scan_coarsened(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    if (n == 0) return;
    tile_io io = {in, out, (size_t)((uintptr_t)out % 16 / 4), 0};
    io.end = io.head + n;
    const uint32_t tiles = (uint32_t)((io.end + tile_elements<C> - 1) / tile_elements<C>);
    if (C::SCHEDULE == ONE_TILE)
        CUDA_CHECK(cudaMemsetAsync(scratch, 0, (1 + (size_t)tiles) * sizeof(tile_descriptor), 0));
    if (((uintptr_t)in - (uintptr_t)out) % 16 == 0)
        launch_coarsened<C, true>(io, tiles, scratch);
    else
        launch_coarsened<C, false>(io, tiles, scratch);
}

/* ---- 5. Tuned: a schedule for each size --------------------------------------------------- */

/* The schedules win at different sizes, counted in waves: tiles over the blocks the GPU holds at
 * once (read at run time). Within one wave, one wave; up to PREFETCH_WAVES waves, the cooperative
 * loop; above, one block per tile, which the hardware hands to whichever multiprocessor frees up
 * first. The crossings were measured on an H100 and an H200 (the README says how). */
#define PREFETCH_WAVES 24

/* The tiles of n elements, counted for head = 3 as in section 4 (the scratch's descriptors). */
template <class C> static size_t tiles_of(size_t n)
{
    return coarsened_scratch_bytes<C>(n) / sizeof(tile_descriptor) - 1;
}

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

/* A variant's shape is a struct of named constants: THREADS a block, VECS 16-byte vectors a
 * thread (4 x VECS elements: the article's ITEMS_PER_THREAD), MIN_BLOCKS (section 3), and more. */
/* 128 threads of 64 elements in warp rows: 8192-element tiles. Left alone, nvcc 13.0 gives it
 * 127 registers a thread: 4 blocks fit on a multiprocessor (65536 registers). Asking for 5 allows
 * 102, and it needs 96, with no spill: more tiles in flight on every multiprocessor. */
struct quiet_lookback {
    static constexpr int THREADS = 128, VECS = 16;
    static constexpr int MIN_BLOCKS = 5;
    static constexpr bool QUIET = true, PEEK = false;
    static constexpr schedule_kind SCHEDULE = ONE_TILE;
};
/* The cooperative loop: 12 vectors a thread, so that the next tile fits in the registers too. */
struct one_launch_prefetch : quiet_lookback {
    static constexpr int VECS = 12, MIN_BLOCKS = 1;
    static constexpr schedule_kind SCHEDULE = COOPERATIVE;
};
/* No look-back: one barrier while the tiles fit on the GPU at once. 256 threads of 8 vectors:
 * the same 8192-element tile as quiet-lookback in 63 registers a thread, 4 blocks per SM. */
struct one_wave : quiet_lookback {
    static constexpr int THREADS = 256, VECS = 8, MIN_BLOCKS = 4;
    static constexpr schedule_kind SCHEDULE = ONE_WAVE;
};
template <class C> struct peek : C {
    static constexpr bool PEEK = true;
};
/* The ring with cp.async: quiet-lookback's tile (128 threads of 16 vectors), 2 slots of 32 KiB,
 * 3 blocks a multiprocessor (the shared memory's limit: 6 tiles in flight on each). */
struct ring : quiet_lookback {
    static constexpr int MIN_BLOCKS = 3;
    static constexpr schedule_kind SCHEDULE = RING;
    static constexpr int STAGES = 2;
    static constexpr bool BULK = false;
};
/* The ring with bulk copies: the same tile as 256 threads of 8 vectors (one wave's), 3 slots, 2
 * blocks a multiprocessor (again 6 tiles in flight). */
struct ring_bulk : ring {
    static constexpr int THREADS = 256, VECS = 8, MIN_BLOCKS = 2;
    static constexpr int STAGES = 3;
    static constexpr bool BULK = true;
};

/* Each row's tile (the tests probe sizes around its multiples); `make grade` times the last. */
#define VARIANT(name, C, flags)                                                                    \
    {                                                                                              \
        name, coarsened_scratch_bytes<C>, scan_coarsened<C>, tile_elements<C>, flags               \
    }
const scan_variant stage_variants[] = {
    {"tuned", tuned_scratch_bytes<one_wave, peek<one_launch_prefetch>, peek<quiet_lookback>>,
     scan_tuned<one_wave, peek<one_launch_prefetch>, peek<quiet_lookback>>,
     tile_elements<quiet_lookback>, 0},
    VARIANT("ring", ring, 0),
    VARIANT("ring+bulk", ring_bulk, SCAN_GRADED),
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];
