/* Decoupled look-back (Merrill and Garland, 2016), stage 09's idea: tile descriptors, and the
 * look-back that finds a tile's exclusive prefix from the descriptors before it, 32 at a time (one
 * warp). The sections are numbered as in stage 09's lookback.cuh.
 *
 *   tile_descriptor     status and value of a tile in one 64-bit word
 *   lookback_warp       a warp reads 32 descriptors per step (QUIET: while it waits, only the
 *                       lanes still waiting poll again; step 10b)
 *   lookback_ordered    a window joined as a tree in tile order, for an operator that groups
 *                       but does not commute (the segmented scan; step 10d)
 *   lookback_warp_fold  windows folded left to right, for an operator whose result depends
 *                       on its grouping (float addition; step 10d)
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
 *  words; the segmented scan carries a 33-bit (head flag, sum) pair.) */
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
 *    descriptor, in used_lanes the lanes up to the first PREFIX. (need_prefix, for 3b's last
 *    window: it also polls, every lane, until a PREFIX appears.)
 *    An operator that does not commute joins each window with 3c's ordered tree instead of the
 *    butterfly; one that may not regroup takes 3b's fold instead. */
template <bool QUIET, class OP>
static __device__ __forceinline__ unsigned read_window(tile_descriptor *descriptors, int64_t base,
                                                       bool need_prefix, tile_descriptor &d,
                                                       unsigned &used_lanes)
{
    const int lane = threadIdx.x % WARP_THREADS;
    const int64_t t = base - lane;
    unsigned prefix_lanes = 0, valid = 0;
    d = 0;
    used_lanes = FULL_WARP;
    for (;;) {
        if (!QUIET || ((used_lanes & ~valid) >> lane) & 1 || (need_prefix && !prefix_lanes))
            d = t >= 0 ? descriptor_load(descriptors, (uint32_t)t)
                       : descriptor_make<OP>(STATUS_PREFIX, OP::identity());
        valid = __ballot_sync(FULL_WARP, descriptor_status<OP>(d) != STATUS_INVALID);
        prefix_lanes = __ballot_sync(FULL_WARP, descriptor_status<OP>(d) == STATUS_PREFIX);
        /* Lanes 0 .. the first PREFIX lane, or all 32 if none (first PREFIX lane 31: 2u << 31
         * wraps to 0, and 0 - 1 is all 32 lanes). */
        used_lanes = prefix_lanes ? (2u << (__ffs((int)prefix_lanes) - 1)) - 1 : FULL_WARP;
        if ((valid & used_lanes) == used_lanes && (prefix_lanes || !need_prefix))
            return prefix_lanes;
    }
}

/* (3b and 3c, defined below.) */
template <bool QUIET, class OP>
static __device__ __forceinline__ typename OP::word lookback_warp_fold(tile_descriptor *descriptors,
                                                                       uint32_t tile);
template <class OP>
static __device__ __forceinline__ typename OP::word lookback_ordered(typename OP::word value);

template <bool QUIET, class OP = sum_op>
static __device__ __forceinline__ typename OP::word lookback_warp(tile_descriptor *descriptors,
                                                                  uint32_t tile)
{
    if constexpr (!OP::REGROUP) return lookback_warp_fold<QUIET, OP>(descriptors, tile);
    const int lane = threadIdx.x % WARP_THREADS;
    typename OP::word exclusive = OP::identity();
    for (int64_t base = (int64_t)tile - 1;; base -= WARP_THREADS) {
        tile_descriptor d;
        unsigned used_lanes;
        const unsigned prefix_lanes =
            read_window<QUIET, OP>(descriptors, base, false, d, used_lanes);
        typename OP::word value =
            (used_lanes >> lane) & 1 ? descriptor_value<OP>(d) : OP::identity();
        if constexpr (OP::COMMUTE) {
#pragma unroll
            for (int offset = WARP_THREADS / 2; offset > 0; offset /= 2)
                value = OP::combine(value, __shfl_xor_sync(FULL_WARP, value, offset));
        } else {
            value = lookback_ordered<OP>(value);
        }
        exclusive = OP::combine(value, exclusive);
        if (prefix_lanes) return exclusive;
    }
}

