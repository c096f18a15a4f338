/* Step 10e, sections 11 to 13: a radix sort by 8-bit digits. 11: a tile's keys ranked by one
 * digit, on chip and stably; 12: a sort of four passes of three kernels each (every tile's 256
 * counts, one exclusive scan of them all, the scatter); 13: the one-sweep sort, one count of the
 * four digits, then one kernel a pass, whose tiles look back per bin.
 * Included by scan.cu after its tile and kernel (sections 1 to 4), whose functions it uses. */
#ifndef ONESWEEP_CUH
#define ONESWEEP_CUH

/* ---- 11. A tile ranked by one digit ---------------------------------------------------------- */

/* An LSD radix sort orders the keys by their lowest digit first, then by the next, each pass
 * stable (keys with the same digit keep their order), so that after pass p the keys are in order
 * of their low 8 (p + 1) bits. A digit of 8 bits has 256 values, the bins: a pass is a split into
 * 256 parts where 10d's was a split into 2, and four passes sort 32-bit keys. */
#define DIGIT_BITS 8
#define BINS       (1 << DIGIT_BITS)
#define PASSES     (32 / DIGIT_BITS)
#define BIN_WARPS  (BINS / WARP_THREADS) /* the warps whose threads hold a bin each (11c) */

static __device__ __forceinline__ uint32_t digit_of(uint32_t key, int shift)
{
    return key >> shift & (BINS - 1);
}

/* A tile is THREADS x KEYS keys (C: digit_tile, section 10). */
template <class C> constexpr int tile_keys = C::THREADS * C::KEYS;
template <class C> constexpr int tile_warps = C::THREADS / WARP_THREADS;

/* 11a. The tile's keys, warp-striped: warp w holds the tile's keys w * 32 * KEYS .. (w + 1) * 32 *
 *      KEYS - 1, lane l key 32u + l of that stretch as keys[u]. The ranking (11d) takes one key a
 *      lane a step, in order, so a step's 32 keys must be consecutive; 16-byte vectors would give
 *      a lane 4 consecutive keys, to be exchanged through shared memory. A warp's load of 32
 *      consecutive words is as coalesced, in 4 times the load instructions (few next to the
 *      ranking's), and `in` may start anywhere. Keys past n read as 0xFFFFFFFF: digit 255 in every
 *      pass and last in the tile's order, they rank behind every real key (11e leaves them out). */
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

/* 11b. Early counts: each warp counts its keys' digits in 256 counters of its own in shared
 *      memory, one atomic add a key (lanes of a warp that add to the same counter are served one
 *      after the other). Counters of its own: no warp waits on another's, and they become the
 *      warp's places in the ranking (11d). Counting before ranking lets the one-sweep pass
 *      publish the tile's counts before the ranking's work (13d): the early counts of CUB's
 *      BlockRadixRankMatchEarlyCounts, for 20 atomic adds a thread. */
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

/* 11c. After a barrier, thread b (b < 256) holds bin b: it adds the warps' counts of b, the
 *      tile's count of b, which it returns (the other threads return 0), and leaves in each
 *      warp's counter of b the count of the warps before it. */
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

/*      The exclusive prefix of the bins' counts, thread b's count being bin b's: stage 05's warp
 *      scan in each of the 8 warps that hold bins, their totals through shared memory, one
 *      barrier. OP: sum_op for a tile's 32-bit counts, bin_count_op (13a) for the whole array's
 *      64-bit ones; both are sums, so a count's exclusive prefix is its inclusive one less it.
 *      Every thread of the block calls it; the threads past the bins get nothing of use. Once a
 *      kernel for each OP (its shared words are not reused). */
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

