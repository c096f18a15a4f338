/* Stage 09, gpu_lookback: decoupled look-back, by one thread and by one warp.
 * Compared with 08_gpu_chained: a tile publishes its aggregate at once, then looks back.
 * Expected: both far ahead of the chain; the warp, reading 32 descriptors at a time, well ahead.
 * Run it: make stage-9 (from the top folder) or make (in this folder). */
#include "block_scan.cuh"
#include "cuda_check.h"
#include "lookback.cuh"
#include "scan.h"

/* The article's tile, as in stage 08: 512 threads, one element each. */
#define THREADS 512
#define TILE    THREADS

/* 1. Scratch: the tile counter, then one tile_descriptor per tile; a run zeroes all of it. */
static size_t tiles_for(size_t n) { return (n + TILE - 1) / TILE; }

static size_t lookback_scratch_bytes(size_t n)
{
    return (1 + tiles_for(n)) * sizeof(tile_descriptor);
}

/* 2. The tile order: a ticket drawn in the order blocks start, so tile t's predecessors are
 *    running and waiting for them is safe (not so with blockIdx.x). Once per block. */
static __device__ __forceinline__ uint32_t claim_tile(uint32_t *tile_counter)
{
    __shared__ uint32_t s_tile;
    if (threadIdx.x == 0) s_tile = atomicAdd(tile_counter, 1u);
    __syncthreads();
    return s_tile;
}

/* 3. The kernel: claim a tile, scan it; warp 0 runs the protocol (lookback.cuh) while the other
 *    threads wait at the barrier for the carry, as in stage 08. */
template <class C>
__global__ void __launch_bounds__(THREADS)
    lookback_scan(const uint32_t *in, uint32_t *out, size_t n, uint32_t *tile_counter,
                  tile_descriptor *descriptors)
{
    __shared__ uint32_t s_carry;
    const uint32_t tile = claim_tile(tile_counter);
    const size_t i = (size_t)tile * TILE + threadIdx.x;

    uint32_t aggregate;
    const uint32_t x = block_inclusive_scan<THREADS>(i < n ? in[i] : 0, &aggregate);

    if (threadIdx.x < WARP_THREADS) {
        const uint32_t carry = decoupled_lookback<C>(descriptors, tile, aggregate);
        if (threadIdx.x == 0) s_carry = carry;
    }
    __syncthreads();
    if (i < n) out[i] = x + s_carry;
}

/* 4. The host side: zero the counter and the descriptors, then one block per tile. */
template <class C>
static void scan_lookback(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    if (n == 0) return;
    const size_t tiles = tiles_for(n);
    tile_descriptor *words = (tile_descriptor *)scratch;
    CUDA_CHECK(cudaMemsetAsync(scratch, 0, (1 + tiles) * sizeof(tile_descriptor), 0));
    lookback_scan<C><<<(unsigned)tiles, THREADS>>>(in, out, n, (uint32_t *)words, words + 1);
    LAUNCH_CHECK();
}

/* The two look-backs by name: WARP selects section 3 of lookback.cuh over section 2. */
struct one_thread_lookback {
    static constexpr bool WARP = false;
};
struct warp_lookback {
    static constexpr bool WARP = true;
};

const scan_variant stage_variants[] = {
    {"one-thread", lookback_scratch_bytes, scan_lookback<one_thread_lookback>, TILE, 0},
    {"warp", lookback_scratch_bytes, scan_lookback<warp_lookback>, TILE, SCAN_GRADED},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];
