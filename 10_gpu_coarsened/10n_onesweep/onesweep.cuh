/* Step 10n, section 9: the one-sweep sort, one count then one kernel a pass with a look-back per
 * bin. Included by scan.cu after sections 1 to 8. */
#ifndef ONESWEEP_CUH
#define ONESWEEP_CUH

/* ---- 9. One sweep: one count, then one kernel a pass, a look-back per bin -------------------- */

/* The one-sweep sort (Adinets and Merrill, 2022; CUB's DeviceRadixSort for 32-bit keys): the
 * digit passes' 256 scans side by side become 256 decoupled look-backs inside the pass, and the
 * bins' starts come from one count before the passes (a pass never changes the digits' counts). */

/* 9a. A descriptor per tile and bin: lookback.cuh's tile_descriptor. A count here is a place in
 *     out (9c), which passes 2^32 - 1 when n does: bin_count_op keeps it in the low 62 bits and
 *     the status in the top 2. */
struct bin_count_op {
    typedef unsigned long long word;
    static constexpr int STATUS_SHIFT = 62;
    static __device__ __forceinline__ word identity() { return 0; }
    static __device__ __forceinline__ word combine(word a, word b) { return a + b; }
};

/* 9b. The count of the four digits of every key: 256 counters a digit in shared memory, one
 *     atomic add a key and digit, four keys in flight a thread; then one 64-bit atomic a block
 *     and counter adds the block's counts to the totals (a block counts fewer than 2^32 keys
 *     while n is below 2^42, with at most 1024 blocks). Run once, before the four passes. */
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

/* 9c. The look-back of bin b, by thread b: stage 09's one-thread walk down the bin's column
 *     (row t of the descriptors is tile t's 256), from tile - 1 back to the first PREFIX, waiting
 *     while a descriptor is INVALID. Tile 0's PREFIX includes its digit's start in out, so the
 *     result is the place of the tile's first key of bin b. 256 threads walk at once, and a
 *     warp's step reads 32 neighbouring descriptors. The poll is a volatile load, as CUB's: a
 *     warp's 32 polls are one coalesced read, where 32 atomics are 32 operations at the L2. */
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

/* 9d. The pass: one kernel, a tile a block, in the order of the tickets (claim_tile). Each tile
 *     loads and counts its keys (7a to 7c); publishes its 256 counts at once, before it ranks
 *     (tile 0: PREFIX, with its digit's starts; the others: AGGREGATE); ranks (7d); looks back
 *     per bin (9c) and publishes PREFIX; scatters (7e). Thread b publishes and looks back for
 *     bin b. A publish needs no fence: no reader needs anything else this pass writes. */
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

/* 9e. The host side. Scratch: the one count's 4 x 256 totals, the four passes' tile counters, a
 *     descriptor per tile and bin, and the buffer of n keys. Each pass after the first zeroes the
 *     descriptors again (2 KB a tile), as CUB does for its own. */
template <class C> static size_t onesweep_scratch_bytes(size_t n)
{
    return (PASSES * BINS + 2) * sizeof(unsigned long long) +
           (size_t)sort_tiles<C>(n) * BINS * sizeof(tile_descriptor) +
           words16(n) * sizeof(uint32_t);
}

/* The passes go back and forth as the digit passes' (8d): in place too, the count and pass 0
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