/* 11d. The ranking: a key's rank is its place in the tile ordered by digit, stably. Each bin's
 *      start in the tile (the scan of the counts) is added to every warp's counter of the bin:
 *      warp w's counter of b says where its first key of b goes. Each warp then ranks its keys 32
 *      at a time, in order (keys[u] of every lane: the warp's keys 32u .. 32u + 31):
 *      __match_any_sync gives each lane its peers, the lanes whose key has its digit; the highest
 *      peer, the leader, takes as many places from the warp's counter (an atomic add returns
 *      where they start), a shuffle tells the peers, and each takes its place by the peers up to
 *      itself. Warps before, steps before, lanes below come first: the ranking is stable. Each
 *      key goes at once to its rank in shared memory (s_keys): no register holds the ranks.
 *      The cost, per key: a match (one instruction since sm_70), a population count, a shuffle,
 *      and one atomic add for each digit the step holds, all inside the warp and its counters.
 *      Without a match, a lane would find its peers by 8 ballots, one per bit of the digit.
 *      Returns, to thread b, bin b's start in the tile. */
template <class C>
static __device__ __forceinline__ uint32_t rank_keys(const uint32_t (&keys)[C::KEYS], int shift,
                                                     uint32_t count, uint32_t (*warp_counts)[BINS],
                                                     uint32_t *s_keys)
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
        const uint32_t digit = digit_of(keys[u], shift);
        const unsigned peers = __match_any_sync(FULL_WARP, digit);
        const int leader = WARP_THREADS - 1 - __clz((int)peers);
        const uint32_t up_to_me = __popc(peers & lanes_up_to_me); /* the leader's: all peers */
        uint32_t first = 0;
        if (lane == leader) first = atomicAdd(&warp_counts[warp][digit], up_to_me);
        first = __shfl_sync(FULL_WARP, first, leader);
        s_keys[first + up_to_me - 1] = keys[u];
    }
    return tile_start;
}

/* 11e. The scatter, after a barrier: the tile's keys sit in shared memory in order of digit, each
 *      bin's keys in a run, and bin_offset[b] says where in `out` bin b's run goes, less the run's
 *      start in the tile. Thread i takes keys i, i + THREADS, ...: consecutive threads take
 *      consecutive keys, which within a run go to consecutive places, so a warp's 32 stores land
 *      in one or a few runs of `out`. Only the tile's `tile_count` real keys go (the padding of
 *      11a ranks last). Plain stores: a run's first and last 32-byte sectors are shared with the
 *      neighbouring tiles' runs of the same bin, and the L2 joins them before writing them back. */
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

/* ---- 12. The digit passes: counts, a scan, a scatter ----------------------------------------- */

/* Where does tile t's first key of digit b go? After every key with a smaller digit, and after
 * the keys of digit b in tiles 0 .. t - 1. Lay the tiles' counts out bin by bin, counts[b * tiles
 * + t]: then that place is the exclusive prefix sum of the array at (b, t). The sort is 256 scans
 * side by side, one per bin across the tiles, laid end to end so that each bin's scan starts where
 * the previous bin's ended: one exclusive scan of 256 x tiles counts. A pass is three kernels. */

/* 12a. Each tile counts its digits (11a to 11c) and writes its 256 counts, each to its bin's
 *      stretch. (The padding of the last tile counts in its bin 255, the array's last count,
 *      whose exclusive prefix does not include it and which no count follows.) */
template <class C>
__global__ void __launch_bounds__(C::THREADS, C::MIN_BLOCKS)
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

/* 12b. The scan is section 3's kernel on C::SCAN's tile, exclusive, in place: counts[b * tiles
 *      + t] becomes the place of tile t's first key of digit b. Its sums are 32 bits, places up to
 *      2^32 - 1: this row sorts up to 2^32 keys.
 * 12c. Each tile loads and counts its keys again, ranks them (11d), reads its 256 places and
 *      scatters (11e). Out of place: `in` and `out` differ. */
template <class C>
__global__ void __launch_bounds__(C::THREADS, C::MIN_BLOCKS)
    digit_scatter(const uint32_t *in, uint32_t *out, size_t n, int shift, const uint32_t *places,
                  uint32_t tiles)
{
    __shared__ uint32_t warp_counts[tile_warps<C>][BINS];
    __shared__ uint32_t s_keys[tile_keys<C>];
    __shared__ unsigned long long bin_offset[BINS];
    uint32_t keys[C::KEYS];
    const uint32_t tile = blockIdx.x;
    load_keys<C>(in, n, tile, keys);
    count_warp_digits<C>(keys, shift, warp_counts);
    __syncthreads();
    const uint32_t count = sum_warp_counts<C>(warp_counts);
    const uint32_t tile_start = rank_keys<C>(keys, shift, count, warp_counts, s_keys);
    if (threadIdx.x < BINS)
        bin_offset[threadIdx.x] =
            (unsigned long long)places[(size_t)threadIdx.x * tiles + tile] - tile_start;
    __syncthreads();
    scatter_keys<C>(out, s_keys, bin_offset, shift, tile_count_of<C>(n, tile));
}

