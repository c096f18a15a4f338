/* 3. One thread block scans the whole array: stage 05's streaming loop, which stage 06 carries. The
 * block walks the array tile by tile; each tile is scanned by a block scan that the stage passes
 * in, and a carry (the sum of every tile before) joins the tiles, like the running sum of stage
 * 01, one tile instead of one element at a time.
 *
 * The block scan is a type TILE_SCAN with
 *     static constexpr int THREADS;   threads of the block (a multiple of 32, at most 1024)
 *     static constexpr int ITEMS;     elements per thread: a tile is THREADS * ITEMS elements
 *     static __device__ uint32_t scan(uint32_t *items);
 * scan is called by every thread of the block with its ITEMS elements of the tile in striped
 * order (item j of thread t is element j * THREADS + t of the tile); it replaces them with their
 * inclusive prefix sums within the tile and returns the tile's total to every thread. It may use
 * shared memory and __syncthreads(); it leaves the shared memory ready for its next call.
 *
 * Every n works: offsets are 64-bit, the last tile is padded with zeros (they change no sum) and
 * only elements below n are written. in == out works too: each element is read and written by
 * the same thread, and a tile is read before it is written. */
#ifndef SINGLE_BLOCK_CUH
#define SINGLE_BLOCK_CUH

#include <stdint.h>

#include "cuda_check.h"

/* Loads tile elements [start, start + THREADS * ITEMS) in striped order; zeros past n. */
template <int THREADS, int ITEMS>
static __device__ __forceinline__ void load_striped(const uint32_t *in, size_t n, size_t start,
                                                    uint32_t *items)
{
#pragma unroll
    for (int j = 0; j < ITEMS; j++) {
        size_t i = start + (size_t)j * THREADS + threadIdx.x;
        items[j] = i < n ? in[i] : 0;
    }
}

template <typename TILE_SCAN>
__global__ void __launch_bounds__(TILE_SCAN::THREADS)
    single_block_scan(const uint32_t *in, uint32_t *out, size_t n)
{
    constexpr int THREADS = TILE_SCAN::THREADS, ITEMS = TILE_SCAN::ITEMS;
    constexpr size_t TILE = (size_t)THREADS * ITEMS;
    uint32_t carry = 0, next[ITEMS];

    load_striped<THREADS, ITEMS>(in, n, 0, next);
    for (size_t start = 0; start < n; start += TILE) {
        uint32_t items[ITEMS];
#pragma unroll
        for (int j = 0; j < ITEMS; j++)
            items[j] = next[j];
        /* Prefetch: the loads of the next tile are issued before this tile's scan, so their
         * latency (hundreds of cycles) passes while the block scan waits at its barriers. */
        if (start + TILE < n) load_striped<THREADS, ITEMS>(in, n, start + TILE, next);

        uint32_t tile_total = TILE_SCAN::scan(items);

#pragma unroll
        for (int j = 0; j < ITEMS; j++) {
            size_t i = start + (size_t)j * THREADS + threadIdx.x;
            if (i < n) out[i] = carry + items[j];
        }
        carry += tile_total;
    }
}

/* The host side, a variant's run function (common/contract/scan.h): one block, on the default stream, no
 * scratch; n == 0 launches nothing. */
template <typename TILE_SCAN>
static void single_block_run(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)scratch;
    if (n == 0) return;
    single_block_scan<TILE_SCAN><<<1, TILE_SCAN::THREADS>>>(in, out, n);
    LAUNCH_CHECK();
}

#endif /* SINGLE_BLOCK_CUH */
