/* Step 10o, section 9: the one-sweep sort, one count then one kernel a pass with a look-back per
 * bin (10p: for key-value pairs too). Included by scan.cu after sections 1 to 8. */
#ifndef ONESWEEP_CUH
#define ONESWEEP_CUH

/* ---- 9. One sweep: one count, then one kernel a pass, a look-back per bin -------------------- */

/* The one-sweep sort (Adinets and Merrill, 2022; CUB's DeviceRadixSort for 32-bit keys): the
 * digit passes' 256 scans side by side become 256 decoupled look-backs inside the pass, and the
 * bins' starts come from one count before the passes (a pass never changes the digits' counts). */

/* 9a. A descriptor per tile and bin, a word W: stage 09's status in the top 2 bits, then the
 *     parity of the pass that wrote it, then a place in out (9c). Every tile writes all 256 in
 *     every pass, so one left by the pass before reads as INVALID, and one memset serves all four
 *     passes. W is 32 bits while a place fits in 29 (n < 2^29), as CUB's: a look-back then reads
 *     half the bytes (NOTES.md). Else 64. */
template <class W> struct bin_word {
    static constexpr int STATUS_SHIFT = 8 * sizeof(W) - 2, PARITY_SHIFT = STATUS_SHIFT - 1;
    static constexpr W PLACE_MASK = ((W)1 << PARITY_SHIFT) - 1;
};
#define PLACES_32 (1u << 29)

template <class W>
static __device__ __forceinline__ void publish(W *descriptors, uint32_t tile, int bin,
                                               uint32_t status, int pass, W place)
{
    ((volatile W *)descriptors)[(size_t)tile * BINS + bin] =
        (W)status << bin_word<W>::STATUS_SHIFT | (W)(pass & 1) << bin_word<W>::PARITY_SHIFT | place;
}

/* 9b. The count of the four digits of every key: 256 counters a digit in shared memory, one
 *     atomic add a key and digit, four keys in flight a thread; then one 64-bit atomic a block
 *     and counter adds the block's counts to the totals (a block counts fewer than 2^32 keys
 *     while n is below 2^42, with at most 1024 blocks). Run once, before the four passes. */
struct count_sum_op { /* (the sum of 64-bit counts, in block_scan.cuh's operator form) */
    typedef unsigned long long word;
    static __device__ __forceinline__ word identity() { return 0; }
    static __device__ __forceinline__ word combine(word a, word b) { return a + b; }
};
template <int THREADS>
__global__ void __launch_bounds__(THREADS)
    count_digits(const uint32_t *keys, size_t n, unsigned long long *digit_counts)
{
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
}

/* 9c. The look-back of bin b, by thread b: stage 09's one-thread walk down the bin's column
 *     (row t of the descriptors is tile t's 256), back to the first PREFIX, waiting while a
 *     descriptor is INVALID or from the pass before. Tile 0's PREFIX includes its digit's start,
 *     so the result is the place of the tile's first key of bin b. The poll is a volatile load,
 *     as CUB's: a warp's 32 polls are one coalesced read. */
template <class W>
static __device__ __forceinline__ W lookback_bin(W *descriptors, uint32_t tile, int bin, int pass)
{
    typedef bin_word<W> B;
    W exclusive = 0;
    for (uint32_t t = tile - 1;; t--) {
        W d;
        do
            d = ((volatile W *)descriptors)[(size_t)t * BINS + bin];
        while (d >> B::STATUS_SHIFT == STATUS_INVALID ||
               (d >> B::PARITY_SHIFT & 1) != (W)(pass & 1));
        exclusive += d & B::PLACE_MASK;
        if (d >> B::STATUS_SHIFT == STATUS_PREFIX) return exclusive;
    }
}

