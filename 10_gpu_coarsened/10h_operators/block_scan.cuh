/* Scans inside one thread block, built from warp shuffles. Stage 05 teaches them (section 2 of its
 * README); later stages carry the ones they use.
 *
 *   warp_inclusive_scan   5 shuffle steps (Kogge-Stone inside a warp): lane i gets x0 + ... + xi */
#ifndef BLOCK_SCAN_CUH
#define BLOCK_SCAN_CUH

#include <stdint.h>

#define WARP_THREADS 32
#define FULL_WARP    0xFFFFFFFFu

/* The scan's operator (step 10h), a named trait on 32-bit words:
 *   identity()     e, with combine(e, x) == combine(x, e) == x
 *   combine(a, b)  a combined with b, a holding the earlier elements; associative
 *   INVERTIBLE     combine can be undone (x - a): an exclusive prefix is the inclusive one less x
 *   REGROUP        associative exactly: a look-back may join its descriptors in any grouping
 * The sum modulo 2^32, what every stage computes, is the default. */
struct sum_op {
    static constexpr bool INVERTIBLE = true, REGROUP = true;
    static __device__ __forceinline__ uint32_t identity() { return 0; }
    static __device__ __forceinline__ uint32_t combine(uint32_t a, uint32_t b) { return a + b; }
};

/* 2a. The same steps inside a warp, register to register: lane i adds the x of lane i - offset. */
template <class OP = sum_op>
static __device__ __forceinline__ uint32_t warp_inclusive_scan(uint32_t x)
{
    const int lane = threadIdx.x % WARP_THREADS;
#pragma unroll
    for (int offset = 1; offset < WARP_THREADS; offset *= 2) {
        uint32_t left = __shfl_up_sync(FULL_WARP, x, offset);
        if (lane >= offset) x = OP::combine(left, x);
    }
    return x;
}

#endif /* BLOCK_SCAN_CUH */
