/* Decoupled look-back (Merrill and Garland, 2016), stage 09's idea: tile descriptors, and the
 * look-back that finds a tile's exclusive prefix from the descriptors before it, 32 at a time (one
 * warp). Descriptors are zeroed before every run. */
#ifndef LOOKBACK_CUH
#define LOOKBACK_CUH

#include <stdint.h>

#include "block_scan.cuh"

/* 1. Tile descriptors: the status in the high half, the value in the low half. A tile's
 *    descriptor goes INVALID -> AGGREGATE (its own sum) -> PREFIX (the sum up to its end). */
typedef unsigned long long tile_descriptor;
#define STATUS_INVALID   0u
#define STATUS_AGGREGATE 1u
#define STATUS_PREFIX    2u

/* (OP: the operator, block_scan.cuh, whose word lies below bit STATUS_SHIFT: 32 for 32-bit
 *  words; the segmented scan's pairs are 33 bits.) */
template <class OP = sum_op>
static __device__ __forceinline__ tile_descriptor descriptor_make(uint32_t status,
                                                                  typename OP::word value)
{
    return (tile_descriptor)status << OP::STATUS_SHIFT | value;
}
template <class OP = sum_op>
static __device__ __forceinline__ uint32_t descriptor_status(tile_descriptor d)
{
    return (uint32_t)(d >> OP::STATUS_SHIFT);
}
template <class OP = sum_op>
static __device__ __forceinline__ typename OP::word descriptor_value(tile_descriptor d)
{
    return (typename OP::word)(d & ((1ull << OP::STATUS_SHIFT) - 1));
}

/* Status and value share one aligned 64-bit word, stored and loaded whole: no fence is needed. A
 * publish is a volatile store; a poll, the article's atomicAdd(&descriptor, 0), is served at L2. */
static __device__ __forceinline__ void descriptor_store(tile_descriptor *descriptors, uint32_t tile,
                                                        tile_descriptor d)
{
    ((volatile tile_descriptor *)descriptors)[tile] = d;
}
static __device__ __forceinline__ tile_descriptor descriptor_load(tile_descriptor *descriptors,
                                                                  uint32_t tile)
{
    return atomicAdd(descriptors + tile, 0ull);
}

/* 3. A warp reads 32 descriptors a step (lane i: tile base - i), waits until the lanes up to the
 *    first PREFIX are valid, joins their values, and steps back 32 tiles while it finds no PREFIX.
 *    All 32 lanes call it; all get the exclusive prefix. OP, the scan's operator (block_scan.cuh):
 *    lanes before the array read as a PREFIX of its identity. read_window reads one window into
 *    d, the lanes up to the first PREFIX into used_lanes, and returns the PREFIX lanes. */
template <class C, class OP>
static __device__ __forceinline__ unsigned read_window(tile_descriptor *descriptors, int64_t base,
                                                       tile_descriptor &d, unsigned &used_lanes)
{
    const int lane = threadIdx.x % WARP_THREADS;
    const int64_t t = base - lane;
    unsigned prefix_lanes = 0, last_valid = 0;
    d = 0;
    used_lanes = FULL_WARP;
    for (;;) {
        /* C::QUIET (step 10c): only the lanes still INVALID and needed poll again; one that
         * turned PREFIX meanwhile is added, correctly, as the aggregate it read. */
        if (!C::QUIET || ((used_lanes & ~last_valid) >> lane) & 1)
            d = t >= 0 ? descriptor_load(descriptors, (uint32_t)t)
                       : descriptor_make<OP>(STATUS_PREFIX, OP::identity());
        const unsigned valid =
            __ballot_sync(FULL_WARP, descriptor_status<OP>(d) != STATUS_INVALID);
        last_valid = valid;
        prefix_lanes = __ballot_sync(FULL_WARP, descriptor_status<OP>(d) == STATUS_PREFIX);
        /* Lanes 0 .. the first PREFIX lane, or all 32 (for lane 31, 2u << 31 wraps to 0). */
        used_lanes = prefix_lanes ? (2u << (__ffs((int)prefix_lanes) - 1)) - 1 : FULL_WARP;
        if ((valid & used_lanes) == used_lanes) return prefix_lanes;
    }
}

template <class C, class OP = sum_op>
static __device__ __forceinline__ typename OP::word lookback_warp(tile_descriptor *descriptors,
                                                                  uint32_t tile)
{
    const int lane = threadIdx.x % WARP_THREADS;
    typename OP::word exclusive = OP::identity();
    for (int64_t base = (int64_t)tile - 1;; base -= WARP_THREADS) {
        tile_descriptor d;
        unsigned used_lanes;
        const unsigned prefix_lanes = read_window<C, OP>(descriptors, base, d, used_lanes);
        typename OP::word value =
            (used_lanes >> lane) & 1 ? descriptor_value<OP>(d) : OP::identity();
#pragma unroll
        for (int offset = WARP_THREADS / 2; offset > 0; offset /= 2)
            value = OP::combine(value, __shfl_xor_sync(FULL_WARP, value, offset));
        exclusive = OP::combine(value, exclusive);
        if (prefix_lanes) return exclusive;
    }
}

/* 4. The protocol for one tile, run by one warp: publish the aggregate, look back, publish the
 *    inclusive prefix. Returns the exclusive prefix to every lane. */
template <class C, class OP = sum_op>
static __device__ __forceinline__ typename OP::word
decoupled_lookback(tile_descriptor *descriptors, uint32_t tile, typename OP::word aggregate)
{
    const bool lane0 = threadIdx.x % WARP_THREADS == 0;
    if (tile == 0) {
        if (lane0) descriptor_store(descriptors, 0, descriptor_make<OP>(STATUS_PREFIX, aggregate));
        return OP::identity();
    }
    if (lane0)
        descriptor_store(descriptors, tile, descriptor_make<OP>(STATUS_AGGREGATE, aggregate));
    const typename OP::word exclusive = lookback_warp<C, OP>(descriptors, tile);
    /* One thread's stores to one address keep their order: AGGREGATE, then PREFIX. */
    if (lane0)
        descriptor_store(descriptors, tile,
                         descriptor_make<OP>(STATUS_PREFIX, OP::combine(exclusive, aggregate)));
    return exclusive;
}

#endif /* LOOKBACK_CUH */
