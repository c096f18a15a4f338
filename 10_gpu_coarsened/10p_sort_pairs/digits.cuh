/* Step 10m, sections 7 and 8: a radix sort by 8-bit digits. 7: a tile's keys ranked by one
 * digit, on chip and stably; 8: four passes of three kernels each (every tile's 256 counts, one
 * exclusive scan of them all, the scatter). Included by scan.cu after sections 1 to 6. */
#ifndef DIGITS_CUH
#define DIGITS_CUH

/* ---- 7. A tile ranked by one digit ----------------------------------------------------------- */

/* An LSD radix sort orders the keys by their lowest digit first, then by the next, each pass
 * stable (keys with the same digit keep their order), so that after pass p the keys are in order
 * of their low 8 (p + 1) bits. A digit of 8 bits has 256 values, the bins: a pass is a split into
 * 256 parts where 10k's was a split into 2, and four passes sort 32-bit keys. */
#define DIGIT_BITS 8
#define BINS       (1 << DIGIT_BITS)
#define PASSES     (32 / DIGIT_BITS)
#define BIN_WARPS  (BINS / WARP_THREADS) /* the warps whose threads hold a bin each (7c) */

static __device__ __forceinline__ uint32_t digit_of(uint32_t key, int shift)
{
    return key >> shift & (BINS - 1);
}

/* A tile is THREADS x KEYS keys (C: digit_tile, scan.cu's variants). */
template <class C> constexpr int tile_keys = C::THREADS * C::KEYS;
template <class C> constexpr int tile_warps = C::THREADS / WARP_THREADS;

/* 7a. The tile's keys, warp-striped: warp w holds the tile's keys w * 32 * KEYS .. (w + 1) * 32 *
 *     KEYS - 1, lane l key 32u + l of that stretch as keys[u]: the ranking (7d) takes 32
 *     consecutive keys a step, so no 16-byte vectors. Keys past n read as 0xFFFFFFFF: digit 255
 *     in every pass and last in the tile's order, they rank behind every real key. */
template <class C>
static __device__ __forceinline__ void load_keys(const uint32_t *in, size_t n, uint32_t tile,
                                                 uint32_t (&keys)[C::KEYS])
{
    const int warp = threadIdx.x / WARP_THREADS, lane = threadIdx.x % WARP_THREADS;
    const size_t first = (size_t)tile * tile_keys<C> + warp * WARP_THREADS * C::KEYS + lane;
    if ((size_t)(tile + 1) * tile_keys<C> <= n) {
#pragma unroll
        for (int u = 0; u < C::KEYS; u++)
            keys[u] = __ldcs(in + first + u * WARP_THREADS);
        return;
    }
#pragma unroll
    for (int u = 0; u < C::KEYS; u++)
        keys[u] =
            first + u * WARP_THREADS < n ? __ldcs(in + first + u * WARP_THREADS) : 0xFFFFFFFFu;
}

/* 7b. Early counts: each warp counts its keys' digits in 256 counters of its own in shared
 *     memory, one atomic add a key: no warp waits on another's, and they become the warp's
 *     places in the ranking (7d), as in CUB's BlockRadixRankMatchEarlyCounts. */
template <class C>
static __device__ __forceinline__ void count_warp_digits(const uint32_t (&keys)[C::KEYS], int shift,
                                                         uint32_t (*warp_counts)[BINS])
{
    const int warp = threadIdx.x / WARP_THREADS, lane = threadIdx.x % WARP_THREADS;
    for (int b = lane; b < BINS; b += WARP_THREADS)
        warp_counts[warp][b] = 0;
    __syncwarp();
#pragma unroll
    for (int u = 0; u < C::KEYS; u++)
        atomicAdd(&warp_counts[warp][digit_of(keys[u], shift)], 1u);
}

/* 7c. After a barrier, thread b (b < 256) holds bin b: it adds the warps' counts of b, the
 *     tile's count of b, which it returns (the other threads return 0), and leaves in each
 *     warp's counter of b the count of the warps before it. */