/* 3b. An operator whose result depends on how it is grouped, such as float addition, would make
 *     the look-back's answer depend on timing: which tile had its PREFIX when, how the 32 lanes
 *     were paired. Instead, with REGROUP false, the look-back reads windows of 32 until one holds
 *     a PREFIX (up to FOLD_WINDOWS of them; the last one it polls until a PREFIX appears), and
 *     folds left to right: that PREFIX, then the aggregates after it, oldest first. Every PREFIX
 *     is then, by induction from tile 0, the same left fold of the tile aggregates, whichever tile
 *     it was found at: the result is deterministic. All lanes take part; all get the exclusive
 *     prefix.
 *     The fold of one window, from lane `from` down to lane 0 (lane i holds tile base - i): one
 *     shuffle and one combine a tile, one after the other. */
template <class OP>
static __device__ __forceinline__ typename OP::word lookback_fold(typename OP::word exclusive,
                                                                  tile_descriptor d, int from)
{
    /* Four steps at a time: the shuffles do not wait on the sum, so they go out together. (Not
     * 32: ptxas 13.0 for sm_100 and sm_120 fails to allocate the float scan's registers when the
     * whole window is unrolled.) */
#pragma unroll 4
    for (int k = from; k >= 0; k--)
        exclusive = OP::combine(exclusive, __shfl_sync(FULL_WARP, descriptor_value<OP>(d), k));
    return exclusive;
}

/* How far back a fold may look before it waits: 4 windows, 128 tiles. A look-back that may
 * regroup steps back as far as it must; one that folds keeps every window it read in registers,
 * so it stops somewhere. At 2^28 on an H200 the float scan ran at 0.45 of the sum's speed with
 * one window, at 0.96 with four (the step's notes). */
#define FOLD_WINDOWS 4

/* 3b's look-back: windows kept in registers, then one fold from the PREFIX found. Window w holds
 * tiles tile - 1 - 32 w - 31 .. tile - 1 - 32 w, so the fold goes from the PREFIX's lane down to
 * lane 0 of its window, then lanes 31 .. 0 of each window after it. */
template <bool QUIET, class OP>
static __device__ __forceinline__ typename OP::word lookback_warp_fold(tile_descriptor *descriptors,
                                                                       uint32_t tile)
{
    tile_descriptor d[FOLD_WINDOWS] = {0};
    int found = FOLD_WINDOWS - 1, from = WARP_THREADS - 1;
#pragma unroll
    for (int w = 0; w < FOLD_WINDOWS; w++) {
        unsigned used_lanes;
        const unsigned prefix_lanes =
            read_window<QUIET, OP>(descriptors, (int64_t)tile - 1 - w * WARP_THREADS,
                                   w == FOLD_WINDOWS - 1, d[w], used_lanes);
        if (prefix_lanes) {
            found = w;
            from = __ffs((int)prefix_lanes) - 1;
            break;
        }
    }
    typename OP::word exclusive = OP::identity();
#pragma unroll
    for (int w = FOLD_WINDOWS - 1; w >= 0; w--)
        if (w <= found)
            exclusive = lookback_fold<OP>(exclusive, d[w], w == found ? from : WARP_THREADS - 1);
    return exclusive;
}

/* 3c. An operator that groups exactly but does not commute, such as the segmented scan's pairs,
 *     may be joined as a tree as long as every join keeps the older tiles on the left. Lane i
 *     holds tile base - i, so the older tiles are the higher lanes: each step joins the value
 *     `offset` lanes up (older) before the lane's own (newer), and after 5 steps lane 0 holds the
 *     window's lanes 31 .. 0 joined in order; a shuffle gives it to every lane. */
template <class OP>
static __device__ __forceinline__ typename OP::word lookback_ordered(typename OP::word value)
{
    const int lane = threadIdx.x % WARP_THREADS;
#pragma unroll
    for (int offset = 1; offset < WARP_THREADS; offset *= 2) {
        const typename OP::word older = __shfl_down_sync(FULL_WARP, value, offset);
        if (lane + offset < WARP_THREADS) value = OP::combine(older, value);
    }
    return __shfl_sync(FULL_WARP, value, 0);
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
