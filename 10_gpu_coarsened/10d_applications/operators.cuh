/* Step 10d, section 5: other operators (max, float addition) and cub::BlockScan as the tile's scan.
 * Included by scan.cu after its tile and kernel (sections 1 to 4), whose functions it uses. */
#ifndef OPERATORS_CUH
#define OPERATORS_CUH

/* ---- 5. Other operators, and cub::BlockScan as the tile's scan ------------------------------- */

/* What a scan with another operator needs (block_scan.cuh says it in full): an identity, so that
 * the padding of a partial tile, the lanes before the array and warp 0's `pending` change
 * nothing; associativity, so that the tile may be scanned in pieces and the pieces joined, and
 * the look-back may join 32 descriptors as a tree (REGROUP); commutativity (COMMUTE) lets that
 * tree be a butterfly, as for the sum; without it the tree keeps the tiles' order.
 * The elements travel as 32-bit words whatever they are: a tile descriptor holds one. */

/* The largest element so far: 0 is its identity (nothing is below it), it groups and commutes
 * exactly, but it cannot be undone (INVERTIBLE false): the rows' exclusive prefixes come from the
 * lane to the left instead of a subtraction. */
struct max_op : word_op {
    static constexpr bool INVERTIBLE = false, REGROUP = true, COMMUTE = true;
    static __device__ __forceinline__ uint32_t identity() { return 0; }
    static __device__ __forceinline__ uint32_t combine(uint32_t a, uint32_t b)
    {
        return a > b ? a : b;
    }
};

/* float addition: commutative but not associative, each sum rounded. Its identity is -0.0
 * (0x80000000): -0.0 + x is x for every x, +0.0 and -0.0 included (+0.0 + -0.0 is +0.0). REGROUP
 * false: the look-back folds left to right (lookback.cuh, 3b), and the result is the same on
 * every run of the kernel. The padding of a partial tile loads as +0.0, which only the first
 * tile's elements meet, and which changes no sum but a -0.0's sign. */
struct float_sum_op : word_op {
    static constexpr bool INVERTIBLE = false, REGROUP = false, COMMUTE = false;
    static __device__ __forceinline__ uint32_t identity() { return 0x80000000u; }
    static __device__ __forceinline__ uint32_t combine(uint32_t a, uint32_t b)
    {
        return __float_as_uint(__uint_as_float(a) + __uint_as_float(b));
    }
};

/* 5c. cub::BlockScan in place of the course's tile scan, as the Blelloch-to-look-back article
 *     composes it: a BLOCKED shape (section 2), whose scan is CUB's. BlockScan takes each thread's
 *     elements in a blocked arrangement (consecutive elements in a thread), so thread t holds
 *     vectors t * VECS .. t * VECS + VECS - 1 and loads them directly, one 16-byte vector after the
 *     other (a warp's load is then 32 pieces VECS * 16 bytes apart, not one contiguous run as in
 *     warp rows). The sum only. */
template <class C>
static __device__ __forceinline__ uint32_t cub_scan_tile(uint4 (&x)[C::VECS], uint32_t &pending)
{
    typedef cub::BlockScan<uint32_t, C::THREADS> block_scan;
    __shared__ typename block_scan::TempStorage temp;
    uint32_t items[4 * C::VECS], aggregate;
#pragma unroll
    for (int v = 0; v < C::VECS; v++) {
        items[4 * v] = x[v].x;
        items[4 * v + 1] = x[v].y;
        items[4 * v + 2] = x[v].z;
        items[4 * v + 3] = x[v].w;
    }
    block_scan(temp).InclusiveSum(items, items, aggregate);
#pragma unroll
    for (int v = 0; v < C::VECS; v++)
        x[v] = make_uint4(items[4 * v], items[4 * v + 1], items[4 * v + 2], items[4 * v + 3]);
    pending = 0;
    return aggregate;
}

#endif /* OPERATORS_CUH */