template <class C>
static __device__ __forceinline__ uint32_t sum_warp_counts(uint32_t (*warp_counts)[BINS])
{
    static_assert(C::THREADS >= BINS, "a thread for each bin");
    uint32_t count = 0;
    if (threadIdx.x < BINS)
#pragma unroll
        for (int w = 0; w < tile_warps<C>; w++) {
            const uint32_t c = warp_counts[w][threadIdx.x];
            warp_counts[w][threadIdx.x] = count;
            count += c;
        }
    return count;
}

/*     The exclusive prefix of the bins' counts (thread b's is bin b's): the warp scan in each of
 *     the 8 warps that hold bins, their totals through shared memory. Once a kernel. */
template <class OP>
static __device__ __forceinline__ typename OP::word exclusive_scan_bins(typename OP::word count)
{
    __shared__ typename OP::word s_totals[BIN_WARPS];
    const int warp = threadIdx.x / WARP_THREADS, lane = threadIdx.x % WARP_THREADS;
    const typename OP::word inclusive = warp_inclusive_scan<OP>(count);
    if (warp < BIN_WARPS && lane == WARP_THREADS - 1) s_totals[warp] = inclusive;
    __syncthreads();
    typename OP::word before = OP::identity();
#pragma unroll
    for (int w = 0; w < BIN_WARPS; w++)
        if (w < warp) before = OP::combine(before, s_totals[w]);
    return OP::combine(before, inclusive) - count;
}

/* 7d. The ranking: a key's rank is its place in the tile ordered by digit, stably. Each bin's
 *     start in the tile (the scan of the counts) is added to every warp's counter of the bin:
 *     warp w's counter of b says where its first key of b goes. Each warp then ranks its keys 32
 *     at a time, in order (keys[u] of every lane: the warp's keys 32u .. 32u + 31): each lane
 *     finds its peers, the lanes whose key has its digit; the highest peer, the leader, takes as
 *     many places from the warp's counter (an atomic add returns where they start), a shuffle
 *     tells the peers, and each takes its place by the peers up to itself. Warps before, steps
 *     before, lanes below come first: the ranking is stable. Each key goes at once to its rank in
 *     shared memory (s_keys), and the rank to ranks[u], where a pair sort's value follows it (9d).
 *     Returns, to thread b, bin b's start in the tile.
 *
 *     The peers: __match_any_sync, one instruction, or (C::BALLOTS) CUB's eight ballots, one a
 *     bit of the digit, each the lanes whose bit is set, complemented where this lane's is
 *     clear: the peers agree on all eight. CUB's cub::MatchAny (util_ptx.cuh, in the CUDA
 *     Toolkit's CCCL headers) says why: match.any.sync is slower when matching a few bits. In
 *     PTX as CUB writes it, ptxas folds the eight bit tests into one R2P (a register's bits
 *     into predicates); in C it tests each bit apart. */
static __device__ __forceinline__ unsigned digit_peers(uint32_t digit)
{
    unsigned peers = FULL_WARP;
#pragma unroll
    for (int b = 0; b < DIGIT_BITS; b++) {
        unsigned agree; /* the lanes whose bit b equals this lane's */
        asm("{\n\t.reg .pred p;\n\t"
            "and.b32 %0, %1, %2;\n\t"
            "setp.ne.u32 p, %0, 0;\n\t"
            "vote.sync.ballot.b32 %0, p, 0xffffffff;\n\t"
            "@!p not.b32 %0, %0;\n\t}"
            : "=r"(agree)
            : "r"(digit), "r"(1u << b));
        peers &= agree;
    }
    return peers;
}

/*     The ballots' tile holds 20 keys in the 56 registers that three blocks of 384 threads leave
 *     (scan.cu's ballot_tile) only with an empty asm on each key before its digit is taken:
 *     unrolled, the steps are independent until their atomics, and nvcc would take all 20 digits
 *     first, 20 more live registers, and spill. The asm says the key may change just there, so
 *     each digit waits for its step. */