/* 12d. The host side. Scratch: a buffer of n keys (the passes go back and forth between it and
 * out), the 256 x tiles counts, the scan's counter and descriptors. */
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

/* Pass p sorts by bits 8p .. 8p + 7, from `in` (pass 0) or the last pass's output, to the buffer
 * (even passes) or out (odd): the last, pass 3, lands in out. In place too: pass 0 reads in
 * before pass 1 writes out. */
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
        scan_coarsened<typename C::SCAN, sum_op, true>(counts, counts, (size_t)BINS * tiles, args,
                                                       scan_scratch);
        digit_scatter<C><<<tiles, C::THREADS>>>(from, to, n, DIGIT_BITS * pass, counts, tiles);
        LAUNCH_CHECK();
        from = to;
    }
}

/* ---- 13. One sweep: one count, then one kernel a pass, a look-back per bin ------------------- */

/* The digit passes read every key twice a pass and write the counts, to scan and read them back.
 * The one-sweep sort (Adinets and Merrill, 2022; CUB's DeviceRadixSort for 32-bit keys since
 * sm_60) takes both out of the passes: the 256 scans side by side become 256 decoupled look-backs
 * side by side, inside the pass (the counts become descriptors, one per tile and bin); and the
 * bins' starts in out come from one count before the passes, since a pass moves keys but never
 * changes how many have each digit (as 9a's one count serves 32 one-bit splits). */

/* 13a. A descriptor per tile and bin: lookback.cuh's tile_descriptor, status and count in one
 *      64-bit word, so that a reader never sees a new status beside an old count. A count here
 *      is a place in out (13c), which passes 2^32 - 1 when n does: bin_count_op keeps it in the
 *      low 62 bits and the status in the top 2. (CUB's words are 32 bits, 30 of count, and it
 *      sorts 2^28 keys a launch, so that a count never passes 2^30: half the descriptor bytes,
 *      for a loop of launches.) */
struct bin_count_op {
    typedef unsigned long long word;
    static constexpr int STATUS_SHIFT = 62;
    static __device__ __forceinline__ word identity() { return 0; }
    static __device__ __forceinline__ word combine(word a, word b) { return a + b; }
};

/* 13b. The count of the four digits of every key: 256 counters a digit in shared memory, one
 *      atomic add a key and digit, four keys in flight a thread; then one 64-bit atomic a block
 *      and counter adds the block's counts to the totals (a block counts fewer than 2^32 keys
 *      while n is below 2^42, with at most 1024 blocks). Run once, before the four passes. */
template <int THREADS>
__global__ void __launch_bounds__(THREADS)
    count_digits(const uint32_t *keys, size_t n, unsigned long long *digit_counts)
{
    /* SOLUTION BEGIN: count every key's four digits: shared counters, then global atomics */
    __shared__ uint32_t s_counts[PASSES][BINS];
    for (int j = threadIdx.x; j < PASSES * BINS; j += THREADS)
        s_counts[j / BINS][j % BINS] = 0;
    __syncthreads();
    const size_t stride = (size_t)gridDim.x * THREADS;
    size_t i = (size_t)blockIdx.x * THREADS + threadIdx.x;
    for (; i + 3 * stride < n; i += 4 * stride) {
        uint32_t k[4];
#pragma unroll
        for (int u = 0; u < 4; u++)
            k[u] = __ldcs(keys + i + u * stride);
#pragma unroll
        for (int u = 0; u < 4; u++)
#pragma unroll
            for (int p = 0; p < PASSES; p++)
                atomicAdd(&s_counts[p][digit_of(k[u], DIGIT_BITS * p)], 1u);
    }
    for (; i < n; i += stride) {
        const uint32_t k = __ldcs(keys + i);
#pragma unroll
        for (int p = 0; p < PASSES; p++)
            atomicAdd(&s_counts[p][digit_of(k, DIGIT_BITS * p)], 1u);
    }
    __syncthreads();
    for (int j = threadIdx.x; j < PASSES * BINS; j += THREADS) {
        const uint32_t c = s_counts[j / BINS][j % BINS];
        if (c) atomicAdd(digit_counts + j, (unsigned long long)c);
    }
    /* SOLUTION END, stub: (void)keys; (void)n; (void)digit_counts; */
}

