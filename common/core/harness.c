/* The shared harness: reference scan, seeded inputs, poisoning and comparison. */
#include "harness.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void scan_reference(const uint32_t *in, uint32_t *out, size_t n)
{
    uint32_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        sum += in[i];
        out[i] = sum;
    }
}

const char *scan_input_name(scan_input kind)
{
    switch (kind) {
    case INPUT_RANDOM: return "random";
    case INPUT_ONES: return "ones";
    case INPUT_ALL_MAX: return "all-0xFFFFFFFF";
    case INPUT_SMALL: return "small";
    case INPUT_RAMP: return "ramp";
    default: return "?";
    }
}

uint64_t scan_random_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void scan_fill(uint32_t *a, size_t n, scan_input kind, uint64_t seed)
{
    uint64_t state = seed;
    size_t i = 0;
    switch (kind) {
    case INPUT_RANDOM:
        for (; i + 1 < n; i += 2) {
            uint64_t r = scan_random_next(&state);
            a[i] = (uint32_t)r;
            a[i + 1] = (uint32_t)(r >> 32);
        }
        if (i < n) a[i] = (uint32_t)scan_random_next(&state);
        break;
    case INPUT_SMALL:
        for (; i < n; i++) {
            if (i % 16 == 0) state = scan_random_next(&state) | 1;
            a[i] = (uint32_t)(state >> (4 * (i % 16))) & 15u;
        }
        break;
    case INPUT_ONES:
        for (; i < n; i++)
            a[i] = 1;
        break;
    case INPUT_ALL_MAX:
        for (; i < n; i++)
            a[i] = 0xFFFFFFFFu;
        break;
    case INPUT_RAMP:
        for (; i < n; i++)
            a[i] = (uint32_t)i;
        break;
    default: fprintf(stderr, "scan_fill: unknown input kind %d\n", (int)kind); exit(2);
    }
}

/* The poison's generator, and the guard word, from the run's base seed. */
static uint64_t poison_state = 0x243F6A8885A308D3ull;
static uint32_t guard_word = 0xA5A5A5A5u;

void scan_seed_poison(uint64_t seed)
{
    poison_state = seed ^ 0x13198A2E03707344ull;
    uint64_t state = seed ^ 0xA4093822299F31D0ull;
    guard_word = (uint32_t)scan_random_next(&state);
}

uint32_t scan_guard_word(void) { return guard_word; }

void scan_poison(uint32_t *out, size_t n)
{
    size_t i = 0;
    for (; i + 1 < n; i += 2) {
        uint64_t r = scan_random_next(&poison_state);
        out[i] = (uint32_t)r;
        out[i + 1] = (uint32_t)(r >> 32);
    }
    if (i < n) out[i] = (uint32_t)scan_random_next(&poison_state);
}

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

int scan_compare(const uint32_t *expected, const uint32_t *actual, size_t n, char *msg,
                 size_t msg_size)
{
    size_t i = 0;
    while (i < n && expected[i] == actual[i])
        i++;
    if (i == n) return 1;

    size_t bad = i, wrong = 0;
    for (size_t j = i; j < n; j++)
        wrong += expected[j] != actual[j];
    int len = snprintf(msg, msg_size,
                       "first wrong index %zu of n=%zu: expected %u (0x%08x), got %u (0x%08x); "
                       "%zu of %zu elements wrong; around it (index: expected/actual):",
                       bad, n, expected[bad], expected[bad], actual[bad], actual[bad], wrong, n);
    size_t from = bad >= 2 ? bad - 2 : 0, to = bad + 3 < n ? bad + 3 : n;
    for (size_t j = from; j < to && len > 0 && (size_t)len < msg_size; j++)
        len += snprintf(msg + len, msg_size - (size_t)len, " %zu:%u/%u%s", j, expected[j],
                        actual[j], j == bad ? "<-" : "");
    return 0;
}

const scan_row *scan_rows;
size_t scan_row_count;

static void run_scan_variant(const scan_row *row, const uint32_t *in, uint32_t *out, size_t n,
                             void *scratch)
{
    ((const scan_variant *)row->variant)->run(in, out, n, scratch);
}

scan_row scan_row_of(const scan_variant *v)
{
    return (scan_row){.name = v->name, .scratch_bytes = v->scratch_bytes, .run = run_scan_variant,
                      .tile = v->tile ? v->tile : 1, .flags = v->flags, .variant = v};
}

scan_row *scan_new_rows(size_t count)
{
    scan_row *rows = calloc(count ? count : 1, sizeof *rows);
    if (!rows) {
        fprintf(stderr, "out of memory\n");
        exit(EXIT_FAILURE);
    }
    scan_rows = rows;
    scan_row_count = count;
    return rows;
}

void scan_use_variant_rows(const scan_variant *table, size_t count,
                           const char *(*missing)(size_t i))
{
    scan_row *rows = scan_new_rows(count);
    for (size_t i = 0; i < count; i++) {
        rows[i] = scan_row_of(&table[i]);
        rows[i].missing = missing ? missing(i) : NULL;
    }
}

