/* A CPU runner's memory (runner_device.h): the host's; its descriptions as common/core/platform_cpu.c
 * gives them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "remote.h"
#include "runner_device.h"

const char *device_probe(void) { return NULL; }

const int device_stores_are_cheap = 1;

void device_describe(char *name, size_t name_size, char *facts, size_t facts_size)
{
    char line[512], model[256] = "unknown CPU";
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f && fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (colon && !strncmp(line, "model name", 10)) {
            colon[2 + strcspn(colon + 2, "\n")] = 0;
            snprintf(model, sizeof model, "%s", colon + 2);
            break;
        }
    }
    if (f) fclose(f);
    snprintf(name, name_size, "%s", model);
    snprintf(facts, facts_size, "cores=%ld", sysconf(_SC_NPROCESSORS_ONLN));
}

uint64_t device_memory(void)
{
    long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    return pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size / 4 * 3 : 0;
}

void *device_alloc(size_t bytes, char *why)
{
    /* Whole pages, as large allocations get from the system in the test and benchmark binaries
     * (the grader places in and out itself): where two arrays start within a page changes how
     * fast a loop that reads one and writes the other runs. */
    void *p = NULL;
    size_t rounded = (bytes + 4095) / 4096 * 4096;
    if (posix_memalign(&p, 4096, rounded ? rounded : 4096) != 0) {
        snprintf(why, WHY_SIZE, "cannot allocate %zu bytes of host memory", bytes);
        return NULL;
    }
    return p;
}

void device_free(void *p) { free(p); }

int device_receive(void *dst, const void *staging, size_t bytes, char *why)
{
    (void)why;
    memcpy(dst, staging, bytes);
    return 1;
}

int device_send(void *staging, const void *src, size_t bytes, char *why)
{
    (void)why;
    memcpy(staging, src, bytes);
    return 1;
}

int device_fill(uint32_t *p, size_t words, uint64_t key, char *why)
{
    (void)why;
    for (size_t i = 0; i < words; i++)
        p[i] = remote_fill_word(key, i);
    return 1;
}

int device_poke(uint32_t *p, uint32_t value, char *why)
{
    (void)why;
    *p = value;
    return 1;
}

int device_finish(char *why)
{
    (void)why;
    return 1;
}

/* Vectorized where the CPU has AVX2 (32-bit multiplies), so that the digest costs about one read
 * of the output. */
#if defined(__x86_64__)
__attribute__((target_clones("avx2", "default")))
#endif
static uint64_t
digest(const uint32_t *p, size_t words, uint64_t key)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < words; i++)
        sum += remote_digest_word(key, i, p[i]);
    return sum;
}

int device_digest(const uint32_t *p, size_t words, uint64_t key, uint64_t *result, char *why)
{
    (void)why;
    *result = digest(p, words, key);
    return 1;
}
