/* Stage 05, gpu_hillis_steele: the Kogge-Stone (Hillis-Steele) scan inside one thread block, first
 * in shared memory, then with warp shuffles; one block streams through the whole array.
 * Compared with the CPU stages (01 to 04): the scan of a tile is done by 1024 threads in
 * log2(1024) = 10 steps instead of by one core in a chain of 1024 adds.
 * Expected: shuffle faster than smem (3 barriers per tile instead of 12); both far below the
 * `copy` row, because one block runs on one multiprocessor of the GPU's 132 (H100).
 * Run it: make stage-5 (from the top folder) or make (in this folder). */
#include "block_scan.cuh"
#include "single_block.cuh"
#include "scan.h"

/* One block of 1024 threads, the most a block may have: the only block of the grid should keep
 * as many loads in flight as it can. */
constexpr int BLOCK_SIZE = 1024;

/* 1. Kogge-Stone in shared memory, double buffered. Step k = 0, 1, ..., 9 (offset 2^k = 1, 2, 4,
 *    ..., 512): every thread t >= offset adds the value `offset` places to its left, so after
 *    step k thread t holds the sum of the 2^(k+1) elements ending at t (fewer at the left edge);
 *    after 10 steps, the sum of everything up to t. A step reads one buffer and writes the
 *    other: with one buffer, thread t could overwrite its value before thread t + offset has
 *    read it, and every step would need a second barrier between the reads and the writes. The
 *    code is block_inclusive_scan_smem in common/block_scan.cuh, which stage 07 reuses. */
struct kogge_stone_smem {
    static constexpr int THREADS = BLOCK_SIZE, ITEMS = 1;

    static __device__ __forceinline__ uint32_t scan(uint32_t *items)
    {
        uint32_t tile_total;
        items[0] = block_inclusive_scan_smem<THREADS>(items[0], &tile_total);
        return tile_total;
    }
};

/* 2. Warp shuffles: the same Kogge-Stone steps inside each warp of 32 threads, register to
 *    register with __shfl_up_sync (5 steps, no shared memory, no barrier), then one warp scans
 *    the 32 warp totals and every warp adds the totals of the warps before it. The code is
 *    block_inclusive_scan in common/block_scan.cuh, which every later GPU stage reuses. */
struct warp_shuffle {
    static constexpr int THREADS = BLOCK_SIZE, ITEMS = 1;

    static __device__ __forceinline__ uint32_t scan(uint32_t *items)
    {
        uint32_t tile_total;
        items[0] = block_inclusive_scan<THREADS>(items[0], &tile_total);
        return tile_total;
    }
};

/* 3. One block walks the array a tile at a time, carrying the running sum from tile to tile:
 *    single_block_scan in common/single_block.cuh, shared with stage 06. */
const scan_variant stage_variants[] = {
    {"smem", NULL, single_block_run<kogge_stone_smem>},
    {"shuffle", NULL, single_block_run<warp_shuffle>},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];
