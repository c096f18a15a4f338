/* Stage 07, gpu_three_pass: many blocks in three passes: scan the tiles, scan the tile sums, add.
 * Compared with 06_gpu_blelloch: every multiprocessor works, but the data moves twice (16 bytes).
 * Expected: smem and shuffle near the article's 801 and 920 GB/s (H100, 2^30), under half of copy.
 * Run it: make stage-7 (from the top folder) or make (in this folder). */
#include "block_scan.cuh"
#include "cuda_check.h"
#include "scan.h"

/* Every kernel of this stage: block b works on tile b of in and out, and on tile_sums[b]. */
typedef void (*tile_kernel)(const uint32_t *in, uint32_t *out, size_t n, uint32_t *tile_sums);

/* ---- 1. The article's passes: one element per thread, a tile of 512 ------------------------ */

constexpr int THREADS = 512;

enum block_scan_kind { KOGGE_STONE_SMEM, WARP_SHUFFLE };

/* 1a. Pass 1 (local_prefix): a block scans its tile with one of stage 05's block scans and keeps
 *     its total (tile_sums is NULL when the array is a single tile). */
template <block_scan_kind KIND>
__global__ void __launch_bounds__(THREADS)
    scan_tiles(const uint32_t *in, uint32_t *out, size_t n, uint32_t *tile_sums)
{
    const size_t tile = blockIdx.x, i = tile * THREADS + threadIdx.x;
    uint32_t x = i < n ? in[i] : 0, tile_total;
    if constexpr (KIND == KOGGE_STONE_SMEM)
        x = block_inclusive_scan_smem<THREADS>(x, &tile_total);
    else
        x = block_inclusive_scan<THREADS>(x, &tile_total);
    if (i < n) out[i] = x;
    if (tile_sums && threadIdx.x == 0) tile_sums[tile] = tile_total;
}

/* 1b. Pass 3 (accumulate): after pass 2, tile_sums[b - 1] is the sum of the tiles before b. */
__global__ void __launch_bounds__(THREADS)
    add_tile_prefix(const uint32_t *in, uint32_t *out, size_t n, uint32_t *tile_sums)
{
    (void)in;
    const size_t tile = blockIdx.x, i = tile * THREADS + threadIdx.x;
    /* SOLUTION BEGIN: every element of tile b > 0 adds tile_sums[b - 1] */
    if (tile > 0 && i < n) out[i] += tile_sums[tile - 1];
    /* SOLUTION END, stub: (void)out; (void)n; (void)tile_sums; (void)i; */
}

/* ---- 2. The host side: the passes in order, and pass 2 as recursion ------------------------- */

/* One way to run the three passes: the tile (and block) size, the kernels of pass 1 and pass 3. */
typedef struct three_pass {
    size_t tile;
    tile_kernel first_pass, last_pass;
} three_pass;

static void launch_tiles(tile_kernel kernel, int threads, size_t tiles, const uint32_t *in,
                         uint32_t *out, size_t n, uint32_t *tile_sums)
{
    kernel<<<(unsigned)tiles, threads>>>(in, out, n, tile_sums);
    LAUNCH_CHECK();
}

static size_t tile_count(const three_pass *p, size_t n) { return (n + p->tile - 1) / p->tile; }

/* A level's tile sums, rounded up to 256 bytes: the next level's array stays aligned. */
static size_t sums_words(size_t tiles) { return (tiles + 63) / 64 * 64; }

/* 2a. Scratch for every level of the recursion, down to one tile. */
static size_t scratch_words(size_t n, size_t tile)
{
    const size_t tiles = (n + tile - 1) / tile;
    return tiles <= 1 ? 0 : sums_words(tiles) + scratch_words(tiles, tile);
}

/* 2b. The three passes, pass 2 being the same three passes one level down, in place on the tile
 *     sums. A single tile is the answer at once. */
static void three_passes(const three_pass *p, const uint32_t *in, uint32_t *out, size_t n,
                         uint32_t *tile_sums)
{
    const size_t tiles = tile_count(p, n);
    if (tiles == 1) {
        launch_tiles(p->first_pass, (int)p->tile, 1, in, out, n, NULL);
        return;
    }
    /* SOLUTION BEGIN: pass 1 into tile_sums, pass 2 by recursion on them, pass 3 */
    launch_tiles(p->first_pass, (int)p->tile, tiles, in, out, n, tile_sums);
    three_passes(p, tile_sums, tile_sums, tiles, tile_sums + sums_words(tiles));
    launch_tiles(p->last_pass, (int)p->tile, tiles, in, out, n, tile_sums);
    /* SOLUTION END, stub: (void)tile_sums; */
}

/* ---- The variants, the headline last --------------------------------------------------------- */

/* Scan, then propagate (the article's order): a lone tile is scanned by pass 1. */
static const three_pass smem_passes = {
    .tile = THREADS, .first_pass = scan_tiles<KOGGE_STONE_SMEM>, .last_pass = add_tile_prefix};
static const three_pass shuffle_passes = {
    .tile = THREADS, .first_pass = scan_tiles<WARP_SHUFFLE>, .last_pass = add_tile_prefix};

static size_t scratch_one_per_thread(size_t n)
{
    return scratch_words(n, THREADS) * sizeof(uint32_t);
}

static void scan_smem(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    if (n) three_passes(&smem_passes, in, out, n, (uint32_t *)scratch);
}

static void scan_shuffle(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    if (n) three_passes(&shuffle_passes, in, out, n, (uint32_t *)scratch);
}

/* Each variant's tile (the tests probe sizes around its multiples); `make grade` times the last. */
const scan_variant stage_variants[] = {
    {"smem", scratch_one_per_thread, scan_smem, THREADS, 0},
    {"shuffle", scratch_one_per_thread, scan_shuffle, THREADS, SCAN_GRADED},
};
const size_t stage_variant_count = sizeof stage_variants / sizeof stage_variants[0];
