/* The GPU's device layer (harness.h): device memory, CUDA-event timing, and the two reference rows
 * every GPU benchmark measures in the same run: `copy` (cudaMemcpy device to device: read n, write
 * n, the physical limit for a scan) and `cub` (cub::DeviceScan::InclusiveSum with a 64-bit count:
 * what a practitioner would use instead of this course). The grader's runner
 * (common/grade/runner.c) runs a GPU unit's kernel on this layer too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cub/device/device_scan.cuh>

#include "cuda_check.h"
#include "harness.h"

extern "C" const char device_kind[] = "gpu";
extern "C" int device_is_host = 0;

/* What the harness may use of free_bytes free on the device: less 5% and 256 MiB for the runtime
 * and CUB's scratch. */
static size_t usable(size_t free_bytes)
{
    size_t margin = free_bytes / 20 + ((size_t)256 << 20);
    return free_bytes > margin ? free_bytes - margin : 0;
}

/* CUDA state does not survive fork(), and Check forks every test case: the probe and the memory
 * are asked in a child process, so that the process that forks the cases makes no CUDA call. The
 * child writes its answer: usable memory, or CUDA's message. Any error (no device, no driver,
 * "insufficient driver" where a toolkit has no driver) means "no GPU here". */
static int ask_child(size_t *memory, char *why, size_t why_size)
{
    int fd[2];
    if (pipe(fd) != 0) return snprintf(why, why_size, "cannot make a pipe"), 0;
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        size_t free_bytes = 0, total = 0, limit;
        cudaError_t err = cudaMemGetInfo(&free_bytes, &total);
        const char *text = cudaGetErrorString(err);
        limit = usable(free_bytes);
        if (err == cudaSuccess ? write(fd[1], &limit, sizeof limit) < 0
                               : write(fd[1], text, strlen(text)) < 0)
            _exit(2);
        _exit(err == cudaSuccess ? 0 : 1);
    }
    close(fd[1]);
    char answer[256] = "";
    ssize_t got = pid > 0 ? read(fd[0], answer, sizeof answer - 1) : -1;
    close(fd[0]);
    int status = 1;
    if (pid > 0) waitpid(pid, &status, 0);
    if (pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
        got == (ssize_t)sizeof *memory) {
        memcpy(memory, answer, sizeof *memory);
        return 1;
    }
    answer[got > 0 ? got : 0] = 0;
    /* Without NVIDIA's driver, CUDA says "driver version is insufficient": true, and misleading on
     * a machine with no NVIDIA GPU at all. Say that plainly; keep CUDA's words where a driver is.
     */
    if (access("/proc/driver/nvidia/version", F_OK) != 0)
        snprintf(why, why_size, "no NVIDIA GPU or driver found");
    else
        snprintf(why, why_size, "no usable CUDA device (%s)",
                 *answer ? answer : "the probe failed");
    return 0;
}

extern "C" const char *device_probe(void)
{
    static char why[300];
    size_t memory;
    return ask_child(&memory, why, sizeof why) ? NULL : why;
}

extern "C" size_t device_memory(void)
{
    static size_t memory; /* (asked once: a child's CUDA start costs a fraction of a second) */
    char why[300];
    size_t free_bytes = 0, total = 0;
    if (memory || ask_child(&memory, why, sizeof why)) return memory;
    /* (a process whose CUDA has started, a benchmark's, asks itself: a child's would fail) */
    return cudaMemGetInfo(&free_bytes, &total) == cudaSuccess ? memory = usable(free_bytes) : 0;
}

extern "C" void *device_alloc(size_t bytes)
{
    void *p = NULL;
    cudaError_t err = cudaMalloc(&p, bytes ? bytes : 1);
    if (err != cudaSuccess)
        scan_platform_failed("cannot allocate %zu bytes (%.2f GiB) of device memory: %s", bytes,
                             (double)bytes / (1u << 30), cudaGetErrorString(err));
    return p;
}

extern "C" void device_free(void *p) { CUDA_CHECK(cudaFree(p)); }

extern "C" void device_upload(void *dst, const void *src, size_t bytes)
{
    if (bytes) CUDA_CHECK(cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice));
}

extern "C" void device_download(void *dst, const void *src, size_t bytes)
{
    if (bytes) CUDA_CHECK(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost));
}

extern "C" void device_finish(void)
{
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
}

extern "C" void device_after_case(void) {}

extern "C" double device_time(const scan_row *row, const scan_call *call, long runs,
                              const scan_call *host)
{
    (void)host; /* (the same process: nothing to prove) */
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start, 0));
    for (long r = 0; r < runs; r++)
        row->run(row, call);
    CUDA_CHECK(cudaEventRecord(stop, 0));
    CUDA_CHECK(cudaEventSynchronize(stop));
    device_finish();
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    return ms;
}

extern "C" void device_describe(char *name, size_t name_size, char *facts, size_t facts_size)
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

extern "C" const scan_variant device_references[] = {
    {"copy", NULL, reference_copy, 1, 0},
    {"cub", reference_cub_scratch, reference_cub, 1, 0},
};
extern "C" const size_t device_reference_count =
    sizeof device_references / sizeof device_references[0];
