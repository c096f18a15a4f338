/* Stage 09, gpu_lookback: decoupled look-back. Each tile publishes its aggregate as soon as it is
 * scanned, then looks back over its predecessors' descriptors for its prefix.
 * Compared with 08_gpu_chained: no tile waits for its predecessor's prefix; it adds up whatever
 * its predecessors have published (aggregates, then the first prefix it meets), so the chain of
 * one-microsecond hops is gone. Same tile (512 elements) as 08, so the numbers compare.
 * Expected: one thread looking back is held up by walking one descriptor at a time; a warp that
 * reads 32 at a time is about 2.7 times as fast on large arrays (less on small ones, where the
 * launch dominates), and both leave the chained scan far behind.
 * Run it: make stage-9 (from the top folder) or make (in this folder).
 * The files: block_scan.cuh (05's warp-shuffle block scan), lookback.cuh (the tile descriptors and
 * the look-back: this stage's idea), this file (08's tile order and the kernel). */
#include "block_scan.cuh"
#include "cuda_check.h"
#include "lookback.cuh"
#include "scan.h"

/* The article's tile, as in stage 08: 512 threads, one element each. */
#define THREADS 512
#define TILE    THREADS

/* 1. Scratch: the tile counter, then one 64-bit tile_descriptor per tile (lookback.cuh). A run
 *    zeroes all of it: STATUS_INVALID is 0. */
static size_t tiles_for(size_t n) { return (n + TILE - 1) / TILE; }

static size_t lookback_scratch_bytes(size_t n)
{
    return (1 + tiles_for(n)) * sizeof(tile_descriptor);
}

/* 2. The tile order. Thread 0 draws the next ticket from the counter; every thread of the block
 *    returns it. Blocks draw in the order they start, so tile t's predecessors belong to blocks
 *    that started earlier and are running: waiting for them is safe, whatever order the hardware
 *    starts blocks in (the README says why blockIdx.x would not do). Call it once per block (its
 *    shared word is not reused). */
static __device__ __forceinline__ uint32_t claim_tile(uint32_t *tile_counter)
{
    __shared__ uint32_t s_tile;
    if (threadIdx.x == 0) s_tile = atomicAdd(tile_counter, 1u);
    __syncthreads();
    return s_tile;
}

/* 3. The kernel: claim a tile, scan it, then warp 0 runs the protocol (decoupled_lookback in
 *    lookback.cuh): publish AGGREGATE, look back (one thread, or the whole warp), publish PREFIX.
 *    The rest of the block waits at the barrier for the carry, as in stage 08; what changed is
 *    how long the wait is. */
template <bool WARP_LOOKBACK>
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
        const uint32_t carry = decoupled_lookback<WARP_LOOKBACK>(descriptors, tile, aggregate);
        if (threadIdx.x == 0) s_carry = carry;
    }
    __syncthreads();
    if (i < n) out[i] = x + s_carry;
}

/* 4. The host side: zero the counter and the descriptors, then one block per tile. */
template <bool WARP_LOOKBACK>
static void scan_lookback(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    if (n == 0) return;
    const size_t tiles = tiles_for(n);
    tile_descriptor *words = (tile_descriptor *)scratch;
    CUDA_CHECK(cudaMemsetAsync(scratch, 0, (1 + tiles) * sizeof(tile_descriptor), 0));
    lookback_scan<WARP_LOOKBACK>
        <<<(unsigned)tiles, THREADS>>>(in, out, n, (uint32_t *)words, words + 1);
    LAUNCH_CHECK();
}

const scan_variant stage_variants[] = {
    {"one-thread", lookback_scratch_bytes, scan_lookback<false>, TILE, 0},
    {"warp", lookback_scratch_bytes, scan_lookback<true>, TILE, SCAN_GRADED},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];