template <class C>
static __device__ __forceinline__ uint32_t rank_keys(const uint32_t (&keys)[C::KEYS], int shift,
                                                     uint32_t count, uint32_t (*warp_counts)[BINS],
                                                     uint32_t *s_keys, uint32_t (&ranks)[C::KEYS])
{
    const uint32_t tile_start = exclusive_scan_bins<sum_op>(count);
    if (threadIdx.x < BINS)
#pragma unroll
        for (int w = 0; w < tile_warps<C>; w++)
            warp_counts[w][threadIdx.x] += tile_start;
    __syncthreads();
    const int warp = threadIdx.x / WARP_THREADS, lane = threadIdx.x % WARP_THREADS;
    const unsigned lanes_up_to_me = (2u << lane) - 1; /* lane 31: 0 - 1, all 32 */
#pragma unroll
    for (int u = 0; u < C::KEYS; u++) {
        uint32_t key = keys[u];
        if (C::BALLOTS) asm volatile("" : "+r"(key)); /* no digit taken ahead of its step */
        const uint32_t digit = digit_of(key, shift);
        const unsigned peers = C::BALLOTS ? digit_peers(digit) : __match_any_sync(FULL_WARP, digit);
        const int leader = WARP_THREADS - 1 - __clz((int)peers);
        const uint32_t up_to_me = __popc(peers & lanes_up_to_me); /* the leader's: all peers */
        uint32_t first = 0;
        if (lane == leader) first = atomicAdd(&warp_counts[warp][digit], up_to_me);
        first = __shfl_sync(FULL_WARP, first, leader);
        ranks[u] = first + up_to_me - 1;
        s_keys[ranks[u]] = key;
    }
    return tile_start;
}

/* 7e. The scatter, after a barrier: the tile's keys sit in shared memory in order of digit, each
 *     bin's keys in a run, and bin_offset[b] says where in `out` bin b's run goes, less the run's
 *     start in the tile. Consecutive threads take consecutive keys, so a warp's 32 stores land in
 *     one or a few runs of `out`. Only the tile's `tile_count` real keys go. */
template <class C>
static __device__ __forceinline__ void scatter_keys(uint32_t *out, const uint32_t *s_keys,
                                                    const unsigned long long *bin_offset, int shift,
                                                    uint32_t tile_count)
{
#pragma unroll
    for (int j = 0; j < C::KEYS; j++) {
        const uint32_t i = j * C::THREADS + threadIdx.x;
        if (i < tile_count) {
            const uint32_t key = s_keys[i];
            out[bin_offset[digit_of(key, shift)] + i] = key;
        }
    }
}

/* The real keys of a tile: all of them, but in the last tile. */
template <class C> static __device__ __forceinline__ uint32_t tile_count_of(size_t n, uint32_t tile)
{
    const size_t left = n - (size_t)tile * tile_keys<C>;
    return left < (size_t)tile_keys<C> ? (uint32_t)left : (uint32_t)tile_keys<C>;
}

/* ---- 8. The digit passes: counts, a scan, a scatter ------------------------------------------ */

/* Where does tile t's first key of digit b go? After every key with a smaller digit, and after
 * the keys of digit b in tiles 0 .. t - 1. Lay the tiles' counts out bin by bin, counts[b * tiles
 * + t]: then that place is the exclusive prefix sum of the array at (b, t). The sort is 256 scans
 * side by side, one per bin across the tiles, laid end to end so that each bin's scan starts where
 * the previous bin's ended: one exclusive scan of 256 x tiles counts. A pass is three kernels. */

/* A kernel asks for C::MIN_BLOCKS blocks a multiprocessor where they fit: Turing holds 1024
 * threads a multiprocessor (two blocks of 384), the GPUs after it 1536 or more, and ptxas refuses
 * bounds that ask for more. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define SM_THREADS 1024
#else
#define SM_THREADS 1536
#endif
template <class C>
constexpr int pass_blocks =
    C::MIN_BLOCKS * C::THREADS <= SM_THREADS ? C::MIN_BLOCKS : SM_THREADS / C::THREADS;

/* 8a. Each tile counts its digits (7a to 7c) and writes its 256 counts, each to its bin's
 *     stretch (the last tile's padding counts in bin 255, the array's last count). */
