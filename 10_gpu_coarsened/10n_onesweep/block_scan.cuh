/* A scan inside one warp, built from shuffles. Stage 05 teaches it (section 2 of its README); the
 * warp rows need no block scan.
 *
 *   warp_inclusive_scan   5 shuffle steps (Kogge-Stone inside a warp): lane i gets x0 + ... + xi
 *
 * All 32 lanes of the warp must call it (its shuffles name the full warp). */
#ifndef BLOCK_SCAN_CUH
#define BLOCK_SCAN_CUH

#include <stdint.h>

#define WARP_THREADS 32
#define FULL_WARP    0xFFFFFFFFu

/* The operator of the scan: the sum modulo 2^32, what every stage computes. The applications
 * (step 10d) pass other operators to the scans that take one (a template argument that defaults
 * to this one); an operator works on 32-bit words and says
 *   identity()     e, with combine(e, x) == combine(x, e) == x
 *   combine(a, b)  a combined with b, where a holds the earlier elements; associative
 * and, for the look-back (lookback.cuh), the word a tile descriptor holds beside its status: 32
 * bits, the status above them (word_op), unless the operator says otherwise. */
struct word_op {
    typedef uint32_t word;
    static constexpr int STATUS_SHIFT = 32;
};
struct sum_op : word_op {
    static __device__ __forceinline__ uint32_t identity() { return 0; }
    static __device__ __forceinline__ uint32_t combine(uint32_t a, uint32_t b) { return a + b; }
};

/* 2a. The same steps inside a warp, register to register: lane i adds the x of lane i - offset. */
template <class OP = sum_op>
static __device__ __forceinline__ typename OP::word warp_inclusive_scan(typename OP::word x)
{
    const int lane = threadIdx.x % WARP_THREADS;
#pragma unroll
    for (int offset = 1; offset < WARP_THREADS; offset *= 2) {
        typename OP::word left = __shfl_up_sync(FULL_WARP, x, offset);
        if (lane >= offset) x = OP::combine(left, x);
    }
    return x;
}

#endif /* BLOCK_SCAN_CUH */
