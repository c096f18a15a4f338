/* Decoupled look-back (Merrill and Garland, 2016), stage 09's idea: tile descriptors, and the
 * look-back that finds a tile's exclusive prefix from the descriptors before it, 32 at a time (one
 * warp). The sections are numbered as in stage 09's lookback.cuh.
 *
 *   tile_descriptor     status and value of a tile in one 64-bit word
 *   lookback_warp       a warp reads 32 descriptors per step (QUIET: while it waits, only the
 *                       lanes still waiting poll again; step 10b)
 *   decoupled_lookback  publish the aggregate, look back, publish the inclusive prefix
 *
 * Scratch is one descriptor per tile, zeroed before every run (STATUS_INVALID is 0). */
#ifndef LOOKBACK_CUH
#define LOOKBACK_CUH

#include <stdint.h>

#include "block_scan.cuh"

/* 1. Tile descriptors: the status in the high half, the value in the low half. A tile's
 *    descriptor goes INVALID -> AGGREGATE (value: the tile's own sum) -> PREFIX (value: the sum of
 *    every element up to the end of the tile). Tile 0 goes straight to PREFIX. */
typedef unsigned long long tile_descriptor;
#define STATUS_INVALID   0u
#define STATUS_AGGREGATE 1u
#define STATUS_PREFIX    2u

/* (OP: the scan's operator, block_scan.cuh. Its word sits below bit STATUS_SHIFT: 32 for 32-bit
 *  words; the one sweep's counts have 62 bits, onesweep.cuh 13a.) */
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

/* One aligned 64-bit access is one memory operation: a reader sees the whole old word or the
 * whole new one, never the new status beside the old value. That is why status and value share a
 * word: with two words, a reader could see PREFIX beside the AGGREGATE value (or beside last
 * run's zero), and every publish would need a fence between the two stores and every read a fence
 * between the two loads. Nothing else needs ordering: a descriptor says everything a reader needs,
 * so a publish is one relaxed store (volatile: really stored, at once; no __threadfence).
 *
 * A poll is the article's atomicAdd(&descriptor, 0): an atomic is performed at L2 on the current
 * value, so a waiting loop sees the update (a plain load could be kept in a register, or served
 * from the SM's own L1, which other SMs' stores do not update). A volatile load would be correct
 * too; in development runs on an H200 it made the warp look-back clearly slower (stage 09's
 * exercise 1 measures it). */
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

/* 3. A warp reads 32 descriptors at once: lane i reads tile base - i (base = tile - 1 at first),
 *    then
 *      __ballot_sync  which lanes found a PREFIX,
 *      __ffs          the first of them: the PREFIX nearest the tile; lanes past it are not needed,
 *      shuffles       the sum of the values of the lanes up to it (all 32 if none), in 5 steps;
 *    and steps back 32 tiles while no lane found a PREFIX. Lanes before the start of the array
 *    read as PREFIX 0. The warp waits until the lanes up to the first PREFIX are valid (a slow
 *    tile past it, still INVALID, holds up nobody). All 32 lanes call it; all get the exclusive
 *    prefix.
 *    QUIET (step 10b): while the warp waits, only the lanes whose descriptor is still INVALID, and
 *    needed, poll again; the others keep what they read (a tile that turned from AGGREGATE to
 *    PREFIX meanwhile is still added correctly, as its aggregate: the walk stops only at a PREFIX
 *    it saw). Every poll is an atomic that the L2 serves beside the data stream: waiting on one
 *    slow tile then costs one atomic a round instead of 32.
 *    read_window reads one window: it returns the PREFIX lanes and leaves in d the lane's
 *    descriptor, in used_lanes the lanes up to the first PREFIX. */
template <bool QUIET, class OP>
static __device__ __forceinline__ unsigned read_window(tile_descriptor *descriptors, int64_t base,
                                                       tile_descriptor &d, unsigned &used_lanes)
{
    const int lane = threadIdx.x % WARP_THREADS;
    const int64_t t = base - lane;
    unsigned prefix_lanes = 0, valid = 0;
    d = 0;
    used_lanes = FULL_WARP;
    for (;;) {
        if (!QUIET || ((used_lanes & ~valid) >> lane) & 1)
            d = t >= 0 ? descriptor_load(descriptors, (uint32_t)t)
                       : descriptor_make<OP>(STATUS_PREFIX, OP::identity());
        valid = __ballot_sync(FULL_WARP, descriptor_status<OP>(d) != STATUS_INVALID);
        prefix_lanes = __ballot_sync(FULL_WARP, descriptor_status<OP>(d) == STATUS_PREFIX);
        /* Lanes 0 .. the first PREFIX lane, or all 32 if none (first PREFIX lane 31: 2u << 31
         * wraps to 0, and 0 - 1 is all 32 lanes). */
        used_lanes = prefix_lanes ? (2u << (__ffs((int)prefix_lanes) - 1)) - 1 : FULL_WARP;
        if ((valid & used_lanes) == used_lanes) return prefix_lanes;
    }
}

template <bool QUIET, class OP = sum_op>
static __device__ __forceinline__ typename OP::word lookback_warp(tile_descriptor *descriptors,
                                                                  uint32_t tile)
{
    const int lane = threadIdx.x % WARP_THREADS;
    typename OP::word exclusive = OP::identity();
    for (int64_t base = (int64_t)tile - 1;; base -= WARP_THREADS) {
        tile_descriptor d;
        unsigned used_lanes;
        const unsigned prefix_lanes = read_window<QUIET, OP>(descriptors, base, d, used_lanes);
        typename OP::word value =
            (used_lanes >> lane) & 1 ? descriptor_value<OP>(d) : OP::identity();
#pragma unroll
        for (int offset = WARP_THREADS / 2; offset > 0; offset /= 2)
            value = OP::combine(value, __shfl_xor_sync(FULL_WARP, value, offset));
        exclusive = OP::combine(value, exclusive);
        if (prefix_lanes) return exclusive;
    }
}

/* 4. The whole protocol for one tile, run by the 32 lanes of one warp: publish the aggregate at
 *    once, so that later tiles can use it without waiting for this tile's prefix; look back for
 *    the exclusive prefix; publish the inclusive prefix, which ends the look-back of every later
 *    tile that reaches it. Returns the exclusive prefix (the tile's carry). */
template <bool QUIET, class OP = sum_op>
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
    const typename OP::word exclusive = lookback_warp<QUIET, OP>(descriptors, tile);
    /* The same thread stored AGGREGATE first: a reader sees AGGREGATE, then PREFIX, never the
     * reverse (stores by one thread to one address keep their order). */
    if (lane0)
        descriptor_store(descriptors, tile,
                         descriptor_make<OP>(STATUS_PREFIX, OP::combine(exclusive, aggregate)));
    return exclusive;
}

#endif /* LOOKBACK_CUH */
