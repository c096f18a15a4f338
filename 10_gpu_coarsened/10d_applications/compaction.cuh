/* Step 10d, sections 6 and 7: stream compaction, fused into one pass, and the article's way in three kernels.
 * Included by scan.cu after its tile and kernel (sections 1 to 4), whose functions it uses. */
#ifndef COMPACTION_CUH
#define COMPACTION_CUH

/* ---- 6. Stream compaction, fused: load, count, look back, write what is kept ----------------- */

/* Each thread knows which of its elements it keeps (a bit each, 64 at most: `keep`), and scans one
 * count per vector: the vector's kept elements, as the first word of a vector of the tile
 * ((c, 0, 0, 0): the scan leaves every word of it equal to the running count, so it costs one
 * register, not four). The tile's aggregate is its number of kept elements; the look-back gives
 * the number kept before the tile, which is where the tile's first kept element goes. A kept
 * element's place is then that carry, plus `pending` (the warps before), plus the counts of the
 * vectors before its own, plus the kept elements before it in its vector. Out of place or in
 * place: a tile writes only after the look-back has seen every tile before it publish, which each
 * does after loading its elements, and its kept elements go no further than its own last
 * element, so no write can reach an element still to be read. (Counts travel in the 32-bit
 * descriptors, as the sums do: up to 2^32 - 1 elements.) STAGED: the kept elements go through
 * shared memory to their places (6b, at the end of the kernel). */
template <class C, bool FLAGGED, bool STAGED, bool ALIGNED_IN, bool ALIGNED_FLAGS>
__global__ void __launch_bounds__(C::THREADS, C::MIN_BLOCKS)
    select_fused(tile_io io, const uint32_t *flags, uint64_t *count, uint32_t tiles,
                 uint32_t *tile_counter, tile_descriptor *descriptors)
{
    static_assert(4 * C::VECS <= 64, "one bit of `keep` per element of the thread");
    __shared__ uint32_t s_carry;
    uint4 x[C::VECS], counts[C::VECS];
    uint32_t pending;
    const uint32_t tile = claim_tile(tile_counter);
    uint64_t keep = 0;
    if constexpr (FLAGGED) {
        /* The flags' own vectors, first, so that their registers are free again before the
         * elements arrive; a partial tile's padding loads as 0: not kept. */
        const tile_io flag_io = {flags, io.out, io.head, io.end};
        load_tile<C, ALIGNED_FLAGS>(flag_io, tile, counts);
#pragma unroll
        for (int v = 0; v < C::VECS; v++) {
            const uint4 f = counts[v];
            keep |= (uint64_t)((f.x != 0) | (f.y != 0) << 1 | (f.z != 0) << 2 | (f.w != 0) << 3)
                    << 4 * v;
        }
        load_tile<C, ALIGNED_IN>(io, tile, x);
    } else {
        load_tile<C, ALIGNED_IN>(io, tile, x);
        /* The predicate; the padding of a partial tile (before in[0], past in[n - 1]) is not
         * kept, whatever it would say of a 0. */
        const bool full = tile_is_full<C>(io, tile);
        const size_t first = (size_t)tile * tile_vectors<C>;
#pragma unroll
        for (int v = 0; v < C::VECS; v++) {
            const size_t j = 4 * (first + vector_of<C>(v));
            const uint32_t e[4] = {x[v].x, x[v].y, x[v].z, x[v].w};
#pragma unroll
            for (int k = 0; k < 4; k++)
                if (APP_KEEP(e[k]) && (full || (j + k >= io.head && j + k < io.end)))
                    keep |= 1ull << (4 * v + k);
        }
    }
#pragma unroll
    for (int v = 0; v < C::VECS; v++)
        counts[v] = make_uint4(__popc((unsigned)(keep >> 4 * v) & 15u), 0, 0, 0);
    const uint32_t aggregate = scan_tile<C>(counts, pending);
    const uint32_t carry = tile_carry<C>(descriptors, tile, aggregate, &s_carry);
    if (tile == tiles - 1 && threadIdx.x == 0) *count = (uint64_t)carry + aggregate;
    if constexpr (STAGED) {
        /* 6b. Staged: each kept element to its place in the tile, in shared memory; then the
         *     block writes the tile's run of kept elements, a warp 32 consecutive words (128
         *     bytes) a store. Written straight from registers (below), a warp's store is 32
         *     words spread over a row of the tile, a few in each 32-byte sector it touches. */
        __shared__ uint32_t s_kept[tile_elements<C>];
#pragma unroll
        for (int v = 0; v < C::VECS; v++) {
            const unsigned bits = (unsigned)(keep >> 4 * v) & 15u;
            uint32_t k = pending + counts[v].x - __popc(bits);
            const uint32_t e[4] = {x[v].x, x[v].y, x[v].z, x[v].w};
#pragma unroll
            for (int i = 0; i < 4; i++)
                if ((bits >> i) & 1) s_kept[k++] = e[i];
        }
        __syncthreads();
        for (uint32_t i = threadIdx.x; i < aggregate; i += C::THREADS)
            __stcs(io.out + carry + i, s_kept[i]);
    } else {
        const size_t base = (size_t)carry + pending;
#pragma unroll
        for (int v = 0; v < C::VECS; v++) {
            const unsigned bits = (unsigned)(keep >> 4 * v) & 15u;
            size_t k = base + counts[v].x - __popc(bits); /* the vector's first kept element */
            const uint32_t e[4] = {x[v].x, x[v].y, x[v].z, x[v].w};
#pragma unroll
            for (int i = 0; i < 4; i++)
                if ((bits >> i) & 1) __stcs(io.out + k++, e[i]);
        }
    }
}

