/* Stage 10's last chapter: what the scan is for (APPLICATIONS.md).
 * Compared with scan.cu: the same kernel (warp rows, 16-byte vectors, the quiet decoupled
 * look-back), with other things loaded, scanned and stored: an exclusive sum, a scan with another
 * operator (max, float addition), stream compaction (the article's way in three kernels, and fused
 * into one pass), a segmented scan whose look-back carries (head flag, sum) pairs, the radix
 * split and an LSD sort made of splits, and cub::BlockScan as the tile's scan.
 * Expected: the scans at the speed of stage 10's inclusive sum; the fused compaction and the
 * segmented scan near the speed of a copy of the bytes they move, where the three kernels move
 * about five times as many.
 * Run it: make stage-10 (from the top folder) or make (in this folder): its tests and benchmark
 * are build/10_gpu_coarsened/apps-test and apps-bench.
 * The files: scan.cu, included for its kernels (tiles, vector loads and stores, layouts, the
 * ticket and the look-back), block_scan.cuh and lookback.cuh through it; this file. */
/* (CUB first: block_scan.cuh's WARP_THREADS macro would rename a member of CUB's.) */
#include <cub/block/block_scan.cuh>

#define COARSENED_KERNELS_ONLY
#include "scan.cu"

#include "apps.h"

/* ---- 1. Operators ---------------------------------------------------------------------------- */

/* What a scan with another operator needs (block_scan.cuh says it in full): an identity, so that
 * the padding of a partial tile, the lanes before the array and warp 0's `pending` change
 * nothing; associativity, so that the tile may be scanned in pieces and the pieces joined, and
 * the look-back may join 32 descriptors as a tree (REGROUP); commutativity (COMMUTE) lets that
 * tree be a butterfly, as for the sum; without it the tree keeps the tiles' order.
 * The elements travel as 32-bit words whatever they are: a tile descriptor holds one. */

/* The largest element so far: 0 is its identity (nothing is below it), it groups and commutes
 * exactly, but it cannot be undone (INVERTIBLE false): the rows' exclusive prefixes come from the
 * lane to the left instead of a subtraction. */
struct max_op : word_op {
    static constexpr bool INVERTIBLE = false, REGROUP = true, COMMUTE = true;
    static __device__ __forceinline__ uint32_t identity() { return 0; }
    static __device__ __forceinline__ uint32_t combine(uint32_t a, uint32_t b)
    {
        return a > b ? a : b;
    }
};

/* float addition: commutative but not associative, each sum rounded. Its identity is -0.0
 * (0x80000000): -0.0 + x is x for every x, +0.0 and -0.0 included (+0.0 + -0.0 is +0.0). REGROUP
 * false: the look-back folds left to right (lookback.cuh, 3b), and the result is the same on
 * every run of the kernel. The padding of a partial tile loads as +0.0, which only the first
 * tile's elements meet, and which changes no sum but a -0.0's sign. */
struct float_sum_op : word_op {
    static constexpr bool INVERTIBLE = false, REGROUP = false, COMMUTE = false;
    static __device__ __forceinline__ uint32_t identity() { return 0x80000000u; }
    static __device__ __forceinline__ uint32_t combine(uint32_t a, uint32_t b)
    {
        return __float_as_uint(__uint_as_float(a) + __uint_as_float(b));
    }
};

/* The chapter's tile: stage 10's quiet-lookback (scan.cu, section 6): 128 threads, 16 vectors a
 * thread, warp rows, streaming hints, one block per tile, 5 blocks an SM, quiet polling. */
typedef quiet_lookback app_tile;
/* The fused compaction holds more per element (which elements it keeps, and its scatter's
 * addresses): with 16 vectors a thread, nvcc 13.0 spills it at 5 blocks an SM (96 registers).
 * 8 vectors, 4096-element tiles: 80 registers, no spill, 6 blocks an SM. */
typedef coarsened<128, 8, warp_rows_layout, STREAMING, ONE_TILE, false, 6, true> select_tile;
/* The segmented scan holds a bit per element too, and its pairs are 64 bits: on the same tile it
 * spills at 80 registers (6 blocks an SM) and at 96 (5); at 4 blocks it needs 111, no spill. */
typedef coarsened<128, 8, warp_rows_layout, STREAMING, ONE_TILE, false, 4, true> segmented_tile;
/* The split: a compaction with two destinations; at 6 blocks an SM it spills 4 bytes, at 5 it
 * needs 86 registers and none. */
typedef coarsened<128, 8, warp_rows_layout, STREAMING, ONE_TILE, false, 5, true> split_tile;

/* ---- 2. Scans: load, scan with OP, store ----------------------------------------------------- */

