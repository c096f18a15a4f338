/* A GPU runner's memory (runner_device.h): the device's, with the FILL and the digest as small
 * kernels of the harness (not of any unit). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cuda_runtime.h>

#include "remote.h"
#include "runner_device.h"

static int failed(cudaError_t err, const char *what, char *why)
{
    if (err == cudaSuccess) return 0;
    snprintf(why, WHY_SIZE, "%s: CUDA error %d (%s)", what, (int)err, cudaGetErrorString(err));
    return 1;
}

/* A store from the host is a copy that waits for the runs before it: too dear between runs. */
extern "C" const int device_stores_are_cheap = 0;

extern "C" const char *device_probe(void)
{
    static char why[256];
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err == cudaSuccess && count > 0) return NULL;
    if (access("/proc/driver/nvidia/version", F_OK) != 0)
        snprintf(why, sizeof why, "no NVIDIA GPU or driver found");
    else
        snprintf(why, sizeof why, "no usable CUDA device (%s)",
                 err != cudaSuccess ? cudaGetErrorString(err) : "no device found");
    return why;
}

extern "C" void device_describe(char *name, size_t name_size, char *facts, size_t facts_size)
{
    cudaDeviceProp prop;
    int device = 0, runtime = 0, driver = 0;
    if (cudaGetDevice(&device) != cudaSuccess ||
        cudaGetDeviceProperties(&prop, device) != cudaSuccess) {
        snprintf(name, name_size, "unknown GPU");
        snprintf(facts, facts_size, "%s", "");
        return;
    }
    cudaRuntimeGetVersion(&runtime);
    cudaDriverGetVersion(&driver);
    snprintf(name, name_size, "%s", prop.name);
    snprintf(facts, facts_size, "sm=%d.%d sms=%d cuda_runtime=%d cuda_driver=%d", prop.major,
             prop.minor, prop.multiProcessorCount, runtime, driver);
}

extern "C" uint64_t device_memory(void)
{
    size_t free_bytes = 0, total = 0;
    if (cudaMemGetInfo(&free_bytes, &total) != cudaSuccess) return 0;
    size_t margin = free_bytes / 20 + ((size_t)256 << 20); /* as common/core/platform_gpu.cu */
    return free_bytes > margin ? free_bytes - margin : 0;
}

extern "C" void *device_alloc(size_t bytes, char *why)
{
    void *p = NULL;
    if (failed(cudaMalloc(&p, bytes ? bytes : 1), "cudaMalloc", why)) return NULL;
    return p;
}

extern "C" void device_free(void *p) { cudaFree(p); }

extern "C" int device_receive(void *dst, const void *staging, size_t bytes, char *why)
{
    return !failed(cudaMemcpy(dst, staging, bytes, cudaMemcpyHostToDevice), "cudaMemcpy", why);
}

extern "C" int device_send(void *staging, const void *src, size_t bytes, char *why)
{
    return !failed(cudaMemcpy(staging, src, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy", why);
}

__global__ void fill_kernel(uint32_t *p, size_t words, uint64_t key)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < words;
         i += (size_t)gridDim.x * blockDim.x)
        p[i] = remote_fill_word(key, i);
}

__global__ void digest_kernel(const uint32_t *p, size_t words, uint64_t key,
                              unsigned long long *sum)
{
    unsigned long long mine = 0;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < words;
         i += (size_t)gridDim.x * blockDim.x)
        mine += remote_digest_word(key, i, p[i]);
    for (int d = 16; d > 0; d /= 2)
        mine += __shfl_down_sync(0xFFFFFFFFu, mine, d);
    if (threadIdx.x % 32 == 0) atomicAdd(sum, mine);
}

extern "C" int device_fill(uint32_t *p, size_t words, uint64_t key, char *why)
{
    if (words) fill_kernel<<<1024, 256>>>(p, words, key);
    return !failed(cudaGetLastError(), "the fill's launch", why) &&
           !failed(cudaDeviceSynchronize(), "the fill", why);
}

extern "C" int device_poke(uint32_t *p, uint32_t value, char *why)
{
    /* (on the default stream: after the runs launched before, which it waits for) */
    return !failed(cudaMemcpy(p, &value, sizeof value, cudaMemcpyHostToDevice), "cudaMemcpy", why);
}

extern "C" int device_finish(char *why)
{
    return !failed(cudaGetLastError(), "a launch", why) &&
           !failed(cudaDeviceSynchronize(), "a run", why);
}

extern "C" int device_digest(const uint32_t *p, size_t words, uint64_t key, uint64_t *result,
                             char *why)
{
    static unsigned long long *sum;
    if (!sum && failed(cudaMalloc(&sum, sizeof *sum), "cudaMalloc", why)) return 0;
    unsigned long long host = 0;
    if (failed(cudaMemsetAsync(sum, 0, sizeof *sum, 0), "cudaMemsetAsync", why)) return 0;
    if (words) digest_kernel<<<1024, 256>>>(p, words, key, sum);
    if (failed(cudaGetLastError(), "the digest's launch", why) ||
        failed(cudaMemcpy(&host, sum, sizeof host, cudaMemcpyDeviceToHost), "the digest", why))
        return 0;
    *result = host;
    return 1;
}