/* 13c. The look-back of bin b, by thread b: stage 09's one-thread walk down the bin's column
 *      (row t of the descriptors is tile t's 256). It walks back from tile - 1, waits while
 *      a descriptor is INVALID, adds its count, and stops at the first PREFIX, which holds
 *      everything before it. Tile 0's PREFIX includes its digit's start in out, so a PREFIX's
 *      count is a place in out. Returns the place of the tile's first key of bin b.
 *      Why not lookback.cuh's warp look-back (3): it spends a warp on one value, 32 tiles a step;
 *      256 values would take 21 or 22 such walks for each of the 12 warps, one after the other.
 *      Here 256 threads walk at once, and a warp's step reads 32 neighbouring descriptors (two
 *      128-byte lines). Most walks are short: the row before has published at least its counts
 *      (13d publishes them before it ranks), and is often PREFIX already. The poll is a volatile
 *      load, as CUB's: a warp's 32 polls of neighbouring descriptors are one coalesced read of
 *      two lines, where 32 atomics (lookback.cuh's poll) are 32 operations at the L2 (a little
 *      faster in development runs on an H100, whose output was not kept: NOTES.md). */
static __device__ __forceinline__ unsigned long long lookback_bin(tile_descriptor *descriptors,
                                                                  uint32_t tile, int bin)
{
    /* SOLUTION BEGIN: walk back from tile - 1: wait on INVALID, add counts up to a PREFIX */
    unsigned long long exclusive = 0;
    for (uint32_t t = tile - 1;; t--) {
        tile_descriptor *row = descriptors + (size_t)t * BINS;
        tile_descriptor d;
        do
            d = ((volatile tile_descriptor *)row)[bin];
        while (descriptor_status<bin_count_op>(d) == STATUS_INVALID);
        exclusive += descriptor_value<bin_count_op>(d);
        if (descriptor_status<bin_count_op>(d) == STATUS_PREFIX) return exclusive;
    }
    /* SOLUTION END, stub: (void)descriptors; (void)tile; (void)bin; return 0; */
}

/* 13d. The pass: one kernel, a tile a block, in the order of the tickets (claim_tile), as the
 *      look-back needs: a tile waits only on tiles that started before it. Each tile loads and
 *      counts its keys (11a to 11c); publishes its 256 counts at once, before it ranks (tile 0:
 *      PREFIX, its counts plus its digit's starts, the exclusive scan of the one count's 256
 *      totals; the others: AGGREGATE); ranks (11d); looks back per bin (13c) and publishes
 *      PREFIX; scatters (11e). Thread b publishes and looks back for bin b: its AGGREGATE and
 *      then its PREFIX, stored by one thread to one word, reach every reader in that order.
 *      A publish is one store of a whole descriptor, and needs no fence: no reader needs
 *      anything else this pass writes (the keys go to `out`, which no tile reads). */
