/* 3h. The ring (step 10g; scan.cu includes it after section 3g): the cooperative loop of 3e with
 *     the block's next STAGES tiles on their way into shared memory (a slot a tile, dynamic
 *     shared memory) while it scans the current one and waits for its carry; tile k of the block
 *     goes to slot k % STAGES. The copies need no registers, and no thread waits for them until
 *     it reads the slot. cp.async (sm_80 on; ring): each thread copies its own vectors, one group
 *     a tile, and waits for all but the newest STAGES - 1 groups; it reads only what it copied.
 *     The bulk-copy engine (sm_90 on; ring+bulk): thread 0 copies the whole tile, counted into
 *     the slot's mbarrier, whose phase every thread waits for; the slot is refilled after the
 *     scan's barrier. Below sm_80 the copies are plain loads. Partial tiles, and every tile when
 *     in is not aligned with out, skip the ring. 3e's argument holds: a block's current tile is
 *     the lowest it holds, and the tiles in its ring wait for nothing. */
#ifndef RING_CUH
#define RING_CUH

/* The copies' helpers: a build for an older GPU leaves some unused ([[maybe_unused]]). */
[[maybe_unused]] static __device__ __forceinline__ uint32_t shared_address(const void *p)
{
    return (uint32_t)__cvta_generic_to_shared(p);
}

/* The L2 policy of __ldcs: lines marked evict-first. */
static __device__ __forceinline__ uint64_t evict_first(void)
{
    uint64_t policy = 0;
#if __CUDA_ARCH__ >= 800
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
#endif
    return policy;
}

[[maybe_unused]] static __device__ __forceinline__ void
copy_async16(uint4 *dst, const uint32_t *src, uint64_t policy)
{
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, %2;"
                 :
                 : "r"(shared_address(dst)), "l"(src), "l"(policy)
                 : "memory");
#else
    (void)policy;
    *dst = load16(src);
#endif
}

[[maybe_unused]] static __device__ __forceinline__ void copy_async_commit(void)
{
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}

template <int PENDING> static __device__ __forceinline__ void copy_async_wait(void)
{
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;" ::"n"(PENDING) : "memory");
#endif
}

/* The bulk copy and its mbarrier (sm_90 on; never called below). */
[[maybe_unused]] static __device__ __forceinline__ void slot_barrier_init(uint64_t *full)
{
#if __CUDA_ARCH__ >= 900
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(shared_address(full)) : "memory");
#endif
}

[[maybe_unused]] static __device__ __forceinline__ void
bulk_copy(uint4 *dst, const uint32_t *src, uint32_t bytes, uint64_t *full, uint64_t policy)
{
#if __CUDA_ARCH__ >= 900
    /* The threads' reads of the slot (generic proxy) come before the engine's writes (async
     * proxy): the scan's barrier orders them across threads, this fence across the proxies. */
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
                 :
                 : "r"(shared_address(full)), "r"(bytes)
                 : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint"
                 " [%0], [%1], %2, [%3], %4;"
                 :
                 : "r"(shared_address(dst)), "l"(src), "r"(bytes), "r"(shared_address(full)),
                   "l"(policy)
                 : "memory");
#endif
}

[[maybe_unused]] static __device__ __forceinline__ void bulk_wait(uint64_t *full, uint32_t parity)
{
#if __CUDA_ARCH__ >= 900
    uint32_t done;
    do {
        asm volatile("{ .reg .pred p;\n"
                     "  mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                     "  selp.u32 %0, 1, 0, p; }"
                     : "=r"(done)
                     : "r"(shared_address(full)), "r"(parity)
                     : "memory");
    } while (!done);
#endif
}

/* Whether a variant's copies use the bulk-copy engine on the architecture compiled for. */
template <class C> static __device__ constexpr bool bulk_copies(void)
{
#if __CUDA_ARCH__ >= 900
    return C::BULK;
#else
    return false;
#endif
}

/* Slot `slot` starts loading `tile` (nothing for a tile past the end, or one that skips the ring;
 * cp.async commits its group all the same, so that every tile is one group). */
