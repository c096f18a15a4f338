/* Step 10k, section 6: the radix split, a compaction (section 5) with a second destination.
 * Included by scan.cu after its tile and kernel (sections 1 to 4). */
#ifndef RADIX_CUH
#define RADIX_CUH

/* 6a. Zeros of bits 0 .. BITS - 1: for each, how many keys have it clear. A split by bit b needs
 *     the zeros of b before it starts: the keys with b set go after all of them. Each thread
 *     counts its keys in registers, four loads in flight at a time; a warp adds its lanes' counts,
 *     the block its warps' in shared memory, and one atomic a block and bit adds that to the
 *     total (not one a warp: every count is in one 128-byte line, whose atomics the L2 performs
 *     one after the other). */
template <int BITS>
__global__ void __launch_bounds__(256) count_zeros(const uint32_t *keys, size_t n, uint32_t *zeros)
{
    __shared__ uint32_t s_zeros[BITS];
    if (threadIdx.x < BITS) s_zeros[threadIdx.x] = 0;
    __syncthreads();
    uint32_t count[BITS] = {0};
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    for (; i + 3 * stride < n; i += 4 * stride) {
        uint32_t k[4];
#pragma unroll
        for (int u = 0; u < 4; u++)
            k[u] = __ldcs(keys + i + u * stride);
#pragma unroll
        for (int u = 0; u < 4; u++)
#pragma unroll
            for (int b = 0; b < BITS; b++)
                count[b] += ((k[u] >> b) & 1) ^ 1;
    }
    for (; i < n; i += stride) {
        const uint32_t k = __ldcs(keys + i);
#pragma unroll
        for (int b = 0; b < BITS; b++)
            count[b] += ((k >> b) & 1) ^ 1;
    }
#pragma unroll
    for (int b = 0; b < BITS; b++) {
#pragma unroll
        for (int offset = WARP_THREADS / 2; offset > 0; offset /= 2)
            count[b] += __shfl_xor_sync(FULL_WARP, count[b], offset);
        if (threadIdx.x % WARP_THREADS == 0 && count[b]) atomicAdd(s_zeros + b, count[b]);
    }
    __syncthreads();
    if (threadIdx.x < BITS && s_zeros[threadIdx.x])
        atomicAdd(zeros + threadIdx.x, s_zeros[threadIdx.x]);
}

/* 6b. One stable pass by bit b: the fused compaction (section 5) keeping the keys with b clear,
 *     with a second destination for the others. A key at index i with z keys before it that have
 *     b clear goes to z if its own b is clear, else to zeros + (i - z): both places come from
 *     the one count the tile scans. Out of place only (keys move both ways). */
template <class C, bool ALIGNED_IN>
__global__ void __launch_bounds__(C::THREADS, C::MIN_BLOCKS)
    split_pass(tile_io io, int bit, const uint32_t *zeros, uint32_t *tile_counter,
               tile_descriptor *descriptors)
{
    __shared__ uint32_t s_carry;
    uint4 x[C::VECS], counts[C::VECS];
    uint32_t pending;
    const uint32_t tile = claim_tile(tile_counter);
    load_tile<C, ALIGNED_IN>(io, tile, x);
    const bool full = tile_is_full<C>(io, tile);
    const size_t first = (size_t)tile * tile_vectors<C>;
    uint64_t zero_bits = 0;
#pragma unroll
    for (int v = 0; v < C::VECS; v++) {
        const size_t j = 4 * (first + vector_of<C>(v));
        const uint32_t e[4] = {x[v].x, x[v].y, x[v].z, x[v].w};
#pragma unroll
        for (int k = 0; k < 4; k++)
            if (!((e[k] >> bit) & 1) && (full || (j + k >= io.head && j + k < io.end)))
                zero_bits |= 1ull << (4 * v + k);
    }
#pragma unroll
    for (int v = 0; v < C::VECS; v++)
        counts[v] = make_uint4(__popc((unsigned)(zero_bits >> 4 * v) & 15u), 0, 0, 0);
    const uint32_t aggregate = scan_tile<C>(counts, pending);
    const uint32_t carry = tile_carry<C>(descriptors, tile, aggregate, &s_carry);
    /* Staged as the compaction's (5b): the tile's keys with b clear, then the others, each in
     * their order, in shared memory; then two runs out. The tile's elements are in[lo - head ..
     * hi - head - 1]; a key q elements into the tile with z keys before it in the tile that have
     * b clear sits at z if its b is clear, else at aggregate + (q - z). */
    __shared__ uint32_t s_keys[tile_elements<C>];
    const size_t lo = max((size_t)tile * tile_elements<C>, io.head),
                 hi = min((size_t)(tile + 1) * tile_elements<C>, io.end);
#pragma unroll
    for (int v = 0; v < C::VECS; v++) {
        const unsigned bits = (unsigned)(zero_bits >> 4 * v) & 15u;
        const size_t j = 4 * (first + vector_of<C>(v));
        uint32_t z = pending + counts[v].x - __popc(bits); /* b clear, before the vector */
        const uint32_t e[4] = {x[v].x, x[v].y, x[v].z, x[v].w};
#pragma unroll
        for (int k = 0; k < 4; k++) {
            if (j + k < lo || j + k >= hi) continue;
            const uint32_t q = (uint32_t)(j + k - lo);
            if ((bits >> k) & 1)
                s_keys[z++] = e[k];
            else
                s_keys[aggregate + (q - z)] = e[k];
        }
    }
    __syncthreads();
    /* Keys with b clear go after the carry; the others after every key with b clear (zeros[bit])
     * and the ones of the tiles before: the elements before the tile less their zeros. */
    const size_t ones_to = zeros[bit] + (lo - io.head - carry);
    for (uint32_t i = threadIdx.x; i < hi - lo; i += C::THREADS)
        __stcs(io.out + (i < aggregate ? carry + i : ones_to + (i - aggregate)), s_keys[i]);
}

