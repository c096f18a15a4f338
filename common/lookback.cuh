/* The single-pass protocol of stages 08 to 10: tickets for the tile order, tile descriptors, and
 * the decoupled look-back (Merrill and Garland, 2016). Include it in a .cu file.
 *
 *   claim_tile          stage 08: a block's tile is the ticket it draws when it starts, not its
 *                       blockIdx.x, so every tile it waits for belongs to a block already running
 *   tile_descriptor     stage 09: status and value of a tile in one 64-bit word
 *   lookback_*          stage 09: find a tile's exclusive prefix from the descriptors before it,
 *                       one descriptor at a time (one thread) or 32 at a time (one warp)
 *   decoupled_lookback  stage 09: publish the aggregate, look back, publish the inclusive prefix
 *
 * Scratch is one tile counter and one descriptor per tile, zeroed before every run (STATUS_INVALID
 * is 0): by a memset on the launch's stream, or, in stage 10's cooperative kernel, by the kernel
 * itself before a grid barrier. */
#ifndef LOOKBACK_CUH
#define LOOKBACK_CUH

#include <stdint.h>

#include "block_scan.cuh"

/* ---- the tile order (stage 08) ----------------------------------------------------------- */

/* Thread 0 draws the next ticket from the counter; every thread of the block returns it. Blocks
 * draw in the order they start, so tile t's predecessors belong to blocks that started earlier
 * and are running: waiting for them is safe, whatever order the hardware starts blocks in.
 * Call it once per block (its shared word is not reused). */
static __device__ __forceinline__ uint32_t claim_tile(uint32_t *tile_counter)
{
    __shared__ uint32_t s_tile;
    if (threadIdx.x == 0) s_tile = atomicAdd(tile_counter, 1u);
    __syncthreads();
    return s_tile;
}

/* ---- tile descriptors (stage 09) --------------------------------------------------------- */

/* The status in the high half, the value in the low half. A tile's descriptor goes
 * INVALID -> AGGREGATE (value: the tile's own sum) -> PREFIX (value: the sum of every element up
 * to the end of the tile). Tile 0 goes straight to PREFIX. */
typedef unsigned long long tile_descriptor;
#define STATUS_INVALID   0u
#define STATUS_AGGREGATE 1u
#define STATUS_PREFIX    2u