/* 2a. Exclusive: the tile is scanned inclusively, then each element takes its left neighbour's
 *     value: within a vector, the element before; for a vector's first element, the last of the
 *     vector one lane to the left in the same row; for lane 0, the last of the row before (lane
 *     31); for the warp's first element, the identity, and the warps before it come in through
 *     `pending`, as in the inclusive scan. The tile's aggregate is unchanged. (The warp-rows
 *     layout's order: row v of lane l is the warp's vector v * 32 + l.) */
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

/* 2b. Stage 10's one-block-per-tile kernel, with the operator and the exclusive step as
 *     arguments: what changed is OP in the scan, the look-back and the store. */
template <class C, class OP, bool EXCLUSIVE, bool ALIGNED_IN>
__global__ void __launch_bounds__(C::THREADS, C::MIN_BLOCKS)
    operator_scan(tile_io io, uint32_t *tile_counter, tile_descriptor *descriptors)
{
    __shared__ uint32_t s_carry;
    uint4 x[C::VECS];
    uint32_t pending;
    const uint32_t tile = claim_tile(tile_counter);
    load_tile<C, ALIGNED_IN>(io, tile, x);
    const uint32_t aggregate = C::layout::template scan<OP>(x, pending);
    if (EXCLUSIVE) to_exclusive<C, OP>(x);
    const uint32_t carry = tile_carry<C, OP>(descriptors, tile, aggregate, &s_carry);
    store_tile<C, OP>(io, tile, x, OP::combine(carry, pending));
}

/* 2c. cub::BlockScan in place of the course's block scan, as the article composes it: a layout
 *     (scan.cu, section 2) whose scan is CUB's. BlockScan takes each thread's elements in a
 *     blocked arrangement (consecutive elements in a thread), so thread t holds vectors
 *     t * VECS .. t * VECS + VECS - 1 and loads them directly, one 16-byte vector after the other
 *     (a warp's load is then 32 pieces VECS * 16 bytes apart, not one contiguous run as in the
 *     course's layouts). The sum only. */
template <int THREADS, int VECS> struct cub_block_scan_layout {
    static constexpr int STRIDE = 1;
    static __device__ __forceinline__ int vector_of(int v) { return threadIdx.x * VECS + v; }

    template <class OP = sum_op>
    static __device__ __forceinline__ uint32_t scan(uint4 (&x)[VECS], uint32_t &pending)
    {
        static_assert(OP::INVERTIBLE && OP::REGROUP, "the layout scans sums only");
        typedef cub::BlockScan<uint32_t, THREADS> block_scan;
        __shared__ typename block_scan::TempStorage temp;
        uint32_t items[4 * VECS], aggregate;
#pragma unroll
        for (int v = 0; v < VECS; v++) {
            items[4 * v] = x[v].x;
            items[4 * v + 1] = x[v].y;
            items[4 * v + 2] = x[v].z;
            items[4 * v + 3] = x[v].w;
        }
        block_scan(temp).InclusiveSum(items, items, aggregate);
#pragma unroll
        for (int v = 0; v < VECS; v++)
            x[v] = make_uint4(items[4 * v], items[4 * v + 1], items[4 * v + 2], items[4 * v + 3]);
        pending = 0;
        return aggregate;
    }
};

/* The article's 256 threads, 4 vectors (16 elements) a thread. */
typedef coarsened<256, 4, cub_block_scan_layout, STREAMING, ONE_TILE, false, 1, true>
    cub_block_tile;

/* ---- 3. Stream compaction, fused: load, count, look back, write what is kept ----------------- */

/* Each thread knows which of its elements it keeps (a bit each, 64 at most: `keep`), and scans one
 * count per vector: the vector's kept elements, as the first word of a vector of the tile
 * ((c, 0, 0, 0): the scan leaves every word of it equal to the running count, so it costs one
 * register, not four). The tile's aggregate is its number of kept elements; the look-back gives
 * the number kept before the tile, which is where the tile's first kept element goes. A kept
 * element's place is then that carry, plus `pending` (the warps before), plus the counts of the
 * vectors before its own, plus the kept elements before it in its vector. Out of place or in
 * place: a tile writes only after the look-back has seen every tile before it publish, which each
 * does after loading its elements, and its kept elements go no further than its own last
 * element, so no write can reach an element still to be read. (Counts travel in the 32-bit
 * descriptors, as the sums do: up to 2^32 - 1 elements.) STAGED: the kept elements go through
 * shared memory to their places (3b, at the end of the kernel). */
