/* The host: the CPU features a kernel may ask for (scan_cpu_has, common/contract/scan.h) and
 * SCAN_HIDE_CPU, which hides some of them; the host memory a binary may use; its clock; and the
 * failure that ends a binary or a test case. Linked into every binary, the grader's runner too (a
 * kernel file calls scan_cpu_has; its device layer fails through scan_platform_failed). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"

void (*scan_platform_fail_hook)(const char *message);

void scan_platform_failed(const char *fmt, ...)
{
    char message[2048];
    va_list args;
    va_start(args, fmt);
    vsnprintf(message, sizeof message, fmt, args);
    va_end(args);
    if (scan_platform_fail_hook) scan_platform_fail_hook(message);
    fprintf(stderr, "%s\n", message);
    exit(EXIT_FAILURE);
}

double scan_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The number after `key` in a file of "key value" lines (NULL: its first number), or 0. */
static size_t read_number(const char *path, const char *key)
{
    char line[256];
    size_t v = 0, len = key ? strlen(key) : 0;
    FILE *f = fopen(path, "r");
    while (f && !v && fgets(line, sizeof line, f))
        if (!key || (!strncmp(line, key, len) && line[len] == ' '))
            v = (size_t)strtoull(line + len, NULL, 10);
    if (f) fclose(f);
    return v;
}

/* Visits this process's memory cgroup and each of its parents (cgroup v2's folders, or v1's memory
 * controller's): visit(folder, v1). A container (Gradescope's) shows its own cgroup as the root of
 * the hierarchy, where the path from /proc/self/cgroup does not exist: its root is visited too. */
static void memory_cgroups(void (*visit)(const char *folder, int v1, size_t *sum), size_t *sum)
{
    char line[512], folder[768];
    FILE *f = fopen("/proc/self/cgroup", "r");
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        char *controllers = strchr(line, ':'),
             *where = controllers ? strchr(controllers + 1, ':') : NULL;
        if (!where) continue;
        *where++ = 0;
        const int v2 = !strcmp(controllers + 1, ""), v1 = strstr(controllers + 1, "memory") != NULL;
        for (char *slash; v1 || v2; *slash = 0) {
            snprintf(folder, sizeof folder, "/sys/fs/cgroup/%s%s", v1 ? "memory" : "", where);
            visit(folder, v1, sum);
            if (!(slash = strrchr(where, '/'))) break;
        }
    }
    if (f) fclose(f);
}

/* The smallest room (limit less usage) along the path: v2's memory.max and memory.current, v1's
 * memory.limit_in_bytes and memory.usage_in_bytes. */
static void room_in(const char *folder, int v1, size_t *room)
{
    char path[900];
    snprintf(path, sizeof path, "%s/%s", folder, v1 ? "memory.limit_in_bytes" : "memory.max");
    const size_t limit = read_number(path, NULL);
    snprintf(path, sizeof path, "%s/%s", folder, v1 ? "memory.usage_in_bytes" : "memory.current");
    const size_t used = read_number(path, NULL);
    if (limit && limit < ((size_t)1 << 60) && limit - (used < limit ? used : limit) < *room)
        *room = limit - (used < limit ? used : limit);
}

/* The processes the kernel's out-of-memory killer ended along the path (oom_kill). */
static void kills_in(const char *folder, int v1, size_t *kills)
{
    char path[900];
    snprintf(path, sizeof path, "%s/%s", folder, v1 ? "memory.oom_control" : "memory.events");
    *kills += read_number(path, "oom_kill");
}

size_t scan_memory_kills(void)
{
    size_t kills = 0;
    memory_cgroups(kills_in, &kills);
    return kills;
}

size_t scan_host_memory_limit(void)
{
    size_t kib = read_number("/proc/meminfo", "MemAvailable:");
    if (!kib) kib = (size_t)sysconf(_SC_AVPHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE) / 1024;
    size_t room = SIZE_MAX;
    memory_cgroups(room_in, &room);
    const size_t bytes = kib * 1024 < room ? kib * 1024 : room;
    return bytes / 4 * 3;
}

/* Whether list (words separated by commas or spaces: SCAN_HIDE_CPU) holds the word w, len long. */
static int listed(const char *list, const char *w, size_t len)
{
    for (size_t n; list && *(list += strspn(list, ", ")); list += n)
        if ((n = strcspn(list, ", ")) == len && !strncmp(list, w, len)) return 1;
    return 0;
}

int scan_cpu_hidden(const char *feature)
{
    return listed(getenv("SCAN_HIDE_CPU"), feature, strlen(feature));
}

/* The CPU features scan_cpu_has asks and SCAN_HIDE_CPU may name: gcc's names for
 * __builtin_cpu_supports, which takes each as a literal, so the list is a macro (laid out by
 * hand: clang-format indents each line of it further). */
/* clang-format off */
#define CPU_FEATURES(X)                                                                            \
    X("sse") X("sse2") X("sse3") X("ssse3") X("sse4.1") X("sse4.2") X("popcnt") X("avx")          \
    X("avx2") X("fma") X("bmi") X("bmi2") X("avx512f") X("avx512bw") X("avx512vl") X("avx512dq")  \
    X("avx512cd") X("avx512vbmi") X("avx512vbmi2") X("avx512vnni") X("avx512ifma")                \
    X("avx512bitalg") X("avx512vpopcntdq") X("avx512bf16") X("avx512fp16") X("gfni") X("vaes")    \
    X("vpclmulqdq")
/* clang-format on */
#define CPU_FEATURE_WORD(name) " " name
static const char cpu_features[] = CPU_FEATURES(CPU_FEATURE_WORD);

int scan_cpu_has(const char *feature)
{
    if (scan_cpu_hidden(feature)) return 0;
#if defined(__x86_64__) || defined(__i386__)
#define CPU_FEATURE_ASK(name)                                                                      \
    if (!strcmp(feature, name)) return __builtin_cpu_supports(name);
    CPU_FEATURES(CPU_FEATURE_ASK)
#endif
    return 0;
}

int scan_check_hidden_cpu(const char *argv0)
{
    const char *list = getenv("SCAN_HIDE_CPU");
    for (size_t n; list && *(list += strspn(list, ", ")); list += n)
        if (!listed(cpu_features, list, n = strcspn(list, ", ")))
            return fprintf(stderr,
                           "%s: SCAN_HIDE_CPU names '%.*s', which is no CPU feature; it takes "
                           "names separated by commas or spaces, of:%s\n",
                           argv0, (int)n, list, cpu_features),
                   0;
    return 1;
}
