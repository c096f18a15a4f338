/* Scans inside one thread block, built from warp shuffles. Stage 05 teaches them (section 2 of its
 * README); later stages carry the ones they use.
 *
 *   warp_inclusive_scan   5 shuffle steps (Kogge-Stone inside a warp): lane i gets x0 + ... + xi */
#ifndef BLOCK_SCAN_CUH
#define BLOCK_SCAN_CUH

#include <stdint.h>

#define WARP_THREADS 32
#define FULL_WARP    0xFFFFFFFFu

/* The scan's operator (step 10h), a named trait on its words:
 *   identity()     e, with combine(e, x) == combine(x, e) == x
 *   combine(a, b)  a combined with b, a holding the earlier elements; associative
 *   word           32 bits, the status of a tile descriptor above them (word_op), unless the
 *                  operator says otherwise (STATUS_SHIFT: the bit where the status starts)
 * The sum modulo 2^32, what every stage computes, is the default. */
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