static __device__ __forceinline__ tile_descriptor descriptor_make(uint32_t status, uint32_t value)
{
    return (tile_descriptor)status << 32 | value;
}
static __device__ __forceinline__ uint32_t descriptor_status(tile_descriptor d)
{
    return (uint32_t)(d >> 32);
}
static __device__ __forceinline__ uint32_t descriptor_value(tile_descriptor d)
{
    return (uint32_t)d;
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

/* ---- the look-back (stage 09) ------------------------------------------------------------ */

/* One thread walks back from tile - 1: it waits until a descriptor is valid, adds its value, and
 * stops at the first PREFIX (which already holds everything before it). Tile 0 publishes PREFIX
 * without looking back, so the walk ends there at the latest. Returns the exclusive prefix. */
static __device__ __forceinline__ uint32_t lookback_one_thread(tile_descriptor *descriptors,
                                                               uint32_t tile)
{
    uint32_t exclusive = 0;
    for (uint32_t t = tile - 1;; t--) {
        tile_descriptor d;
        do
            d = descriptor_load(descriptors, t);
        while (descriptor_status(d) == STATUS_INVALID);
        exclusive += descriptor_value(d);
        if (descriptor_status(d) == STATUS_PREFIX) return exclusive;
    }
}

/* A warp reads 32 descriptors at once: lane i reads tile - 1 - i, then
 *   __ballot_sync  which lanes found a PREFIX,
 *   __ffs          the first of them: the PREFIX nearest the tile; lanes past it are not needed,
 *   shuffles       the sum of the values of the lanes up to it (all 32 if none), in 5 steps;
 * and steps back 32 tiles while no lane found a PREFIX. Lanes before the start of the array read
 * as PREFIX 0. The warp waits until the lanes up to the first PREFIX are valid (a slow tile past
 * it, still INVALID, holds up nobody). All 32 lanes call it; all get the exclusive prefix.
 *
 * WINDOW (stage 10): each lane reads WINDOW descriptors, so one step covers 32 * WINDOW tiles,
 * for the same latency: row k of the window is tiles base - 32k - lane. */
template <int WINDOW>
static __device__ __forceinline__ uint32_t lookback_warp(tile_descriptor *descriptors,
                                                         uint32_t tile)
{
    const int lane = threadIdx.x % WARP_THREADS;
    uint32_t exclusive = 0;
    for (int64_t base = (int64_t)tile - 1;; base -= WARP_THREADS * WINDOW) {
        tile_descriptor d[WINDOW];
        int first_row;       /* the row holding the nearest PREFIX, or WINDOW if none */
        unsigned used_lanes; /* in that row: lanes 0 .. the first PREFIX lane */
        for (;;) {
            unsigned valid[WINDOW], prefix[WINDOW];
#pragma unroll
            for (int k = 0; k < WINDOW; k++) {
                const int64_t t = base - k * WARP_THREADS - lane;
                d[k] = t >= 0 ? descriptor_load(descriptors, (uint32_t)t)
                              : descriptor_make(STATUS_PREFIX, 0);
                valid[k] = __ballot_sync(FULL_WARP, descriptor_status(d[k]) != STATUS_INVALID);
                prefix[k] = __ballot_sync(FULL_WARP, descriptor_status(d[k]) == STATUS_PREFIX);
            }
            first_row = WINDOW;
#pragma unroll
            for (int k = WINDOW - 1; k >= 0; k--)
                if (prefix[k]) first_row = k;
            bool ready = true;
#pragma unroll
            for (int k = 0; k < WINDOW; k++)
                if (k < first_row) ready = ready && valid[k] == FULL_WARP;
            used_lanes = FULL_WARP;
            if (first_row < WINDOW) {
                /* first PREFIX lane 31: 2u << 31 wraps to 0, and 0 - 1 is all 32 lanes */
                used_lanes = (2u << (__ffs((int)prefix[first_row]) - 1)) - 1;
                ready = ready && (valid[first_row] & used_lanes) == used_lanes;
            }
            if (ready) break;
        }
        uint32_t value = 0;
#pragma unroll
        for (int k = 0; k < WINDOW; k++)
            if (k < first_row || (k == first_row && (used_lanes >> lane) & 1))
                value += descriptor_value(d[k]);
#pragma unroll
        for (int offset = WARP_THREADS / 2; offset > 0; offset /= 2)
            value += __shfl_xor_sync(FULL_WARP, value, offset);
        exclusive += value;
        if (first_row < WINDOW) return exclusive;
    }
}

/* The whole protocol for one tile, run by the 32 lanes of one warp (or, with WARP = false, by
 * lane 0 alone; the other lanes return 0): publish the aggregate at once, so that later tiles
 * can use it without waiting for this tile's prefix; look back for the exclusive prefix; publish
 * the inclusive prefix, which ends the look-back of every later tile that reaches it.
 * Returns the exclusive prefix (the tile's carry). */
template <bool WARP, int WINDOW = 1>
static __device__ __forceinline__ uint32_t decoupled_lookback(tile_descriptor *descriptors,
                                                              uint32_t tile, uint32_t aggregate)
{
    const bool lane0 = threadIdx.x % WARP_THREADS == 0;
    if (tile == 0) {
        if (lane0) descriptor_store(descriptors, 0, descriptor_make(STATUS_PREFIX, aggregate));
        return 0;
    }
    if (lane0) descriptor_store(descriptors, tile, descriptor_make(STATUS_AGGREGATE, aggregate));
    uint32_t exclusive = 0;
    if (WARP)
        exclusive = lookback_warp<WINDOW>(descriptors, tile);
    else if (lane0)
        exclusive = lookback_one_thread(descriptors, tile);
    /* The same thread stored AGGREGATE first: a reader sees AGGREGATE, then PREFIX, never the
     * reverse (stores by one thread to one address keep their order). */
    if (lane0)
        descriptor_store(descriptors, tile, descriptor_make(STATUS_PREFIX, exclusive + aggregate));
    return exclusive;
}

#endif /* LOOKBACK_CUH */