template <class C>
__global__ void __launch_bounds__(C::THREADS, C::MIN_BLOCKS)
    onesweep_pass(const uint32_t *in, uint32_t *out, size_t n, int pass,
                  const unsigned long long *digit_counts, uint32_t *tile_counter,
                  tile_descriptor *descriptors)
{
    __shared__ uint32_t warp_counts[tile_warps<C>][BINS];
    __shared__ uint32_t s_keys[tile_keys<C>];
    __shared__ unsigned long long bin_offset[BINS];
    uint32_t keys[C::KEYS];
    const int shift = DIGIT_BITS * pass, bin = threadIdx.x;
    const uint32_t tile = claim_tile(tile_counter);
    load_keys<C>(in, n, tile, keys);
    count_warp_digits<C>(keys, shift, warp_counts);
    __syncthreads();
    const uint32_t count = sum_warp_counts<C>(warp_counts);
    unsigned long long place = 0; /* where the tile's first key of bin b goes */
    /* SOLUTION BEGIN: publish the counts: tile 0 PREFIX (with the starts), others AGGREGATE */
    if (tile == 0) {
        place = exclusive_scan_bins<bin_count_op>(bin < BINS ? digit_counts[pass * BINS + bin] : 0);
        if (bin < BINS)
            descriptor_store(descriptors, bin,
                             descriptor_make<bin_count_op>(STATUS_PREFIX, place + count));
    } else if (bin < BINS) {
        descriptor_store(descriptors + (size_t)tile * BINS, bin,
                         descriptor_make<bin_count_op>(STATUS_AGGREGATE, count));
    }
    /* SOLUTION END */
    const uint32_t tile_start = rank_keys<C>(keys, shift, count, warp_counts, s_keys);
    /* SOLUTION BEGIN: look back per bin (not tile 0) and publish PREFIX */
    if (tile > 0 && bin < BINS) {
        place = lookback_bin(descriptors, tile, bin);
        descriptor_store(descriptors + (size_t)tile * BINS, bin,
                         descriptor_make<bin_count_op>(STATUS_PREFIX, place + count));
    }
    /* SOLUTION END */
    if (bin < BINS) bin_offset[bin] = place - tile_start;
    __syncthreads();
    scatter_keys<C>(out, s_keys, bin_offset, shift, tile_count_of<C>(n, tile));
}

/* 13e. The host side. Scratch: the one count's 4 x 256 totals, the four passes' tile counters, a
 *      descriptor per tile and bin, and the buffer of n keys. One memset zeroes the totals, the
 *      counters and the descriptors (STATUS_INVALID) before the count; each later pass zeroes the
 *      descriptors again (2 KB a tile, a quarter of a byte a key), as CUB does for its own. */
template <class C> static size_t onesweep_scratch_bytes(size_t n)
{
    return (PASSES * BINS + 2) * sizeof(unsigned long long) +
           (size_t)sort_tiles<C>(n) * BINS * sizeof(tile_descriptor) +
           words16(n) * sizeof(uint32_t);
}

/* The passes go back and forth as the digit passes' (12d): in place too, the count and pass 0
 * reading in before pass 1 writes out. */
template <class C>
static void run_onesweep(const uint32_t *in, uint32_t *out, size_t n, const app_args *args,
                         void *scratch)
{
    (void)args;
    if (n == 0) return;
    const uint32_t tiles = sort_tiles<C>(n);
    unsigned long long *digit_counts = (unsigned long long *)scratch;
    uint32_t *tile_counters = (uint32_t *)(digit_counts + PASSES * BINS);
    tile_descriptor *descriptors = (tile_descriptor *)(digit_counts + PASSES * BINS + 2);
    uint32_t *buffer = (uint32_t *)(descriptors + (size_t)tiles * BINS);
    const size_t descriptor_bytes = (size_t)tiles * BINS * sizeof(tile_descriptor);
    CUDA_CHECK(cudaMemsetAsync(scratch, 0, (char *)buffer - (char *)scratch, 0));
    const size_t count_blocks = (n + 256 * 16 - 1) / (256 * 16);
    count_digits<256>
        <<<(unsigned)(count_blocks < 1024 ? count_blocks : 1024), 256>>>(in, n, digit_counts);
    LAUNCH_CHECK();
    const uint32_t *from = in;
    for (int pass = 0; pass < PASSES; pass++) {
        uint32_t *to = pass % 2 ? out : buffer;
        if (pass > 0) CUDA_CHECK(cudaMemsetAsync(descriptors, 0, descriptor_bytes, 0));
        onesweep_pass<C><<<tiles, C::THREADS>>>(from, to, n, pass, digit_counts,
                                                tile_counters + pass, descriptors);
        LAUNCH_CHECK();
        from = to;
    }
}

#endif /* ONESWEEP_CUH */
