/* Stage 08, gpu_chained: one kernel; each tile waits for the prefix of the tile before it.
 * Compared with 07_gpu_three_pass: one launch that reads and writes every element once.
 * Expected: very slow, by design: about a microsecond per link of the chain, tile after tile.
 * Run it: make stage-8 (from the top folder) or make (in this folder). */
#include "block_scan.cuh"
#include "cuda_check.h"
#include "scan.h"

/* The article's tile: 512 threads, one element each. Stage 09 keeps it, so the two compare. */
#define THREADS 512
#define TILE    THREADS

/* 1. Scratch: the tile counter and a ready flag per tile (one memset resets them), then the tiles'
 *    inclusive prefixes (nobody reads one before its flag is set). */
typedef struct chain_scratch {
    uint32_t *tile_counter;
    uint32_t *tile_ready;
    uint32_t *tile_prefix;
} chain_scratch;

static size_t tiles_for(size_t n) { return (n + TILE - 1) / TILE; }

static chain_scratch chain_layout(void *scratch, size_t tiles)
{
    uint32_t *words = (uint32_t *)scratch;
    chain_scratch s = {words, words + 1, words + 1 + tiles};
    return s;
}

static size_t chain_scratch_bytes(size_t n) { return (1 + 2 * tiles_for(n)) * sizeof(uint32_t); }

/* 2. The tile order: a ticket drawn in the order blocks start, so tile t's predecessors are
 *    running and waiting for them is safe (not so with blockIdx.x). Once per block. */
static __device__ __forceinline__ uint32_t claim_tile(uint32_t *tile_counter)
{
    /* SOLUTION BEGIN: thread 0 draws a ticket (atomicAdd); the block waits for it and returns it */
    __shared__ uint32_t s_tile;
    if (threadIdx.x == 0) s_tile = atomicAdd(tile_counter, 1u);
    __syncthreads();
    return s_tile;
    /* SOLUTION END, stub: (void)tile_counter; return blockIdx.x; */
}

/* 3. The kernel: draw a tile, scan it; thread 0 waits for tile - 1's prefix and publishes its own
 *    while the other 511 threads wait at the barrier. */
__global__ void __launch_bounds__(THREADS)
    chained_scan(const uint32_t *in, uint32_t *out, size_t n, chain_scratch s)
{
    __shared__ uint32_t s_carry;
    const uint32_t tile = claim_tile(s.tile_counter);
    const size_t i = (size_t)tile * TILE + threadIdx.x;

    uint32_t aggregate;
    const uint32_t x = block_inclusive_scan<THREADS>(i < n ? in[i] : 0, &aggregate);

    if (threadIdx.x == 0) {
        /* SOLUTION BEGIN: wait for tile - 1's prefix, publish this tile's, set s_carry */
        volatile uint32_t *ready = s.tile_ready, *prefix = s.tile_prefix;
        uint32_t carry = 0;
        if (tile > 0) {
            /* 4. Acquire: volatile polls, then a fence: the prefix is read after the flag. */
            while (ready[tile - 1] == 0) {
            }
            __threadfence();
            carry = prefix[tile - 1];
        }
        /* 5. Release: the prefix, a fence, then the flag: never the flag before the prefix. */
        prefix[tile] = carry + aggregate;
        __threadfence();
        ready[tile] = 1;
        s_carry = carry;
        /* SOLUTION END, stub: s_carry = 0; (void)aggregate; */
    }
    __syncthreads();
    if (i < n) out[i] = x + s_carry;
}

/* 6. The host side: zero the counter and flags, then one block per tile. */
static void scan_chained(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    if (n == 0) return;
    const size_t tiles = tiles_for(n);
    CUDA_CHECK(cudaMemsetAsync(scratch, 0, (1 + tiles) * sizeof(uint32_t), 0));
    chained_scan<<<(unsigned)tiles, THREADS>>>(in, out, n, chain_layout(scratch, tiles));
    LAUNCH_CHECK();
}

const scan_variant stage_variants[] = {
    {"chained", chain_scratch_bytes, scan_chained, TILE, SCAN_GRADED},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];