template <class C, bool FLAGGED, bool STAGED, bool ALIGNED_IN, bool ALIGNED_FLAGS>
__global__ void __launch_bounds__(C::THREADS, C::MIN_BLOCKS)
    select_fused(tile_io io, const uint32_t *flags, uint64_t *count, uint32_t tiles,
                 uint32_t *tile_counter, tile_descriptor *descriptors)
{
    static_assert(4 * C::VECS <= 64, "one bit of `keep` per element of the thread");
    __shared__ uint32_t s_carry;
    uint4 x[C::VECS], counts[C::VECS];
    uint32_t pending;
    const uint32_t tile = claim_tile(tile_counter);
    uint64_t keep = 0;
    if constexpr (FLAGGED) {
        /* The flags' own vectors, first, so that their registers are free again before the
         * elements arrive; a partial tile's padding loads as 0: not kept. */
        const tile_io flag_io = {flags, io.out, io.head, io.end};
        load_tile<C, ALIGNED_FLAGS>(flag_io, tile, counts);
#pragma unroll
        for (int v = 0; v < C::VECS; v++) {
            const uint4 f = counts[v];
            keep |= (uint64_t)((f.x != 0) | (f.y != 0) << 1 | (f.z != 0) << 2 | (f.w != 0) << 3)
                    << 4 * v;
        }
        load_tile<C, ALIGNED_IN>(io, tile, x);
    } else {
        load_tile<C, ALIGNED_IN>(io, tile, x);
        /* The predicate; the padding of a partial tile (before in[0], past in[n - 1]) is not
         * kept, whatever it would say of a 0. */
        const bool full = tile_is_full<C>(io, tile);
        const size_t first = (size_t)tile * C::TILE_VECTORS;
#pragma unroll
        for (int v = 0; v < C::VECS; v++) {
            const size_t j = 4 * (first + C::layout::vector_of(v));
            const uint32_t e[4] = {x[v].x, x[v].y, x[v].z, x[v].w};
#pragma unroll
            for (int k = 0; k < 4; k++)
                if (APP_KEEP(e[k]) && (full || (j + k >= io.head && j + k < io.end)))
                    keep |= 1ull << (4 * v + k);
        }
    }
#pragma unroll
    for (int v = 0; v < C::VECS; v++)
        counts[v] = make_uint4(__popc((unsigned)(keep >> 4 * v) & 15u), 0, 0, 0);
    const uint32_t aggregate = C::layout::scan(counts, pending);
    const uint32_t carry = tile_carry<C>(descriptors, tile, aggregate, &s_carry);
    if (tile == tiles - 1 && threadIdx.x == 0) *count = (uint64_t)carry + aggregate;
    if constexpr (STAGED) {
        /* 3b. Staged: each kept element to its place in the tile, in shared memory; then the
         *     block writes the tile's run of kept elements, a warp 32 consecutive words (128
         *     bytes) a store. Written straight from registers (below), a warp's store is 32
         *     words spread over a row of the tile, a few in each 32-byte sector it touches. */
        __shared__ uint32_t s_kept[C::TILE];
#pragma unroll
        for (int v = 0; v < C::VECS; v++) {
            const unsigned bits = (unsigned)(keep >> 4 * v) & 15u;
            uint32_t k = pending + counts[v].x - __popc(bits);
            const uint32_t e[4] = {x[v].x, x[v].y, x[v].z, x[v].w};
#pragma unroll
            for (int i = 0; i < 4; i++)
                if ((bits >> i) & 1) s_kept[k++] = e[i];
        }
        __syncthreads();
        for (uint32_t i = threadIdx.x; i < aggregate; i += C::THREADS)
            __stcs(io.out + carry + i, s_kept[i]);
    } else {
        const size_t base = (size_t)carry + pending;
#pragma unroll
        for (int v = 0; v < C::VECS; v++) {
            const unsigned bits = (unsigned)(keep >> 4 * v) & 15u;
            size_t k = base + counts[v].x - __popc(bits); /* the vector's first kept element */
            const uint32_t e[4] = {x[v].x, x[v].y, x[v].z, x[v].w};
#pragma unroll
            for (int i = 0; i < 4; i++)
                if ((bits >> i) & 1) __stcs(io.out + k++, e[i]);
        }
    }
}

/* ---- 4. Stream compaction, the article's way: flags, exclusive scan, scatter ------------------
 */

/* 4a. One flag word per element: 1 to keep it. */
template <bool FLAGGED>
__global__ void compaction_flags(const uint32_t *in, const uint32_t *flags, uint32_t *keep,
                                 size_t n)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        keep[i] = FLAGGED ? flags[i] != 0 : APP_KEEP(in[i]);
}

