/* Step 10i, section 5: the segmented scan, whose look-back carries (head flag, sum) pairs.
 * Included by scan.cu after its tile and kernel (sections 1 to 4). */
#ifndef SEGMENTED_CUH
#define SEGMENTED_CUH

/* 5a. A sum that restarts at every head, as an operator on pairs (flag: a head lies in the range;
 *     sum: since the last head): combine((fa, a), (fb, b)) = (fb ? (1, b) : (fa, a + b)).
 *     Associative, identity (0, 0), not commutative (lookback.cuh, 3b), and 33 bits wide: the
 *     flag is bit 32 of a 64-bit word, the descriptor's status at bit 40. */
struct segmented_op {
    typedef unsigned long long word;
    static constexpr int STATUS_SHIFT = 40;
    static constexpr bool COMMUTE = false;
    static constexpr word HEAD = 1ull << 32;
    static __device__ __forceinline__ word identity() { return 0; }
    static __device__ __forceinline__ word combine(word a, word b)
    {
        return b & HEAD ? b : (a & HEAD) | (uint32_t)((uint32_t)a + (uint32_t)b);
    }
};

/* 5b. The tile in warp rows, scanned with pairs: each element keeps its 32-bit sum and a bit,
 *     `settled`: its sum already reaches back to its head. A vector restarts at its heads; a row
 *     scans the lanes' pairs, and each vector adds the pair before it to its elements not yet
 *     settled; the warps exchange pairs as `pending`; the look-back's carry comes last. */
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

    /* The heads first, a bit each: their registers are free again before the elements come. */
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

/* 5c. The host side. */
template <class C, bool ALIGNED_IN>
static void launch_segmented(const tile_io &io, uint32_t tiles, const app_args *args,
                             void *scratch)
{
    uint32_t *tile_counter = (uint32_t *)scratch;
    tile_descriptor *descriptors = (tile_descriptor *)scratch + 1;
    if (aligned_alike(args->heads, io.out))
        segmented_scan<C, ALIGNED_IN, true>
            <<<tiles, C::THREADS>>>(io, args->heads, tile_counter, descriptors);
    else
        segmented_scan<C, ALIGNED_IN, false>
            <<<tiles, C::THREADS>>>(io, args->heads, tile_counter, descriptors);
    LAUNCH_CHECK();
}

template <class C>
static void run_segmented(const uint32_t *in, uint32_t *out, size_t n, const app_args *args,
                          void *scratch)
{
    if (n == 0) return;
    const tile_io io = app_io(in, out, n);
    const uint32_t tiles = (uint32_t)((io.end + tile_elements<C> - 1) / tile_elements<C>);
    clear_scratch(scratch, tiles);
    if (aligned_alike(in, out))
        launch_segmented<C, true>(io, tiles, args, scratch);
    else
        launch_segmented<C, false>(io, tiles, args, scratch);
}

#endif /* SEGMENTED_CUH */
