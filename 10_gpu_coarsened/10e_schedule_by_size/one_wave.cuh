/* 3g. One wave (step 10e; scan.cu includes it after section 3e): cooperative, no look-back. Each
 *     block publishes its tile's aggregate, the grid waits at one barrier, and each block adds up
 *     the aggregates before its own; more tiles than blocks take rounds, a barrier each.
 *     round_sums: this round's aggregates before this block's (`before`) and in all (`round`). */
#ifndef ONE_WAVE_CUH
#define ONE_WAVE_CUH

template <class C>
static __device__ __forceinline__ void round_sums(const uint32_t *aggregates, uint32_t first,
                                                  uint32_t count, uint32_t *before, uint32_t *round)
{
    /* SOLUTION BEGIN: a stride of the aggregates a thread, then the warps, then the block */
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
    /* SOLUTION END, stub: (void)aggregates; (void)first; (void)count; *before = *round = 0; */
}

/* The aggregates need no clearing: each is written before the barrier before its reads. Every
 * block reaches every round's barrier, with a tile or not (the rounds depend only on tiles and
 * gridDim.x); a round's barrier orders its reads before the next round's writes to s_sums. */
template <class C, bool ALIGNED_IN>
__global__ void __launch_bounds__(C::THREADS, C::MIN_BLOCKS)
    one_wave_scan(tile_io io, uint32_t tiles, uint32_t *aggregates)
{
    uint4 x[C::VECS];
    uint32_t pending;
    uint32_t carry = 0;
    for (uint32_t first = 0; first < tiles; first += gridDim.x) {
        const uint32_t tile = first + blockIdx.x;
        if (tile < tiles) {
            load_tile<C, ALIGNED_IN>(io, tile, x);
            const uint32_t aggregate = scan_tile<C>(x, pending);
            if (threadIdx.x == 0) aggregates[tile] = aggregate;
        }
        cooperative_groups::this_grid().sync();
        uint32_t before, round;
        round_sums<C>(aggregates, first, min(gridDim.x, tiles - first), &before, &round);
        if (tile < tiles) store_tile<C>(io, tile, x, carry + before + pending);
        carry += round;
    }
}

#endif /* ONE_WAVE_CUH */
