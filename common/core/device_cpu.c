/* The CPU's device layer (harness.h): host memory, a monotonic clock, and the three reference rows
 * every CPU benchmark measures in the same run: `scalar` (the plain sequential loop: what every
 * stage is compared with, timed beside it so that the ratio holds on a machine whose speed
 * drifts), `memcpy` (read n, write n) and `stream` (a[i] += 1 in place: the fastest a
 * read-modify-write pass over the array can go, the CPU stages' roofline). The grader's runner
 * (common/grade/runner.c) runs a CPU unit's kernel on this layer too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

const char device_kind[] = "cpu";
int device_is_host = 1;

const char *device_probe(void) { return NULL; }

size_t device_memory(void) { return scan_host_memory_limit(); }

/* Whole pages: where two arrays start within a page changes how fast a loop that reads one and
 * writes the other runs, so every binary (the grader's runner too) places them alike. */
void *device_alloc(size_t bytes)
{
    void *p = NULL;
    if (posix_memalign(&p, 4096, (bytes + 4095) / 4096 * 4096 + !bytes) != 0)
        scan_platform_failed("cannot allocate %zu bytes (%.2f GiB) of host memory", bytes,
                             (double)bytes / (1u << 30));
    return p;
}

void device_free(void *p) { free(p); }

/* (memcpy's pointers may not be NULL, even for no bytes) */
static void copy(void *dst, const void *src, size_t bytes)
{
    if (bytes) memcpy(dst, src, bytes);
}
void device_upload(void *dst, const void *src, size_t bytes) { copy(dst, src, bytes); }
void device_download(void *dst, const void *src, size_t bytes) { copy(dst, src, bytes); }

void device_finish(void) {}

void device_after_case(void) {}

double device_time(const scan_row *row, const scan_call *call, long runs, const scan_call *host)
{
    (void)host; /* (the same process: nothing to prove) */
    const double start = scan_now_s();
    for (long r = 0; r < runs; r++)
        row->run(row, call);
    return 1e3 * (scan_now_s() - start);
}

/* The model name, with family and model numbers: virtual machines often report a generic name. */
void device_describe(char *name, size_t name_size, char *facts, size_t facts_size)
{
    char line[512], model_name[256] = "unknown CPU";
    int family = -1, model = -1;
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f && fgets(line, sizeof line, f) && strncmp(line, "flags", 5)) { /* the first CPU */
        sscanf(line, "model name : %255[^\n]", model_name);
        sscanf(line, "cpu family : %d", &family);
        sscanf(line, "model : %d", &model);
    }
    if (f) fclose(f);
    snprintf(name, name_size, "%s (family %d model %d)", model_name, family, model);
    snprintf(facts, facts_size, "l1d=%ld l2=%ld l3=%ld cores=%ld", sysconf(_SC_LEVEL1_DCACHE_SIZE),
             sysconf(_SC_LEVEL2_CACHE_SIZE), sysconf(_SC_LEVEL3_CACHE_SIZE),
             sysconf(_SC_NPROCESSORS_ONLN));
}

/* The plain running sum (gcc does not vectorize the chain). */
static void reference_scalar(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)scratch;
    uint32_t sum = 0;
    for (size_t i = 0; i < n; i++)
        out[i] = sum += in[i];
}

static void reference_memcpy(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)scratch;
    if (n) memcpy(out, in, n * sizeof *out);
}

/* Built for AVX2 too where the CPU has it, so that in-cache sizes show the real ceiling (on other
 * architectures the compiler's own vector code). */
#if defined(__x86_64__)
__attribute__((target_clones("avx2", "default")))
#endif
static void
reference_stream(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)in, (void)scratch;
    for (size_t i = 0; i < n; i++)
        out[i] += 1;
}

const scan_variant device_references[] = {
    {"scalar", NULL, reference_scalar, 1, 0},
    {"memcpy", NULL, reference_memcpy, 1, 0},
    {"stream", NULL, reference_stream, 1, 0},
};
const size_t device_reference_count = sizeof device_references / sizeof device_references[0];