/* 6c. The host side. Scratch: the zero counts (32 words, 16-byte aligned), then the pass's
 *     counter and descriptors. */
template <class C> static size_t split_scratch_bytes(size_t n)
{
    return 32 * sizeof(uint32_t) + coarsened_scratch_bytes<C>(n);
}

template <class C> static size_t sort_scratch_bytes(size_t n)
{
    return split_scratch_bytes<C>(n) + words16(n) * sizeof(uint32_t);
}

template <class C>
static void launch_split(const uint32_t *in, uint32_t *out, size_t n, int bit,
                         const uint32_t *zeros, void *pass_scratch)
{
    const tile_io io = app_io(in, out, n);
    const uint32_t tiles = (uint32_t)((io.end + tile_elements<C> - 1) / tile_elements<C>);
    clear_scratch(pass_scratch, tiles);
    uint32_t *tile_counter = (uint32_t *)pass_scratch;
    tile_descriptor *descriptors = (tile_descriptor *)pass_scratch + 1;
    if (aligned_alike(in, out))
        split_pass<C, true><<<tiles, C::THREADS>>>(io, bit, zeros, tile_counter, descriptors);
    else
        split_pass<C, false><<<tiles, C::THREADS>>>(io, bit, zeros, tile_counter, descriptors);
    LAUNCH_CHECK();
}

/* The zeros of bits 0 .. BITS - 1 (a split needs one). */
template <int BITS> static void launch_count_zeros(const uint32_t *keys, size_t n, uint32_t *zeros)
{
    CUDA_CHECK(cudaMemsetAsync(zeros, 0, BITS * sizeof *zeros, 0));
    const unsigned blocks = (unsigned)((n + 255) / 256 < 1024 ? (n + 255) / 256 : 1024);
    count_zeros<BITS><<<blocks, 256>>>(keys, n, zeros);
    LAUNCH_CHECK();
}

/* One stable split by bit 0: the keys with it clear, then the others, each in their order. */
template <class C>
static void run_split(const uint32_t *in, uint32_t *out, size_t n, const app_args *args,
                      void *scratch)
{
    (void)args;
    if (n == 0) return;
    uint32_t *zeros = (uint32_t *)scratch;
    launch_count_zeros<1>(in, n, zeros);
    launch_split<C>(in, out, n, 0, zeros, zeros + 32);
}

/* An LSD radix sort: one count of all 32 bits, then 32 stable splits, bit 0 first, from in to a
 * buffer of n keys (in the scratch) and out by turns: the last lands in out. In place too. */
template <class C>
static void run_sort(const uint32_t *in, uint32_t *out, size_t n, const app_args *args,
                     void *scratch)
{
    (void)args;
    if (n == 0) return;
    uint32_t *zeros = (uint32_t *)scratch, *buffer = zeros + 32;
    void *pass_scratch = buffer + words16(n);
    launch_count_zeros<32>(in, n, zeros);
    const uint32_t *from = in;
    /* SOLUTION BEGIN: 32 splits, bit 0 first, from in to buffer and out by turns, ending in out */
    for (int bit = 0; bit < 32; bit++) {
        uint32_t *to = bit % 2 ? out : buffer;
        launch_split<C>(from, to, n, bit, zeros, pass_scratch);
        from = to;
    }
    /* SOLUTION END, stub: (void)from; (void)out; (void)buffer; (void)pass_scratch; */
}

#endif /* RADIX_CUH */