/* 6c. The host side of the fused compaction. */
template <class C, bool FLAGGED, bool STAGED, bool ALIGNED_IN>
static void launch_select(const tile_io &io, uint32_t tiles, const app_args *args, void *scratch)
{
    uint32_t *tile_counter = (uint32_t *)scratch;
    tile_descriptor *descriptors = (tile_descriptor *)scratch + 1;
    if constexpr (!FLAGGED)
        select_fused<C, FLAGGED, STAGED, ALIGNED_IN, true><<<tiles, C::THREADS>>>(
            io, args->flags, args->count, tiles, tile_counter, descriptors);
    else if (aligned_alike(args->flags, io.out))
        select_fused<C, FLAGGED, STAGED, ALIGNED_IN, true><<<tiles, C::THREADS>>>(
            io, args->flags, args->count, tiles, tile_counter, descriptors);
    else
        select_fused<C, FLAGGED, STAGED, ALIGNED_IN, false><<<tiles, C::THREADS>>>(
            io, args->flags, args->count, tiles, tile_counter, descriptors);
    LAUNCH_CHECK();
}

template <class C, bool FLAGGED, bool STAGED>
static void run_select_fused(const uint32_t *in, uint32_t *out, size_t n, const app_args *args,
                             void *scratch)
{
    if (n == 0) {
        CUDA_CHECK(cudaMemsetAsync(args->count, 0, sizeof *args->count, 0));
        return;
    }
    const tile_io io = app_io(in, out, n);
    const uint32_t tiles = (uint32_t)((io.end + tile_elements<C> - 1) / tile_elements<C>);
    clear_scratch(scratch, tiles);
    if (aligned_alike(in, out))
        launch_select<C, FLAGGED, STAGED, true>(io, tiles, args, scratch);
    else
        launch_select<C, FLAGGED, STAGED, false>(io, tiles, args, scratch);
}

/* ---- 7. Stream compaction, the article's way: flags, exclusive scan, scatter ------------------
 */

/* 7a. One flag word per element: 1 to keep it. */
template <bool FLAGGED>
__global__ void compaction_flags(const uint32_t *in, const uint32_t *flags, uint32_t *keep,
                                 size_t n)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        keep[i] = FLAGGED ? flags[i] != 0 : APP_KEEP(in[i]);
}

/* 7b. (The exclusive scan of the flags is section 3's kernel: each kept element's place.) 7c. Every
 *     kept element to its place; the last element's place plus its flag is the count. A block may
 *     write over elements another block has yet to read: out of place only. */
__global__ void compaction_scatter(const uint32_t *in, const uint32_t *keep, const uint32_t *place,
                                   uint32_t *out, uint64_t *count, size_t n)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        /* 32-bit places: a count past 2^32 - 1 is out of this variant's reach (the tests' largest
         * case keeps half of 2^31 + 7). */
        if (keep[i]) out[place[i]] = in[i];
        if (i == n - 1) *count = (uint64_t)place[i] + keep[i];
    }
}

/* 7d. The host side of the three kernels. */
/* Scratch of the three kernels: the flags and the places (n words each, 16-byte aligned), then
 * the exclusive scan's counter and descriptors. */
template <class C> static size_t three_kernel_scratch_bytes(size_t n)
{
    return 2 * words16(n) * sizeof(uint32_t) + coarsened_scratch_bytes<C>(n);
}

template <class C, bool FLAGGED>
static void run_select_3_kernels(const uint32_t *in, uint32_t *out, size_t n, const app_args *args,
                                 void *scratch)
{
    if (n == 0) {
        CUDA_CHECK(cudaMemsetAsync(args->count, 0, sizeof *args->count, 0));
        return;
    }
    uint32_t *keep = (uint32_t *)scratch, *place = keep + words16(n);
    void *scan_scratch = place + words16(n);
    const unsigned blocks = (unsigned)((n + 255) / 256 < 65536 ? (n + 255) / 256 : 65536);
    compaction_flags<FLAGGED><<<blocks, 256>>>(in, args->flags, keep, n);
    LAUNCH_CHECK();
    scan_coarsened<C, sum_op, true>(keep, place, n, args, scan_scratch);
    compaction_scatter<<<blocks, 256>>>(in, keep, place, out, args->count, n);
    LAUNCH_CHECK();
}

#endif /* COMPACTION_CUH */