template <class C>
__global__ void __launch_bounds__(C::THREADS, pass_blocks<C>)
    tile_histograms(const uint32_t *in, size_t n, int shift, uint32_t *counts, uint32_t tiles)
{
    __shared__ uint32_t warp_counts[tile_warps<C>][BINS];
    uint32_t keys[C::KEYS];
    const uint32_t tile = blockIdx.x;
    load_keys<C>(in, n, tile, keys);
    count_warp_digits<C>(keys, shift, warp_counts);
    __syncthreads();
    const uint32_t count = sum_warp_counts<C>(warp_counts);
    if (threadIdx.x < BINS) counts[(size_t)threadIdx.x * tiles + tile] = count;
}

/* 8b. The scan is section 3's kernel on C::SCAN's tile, exclusive, in place: counts[b * tiles
 *     + t] becomes the place of tile t's first key of digit b. Its sums are 32 bits, places up to
 *     2^32 - 1: this row sorts up to 2^32 keys.
 * 8c. Each tile loads and counts its keys again, ranks them (7d), reads its 256 places and
 *     scatters (7e). Out of place: `in` and `out` differ. */
template <class C>
__global__ void __launch_bounds__(C::THREADS, pass_blocks<C>)
    digit_scatter(const uint32_t *in, uint32_t *out, size_t n, int shift, const uint32_t *places,
                  uint32_t tiles)
{
    __shared__ uint32_t warp_counts[tile_warps<C>][BINS];
    __shared__ uint32_t s_keys[tile_keys<C>];
    __shared__ unsigned long long bin_offset[BINS];
    uint32_t keys[C::KEYS], ranks[C::KEYS]; /* (ranks: rank_keys' for a pair sort, 9d) */
    const uint32_t tile = blockIdx.x;
    load_keys<C>(in, n, tile, keys);
    count_warp_digits<C>(keys, shift, warp_counts);
    __syncthreads();
    const uint32_t count = sum_warp_counts<C>(warp_counts);
    const uint32_t tile_start = rank_keys<C>(keys, shift, count, warp_counts, s_keys, ranks);
    if (threadIdx.x < BINS)
        bin_offset[threadIdx.x] =
            (unsigned long long)places[(size_t)threadIdx.x * tiles + tile] - tile_start;
    __syncthreads();
    scatter_keys<C>(out, s_keys, bin_offset, shift, tile_count_of<C>(n, tile));
}

/* 8d. The host side. Scratch: a buffer of n keys, the 256 x tiles counts, the scan's counter and
 *     descriptors. */
template <class C> static uint32_t sort_tiles(size_t n)
{
    return (uint32_t)((n + tile_keys<C> - 1) / tile_keys<C>);
}

template <class C> static size_t digit_passes_scratch_bytes(size_t n)
{
    const size_t counts = (size_t)BINS * sort_tiles<C>(n);
    return (words16(n) + words16(counts)) * sizeof(uint32_t) +
           coarsened_scratch_bytes<typename C::SCAN>(counts);
}

/* Pass p sorts by bits 8p .. 8p + 7, to the buffer (even passes) or out (odd): the last lands in
 * out. In place too: pass 0 reads in before pass 1 writes out. */
template <class C>
static void run_digit_passes(const uint32_t *in, uint32_t *out, size_t n, const app_args *args,
                             void *scratch)
{
    if (n == 0) return;
    const uint32_t tiles = sort_tiles<C>(n);
    uint32_t *buffer = (uint32_t *)scratch, *counts = buffer + words16(n);
    void *scan_scratch = counts + words16((size_t)BINS * tiles);
    const uint32_t *from = in;
    for (int pass = 0; pass < PASSES; pass++) {
        uint32_t *to = pass % 2 ? out : buffer;
        tile_histograms<C><<<tiles, C::THREADS>>>(from, n, DIGIT_BITS * pass, counts, tiles);
        LAUNCH_CHECK();
        scan_coarsened<typename C::SCAN, sum_op, EXCLUSIVE>(counts, counts, (size_t)BINS * tiles,
                                                            args, scan_scratch);
        digit_scatter<C><<<tiles, C::THREADS>>>(from, to, n, DIGIT_BITS * pass, counts, tiles);
        LAUNCH_CHECK();
        from = to;
    }
}

#endif /* DIGITS_CUH */