/* 4b. (The exclusive scan of the flags is 2b's kernel: each kept element's place.) 4c. Every
 *     kept element to its place; the last element's place plus its flag is the count. A block may
 *     write over elements another block has yet to read: out of place only. */
__global__ void compaction_scatter(const uint32_t *in, const uint32_t *keep, const uint32_t *place,
                                   uint32_t *out, uint64_t *count, size_t n)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        /* 32-bit places: a count past 2^32 - 1 is out of this variant's reach (the tests' largest
         * case keeps half of 2^31 + 7). */
        if (keep[i]) out[place[i]] = in[i];
        if (i == n - 1) *count = (uint64_t)place[i] + keep[i];
    }
}

/* ---- 5. Segmented scan: the look-back carries a (head flag, sum) pair -------------------------
 */

/* An inclusive sum that restarts at every element whose head flag is set. As an operator on pairs
 * (flag: a head lies in the range; sum: of the elements since the last head, or since the start),
 *   combine((fa, a), (fb, b)) = (fb ? (1, b) : (fa, a + b)):
 * associative (the later range's head wins, else the sums add), identity (0, 0), not commutative
 * (COMMUTE false: the look-back joins its window as a tree in order, lookback.cuh 3c), and 33
 * bits wide: the flag is bit 32 of a 64-bit word, and the descriptor's status moves up to bit 40
 * (STATUS_SHIFT). */
struct segmented_op {
    typedef unsigned long long word;
    static constexpr int STATUS_SHIFT = 40;
    static constexpr bool INVERTIBLE = false, REGROUP = true, COMMUTE = false;
    static constexpr word HEAD = 1ull << 32;
    static __device__ __forceinline__ word identity() { return 0; }
    static __device__ __forceinline__ word combine(word a, word b)
    {
        return b & HEAD ? b : (a & HEAD) | (uint32_t)((uint32_t)a + (uint32_t)b);
    }
};

/* The tile is stage 10's warp rows, scanned with pairs: each thread keeps its elements as 32-bit
 * sums and one bit per element, `settled`: its sum already reaches back to its segment's head, so
 * that nothing from before may be added to it. Then, as in the warp-rows layout:
 *   a vector:  restart at its heads (3 adds at most); the lane's pair is (any head, last sum);
 *   a row:     Kogge-Stone over the lanes' pairs; each vector adds the pair of the lanes to its
 *              left (and of the rows before) to its elements not yet settled;
 *   the warps: one exchange of their pairs through shared memory, as `pending`;
 *   the tiles: the look-back with pairs gives the carry; an element still not settled adds
 *              combine(carry, pending)'s sum. */
template <class C, bool ALIGNED_IN, bool ALIGNED_HEADS>
__global__ void __launch_bounds__(C::THREADS, C::MIN_BLOCKS)
    segmented_scan(tile_io io, const uint32_t *heads, uint32_t *tile_counter,
                   tile_descriptor *descriptors)
{
    static_assert(4 * C::VECS <= 64, "one bit of `settled` per element of the thread");
    typedef segmented_op OP;
    constexpr int WARPS = C::THREADS / WARP_THREADS;
    __shared__ OP::word s_carry, warp_totals[WARPS];
    const int warp = threadIdx.x / WARP_THREADS, lane = threadIdx.x % WARP_THREADS;
    uint4 x[C::VECS];
    const uint32_t tile = claim_tile(tile_counter);

    /* The head flags, read as the flagged compaction reads its flags: one bit each. */
    uint64_t head_bits = 0;
    {
        const tile_io head_io = {heads, io.out, io.head, io.end};
        load_tile<C, ALIGNED_HEADS>(head_io, tile, x);
#pragma unroll
        for (int v = 0; v < C::VECS; v++)
            head_bits |= (uint64_t)((x[v].x != 0) | (x[v].y != 0) << 1 | (x[v].z != 0) << 2 |
                                    (x[v].w != 0) << 3)
                         << 4 * v;
    }
    load_tile<C, ALIGNED_IN>(io, tile, x);

    uint64_t settled = 0;
    OP::word row_sum = OP::identity(); /* the rows before, in this warp */
#pragma unroll
    for (int v = 0; v < C::VECS; v++) {
        /* In the vector: an element adds the one before unless it is a head; it is settled from
         * the vector's first head on. */
        const unsigned h = (unsigned)(head_bits >> 4 * v) & 15u;
        const unsigned s = (h | h << 1 | h << 2 | h << 3) & 15u;
        if (!(h & 2u)) x[v].y += x[v].x;
        if (!(h & 4u)) x[v].z += x[v].y;
        if (!(h & 8u)) x[v].w += x[v].z;
        settled |= (uint64_t)s << 4 * v;
        const OP::word mine = (s ? OP::HEAD : 0) | x[v].w;
        const OP::word row = warp_inclusive_scan<OP>(mine);
        const OP::word left = __shfl_up_sync(FULL_WARP, row, 1);
        const OP::word before = lane > 0 ? OP::combine(row_sum, left) : row_sum;
        const uint32_t add = (uint32_t)before;
        if (!(s & 1u)) x[v].x += add;
        if (!(s & 2u)) x[v].y += add;
        if (!(s & 4u)) x[v].z += add;
        if (!(s & 8u)) x[v].w += add;
        if (before & OP::HEAD) settled |= 15ull << 4 * v;
        row_sum = OP::combine(row_sum, __shfl_sync(FULL_WARP, row, WARP_THREADS - 1));
    }
    if (lane == 0) warp_totals[warp] = row_sum;
    __syncthreads();
    const OP::word w = warp_inclusive_scan<OP>(lane < WARPS ? warp_totals[lane] : OP::identity());
    const OP::word before = __shfl_sync(FULL_WARP, w, (warp + WARP_THREADS - 1) % WARP_THREADS);
    const OP::word pending = warp > 0 ? before : OP::identity();
    const OP::word aggregate = __shfl_sync(FULL_WARP, w, WARPS - 1);

    const OP::word carry = tile_carry<C, OP>(descriptors, tile, aggregate, &s_carry);
    const uint32_t add = (uint32_t)OP::combine(carry, pending);
#pragma unroll
    for (int v = 0; v < C::VECS; v++) {
        const unsigned s = (unsigned)(settled >> 4 * v) & 15u;
        if (!(s & 1u)) x[v].x += add;
        if (!(s & 2u)) x[v].y += add;
        if (!(s & 4u)) x[v].z += add;
        if (!(s & 8u)) x[v].w += add;
    }
    store_tile<C>(io, tile, x, 0);
}

