/* Scans inside one thread block, built from warp shuffles. Stage 05 teaches them (section 2 of its
 * README); later stages carry the ones they use.
 *
 *   warp_inclusive_scan   5 shuffle steps (Kogge-Stone inside a warp): lane i gets x0 + ... + xi */
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

#endif /* BLOCK_SCAN_CUH */
