/* Stage 05, gpu_hillis_steele: Kogge-Stone block scans, one block streaming through the array.
 * Compared with the CPU stages: 1024 threads scan a tile in log2(1024) = 10 steps.
 * Expected: sequential far below; shuffle > smem > smem-one-buffer (barriers); all far below copy.
 * Run it: make stage-5 (from the top folder) or make (in this folder). */
#include "block_scan.cuh"
#include "cuda_check.h"
#include "scan.h"
#include "single_block.cuh"

/* 0. The article's baseline: the loop of stage 01 in one GPU thread, with few loads in flight. */
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

/* One block of 1024 threads, the most a block may have: as many loads in flight as it can. */
constexpr int BLOCK_SIZE = 1024;

/* 1. Kogge-Stone in shared memory (block_scan.cuh, step 1): one element per thread, log2(1024) = 10
 *    steps, each adding the value 2^k places to the left; the article's single buffer, then two. */
struct one_buffer {
    static constexpr bool DOUBLE_BUFFER = false;
};
struct double_buffer {
    static constexpr bool DOUBLE_BUFFER = true;
};

template <class C> struct kogge_stone_smem {
    static constexpr int THREADS = BLOCK_SIZE, ITEMS = 1;

    static __device__ __forceinline__ uint32_t scan(uint32_t *items)
    {
        uint32_t tile_total;
        if constexpr (C::DOUBLE_BUFFER)
            items[0] = block_inclusive_scan_smem<THREADS>(items[0], &tile_total);
        else
            items[0] = block_inclusive_scan_smem_one_buffer<THREADS>(items[0], &tile_total);
        return tile_total;
    }
};

/* 2. Warp shuffles (block_scan.cuh, step 2): the same steps register to register in each warp,
 *    then one warp scans the warp totals. */
struct warp_shuffle {
    static constexpr int THREADS = BLOCK_SIZE, ITEMS = 1;

    static __device__ __forceinline__ uint32_t scan(uint32_t *items)
    {
        uint32_t tile_total;
        items[0] = block_inclusive_scan<THREADS>(items[0], &tile_total);
        return tile_total;
    }
};

/* 3. One block walks the array tile by tile, carrying the running sum (single_block.cuh). A tile is
 *    the block's 1024 elements; `make grade` times the last row. */
const scan_variant stage_variants[] = {
    {"sequential", NULL, scan_sequential, 1, 0},
    {"smem-one-buffer", NULL, single_block_run<kogge_stone_smem<one_buffer>>, BLOCK_SIZE, 0},
    {"smem", NULL, single_block_run<kogge_stone_smem<double_buffer>>, BLOCK_SIZE, 0},
    {"shuffle", NULL, single_block_run<warp_shuffle>, BLOCK_SIZE, SCAN_GRADED},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];
