/* The shared harness (harness.h): seeded inputs, poison, comparison, rows and small utilities. */
#include "harness.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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
    for (size_t i = 0; i < n; i++) {
        switch (kind) {
        case INPUT_RANDOM: /* two words from each draw */
            if (i % 2 == 0) state = scan_random_next(&seed);
            a[i] = (uint32_t)(state >> (32 * (i % 2)));
            break;
        case INPUT_SMALL: /* sixteen 4-bit values from each draw */
            if (i % 16 == 0) state = scan_random_next(&seed) | 1;
            a[i] = (uint32_t)(state >> (4 * (i % 16))) & 15u;
            break;
        case INPUT_ONES: a[i] = 1; break;
        case INPUT_ALL_MAX: a[i] = 0xFFFFFFFFu; break;
        default: a[i] = (uint32_t)i; break; /* INPUT_RAMP */
        }
    }
}

/* The poison's key and the guard word, from the run's base seed. */
static uint64_t poison_key = 0x243F6A8885A308D3ull;
static uint32_t guard_word = 0xA5A5A5A5u;

void scan_seed_poison(uint64_t seed)
{
    poison_key = seed ^ 0x13198A2E03707344ull;
    uint64_t state = seed ^ 0xA4093822299F31D0ull;
    guard_word = (uint32_t)scan_random_next(&state);
}

uint32_t scan_guard_word(void) { return guard_word; }

uint32_t scan_poison_word(size_t i)
{
    uint64_t state = poison_key ^ ((uint64_t)i * 0xD1B54A32D192ED03ull);
    return (uint32_t)scan_random_next(&state);
}

static void poison(uint32_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = scan_poison_word(i);
}

int scan_compare(const uint32_t *expected, const uint32_t *actual, size_t n, char *msg,
                 size_t msg_size)
{
    size_t bad = 0;
    while (bad < n && expected[bad] == actual[bad])
        bad++;
    if (bad == n) return 1;
    size_t wrong = 0;
    for (size_t j = bad; j < n; j++)
        wrong += expected[j] != actual[j];
    int len = snprintf(msg, msg_size,
                       "first wrong index %zu of n=%zu: expected %u (0x%08x), got %u (0x%08x); "
                       "%zu of %zu elements wrong; around it (index: expected/actual):",
                       bad, n, expected[bad], expected[bad], actual[bad], actual[bad], wrong, n);
    for (size_t j = bad >= 2 ? bad - 2 : 0;
         j < bad + 3 && j < n && len > 0 && (size_t)len < msg_size; j++)
        len += snprintf(msg + len, msg_size - (size_t)len, " %zu:%u/%u%s", j, expected[j],
                        actual[j], j == bad ? "<-" : "");
    return 0;
}

void scan_run_once(const scan_row *row, const scan_call *call, const scan_call *host, int in_place)
{
    for (size_t r = 0; r < scan_role_count; r++) {
        uint32_t *words = host->buffer[r];
        const size_t count = scan_role_words(r, call->n);
        if (!words || !(scan_roles[r].how & SCAN_ROLE_OUTPUT) ||
            (in_place && scan_roles[r].in_place >= 0))
            continue;
        if (scan_roles[r].words) /* the count: 2^64 - 1, which no compaction writes */
            memset(words, 0xFF, count * sizeof *words);
        else
            poison(words, count);
        device_upload(call->buffer[r], words, count * sizeof *words);
    }
    row->run(row, call);
    device_finish();
    for (size_t r = 0; r < scan_role_count; r++)
        if (host->buffer[r] && (scan_roles[r].how & SCAN_ROLE_OUTPUT))
            device_download(host->buffer[r], call->buffer[r], scan_role_words(r, call->n) * 4);
}

/* ---- rows ------------------------------------------------------------------------------------ */

const scan_row *scan_rows;
size_t scan_row_count;

static void run_scan_variant(const scan_row *row, const scan_call *c)
{
    ((const scan_variant *)row->variant)
        ->run(c->buffer[SCAN_IN], c->buffer[SCAN_OUT], c->n, c->scratch);
}

static void run_app_variant(const scan_row *row, const scan_call *c)
{
    const app_args args = scan_args_of(c);
    ((const app_variant *)row->variant)
        ->run(c->buffer[SCAN_IN], c->buffer[SCAN_OUT], c->n, &args, c->scratch);
}

/* A row of a variant of either table: its tile 1 at least. */
#define ROW_OF(v, run_fn, fam)                                                                     \
    (scan_row)                                                                                     \
    {                                                                                              \
        .name = (v)->name, .scratch_bytes = (v)->scratch_bytes, .run = run_fn,                     \
        .tile = (v)->tile ? (v)->tile : 1, .flags = (v)->flags, .variant = (v), .family = fam      \
    }
scan_row scan_row_of(const scan_variant *v)
{
    return ROW_OF(v, run_scan_variant, APP_INCLUSIVE_SUM);
}
scan_row scan_app_row_of(const app_variant *v) { return ROW_OF(v, run_app_variant, v->family); }

/* A kernel file defines one of the two tables; a binary links the other as nothing. */
#pragma weak stage_variants
#pragma weak stage_variant_count
#pragma weak app_variants
#pragma weak app_variant_count

