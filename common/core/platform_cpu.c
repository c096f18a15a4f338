/* The CPU platform: host memory, a monotonic clock, and the three reference rows every CPU
 * benchmark measures in the same run: `scalar` (the plain sequential loop: what every stage is
 * compared with, timed beside it so that the ratio holds on a machine whose speed drifts),
 * `memcpy` (read n, write n) and `stream` (a[i] += 1 in place: the fastest a read-modify-write
 * pass over the array can go, the CPU stages' roofline). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"

static const char *cpu_probe(void) { return NULL; }

static void *cpu_alloc(size_t bytes)
{
    /* 64-byte alignment: the harness offsets pointers itself when it wants them misaligned. */
    void *p = NULL;
    size_t rounded = (bytes + 63) / 64 * 64;
    if (posix_memalign(&p, 64, rounded ? rounded : 64) != 0 || !p) {
        fprintf(stderr, "cannot allocate %zu bytes (%.2f GiB) of host memory\n", bytes,
                (double)bytes / (1u << 30));
        exit(EXIT_FAILURE);
    }
    return p;
}

static void cpu_release(void *p) { free(p); }

static void cpu_copy(void *dst, const void *src, size_t bytes)
{
    if (bytes) memcpy(dst, src, bytes);
}

static void cpu_finish(void) {}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static double cpu_time_runs(const scan_row *row, const uint32_t *in, uint32_t *out, size_t n,
                            void *scratch, long runs, const uint32_t *expect,
                            const uint32_t *expect_values, size_t words)
{
    (void)expect; /* the same process: nothing to prove */
    (void)expect_values;
    (void)words;
    double start = now_ms();
    for (long r = 0; r < runs; r++)
        scan_row_run(row, in, out, n, scratch);
    return now_ms() - start;
}

/* The model name, with family and model numbers: virtual machines often report a generic name. */
static void cpu_describe(char *name, size_t name_size, char *facts, size_t facts_size)
{
    char line[512], model_name[256] = "unknown CPU";
    int family = -1, model = -1;
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        while (fgets(line, sizeof line, f)) {
            char *colon = strchr(line, ':');
            if (!colon) continue;
            if (!strncmp(line, "model name", 10)) {
                char *value = colon + 2;
                value[strcspn(value, "\n")] = 0;
                snprintf(model_name, sizeof model_name, "%s", value);
            } else if (!strncmp(line, "cpu family", 10)) {
                family = atoi(colon + 1);
            } else if (!strncmp(line, "model\t", 6) || !strncmp(line, "model ", 6)) {
                model = atoi(colon + 1);
            }
            if (!strncmp(line, "flags", 5)) break; /* the first processor is enough */
        }
        fclose(f);
    }
    snprintf(name, name_size, "%s (family %d model %d)", model_name, family, model);
    snprintf(facts, facts_size, "l1d=%ld l2=%ld l3=%ld cores=%ld", sysconf(_SC_LEVEL1_DCACHE_SIZE),
             sysconf(_SC_LEVEL2_CACHE_SIZE), sysconf(_SC_LEVEL3_CACHE_SIZE),
             sysconf(_SC_NPROCESSORS_ONLN));
}

/* The harness's reference scan, the plain running sum (gcc does not vectorize the chain). */
static void reference_scalar(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    (void)scratch;
    scan_reference(in, out, n);
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
    (void)in;
    (void)scratch;
    for (size_t i = 0; i < n; i++)
        out[i] += 1;
}

static const scan_variant cpu_references[] = {
    {"scalar", NULL, reference_scalar, 1, 0},
    {"memcpy", NULL, reference_memcpy, 1, 0},
    {"stream", NULL, reference_stream, 1, 0},
};

const scan_platform scan_platform_here = {
    .kind = "cpu",
    .unit = "Gelem/s",
    .probe = cpu_probe,
    .alloc = cpu_alloc,
    .release = cpu_release,
    .upload = cpu_copy,
    .download = cpu_copy,
    .finish = cpu_finish,
    .time_runs = cpu_time_runs,
    .describe = cpu_describe,
    .memory_limit = scan_host_memory_limit,
    .probe_memory = scan_host_memory_limit,
    .references = cpu_references,
    .reference_count = sizeof cpu_references / sizeof cpu_references[0],
};