/* ---- 6. Radix split and sort: the compaction with two destinations -------------------------- */

/* 6a. Zeros of bits 0 .. BITS - 1: for each, how many keys have it clear. A split by bit b needs
 *     the zeros of b before it starts (the keys with b set go after all of them), and a sort's
 *     passes move keys without changing how many have each bit clear, so one read of the keys
 *     counts for all 32 passes (a single split counts its one bit). Each thread counts its keys
 *     in registers, four loads in flight at a time; a warp adds its lanes' counts, the block its
 *     warps' in shared memory, and one atomic a block and bit adds that to the total. (Not one a
 *     warp and bit: every count is in the same 128-byte line, and the L2 performs the atomics on
 *     one line one after the other.) */
template <int BITS>
__global__ void __launch_bounds__(256) count_zeros(const uint32_t *keys, size_t n, uint32_t *zeros)
{
    __shared__ uint32_t s_zeros[BITS];
    if (threadIdx.x < BITS) s_zeros[threadIdx.x] = 0;
    __syncthreads();
    uint32_t count[BITS] = {0};
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    for (; i + 3 * stride < n; i += 4 * stride) {
        uint32_t k[4];
#pragma unroll
        for (int u = 0; u < 4; u++)
            k[u] = __ldcs(keys + i + u * stride);
#pragma unroll
        for (int u = 0; u < 4; u++)
#pragma unroll
            for (int b = 0; b < BITS; b++)
                count[b] += ((k[u] >> b) & 1) ^ 1;
    }
    for (; i < n; i += stride) {
        const uint32_t k = __ldcs(keys + i);
#pragma unroll
        for (int b = 0; b < BITS; b++)
            count[b] += ((k >> b) & 1) ^ 1;
    }
#pragma unroll
    for (int b = 0; b < BITS; b++) {
#pragma unroll
        for (int offset = WARP_THREADS / 2; offset > 0; offset /= 2)
            count[b] += __shfl_xor_sync(FULL_WARP, count[b], offset);
        if (threadIdx.x % WARP_THREADS == 0 && count[b]) atomicAdd(s_zeros + b, count[b]);
    }
    __syncthreads();
    if (threadIdx.x < BITS && s_zeros[threadIdx.x])
        atomicAdd(zeros + threadIdx.x, s_zeros[threadIdx.x]);
}

/* 6b. One stable pass by bit b: the fused compaction (section 3) keeping the keys with b clear,
 *     with a second destination for the others. A key at index i with z keys before it that have
 *     b clear goes to z if its own b is clear, else to zeros + (i - z): both places come from
 *     the one count the tile scans. Out of place only (keys move both ways). */