/* 9d. 7e's scatter with 32-bit places (modulo 2^32: n is below 2^32). */
template <class C>
static __device__ __forceinline__ void scatter_tile(uint32_t *out, const uint32_t *s_keys,
                                                    const uint32_t *bin_offset, int shift,
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

/*     A pair sort's: the values take the keys' place in shared memory at their ranks, then go
 *     where their keys went (to), as CUB's: two staged tiles would pass 48 KB. */
template <class C>
static __device__ __forceinline__ void scatter_pairs(uint32_t *out, uint32_t *values_out,
                                                     const uint32_t *values_in, uint32_t *s_keys,
                                                     const uint32_t *bin_offset, int shift,
                                                     uint32_t tile, uint32_t tile_count,
                                                     const uint32_t (&ranks)[C::KEYS])
{
    uint32_t to[C::KEYS];
#pragma unroll
    for (int j = 0; j < C::KEYS; j++) {
        const uint32_t i = j * C::THREADS + threadIdx.x;
        const uint32_t key = s_keys[i];
        to[j] = bin_offset[digit_of(key, shift)] + i;
        if (i < tile_count) out[to[j]] = key;
    }
    /* SOLUTION BEGIN: stage the values at their keys' ranks, then send them where the keys went */
    const int warp = threadIdx.x / WARP_THREADS, lane = threadIdx.x % WARP_THREADS;
    uint32_t values[C::KEYS]; /* warp-striped, as the keys were loaded (7a) */
#pragma unroll
    for (int u = 0; u < C::KEYS; u++) {
        const uint32_t i = (warp * C::KEYS + u) * WARP_THREADS + lane;
        values[u] = i < tile_count ? __ldcs(values_in + (size_t)tile * tile_keys<C> + i) : 0;
    }
    __syncthreads();
#pragma unroll
    for (int u = 0; u < C::KEYS; u++)
        s_keys[ranks[u]] = values[u];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < C::KEYS; j++) {
        const uint32_t i = j * C::THREADS + threadIdx.x;
        if (i < tile_count) values_out[to[j]] = s_keys[i];
    }
    /* SOLUTION END, stub: (void)values_out; (void)values_in; (void)tile; (void)ranks; */
}

/* 9e. CUB's short circuit: a tile whose keys all have one digit goes out in order, in one run,
 *     without a ranking. Only one bin can count the whole tile (padding included): its thread
 *     tells the others where. */
template <class C>
static __device__ __forceinline__ void copy_tile(const uint32_t (&keys)[C::KEYS], uint32_t *out,
                                                 uint32_t *values_out, const uint32_t *values_in,
                                                 uint32_t tile, uint32_t tile_count,
                                                 uint32_t count, uint32_t place,
                                                 uint32_t *s_start)
{
    const int warp = threadIdx.x / WARP_THREADS, lane = threadIdx.x % WARP_THREADS;
    uint32_t values[C::KEYS]; /* a pair sort's, all loaded at once, as the keys were (NOTES.md) */
    /* SOLUTION BEGIN: load the tile's values, warp-striped as its keys */
    if (C::PAIRS)
#pragma unroll
        for (int u = 0; u < C::KEYS; u++) {
            const uint32_t i = (warp * C::KEYS + u) * WARP_THREADS + lane;
            values[u] = i < tile_count ? __ldcs(values_in + (size_t)tile * tile_keys<C> + i) : 0;
        }
    /* SOLUTION END, stub: (void)values_in; (void)tile; for (uint32_t &v : values) v = 0; */
    if (count == tile_keys<C>) *s_start = place;
    __syncthreads();
    const uint32_t start = *s_start;
#pragma unroll
    for (int u = 0; u < C::KEYS; u++) {
        const uint32_t i = (warp * C::KEYS + u) * WARP_THREADS + lane;
        if (i < tile_count) {
            out[start + i] = keys[u];
            if (C::PAIRS) values_out[start + i] = values[u];
        }
    }
}

/*     Thread b's bin of a tile after the first (tile 0 keeps its starts in bin_offset): the
 *     look-back and the PREFIX. Returns where the tile's first key of bin b goes, modulo 2^32. */
template <class W>
static __device__ __forceinline__ uint32_t place_bin(W *descriptors, uint32_t tile, int bin,
                                                     int pass, uint32_t count)
{
    const W exclusive = lookback_bin(descriptors, tile, bin, pass);
    publish<W>(descriptors, tile, bin, STATUS_PREFIX, pass, exclusive + count);
    return (uint32_t)exclusive;
}

/* 9f. The pass: a tile a block, in ticket order (claim_tile). Each tile counts its keys (7a to
 *     7c) and publishes its 256 counts before it ranks (tile 0: PREFIX, with the starts, which it
 *     keeps in bin_offset; the others: AGGREGATE); then copies (9e), or ranks (7d), looks back per
 *     bin (9c), publishes PREFIX and scatters (9d). Thread b works for bin b. A publish needs no
 *     fence: no reader needs anything else this pass writes. */
