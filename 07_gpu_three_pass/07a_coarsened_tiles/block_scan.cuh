/* Scans inside one thread block, built from warp shuffles. Stage 05 teaches them (section 2 of its
 * README); later stages carry the ones they use.
 *
 *   warp_inclusive_scan   5 shuffle steps (Kogge-Stone inside a warp): lane i gets x0 + ... + xi
 *   block_inclusive_scan  warp scans, then warp 0 scans the warp totals, then each warp adds the
 *                         totals of the warps before it: two __syncthreads instead of log2(threads)
 *   block_exclusive_scan  the same, minus the thread's own value (step 07a)
 *
 * Every thread of the block must call a block scan (they contain __syncthreads), with
 * BLOCK_THREADS equal to blockDim.x, a multiple of 32, at most 1024. Each returns the thread's
 * inclusive prefix and, through *block_total (when not NULL), the sum of the whole block. */
#ifndef BLOCK_SCAN_CUH
#define BLOCK_SCAN_CUH

#include <stdint.h>

#define WARP_THREADS 32
#define FULL_WARP    0xFFFFFFFFu

/* 2a. The same steps inside a warp, register to register: lane i adds the x of lane i - offset. */
static __device__ __forceinline__ uint32_t warp_inclusive_scan(uint32_t x)
{
    const int lane = threadIdx.x % WARP_THREADS;
#pragma unroll
    for (int offset = 1; offset < WARP_THREADS; offset *= 2) {
        uint32_t left = __shfl_up_sync(FULL_WARP, x, offset);
        if (lane >= offset) x += left;
    }
    return x;
}

/* 2b. The block from warps: each warp scans its 32 values, warp 0 scans the warp totals, and each
 *     warp adds the totals of the warps before it. */
template <int BLOCK_THREADS>
static __device__ __forceinline__ uint32_t block_inclusive_scan(uint32_t x, uint32_t *block_total)
{
    static_assert(BLOCK_THREADS % WARP_THREADS == 0 && BLOCK_THREADS <= 1024,
                  "a block is whole warps, at most 32 of them");
    constexpr int WARPS = BLOCK_THREADS / WARP_THREADS;
    __shared__ uint32_t warp_totals[WARPS];
    const int warp = threadIdx.x / WARP_THREADS, lane = threadIdx.x % WARP_THREADS;

    x = warp_inclusive_scan(x);
    if (lane == WARP_THREADS - 1) warp_totals[warp] = x;
    __syncthreads();
    if (warp == 0) {
        uint32_t total = lane < WARPS ? warp_totals[lane] : 0;
        total = warp_inclusive_scan(total);
        if (lane < WARPS) warp_totals[lane] = total;
    }
    __syncthreads();
    if (warp > 0) x += warp_totals[warp - 1];
    if (block_total) *block_total = warp_totals[WARPS - 1];
    /* The next call reuses warp_totals: nobody may overwrite it before everyone has read it. */
    __syncthreads();
    return x;
}

/* Exclusive scan of one value per thread (thread 0 gets 0); *block_total receives the sum. */
template <int BLOCK_THREADS>
static __device__ __forceinline__ uint32_t block_exclusive_scan(uint32_t x, uint32_t *block_total)
{
    return block_inclusive_scan<BLOCK_THREADS>(x, block_total) - x;
}

#endif /* BLOCK_SCAN_CUH */
