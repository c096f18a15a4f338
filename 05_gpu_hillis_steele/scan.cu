/* Stage 05, gpu_hillis_steele: the Kogge-Stone (Hillis-Steele) scan inside one thread block, in
 * shared memory and then with warp shuffles; one block streams through the whole array.
 * Compared with the CPU stages (01 to 04): first the CPU's loop on the GPU, one thread walking the
 * array (the article's baseline); then the scan of a tile done by 1024 threads in log2(1024) = 10
 * steps instead of by one core in a chain of 1024 adds.
 * Expected: one thread far below everything else; shuffle faster than smem (3 barriers per tile
 * instead of 12), smem faster than the article's one buffer (22 barriers); all far below `copy`,
 * because one block runs on one multiprocessor of the GPU's 132 (H100).
 * Run it: make stage-5 (from the top folder) or make (in this folder).
 * The files: block_scan.cuh (the block scans, steps 1 and 2), single_block.cuh (the streaming
 * loop, step 3), this file (the baseline and the variants). */
#include "block_scan.cuh"
#include "cuda_check.h"
#include "scan.h"
#include "single_block.cuh"

/* 0. The article's baseline: the loop of stage 01 in one GPU thread. Each load waits hundreds of
 *    cycles for memory, and one thread has few loads in flight: the GPU at a fraction of a percent
 *    of its bandwidth. */
__global__ void sequential_scan(const uint32_t *in, uint32_t *out, size_t n)
{
    /* SOLUTION BEGIN: one thread: a running sum over the whole array */
    uint32_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        sum += in[i];
        out[i] = sum;
    }
    /* SOLUTION END, stub: (void)in; (void)out; (void)n; */
}

static void scan_sequential(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)scratch;
    if (n == 0) return;
    sequential_scan<<<1, 1>>>(in, out, n);
    LAUNCH_CHECK();
}

/* One block of 1024 threads, the most a block may have: the only block of the grid should keep
 * as many loads in flight as it can. */
constexpr int BLOCK_SIZE = 1024;

/* 1. Kogge-Stone in shared memory (block_scan.cuh, step 1): one element per thread, log2(1024) = 10
 *    steps, each adding the value 2^k places to the left; the article's single buffer, then two. */
template <bool DOUBLE_BUFFER> struct kogge_stone_smem {
    static constexpr int THREADS = BLOCK_SIZE, ITEMS = 1;

    static __device__ __forceinline__ uint32_t scan(uint32_t *items)
    {
        uint32_t tile_total;
        if constexpr (DOUBLE_BUFFER)
            items[0] = block_inclusive_scan_smem<THREADS>(items[0], &tile_total);
        else
            items[0] = block_inclusive_scan_smem_one_buffer<THREADS>(items[0], &tile_total);
        return tile_total;
    }
};

/* 2. Warp shuffles (block_scan.cuh, step 2): the same steps inside each warp of 32 threads,
 * register to register with __shfl_up_sync (5 steps, no shared memory, no barrier), then one warp
 * scans the 32 warp totals and every warp adds the totals of the warps before it. */
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
 *    single_block_scan in single_block.cuh. The tile of each variant is its block's 1024 elements
 *    (the tests probe sizes around its multiples); `make grade` times `shuffle`. */
const scan_variant stage_variants[] = {
    {"sequential", NULL, scan_sequential, 1, 0},
    {"smem-one-buffer", NULL, single_block_run<kogge_stone_smem<false>>, BLOCK_SIZE, 0},
    {"smem", NULL, single_block_run<kogge_stone_smem<true>>, BLOCK_SIZE, 0},
    {"shuffle", NULL, single_block_run<warp_shuffle>, BLOCK_SIZE, SCAN_GRADED},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];