void scan_load_rows(void)
{
    const int apps = &app_variant_count != NULL;
    size_t count = apps ? app_variant_count : &stage_variant_count ? stage_variant_count : 0;
    scan_row *rows = calloc(count ? count : 1, sizeof *rows);
    if (!rows) scan_platform_failed("out of memory");
    for (size_t i = 0; i < count; i++) {
        rows[i] = apps ? scan_app_row_of(&app_variants[i]) : scan_row_of(&stage_variants[i]);
        rows[i].missing = !apps && stage_variant_missing ? stage_variant_missing(i) : NULL;
        if (device_run) rows[i].run = device_run;
    }
    scan_rows = rows;
    scan_row_count = count;
}

size_t scan_row_scratch(const scan_row *row, size_t n)
{
    return device_scratch ? device_scratch(row, n) : row->scratch_bytes ? row->scratch_bytes(n) : 0;
}

size_t scan_graded_row(const char *argv0)
{
    size_t v = 0;
    while (v < scan_row_count && !(scan_rows[v].flags & SCAN_GRADED))
        v++;
    if (v == scan_row_count) fprintf(stderr, "%s: no variant is marked SCAN_GRADED\n", argv0);
    return v;
}

int scan_row_skipped(const scan_row *r)
{
    if (!r->missing) return 0;
    printf("SKIP: variant %s needs %s, %s\n", r->name, r->missing,
           scan_cpu_hidden(r->missing) ? "which SCAN_HIDE_CPU hides" : "which this machine lacks");
    return 1;
}

/* --variant: whether each row was named, and how many were. */
static unsigned char named_rows[256];
static size_t named_row_count;

int scan_name_row(const char *argv0, const char *name)
{
    size_t v = 0;
    while (v < scan_row_count && strcmp(scan_rows[v].name, name))
        v++;
    if (v == scan_row_count || v >= sizeof named_rows) {
        fprintf(stderr, "%s: no variant named '%s'; this unit has:", argv0, name);
        for (size_t k = 0; k < scan_row_count; k++)
            fprintf(stderr, " '%s'%s", scan_rows[k].name, k + 1 < scan_row_count ? "" : "\n");
        return 0;
    }
    named_row_count += !named_rows[v];
    named_rows[v] = 1;
    return 1;
}

int scan_row_is_named(size_t v) { return v < sizeof named_rows && named_rows[v]; }
size_t scan_named_row_count(void) { return named_row_count; }

const char *(*scan_case_hook)(double *limit_s);
double scan_seconds_left(void)
{
    static const char *name; /* the case and the process the deadline is for (a fork is a case) */
    static pid_t pid;
    static double deadline;
    double limit = 0;
    const char *now = scan_case_hook ? scan_case_hook(&limit) : NULL;
    if (!now) return HUGE_VAL;
    if (now != name || pid != getpid()) name = now, pid = getpid(), deadline = scan_now_s() + limit;
    return deadline - scan_now_s();
}

/* ---- memory and utilities -------------------------------------------------------------------- */

uint32_t *scan_must_words(size_t count, const char *what)
{
    uint32_t *p = malloc((count ? count : 1) * sizeof(uint32_t));
    if (!p)
        scan_platform_failed("cannot allocate %zu words (%.2f GiB) of host memory for %s", count,
                             scan_gib(count * 4), what);
    return p;
}

double scan_gib(size_t bytes) { return (double)bytes / (double)(1ull << 30); }

int scan_memory_fits(size_t host, size_t device, char *why, size_t why_size)
{
    const size_t host_limit = scan_host_memory_limit(), device_limit = device_memory();
    if (device_is_host ? host + device <= host_limit : host <= host_limit && device <= device_limit)
        return 1;
    if (device_is_host) /* one memory for both */
        return snprintf(why, why_size, "%.2f GiB of memory (%.2f GiB available)",
                        scan_gib(host + device), scan_gib(host_limit)),
               0;
    snprintf(why, why_size,
             "%.2f GiB of device memory (%.2f GiB free) and %.2f GiB of host memory (%.2f GiB "
             "available)",
             scan_gib(device), scan_gib(device_limit), scan_gib(host), scan_gib(host_limit));
    return 0;
}

/* The decimal number text starts with (no sign, no space); 0 if none, or if it overflows. */
static int leading_number(const char *text, char **end, unsigned long long *v)
{
    const int digit = text && isdigit((unsigned char)*text);
    errno = 0;
    *v = digit ? strtoull(text, end, 10) : 0;
    return digit && !errno;
}

int scan_parse_u64(const char *text, uint64_t *out)
{
    char *end;
    unsigned long long v;
    if (!leading_number(text, &end, &v) || *end) return 0;
    return *out = v, 1;
}

int scan_parse_size(const char *text, size_t *out)
{
    char *end;
    unsigned long long v, e;
    if (!leading_number(text, &end, &v)) return 0;
    if (*end == '^') {
        if (v != 2 || !leading_number(end + 1, &end, &e) || e > 62) return 0;
        v = 1ull << e;
    } else if (*end && strchr("kMG", *end)) {
        const unsigned shift = *end == 'k' ? 10 : *end == 'M' ? 20 : 30;
        if (v > (~0ull >> shift)) return 0;
        v <<= shift, end++;
    }
    if (*end || v > (unsigned long long)SIZE_MAX) return 0;
    return *out = (size_t)v, 1;
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
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t state = (uint64_t)ts.tv_sec * 1000000007ull + (uint64_t)ts.tv_nsec;
    *seed = scan_random_next(&state) % 1000000000ull;
    if (env && *env && !scan_parse_seed(argv0, "SCAN_SEED", env, seed)) return 0;
    return scan_check_hidden_cpu(argv0);
}