template <class C, bool ALIGNED_IN>
__global__ void __launch_bounds__(C::THREADS, C::MIN_BLOCKS)
    split_pass(tile_io io, int bit, const uint32_t *zeros, uint32_t *tile_counter,
               tile_descriptor *descriptors)
{
    __shared__ uint32_t s_carry;
    uint4 x[C::VECS], counts[C::VECS];
    uint32_t pending;
    const uint32_t tile = claim_tile(tile_counter);
    load_tile<C, ALIGNED_IN>(io, tile, x);
    const bool full = tile_is_full<C>(io, tile);
    const size_t first = (size_t)tile * C::TILE_VECTORS;
    uint64_t zero_bits = 0;
#pragma unroll
    for (int v = 0; v < C::VECS; v++) {
        const size_t j = 4 * (first + C::layout::vector_of(v));
        const uint32_t e[4] = {x[v].x, x[v].y, x[v].z, x[v].w};
#pragma unroll
        for (int k = 0; k < 4; k++)
            if (!((e[k] >> bit) & 1) && (full || (j + k >= io.head && j + k < io.end)))
                zero_bits |= 1ull << (4 * v + k);
    }
#pragma unroll
    for (int v = 0; v < C::VECS; v++)
        counts[v] = make_uint4(__popc((unsigned)(zero_bits >> 4 * v) & 15u), 0, 0, 0);
    const uint32_t aggregate = C::layout::scan(counts, pending);
    const uint32_t carry = tile_carry<C>(descriptors, tile, aggregate, &s_carry);
    /* Staged as the compaction's (3b): the tile's keys with b clear, then the others, each in
     * their order, in shared memory; then two runs out. The tile's elements are in[lo - head ..
     * hi - head - 1]; a key q elements into the tile with z keys before it in the tile that have
     * b clear sits at z if its b is clear, else at aggregate + (q - z). */
    __shared__ uint32_t s_keys[C::TILE];
    const size_t lo = max((size_t)tile * C::TILE, io.head),
                 hi = min((size_t)(tile + 1) * C::TILE, io.end);
#pragma unroll
    for (int v = 0; v < C::VECS; v++) {
        const unsigned bits = (unsigned)(zero_bits >> 4 * v) & 15u;
        const size_t j = 4 * (first + C::layout::vector_of(v));
        uint32_t z = pending + counts[v].x - __popc(bits); /* b clear, before the vector */
        const uint32_t e[4] = {x[v].x, x[v].y, x[v].z, x[v].w};
#pragma unroll
        for (int k = 0; k < 4; k++) {
            if (j + k < lo || j + k >= hi) continue;
            const uint32_t q = (uint32_t)(j + k - lo);
            if ((bits >> k) & 1)
                s_keys[z++] = e[k];
            else
                s_keys[aggregate + (q - z)] = e[k];
        }
    }
    __syncthreads();
    /* Keys with b clear go after the carry; the others after every key with b clear (zeros[bit])
     * and the ones of the tiles before: the elements before the tile less their zeros. */
    const size_t ones_to = zeros[bit] + (lo - io.head - carry);
    for (uint32_t i = threadIdx.x; i < hi - lo; i += C::THREADS)
        __stcs(io.out + (i < aggregate ? carry + i : ones_to + (i - aggregate)), s_keys[i]);
}

/* ---- 7. The host side ------------------------------------------------------------------------ */

/* The layout every kernel here lays its tiles on: aligned to out (scan.cu, section 1). */
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

/* The counter and the descriptors, zeroed: one memset per run, as in stage 10. */
template <class C> static void clear_scratch(void *scratch, uint32_t tiles)
{
    CUDA_CHECK(cudaMemsetAsync(scratch, 0, (1 + (size_t)tiles) * sizeof(tile_descriptor), 0));
}

template <class C, class OP, bool EXCLUSIVE>
static void run_operator_scan(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    if (n == 0) return;
    const tile_io io = app_io(in, out, n);
    const uint32_t tiles = (uint32_t)((io.end + C::TILE - 1) / C::TILE);
    clear_scratch<C>(scratch, tiles);
    uint32_t *tile_counter = (uint32_t *)scratch;
    tile_descriptor *descriptors = (tile_descriptor *)scratch + 1;
    if (aligned_alike(in, out))
        operator_scan<C, OP, EXCLUSIVE, true><<<tiles, C::THREADS>>>(io, tile_counter, descriptors);
    else
        operator_scan<C, OP, EXCLUSIVE, false>
            <<<tiles, C::THREADS>>>(io, tile_counter, descriptors);
    LAUNCH_CHECK();
}

