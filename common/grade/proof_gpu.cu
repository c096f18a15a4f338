/* The proof of a timed batch on a GPU runner (common/grade/remote.h): after each run, one launch on
 * the default stream (after the run's work) adds up the digest of the call's outputs into the
 * run's slot, and its first thread undoes the run's changes and makes the next run's. */
#include <cuda_runtime.h>

#include "cuda_check.h"
#include "remote.h"

static unsigned long long *slots; /* REMOTE_MAX_RUNS digests, on the device (from HELLO on) */

typedef struct outputs { /* the call's outputs, for the kernel */
    const uint32_t *data[SCAN_MAX_ROLES];
    const uint64_t *bound[SCAN_MAX_ROLES];
    uint64_t words[SCAN_MAX_ROLES];
    uint32_t *varied[SCAN_MAX_ROLES];
    uint64_t n;
} outputs;

__device__ static void change(const outputs &o, int is_float, uint64_t key, long run)
{
    for (int r = 0; r < SCAN_MAX_ROLES; r++)
        for (unsigned k = 0; o.n && o.varied[r] && k < PROOF_CHANGES; k++) {
            const uint64_t draw = proof_draw(key, (uint64_t)run, k);
            uint32_t *w = o.varied[r] + (draw & 0xFFFFFFFFu) % o.n;
            *w = proof_changed(*w, draw, is_float);
        }
}

__global__ void proof_kernel(outputs o, int is_float, uint64_t key, long run, long runs,
                             unsigned long long *slots)
{
    unsigned long long mine = 0;
    const size_t first = blockIdx.x * (size_t)blockDim.x + threadIdx.x,
                 stride = (size_t)gridDim.x * blockDim.x;
    for (int r = 0; run >= 0 && r < SCAN_MAX_ROLES; r++) {
        const uint64_t words = o.bound[r] ? proof_out_words(o.words[r], o.bound[r]) : o.words[r];
        const uint64_t salt = proof_salt(key, (uint64_t)run, (uint64_t)r);
        for (size_t i = first; o.data[r] && i < words; i += stride)
            mine += proof_word(salt, i, o.data[r][i]);
    }
    for (int d = 16; d > 0; d /= 2)
        mine += __shfl_down_sync(0xFFFFFFFFu, mine, d);
    if (run >= 0 && threadIdx.x % 32 == 0) atomicAdd(&slots[run], mine);
    if (first == 0) {
        if (run >= 0) change(o, is_float, key, run);
        if (run + 1 < runs) change(o, is_float, key, run + 1);
    }
}

static outputs outputs_of(const scan_call *call)
{
    outputs o = {};
    o.n = call->n;
    for (size_t r = 0; r < scan_role_count; r++) {
        if (!call->buffer[r]) continue;
        if (scan_roles[r].how & SCAN_ROLE_VARIED) o.varied[r] = (uint32_t *)call->buffer[r];
        if (!(scan_roles[r].how & SCAN_ROLE_OUTPUT)) continue;
        o.data[r] = (const uint32_t *)call->buffer[r];
        o.words[r] = scan_role_words(r, call->n);
        if (scan_roles[r].bound >= 0)
            o.bound[r] = (const uint64_t *)call->buffer[scan_roles[r].bound];
    }
    return o;
}

extern "C" void proof_begin(const scan_call *call, int is_float, uint64_t key, long runs)
{
    if (!slots) CUDA_CHECK(cudaMalloc(&slots, REMOTE_MAX_RUNS * sizeof *slots));
    CUDA_CHECK(cudaMemsetAsync(slots, 0, (size_t)runs * sizeof *slots, 0));
    proof_kernel<<<1, 32>>>(outputs_of(call), is_float, key, -1, 1, slots); /* run 0's changes */
    LAUNCH_CHECK();
}

extern "C" void proof_step(const scan_call *call, int is_float, uint64_t key, long run, long runs)
{
    proof_kernel<<<1056, 256>>>(outputs_of(call), is_float, key, run, runs, slots);
    LAUNCH_CHECK();
}

extern "C" void proof_end(uint64_t *digests, long runs)
{
    CUDA_CHECK(cudaMemcpy(digests, slots, (size_t)runs * sizeof *slots, cudaMemcpyDeviceToHost));
    for (long r = 0; r < runs; r++) /* (modulo 2^32, as remote.h's digest) */
        digests[r] &= 0xFFFFFFFFu;
}