template <class C, class W>
__global__ void __launch_bounds__(C::THREADS, pass_blocks<C>)
    onesweep_pass(const uint32_t *in, uint32_t *out, const uint32_t *values_in,
                  uint32_t *values_out, size_t n, int pass,
                  const unsigned long long *digit_counts, uint32_t *tile_counter, W *descriptors)
{
    __shared__ uint32_t warp_counts[tile_warps<C>][BINS];
    __shared__ uint32_t s_keys[tile_keys<C>];
    __shared__ uint32_t bin_offset[BINS];
    uint32_t keys[C::KEYS], ranks[C::KEYS];
    const int shift = DIGIT_BITS * pass, bin = threadIdx.x;
    const uint32_t tile = claim_tile(tile_counter);
    if (tile == 0) { /* the digits' starts, before the keys take their registers (NOTES.md) */
        const unsigned long long start =
            exclusive_scan_bins<count_sum_op>(bin < BINS ? digit_counts[pass * BINS + bin] : 0);
        if (bin < BINS) bin_offset[bin] = (uint32_t)start;
    }
    load_keys<C>(in, n, tile, keys);
    count_warp_digits<C>(keys, shift, warp_counts);
    __syncthreads();
    const uint32_t count = sum_warp_counts<C>(warp_counts);
    if (tile == 0 && bin < BINS)
        publish<W>(descriptors, 0, bin, STATUS_PREFIX, pass, (W)bin_offset[bin] + count);
    else if (bin < BINS)
        publish<W>(descriptors, tile, bin, STATUS_AGGREGATE, pass, count);
    if (__syncthreads_or(count == tile_keys<C>)) {
        uint32_t place = 0;
        if (bin < BINS)
            place =
                tile > 0 ? place_bin(descriptors, tile, bin, pass, count) : bin_offset[bin];
        __syncthreads(); /* (tile 0's bin_offset, just read, holds the start next) */
        copy_tile<C>(keys, out, values_out, values_in, tile, tile_count_of<C>(n, tile), count,
                     place, bin_offset);
        return;
    }
    const uint32_t tile_start = rank_keys<C>(keys, shift, count, warp_counts, s_keys, ranks);
    if (tile > 0 && bin < BINS)
        bin_offset[bin] = place_bin(descriptors, tile, bin, pass, count) - tile_start;
    else if (bin < BINS)
        bin_offset[bin] -= tile_start;
    __syncthreads();
    const uint32_t tile_count = tile_count_of<C>(n, tile);
    if (C::PAIRS)
        scatter_pairs<C>(out, values_out, values_in, s_keys, bin_offset, shift, tile, tile_count,
                         ranks);
    else
        scatter_tile<C>(out, s_keys, bin_offset, shift, tile_count);
}

/* 9g. The host side. Scratch: the one count's 4 x 256 totals, the four passes' tile counters, a
 *     descriptor per tile and bin (zeroed once: 9a), and the buffer of n keys (and of n values,
 *     for pairs). A place in out is 32 bits: the sort takes fewer than 2^32 keys. */
template <class C> static size_t onesweep_scratch_bytes(size_t n)
{
    const size_t descriptor_bytes = n < PLACES_32 ? 4 : 8;
    return (PASSES * BINS + 2) * sizeof(unsigned long long) +
           (size_t)sort_tiles<C>(n) * BINS * descriptor_bytes +
           (C::PAIRS ? 2 : 1) * words16(n) * sizeof(uint32_t);
}

/* The passes go back and forth as the digit passes' (8d): in place too, the count and pass 0
 * reading in (and the values) before pass 1 writes out (and values_out). */
template <class C, class W>
static void run_passes(const uint32_t *in, uint32_t *out, size_t n, const app_args *args,
                       void *scratch)
{
    const uint32_t tiles = sort_tiles<C>(n);
    unsigned long long *digit_counts = (unsigned long long *)scratch;
    uint32_t *tile_counters = (uint32_t *)(digit_counts + PASSES * BINS);
    W *descriptors = (W *)(digit_counts + PASSES * BINS + 2);
    uint32_t *buffer = (uint32_t *)(descriptors + (size_t)tiles * BINS);
    uint32_t *value_buffer = buffer + words16(n);
    CUDA_CHECK(cudaMemsetAsync(scratch, 0, (char *)buffer - (char *)scratch, 0));
    const size_t count_blocks = (n + 256 * 16 - 1) / (256 * 16);
    count_digits<256>
        <<<(unsigned)(count_blocks < 1024 ? count_blocks : 1024), 256>>>(in, n, digit_counts);
    LAUNCH_CHECK();
    const uint32_t *from = in, *values_from = C::PAIRS ? args->values : NULL;
    for (int pass = 0; pass < PASSES; pass++) {
        uint32_t *to = pass % 2 ? out : buffer;
        uint32_t *values_to = !C::PAIRS ? NULL : pass % 2 ? args->values_out : value_buffer;
        onesweep_pass<C, W><<<tiles, C::THREADS>>>(from, to, values_from, values_to, n, pass,
                                                   digit_counts, tile_counters + pass,
                                                   descriptors);
        LAUNCH_CHECK();
        from = to;
        values_from = values_to;
    }
}

template <class C>
static void run_onesweep(const uint32_t *in, uint32_t *out, size_t n, const app_args *args,
                         void *scratch)
{
    if (n == 0) return;
    if (n < PLACES_32)
        run_passes<C, uint32_t>(in, out, n, args, scratch);
    else
        run_passes<C, unsigned long long>(in, out, n, args, scratch);
}

#endif /* ONESWEEP_CUH */