template <class C, bool FLAGGED, bool STAGED, bool ALIGNED_IN>
static void launch_select(const tile_io &io, uint32_t tiles, void *scratch)
{
    uint32_t *tile_counter = (uint32_t *)scratch;
    tile_descriptor *descriptors = (tile_descriptor *)scratch + 1;
    if (!FLAGGED || aligned_alike(app_args.flags, io.out))
        select_fused<C, FLAGGED, STAGED, ALIGNED_IN, true><<<tiles, C::THREADS>>>(
            io, app_args.flags, app_args.count, tiles, tile_counter, descriptors);
    else
        select_fused<C, FLAGGED, STAGED, ALIGNED_IN, false><<<tiles, C::THREADS>>>(
            io, app_args.flags, app_args.count, tiles, tile_counter, descriptors);
    LAUNCH_CHECK();
}

template <class C, bool FLAGGED, bool STAGED>
static void run_select_fused(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    if (n == 0) {
        CUDA_CHECK(cudaMemsetAsync(app_args.count, 0, sizeof *app_args.count, 0));
        return;
    }
    const tile_io io = app_io(in, out, n);
    const uint32_t tiles = (uint32_t)((io.end + C::TILE - 1) / C::TILE);
    clear_scratch<C>(scratch, tiles);
    if (aligned_alike(in, out))
        launch_select<C, FLAGGED, STAGED, true>(io, tiles, scratch);
    else
        launch_select<C, FLAGGED, STAGED, false>(io, tiles, scratch);
}

template <class C, bool ALIGNED_IN>
static void launch_segmented(const tile_io &io, uint32_t tiles, void *scratch)
{
    uint32_t *tile_counter = (uint32_t *)scratch;
    tile_descriptor *descriptors = (tile_descriptor *)scratch + 1;
    if (aligned_alike(app_args.heads, io.out))
        segmented_scan<C, ALIGNED_IN, true>
            <<<tiles, C::THREADS>>>(io, app_args.heads, tile_counter, descriptors);
    else
        segmented_scan<C, ALIGNED_IN, false>
            <<<tiles, C::THREADS>>>(io, app_args.heads, tile_counter, descriptors);
    LAUNCH_CHECK();
}

template <class C>
static void run_segmented(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    if (n == 0) return;
    const tile_io io = app_io(in, out, n);
    const uint32_t tiles = (uint32_t)((io.end + C::TILE - 1) / C::TILE);
    clear_scratch<C>(scratch, tiles);
    if (aligned_alike(in, out))
        launch_segmented<C, true>(io, tiles, scratch);
    else
        launch_segmented<C, false>(io, tiles, scratch);
}

/* Scratch of the three kernels: the flags and the places (n words each, 16-byte aligned), then
 * the exclusive scan's counter and descriptors. */
static size_t words16(size_t n) { return (n + 3) / 4 * 4; }

template <class C> static size_t three_kernel_scratch_bytes(size_t n)
{
    return 2 * words16(n) * sizeof(uint32_t) + coarsened_scratch_bytes<C>(n);
}

template <class C, bool FLAGGED>
static void run_select_3_kernels(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    if (n == 0) {
        CUDA_CHECK(cudaMemsetAsync(app_args.count, 0, sizeof *app_args.count, 0));
        return;
    }
    uint32_t *keep = (uint32_t *)scratch, *place = keep + words16(n);
    void *scan_scratch = place + words16(n);
    const unsigned blocks = (unsigned)((n + 255) / 256 < 65536 ? (n + 255) / 256 : 65536);
    compaction_flags<FLAGGED><<<blocks, 256>>>(in, app_args.flags, keep, n);
    LAUNCH_CHECK();
    run_operator_scan<C, sum_op, true>(keep, place, n, scan_scratch);
    compaction_scatter<<<blocks, 256>>>(in, keep, place, out, app_args.count, n);
    LAUNCH_CHECK();
}

/* The split's and the sort's scratch: the 32 zero counts (16-byte aligned), a buffer of n keys
 * (the sort's passes go back and forth), and one pass's counter and descriptors. */
template <class C> static size_t radix_scratch_bytes(size_t n)
{
    return 32 * sizeof(uint32_t) + words16(n) * sizeof(uint32_t) + coarsened_scratch_bytes<C>(n);
}

template <class C>
static void launch_split(const uint32_t *in, uint32_t *out, size_t n, int bit,
                         const uint32_t *zeros, void *pass_scratch)
{
    const tile_io io = app_io(in, out, n);
    const uint32_t tiles = (uint32_t)((io.end + C::TILE - 1) / C::TILE);
    clear_scratch<C>(pass_scratch, tiles);
    uint32_t *tile_counter = (uint32_t *)pass_scratch;
    tile_descriptor *descriptors = (tile_descriptor *)pass_scratch + 1;
    if (aligned_alike(in, out))
        split_pass<C, true><<<tiles, C::THREADS>>>(io, bit, zeros, tile_counter, descriptors);
    else
        split_pass<C, false><<<tiles, C::THREADS>>>(io, bit, zeros, tile_counter, descriptors);
    LAUNCH_CHECK();
}

