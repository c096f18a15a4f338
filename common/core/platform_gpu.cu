/* The GPU platform: device memory, CUDA-event timing, and the two reference rows every GPU
 * benchmark measures in the same run: `copy` (cudaMemcpy device to device: read n, write n, the
 * physical limit for a scan) and `cub` (cub::DeviceScan::InclusiveSum with a 64-bit count: what a
 * practitioner would use instead of this course). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cub/device/device_scan.cuh>

#include "cuda_check.h"
#include "harness.h"

/* CUDA state does not survive fork(), and Check forks every test: the probe asks in a child
 * process, so the process that forks the tests has made no CUDA call. Any error (no device, no
 * driver, "insufficient driver" where a toolkit has no driver) means "no GPU here". */
static const char *gpu_probe(void)
{
    static char why[256];
    int pipe_fd[2];
    if (pipe(pipe_fd) != 0) return "no CUDA device (cannot create a pipe for the probe)";
    pid_t pid = fork();
    if (pid < 0) return "no CUDA device (cannot fork the probe)";
    if (pid == 0) {
        close(pipe_fd[0]);
        int count = 0;
        cudaError_t err = cudaGetDeviceCount(&count);
        char msg[200];
        int len = err != cudaSuccess ? snprintf(msg, sizeof msg, "%s", cudaGetErrorString(err))
                  : count == 0       ? snprintf(msg, sizeof msg, "no device found")
                                     : 0;
        if (len > 0 && write(pipe_fd[1], msg, (size_t)len) < 0) _exit(1);
        _exit(len > 0 ? 1 : 0);
    }
    close(pipe_fd[1]);
    char msg[200];
    ssize_t got = read(pipe_fd[0], msg, sizeof msg - 1);
    close(pipe_fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return NULL;
    msg[got > 0 ? got : 0] = 0;
    /* Without NVIDIA's driver, CUDA says "driver version is insufficient": true, and misleading
     * on a machine that has no NVIDIA GPU at all. Say that plainly; keep CUDA's words where a
     * driver is there. */
    if (access("/proc/driver/nvidia/version", F_OK) != 0)
        snprintf(why, sizeof why, "no NVIDIA GPU or driver found");
    else
        snprintf(why, sizeof why, "no usable CUDA device (%s)", got > 0 ? msg : "the probe failed");
    return why;
}

static void *gpu_alloc(size_t bytes)
{
    void *p = NULL;
    cudaError_t err = cudaMalloc(&p, bytes ? bytes : 1);
    if (err != cudaSuccess) {
        fprintf(stderr, "cannot allocate %zu bytes (%.2f GiB) of device memory: %s\n", bytes,
                (double)bytes / (1u << 30), cudaGetErrorString(err));
        exit(EXIT_FAILURE);
    }
    return p;
}

static void gpu_release(void *p) { CUDA_CHECK(cudaFree(p)); }

static void gpu_upload(void *device_dst, const void *host_src, size_t bytes)
{
    if (bytes) CUDA_CHECK(cudaMemcpy(device_dst, host_src, bytes, cudaMemcpyHostToDevice));
}

static void gpu_download(void *host_dst, const void *device_src, size_t bytes)
{
    if (bytes) CUDA_CHECK(cudaMemcpy(host_dst, device_src, bytes, cudaMemcpyDeviceToHost));
}

static void gpu_finish(void)
{
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
}

static double gpu_time_runs(const scan_row *row, const uint32_t *in, uint32_t *out, size_t n,
                            void *scratch, long runs, const uint32_t *expect,
                            const uint32_t *expect_values, size_t words)
{
    (void)expect; /* the same process: nothing to prove */
    (void)expect_values;
    (void)words;
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start, 0));
    for (long r = 0; r < runs; r++)
        scan_row_run(row, in, out, n, scratch);
    CUDA_CHECK(cudaEventRecord(stop, 0));
    CUDA_CHECK(cudaEventSynchronize(stop));
    gpu_finish();
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    return ms;
}

static void gpu_describe(char *name, size_t name_size, char *facts, size_t facts_size)
{
    int device = 0, runtime = 0, driver = 0;
    cudaDeviceProp prop;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
    CUDA_CHECK(cudaRuntimeGetVersion(&runtime));
    CUDA_CHECK(cudaDriverGetVersion(&driver));
    snprintf(name, name_size, "%s", prop.name);
    snprintf(facts, facts_size, "sm=%d.%d sms=%d l2=%d memory=%zu cuda_runtime=%d cuda_driver=%d",
             prop.major, prop.minor, prop.multiProcessorCount, prop.l2CacheSize,
             prop.totalGlobalMem, runtime, driver);
}

/* What the harness may use of free_bytes free on the device: less 5% and 256 MiB for the runtime
 * and CUB's scratch. */
static size_t usable(size_t free_bytes)
{
    size_t margin = free_bytes / 20 + ((size_t)256 << 20);
    return free_bytes > margin ? free_bytes - margin : 0;
}

/* What is free on the device now, usable. */
static size_t gpu_memory_limit(void)
{
    size_t free_bytes = 0, total = 0;
    CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total));
    return usable(free_bytes);
}

/* gpu_memory_limit, asked in a child process (see gpu_probe); 0 when the child cannot tell. */
static size_t gpu_probe_memory(void)
{
    int pipe_fd[2];
    if (pipe(pipe_fd) != 0) return 0;
    pid_t pid = fork();
    if (pid < 0) return 0;
    if (pid == 0) {
        close(pipe_fd[0]);
        size_t free_bytes = 0, total = 0;
        if (cudaMemGetInfo(&free_bytes, &total) != cudaSuccess) _exit(1);
        size_t limit = usable(free_bytes);
        _exit(write(pipe_fd[1], &limit, sizeof limit) == (ssize_t)sizeof limit ? 0 : 1);
    }
    close(pipe_fd[1]);
    size_t limit = 0;
    if (read(pipe_fd[0], &limit, sizeof limit) != (ssize_t)sizeof limit) limit = 0;
    close(pipe_fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? limit : 0;
}

static void reference_copy(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)scratch;
    if (n) CUDA_CHECK(cudaMemcpyAsync(out, in, n * sizeof *out, cudaMemcpyDeviceToDevice, 0));
}

/* CUB's two-call protocol: the first call (no storage) asks for the scratch size. */
static size_t reference_cub_scratch(size_t n)
{
    size_t bytes = 0;
    CUDA_CHECK(cub::DeviceScan::InclusiveSum(NULL, bytes, (const uint32_t *)NULL, (uint32_t *)NULL,
                                             (long long)n, 0));
    return bytes;
}

static void reference_cub(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    static size_t cached_n = (size_t)-1, cached_bytes; /* keep the size query out of the timing */
    if (n != cached_n) {
        cached_bytes = reference_cub_scratch(n);
        cached_n = n;
    }
    CUDA_CHECK(cub::DeviceScan::InclusiveSum(scratch, cached_bytes, in, out, (long long)n, 0));
}

static const scan_variant gpu_references[] = {
    {"copy", NULL, reference_copy, 1, 0},
    {"cub", reference_cub_scratch, reference_cub, 1, 0},
};

extern "C" const scan_platform scan_platform_here = {
    "gpu",
    "GB/s",
    gpu_probe,
    gpu_alloc,
    gpu_release,
    gpu_upload,
    gpu_download,
    gpu_finish,
    gpu_time_runs,
    0,
    0,
    gpu_describe,
    gpu_memory_limit,
    gpu_probe_memory,
    gpu_references,
    sizeof gpu_references / sizeof gpu_references[0],
    NULL,
};