int scan_row_skipped(const scan_row *r)
{
    if (!r->missing) return 0;
    printf("SKIP: variant %s needs %s, %s\n", r->name, r->missing,
           scan_cpu_hidden(r->missing) ? "which SCAN_HIDE_CPU hides" : "which this machine lacks");
    return 1;
}

size_t scan_report_runnable_rows(void)
{
    size_t runnable = 0;
    for (size_t i = 0; i < scan_row_count; i++)
        runnable += !scan_row_skipped(&scan_rows[i]);
    return runnable;
}

/* --variant: whether each row was named (allocated at the first), and how many were. */
static unsigned char *named_rows;
static size_t named_row_count;

int scan_name_row(const char *argv0, const char *name)
{
    size_t v = 0;
    while (v < scan_row_count && strcmp(scan_rows[v].name, name))
        v++;
    if (v == scan_row_count) {
        fprintf(stderr, "%s: no variant named '%s'; this unit has:", argv0, name);
        for (size_t k = 0; k < scan_row_count; k++)
            fprintf(stderr, " '%s'", scan_rows[k].name);
        fprintf(stderr, "\n");
        return 0;
    }
    if (!named_rows && !(named_rows = calloc(scan_row_count, 1))) {
        fprintf(stderr, "out of memory\n");
        exit(EXIT_FAILURE);
    }
    named_row_count += !named_rows[v];
    named_rows[v] = 1;
    return 1;
}

int scan_row_is_named(size_t v) { return named_rows && named_rows[v]; }
size_t scan_named_row_count(void) { return named_row_count; }

int scan_parse_u64(const char *text, uint64_t *out)
{
    if (!text || !isdigit((unsigned char)text[0])) return 0;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end) return 0;
    *out = v;
    return 1;
}

int scan_parse_size(const char *text, size_t *out)
{
    if (!text || !isdigit((unsigned char)text[0])) return 0;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno) return 0;
    if (end[0] == '^') {
        if (v != 2 || !isdigit((unsigned char)end[1])) return 0;
        unsigned long long e = strtoull(end + 1, &end, 10);
        if (errno || e > 62) return 0;
        v = 1ull << e;
    } else if (*end == 'k' || *end == 'M' || *end == 'G') {
        unsigned shift = *end == 'k' ? 10 : *end == 'M' ? 20 : 30;
        if (v > (~0ull >> shift)) return 0;
        v <<= shift;
        end++;
    }
    if (*end || v > (unsigned long long)SIZE_MAX) return 0;
    *out = (size_t)v;
    return 1;
}

const char *scan_format_size(size_t n, char *buf, size_t size)
{
    if (n >= 1024 && (n & (n - 1)) == 0) {
        int e = 0;
        while (((size_t)1 << e) != n)
            e++;
        snprintf(buf, size, "2^%d", e);
    } else {
        snprintf(buf, size, "%zu", n);
    }
    return buf;
}

uint32_t *scan_host_words(size_t count) { return malloc((count ? count : 1) * sizeof(uint32_t)); }

size_t scan_host_memory_limit(void)
{
    size_t kib = 0;
    char line[256];
    FILE *f = fopen("/proc/meminfo", "r");
    if (f) {
        while (fgets(line, sizeof line, f))
            if (sscanf(line, "MemAvailable: %zu kB", &kib) == 1) break;
        fclose(f);
    }
    if (!kib) kib = (size_t)sysconf(_SC_AVPHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE) / 1024;
    return kib / 4 * 3 * 1024;
}

double scan_gib(size_t bytes) { return (double)bytes / (double)(1ull << 30); }

int scan_memory_fits(size_t host, size_t device, size_t device_limit, char *why, size_t why_size)
{
    const size_t host_limit = scan_host_memory_limit();
    if (!strcmp(scan_platform_here.kind, "cpu")) { /* one memory for both */
        if (host + device <= host_limit) return 1;
        snprintf(why, why_size, "%.2f GiB of memory (%.2f GiB available)", scan_gib(host + device),
                 scan_gib(host_limit));
        return 0;
    }
    if (host <= host_limit && device <= device_limit) return 1;
    snprintf(why, why_size,
             "%.2f GiB of device memory (%.2f GiB free) and %.2f GiB of host memory (%.2f GiB "
             "available)",
             scan_gib(device), scan_gib(device_limit), scan_gib(host), scan_gib(host_limit));
    return 0;
}

int scan_parse_seed(const char *argv0, const char *what, const char *text, uint64_t *seed)
{
    if (scan_parse_u64(text, seed)) return 1;
    fprintf(stderr, "%s: %s wants an unsigned decimal number, not '%s'\n", argv0, what, text);
    return 0;
}

int scan_read_environment(const char *argv0, uint64_t *seed)
{
    const char *env = getenv("SCAN_SEED");
    if (env && *env) {
        if (!scan_parse_seed(argv0, "SCAN_SEED", env, seed)) return 0;
    } else {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t state = (uint64_t)ts.tv_sec * 1000000007ull + (uint64_t)ts.tv_nsec;
        *seed = scan_random_next(&state) % 1000000000ull;
    }
    if (!scan_check_hidden_cpu(argv0)) return 0;
    return 1;
}