/* The zeros of bits 0 .. BITS - 1 (a split needs one; a sort all 32). */
template <int BITS> static void launch_count_zeros(const uint32_t *keys, size_t n, uint32_t *zeros)
{
    CUDA_CHECK(cudaMemsetAsync(zeros, 0, BITS * sizeof *zeros, 0));
    const unsigned blocks = (unsigned)((n + 255) / 256 < 1024 ? (n + 255) / 256 : 1024);
    count_zeros<BITS><<<blocks, 256>>>(keys, n, zeros);
    LAUNCH_CHECK();
}

/* One stable split by bit 0: the keys with it clear, then the others, each in their order. */
template <class C> static void run_split(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    if (n == 0) return;
    uint32_t *zeros = (uint32_t *)scratch;
    void *pass_scratch = zeros + 32 + words16(n);
    launch_count_zeros<1>(in, n, zeros);
    launch_split<C>(in, out, n, 0, zeros, pass_scratch);
}

/* LSD radix sort of 32-bit keys: one count, then 32 stable splits, bit 0 first, back and forth
 * between out and the scratch buffer so that the last pass (bit 31, odd) lands in out. In place
 * too: the first pass reads in before any pass writes out. */
template <class C> static void run_sort(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    if (n == 0) return;
    uint32_t *zeros = (uint32_t *)scratch, *buffer = zeros + 32;
    void *pass_scratch = buffer + words16(n);
    launch_count_zeros<32>(in, n, zeros);
    const uint32_t *from = in;
    for (int bit = 0; bit < 32; bit++) {
        uint32_t *to = bit % 2 ? out : buffer;
        launch_split<C>(from, to, n, bit, zeros, pass_scratch);
        from = to;
    }
}

/* ---- 8. The variants ------------------------------------------------------------------------- */

/* A row's name is its family (common/apps.h), then what it does differently after a '+'. */
#define APP_VARIANT(name, C, scratch, run, flags)                                                  \
    {                                                                                              \
        name, scratch, run, C::TILE, flags                                                         \
    }
const scan_variant stage_variants[] = {
    APP_VARIANT("inclusive-sum", app_tile, coarsened_scratch_bytes<app_tile>,
                (run_operator_scan<app_tile, sum_op, false>), 0),
    APP_VARIANT("inclusive-sum+cub-block-scan", cub_block_tile,
                coarsened_scratch_bytes<cub_block_tile>,
                (run_operator_scan<cub_block_tile, sum_op, false>), 0),
    APP_VARIANT("exclusive-sum", app_tile, coarsened_scratch_bytes<app_tile>,
                (run_operator_scan<app_tile, sum_op, true>), 0),
    APP_VARIANT("max", app_tile, coarsened_scratch_bytes<app_tile>,
                (run_operator_scan<app_tile, max_op, false>), 0),
    APP_VARIANT("float-sum", app_tile, coarsened_scratch_bytes<app_tile>,
                (run_operator_scan<app_tile, float_sum_op, false>), 0),
    APP_VARIANT("select-if+3-kernels", app_tile, three_kernel_scratch_bytes<app_tile>,
                (run_select_3_kernels<app_tile, false>), SCAN_OUT_OF_PLACE),
    APP_VARIANT("select-if+scattered-stores", select_tile, coarsened_scratch_bytes<select_tile>,
                (run_select_fused<select_tile, false, false>), 0),
    APP_VARIANT("select-if", select_tile, coarsened_scratch_bytes<select_tile>,
                (run_select_fused<select_tile, false, true>), 0),
    APP_VARIANT("select-flagged+3-kernels", app_tile, three_kernel_scratch_bytes<app_tile>,
                (run_select_3_kernels<app_tile, true>), SCAN_OUT_OF_PLACE),
    APP_VARIANT("select-flagged", select_tile, coarsened_scratch_bytes<select_tile>,
                (run_select_fused<select_tile, true, true>), 0),
    APP_VARIANT("segmented-sum", segmented_tile, coarsened_scratch_bytes<segmented_tile>,
                run_segmented<segmented_tile>, 0),
    APP_VARIANT("split", split_tile, radix_scratch_bytes<split_tile>, run_split<split_tile>,
                SCAN_OUT_OF_PLACE),
    APP_VARIANT("sort", split_tile, radix_scratch_bytes<split_tile>, run_sort<split_tile>, 0),
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];
