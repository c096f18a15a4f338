/* Stage 06, gpu_blelloch: the work-efficient (Blelloch) block scan, then with padded shared memory.
 * Compared with 05_gpu_hillis_steele: an up-sweep and a down-sweep, 3 adds an element instead of 9.
 * Expected: the padding pays against bank conflicts; both still below 05's smem (see the README).
 * Run it: make stage-6 (from the top folder) or make (in this folder). */
#include "scan.h"
#include "single_block.cuh"

/* One block of 1024 threads; each scans two elements, so a tile is 2048 elements. */
constexpr int BLOCK_SIZE = 1024;

/* The two tiles by name: PADDED selects step 2. */
struct blelloch {
    static constexpr bool PADDED = false;
};
struct blelloch_padded {
    static constexpr bool PADDED = true;
};

template <class C> struct blelloch_scan {
    static constexpr int THREADS = BLOCK_SIZE, ITEMS = 2, TILE = THREADS * ITEMS;

    /* 1. The tree scan. Thread t holds elements t and t + THREADS (striped: coalesced). */
    static __device__ __forceinline__ uint32_t scan(uint32_t *items)
    {
        __shared__ uint32_t temp[slot(TILE - 1) + 1];
        __shared__ uint32_t tile_total;
        const int t = threadIdx.x;
        temp[slot(t)] = items[0];
        temp[slot(t + THREADS)] = items[1];

        /* SOLUTION BEGIN: up-sweep, keep the total in tile_total, clear the root, down-sweep */
        /* 1a. Up-sweep: each level adds left subtrees into their right siblings' last slots. */
        int offset = 1;
        for (int d = THREADS; d > 0; d >>= 1) {
            __syncthreads();
            if (t < d) {
                const int left = offset * (2 * t + 1) - 1, right = offset * (2 * t + 2) - 1;
                temp[slot(right)] += temp[slot(left)];
            }
            offset *= 2;
        }

        /* Thread 0 did the last up-sweep step itself: it reads the root with no barrier. */
        if (t == 0) {
            tile_total = temp[slot(TILE - 1)];
            temp[slot(TILE - 1)] = 0;
        }

        /* 1b. Down-sweep: slot i ends with the sum of elements 0..i-1. */
        for (int d = 1; d < TILE; d *= 2) {
            offset >>= 1;
            __syncthreads();
            if (t < d) {
                const int left = offset * (2 * t + 1) - 1, right = offset * (2 * t + 2) - 1;
                const uint32_t left_sum = temp[slot(left)], right_sum = temp[slot(right)];
                temp[slot(left)] = right_sum;
                temp[slot(right)] = right_sum + left_sum;
            }
        }
        /* SOLUTION END, stub: if (t == 0) tile_total = 0; */
        __syncthreads();

        /* Each thread reads only the slots it writes first in the next call: no barrier after. */
        items[0] += temp[slot(t)];
        items[1] += temp[slot(t + THREADS)];
        return tile_total;
    }

    /* 2. Padding: one unused word after every 32, so words 32 apart fall in different banks. */
    static constexpr int LOG_NUM_BANKS = 5;

    static __host__ __device__ constexpr int slot(int i)
    {
        /* SOLUTION BEGIN: with PADDED, one unused word after every 32 words */
        return C::PADDED ? i + (i >> LOG_NUM_BANKS) : i;
        /* SOLUTION END, stub: return i; */
    }
};

/* 3. The streaming loop is stage 05's (single_block.cuh); `make grade` times the last row. */
const scan_variant stage_variants[] = {
    {"blelloch", NULL, single_block_run<blelloch_scan<blelloch>>, blelloch_scan<blelloch>::TILE, 0},
    {"blelloch-padded", NULL, single_block_run<blelloch_scan<blelloch_padded>>,
     blelloch_scan<blelloch_padded>::TILE, SCAN_GRADED},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];
