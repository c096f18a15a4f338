/* Step 10j, section 5: stream compaction, fused into one pass, and the article's way in three
 * kernels. Included by scan.cu after its tile and kernel (sections 1 to 4). */
#ifndef COMPACTION_CUH
#define COMPACTION_CUH

/* What a compaction keeps: the elements x with APP_KEEP(x) (select-if), or the elements whose
 * flag is nonzero (select-flagged). */
enum select_by { BY_PREDICATE, BY_FLAGS };

/* 5a. Fused: load, count, look back, write what is kept. Each thread notes which of its elements
 *     it keeps (a bit each, `keep`) and scans one count per vector, as the first word of a vector
 *     (c, 0, 0, 0): the scan leaves every word of it equal to the running count. The tile's
 *     aggregate is its number of kept elements; the look-back's carry, the number kept before the
 *     tile, is where its first kept element goes. In place too: a tile writes only after every
 *     tile before it has loaded and published, and never past its own last element. (Counts
 *     travel in the 32-bit descriptors, as the sums do: up to 2^32 - 1 elements.) */
template <class C, select_by BY, bool ALIGNED_IN, bool ALIGNED_FLAGS>
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
    if constexpr (BY == BY_FLAGS) {
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
        /* The padding of a partial tile is not kept, whatever the predicate says of a 0. */
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
    /* 5b. Staged: each kept element to its place in the tile, in shared memory (the warps before,
     *     `pending`, plus the vectors before, plus the kept elements before it in its vector);
     *     then the block writes the tile's run, a warp 32 consecutive words a store. Straight
     *     from registers, a warp's store would be 32 words spread over a row of the tile. */
    __shared__ uint32_t s_kept[tile_elements<C>];
#pragma unroll
    for (int v = 0; v < C::VECS; v++) {
        const unsigned bits = (unsigned)(keep >> 4 * v) & 15u;
        /* SOLUTION BEGIN: the place in the tile of the vector's first kept element */
        uint32_t k = pending + counts[v].x - __popc(bits);
        /* SOLUTION END, stub: uint32_t k = 0; (void)pending; */
        const uint32_t e[4] = {x[v].x, x[v].y, x[v].z, x[v].w};
#pragma unroll
        for (int i = 0; i < 4; i++)
            if ((bits >> i) & 1) s_kept[k++] = e[i];
    }
    __syncthreads();
    /* SOLUTION BEGIN: the tile's run of kept elements to out, after the carry */
    for (uint32_t i = threadIdx.x; i < aggregate; i += C::THREADS)
        __stcs(io.out + carry + i, s_kept[i]);
    /* SOLUTION END */
}

/* 5c. The host side of the fused compaction. */
template <class C, select_by BY, bool ALIGNED_IN>
static void launch_select(const tile_io &io, uint32_t tiles, const app_args *args, void *scratch)
{
    uint32_t *tile_counter = (uint32_t *)scratch;
    tile_descriptor *descriptors = (tile_descriptor *)scratch + 1;
    if constexpr (BY == BY_PREDICATE)
        select_fused<C, BY, ALIGNED_IN, true><<<tiles, C::THREADS>>>(
            io, args->flags, args->count, tiles, tile_counter, descriptors);
    else if (aligned_alike(args->flags, io.out))
        select_fused<C, BY, ALIGNED_IN, true><<<tiles, C::THREADS>>>(
            io, args->flags, args->count, tiles, tile_counter, descriptors);
    else
        select_fused<C, BY, ALIGNED_IN, false><<<tiles, C::THREADS>>>(
            io, args->flags, args->count, tiles, tile_counter, descriptors);
    LAUNCH_CHECK();
}

template <class C, select_by BY>
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
        launch_select<C, BY, true>(io, tiles, args, scratch);
    else
        launch_select<C, BY, false>(io, tiles, args, scratch);
}

/* 5d. The article's way: one flag word per element, 1 to keep it. */
template <select_by BY>
__global__ void compaction_flags(const uint32_t *in, const uint32_t *flags, uint32_t *keep,
                                 size_t n)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        keep[i] = BY == BY_FLAGS ? flags[i] != 0 : APP_KEEP(in[i]);
}

/* 5e. (The exclusive scan of the flags is section 3's kernel: each kept element's place.) Every
 *     kept element to its place; the last element's place plus its flag is the count. A block may
 *     write over elements another block has yet to read: out of place only. 32-bit places: up to
 *     2^32 - 1 kept elements. */
__global__ void compaction_scatter(const uint32_t *in, const uint32_t *keep, const uint32_t *place,
                                   uint32_t *out, uint64_t *count, size_t n)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        if (keep[i]) out[place[i]] = in[i];
        if (i == n - 1) *count = (uint64_t)place[i] + keep[i];
    }
}

/* 5f. The host side of the three kernels. Scratch: the flags and the places (n words each,
 *     16-byte aligned), then the exclusive scan's counter and descriptors. */
template <class C> static size_t three_kernel_scratch_bytes(size_t n)
{
    return 2 * words16(n) * sizeof(uint32_t) + coarsened_scratch_bytes<C>(n);
}

template <class C, select_by BY>
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
    compaction_flags<BY><<<blocks, 256>>>(in, args->flags, keep, n);
    LAUNCH_CHECK();
    scan_coarsened<C, sum_op, EXCLUSIVE>(keep, place, n, args, scan_scratch);
    compaction_scatter<<<blocks, 256>>>(in, keep, place, out, args->count, n);
    LAUNCH_CHECK();
}

#endif /* COMPACTION_CUH */