template <class C, bool ALIGNED_IN>
static __device__ __forceinline__ void fill_slot(const tile_io &io, uint32_t tile, uint32_t tiles,
                                                 uint4 *slot, uint64_t *full, uint64_t policy)
{
    const bool in_ring = ALIGNED_IN && tile < tiles && tile_is_full<C>(io, tile);
    const uint32_t *p = io.in + (4 * (size_t)tile * tile_vectors<C> - io.head);
    /* SOLUTION BEGIN: the copies of the tile into the slot, bulk or cp.async */
    if constexpr (bulk_copies<C>()) {
        if (in_ring && threadIdx.x == 0) bulk_copy(slot, p, 16 * tile_vectors<C>, full, policy);
    } else {
        if (in_ring) {
#pragma unroll
            for (int v = 0; v < C::VECS; v++)
                copy_async16(slot + vector_of<C>(v), p + 4 * vector_of<C>(v), policy);
        }
        copy_async_commit();
    }
    /* SOLUTION END, stub: (void)in_ring; (void)p; (void)slot; (void)full; (void)policy; */
}

/* The thread's vectors of `tile` from its slot, once they have landed; `phases` holds the parity
 * each slot's mbarrier waits for next (bulk copies only). */
template <class C, bool ALIGNED_IN>
static __device__ __forceinline__ void read_slot(const tile_io &io, uint32_t tile,
                                                 const uint4 *slot, uint64_t *full, int s,
                                                 uint32_t &phases, uint4 (&x)[C::VECS])
{
    if (ALIGNED_IN && tile_is_full<C>(io, tile)) {
        /* SOLUTION BEGIN: wait until the slot's copies have landed, then read the vectors */
        if constexpr (bulk_copies<C>()) {
            bulk_wait(full, (phases >> s) & 1);
            phases ^= 1u << s;
        } else {
            copy_async_wait<C::STAGES - 1>();
        }
#pragma unroll
        for (int v = 0; v < C::VECS; v++)
            x[v] = slot[vector_of<C>(v)];
        /* SOLUTION END, stub: (void)slot; (void)full; (void)s; (void)phases; */
    } else {
        load_tile<C, ALIGNED_IN>(io, tile, x);
    }
}

template <class C, bool ALIGNED_IN>
__global__ void __launch_bounds__(C::THREADS, C::MIN_BLOCKS)
    ring_scan(tile_io io, uint32_t tiles, tile_descriptor *descriptors)
{
    extern __shared__ uint4 slots[];
    __shared__ uint64_t full[C::STAGES];
    __shared__ uint32_t s_carry;
    const uint64_t policy = evict_first();
    if (bulk_copies<C>() && threadIdx.x == 0)
        for (int k = 0; k < C::STAGES; k++)
            slot_barrier_init(full + k);
    clear_descriptors<C>(descriptors, tiles);
    /* The grid barrier is a block barrier too: the mbarriers are ready before the first copy. */
    cooperative_groups::this_grid().sync();
#pragma unroll
    for (int k = 0; k < C::STAGES; k++)
        fill_slot<C, ALIGNED_IN>(io, blockIdx.x + k * gridDim.x, tiles, slots + k * tile_vectors<C>,
                                 full + k, policy);
    uint32_t phases = 0;
    int s = 0;
    for (uint32_t tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
        uint4 x[C::VECS] = {}; /* (read_slot fills it; zero where the handout blanks it) */
        uint32_t pending;
        uint4 *slot = slots + s * tile_vectors<C>;
        read_slot<C, ALIGNED_IN>(io, tile, slot, full + s, s, phases, x);
        /* After the scan's barrier every thread has read the slot: it takes the tile STAGES on. */
        const uint32_t aggregate = scan_tile<C>(x, pending);
        fill_slot<C, ALIGNED_IN>(io, tile + C::STAGES * gridDim.x, tiles, slot, full + s, policy);
        const uint32_t carry = tile_carry<C>(descriptors, tile, aggregate, &s_carry);
        store_tile<C>(io, tile, x, carry + pending);
        s = s + 1 == C::STAGES ? 0 : s + 1;
    }
}

#endif /* RING_CUH */
