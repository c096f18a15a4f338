/* Step 10h, section 5: two more operators for the scan, and the look-back that float addition
 * needs. Included by scan.cu after its tile and kernel (sections 1 to 4). */
#ifndef OPERATORS_CUH
#define OPERATORS_CUH

/* 5a. The largest element so far: 0 is its identity (nothing is below it), it regroups exactly,
 *     but cannot be undone (INVERTIBLE false): the rows take their prefixes from the lane to the
 *     left (scan.cu, section 2). */
struct max_op {
    static constexpr bool INVERTIBLE = false, REGROUP = true;
    static __device__ __forceinline__ uint32_t identity() { return 0; }
    static __device__ __forceinline__ uint32_t combine(uint32_t a, uint32_t b)
    {
        return a > b ? a : b;
    }
};

/* 5b. float addition on float32 bits: each sum is rounded, so it does not regroup exactly (5c).
 *     Its identity is -0.0: -0.0 + x is x for every x, +0.0 and -0.0 included. */
struct float_sum_op {
    static constexpr bool INVERTIBLE = false, REGROUP = false;
    static __device__ __forceinline__ uint32_t identity() { return 0x80000000u; }
    static __device__ __forceinline__ uint32_t combine(uint32_t a, uint32_t b)
    {
        return __float_as_uint(__uint_as_float(a) + __uint_as_float(b));
    }
};

/* 5c. The fold. The butterfly (lookback.cuh, 3) groups a window as the timing gives it, so a
 *     float carry would change from run to run. Instead the look-back reads windows of 32 until
 *     one holds a PREFIX, then folds left to right from it, oldest first: by induction from tile
 *     0, every PREFIX is the same left fold of the tile aggregates. One window's fold, from lane
 *     `from` down to lane 0 (lane i holds tile base - i): */
template <class OP>
static __device__ __forceinline__ uint32_t lookback_fold(uint32_t exclusive, tile_descriptor d,
                                                         int from)
{
    /* SOLUTION BEGIN: fold the window's values into exclusive, from lane `from` down to lane 0 */
    /* Four at a time: the shuffles go out together (32: ptxas 13.0 fails on sm_100, sm_120). */
#pragma unroll 4
    for (int k = from; k >= 0; k--)
        exclusive = OP::combine(exclusive, __shfl_sync(FULL_WARP, descriptor_value(d), k));
    /* SOLUTION END, stub: (void)d; (void)from; */
    return exclusive;
}

/* The fold keeps the windows it read in registers, 4 at most (128 tiles): the last it polls until
 * a PREFIX appears. */
#define FOLD_WINDOWS 4

/* Window w holds tiles tile - 1 - 32 w - 31 .. tile - 1 - 32 w: the fold goes from the PREFIX's
 * lane down to lane 0 of its window, then lanes 31 .. 0 of each window after it. */
template <class C, class OP>
static __device__ __forceinline__ uint32_t lookback_warp_fold(tile_descriptor *descriptors,
                                                              uint32_t tile)
{
    tile_descriptor d[FOLD_WINDOWS] = {0};
    int found = FOLD_WINDOWS - 1, from = WARP_THREADS - 1;
#pragma unroll
    for (int w = 0; w < FOLD_WINDOWS; w++) {
        unsigned used_lanes;
        const unsigned prefix_lanes =
            read_window<C, OP>(descriptors, (int64_t)tile - 1 - w * WARP_THREADS,
                                   w == FOLD_WINDOWS - 1, d[w], used_lanes);
        if (prefix_lanes) {
            found = w;
            from = __ffs((int)prefix_lanes) - 1;
            break;
        }
    }
    uint32_t exclusive = OP::identity();
#pragma unroll
    for (int w = FOLD_WINDOWS - 1; w >= 0; w--)
        if (w <= found)
            exclusive = lookback_fold<OP>(exclusive, d[w], w == found ? from : WARP_THREADS - 1);
    return exclusive;
}

#endif /* OPERATORS_CUH */
