/* The harness every stage shares: reference scan, seeded inputs, poisoning, comparison, and the
 * platform (CPU or GPU) a stage's variants run on. Stage kernels never include this file; their
 * test.c and bench.c do, through tests.h and bench.h. */
#ifndef HARNESS_H
#define HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include "scan.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- reference and data ------------------------------------------------------------------- */

/* The scan every variant is compared with: the plain loop, in 64-bit index arithmetic. */
void scan_reference(const uint32_t *in, uint32_t *out, size_t n);

typedef enum scan_input {
    INPUT_RANDOM,  /* the full 32-bit range: sums wrap around 2^32 many times */
    INPUT_ONES,    /* out[i] = i + 1: an error shows its index */
    INPUT_ALL_MAX, /* every element 0xFFFFFFFF: out[i] = -(i + 1) mod 2^32 */
    INPUT_SMALL,   /* random values 0..15: sums stay readable */
    INPUT_RAMP,    /* in[i] = i */
    INPUT_KIND_COUNT
} scan_input;

const char *scan_input_name(scan_input kind);
/* Fills a[0..n) with the pattern; `seed` picks the random sequence (same seed, same data). */
void scan_fill(uint32_t *a, size_t n, scan_input kind, uint64_t seed);
/* A fast, seeded generator (splitmix64), also used to draw random sizes. */
uint64_t scan_random_next(uint64_t *state);

/* The word guard zones are filled with, and the words outputs are poisoned with before a run:
 * random, drawn from the seed scan_seed_poison was given (the base seed of a test or benchmark
 * run), so that they say nothing about any result. An element a variant forgets to write still
 * holds its poison, which equals the expected value with probability 2^-32. */
void scan_seed_poison(uint64_t seed);
uint32_t scan_guard_word(void);
void scan_poison(uint32_t *out, size_t n);

/* Compares actual with expected. Returns 1 when equal; otherwise 0, and writes into msg the first
 * wrong index, the expected and actual values there and at its neighbours. */
int scan_compare(const uint32_t *expected, const uint32_t *actual, size_t n, char *msg,
                 size_t msg_size);

/* ---- rows: what a binary tests and times ---------------------------------------------------- */

/* A test or benchmark binary runs rows: the unit's variants (a stage's or step's stage_variants[],
 * common/contract/scan.h, or an applications step's app_variants[], common/contract/apps.h) and, in a benchmark,
 * the reference rows. A row runs its variant through `run`, which passes it the row's args too. */
struct scan_case;
typedef struct scan_row {
    const char *name;
    size_t (*scratch_bytes)(size_t n); /* NULL when it needs no scratch */
    void (*run)(const struct scan_row *row, const uint32_t *in, uint32_t *out, size_t n,
                void *scratch);
    size_t tile;          /* the variant's tile (1: none); the tests probe around its multiples */
    unsigned flags;       /* its SCAN_ flags */
    const void *variant;  /* the scan_variant or app_variant behind it */
    const char *missing;  /* NULL, or what this machine lacks to run it ("avx512f") */
    const void *args;     /* what run passes beside in, out, n and scratch (an app_args), or NULL */
    unsigned input;       /* the benchmark's input it runs on: 0 the default one, k the unit's
                             inputs[k - 1] (common/core/bench.h) */
    /* The tests' check of this row on one case (common/core/tests.h), with the case's seed and the
     * number of runs; NULL: the inclusive sum's. */
    void (*check)(const struct scan_row *row, const struct scan_case *c, uint64_t seed, int runs);
} scan_row;

/* The unit's rows, set once at start (scan_use_variant_rows, or the applications' harness). */
extern const scan_row *scan_rows;
extern size_t scan_row_count;
/* Room for count rows, which become scan_rows. */
scan_row *scan_new_rows(size_t count);
/* Makes the rows of a table of scan variants (a unit's stage_variants[]), each asked `missing`
 * (stage_variant_missing, or NULL). scan_test_main and scan_bench_main call it. */
void scan_use_variant_rows(const scan_variant *table, size_t count,
                           const char *(*missing)(size_t i));
/* A row of a scan variant (the platform's reference rows, copy and cub, are such). */
scan_row scan_row_of(const scan_variant *v);
static inline void scan_row_run(const scan_row *r, const uint32_t *in, uint32_t *out, size_t n,
                                void *scratch)
{
    r->run(r, in, out, n, scratch);
}

/* ---- the platform ------------------------------------------------------------------------- */

/* Where a unit's variants run. platform_cpu.c and platform_gpu.cu each define
 * `scan_platform_here`; a unit links one of them, so test and benchmark code is the same for CPU
 * and GPU units. "Device" memory below is plain host memory on the CPU platform. */
typedef struct scan_platform {
    const char *kind; /* "cpu" or "gpu" */
    const char *unit; /* what the terminal table shows: "Gelem/s" or "GB/s" */
    /* NULL when variants can run here, else why not. Makes no CUDA call in this process. */
    const char *(*probe)(void);
    /* Allocation failure exits with a message naming the size. */
    void *(*alloc)(size_t bytes);
    void (*release)(void *p);
    void (*upload)(void *device_dst, const void *host_src, size_t bytes);
    void (*download)(void *host_dst, const void *device_src, size_t bytes);
    /* Waits for submitted work; exits with file, line and message if any of it failed. */
    void (*finish)(void);
    /* Milliseconds for `runs` back-to-back runs of a row (GPU: CUDA events around the launches).
     * expect: what out[0..words) holds after a run of this row that was checked (NULL where
     * none was); expect_values: what the values_out of its args (app_args, common/contract/apps.h)
     * holds likewise, words of them (NULL where the row moves no values); a platform that times
     * from outside the process that runs the kernel (the grader's, common/grade/platform_remote.c)
     * makes every batch prove them by its output. */
    double (*time_runs)(const scan_row *row, const uint32_t *in, uint32_t *out, size_t n,
                        void *scratch, long runs, const uint32_t *expect,
                        const uint32_t *expect_values, size_t words);
    /* Nonzero where time_runs needs expect (the grader's platform). */
    int checks_timed_output;
    /* How long a timed batch of runs should last, in ms (0: the driver's default, 2 ms). */
    double sample_ms;
    /* Device name, e.g. "NVIDIA H100 80GB HBM3"; then "key=value" facts for the CSV header. */
    void (*describe)(char *name, size_t name_size, char *facts, size_t facts_size);
    /* Bytes a benchmark may allocate at most. */
    size_t (*memory_limit)(void);
    /* The same, asked without a CUDA call in this process (a test binary forks its cases after
     * this), for the tests' --huge case. */
    size_t (*probe_memory)(void);
    /* Reference rows measured in every benchmark run ("memcpy"/"stream", "copy"/"cub"). */
    const scan_variant *references;
    size_t reference_count;
    /* Called in a test binary after each test case (NULL: nothing to do): the grader's platform
     * ends whatever the kernel's process left running. */
    void (*after_case)(void);
} scan_platform;

extern const scan_platform scan_platform_here;

/* A platform's failure that the caller cannot go on from (a kernel's process that ended, a
 * request it refused): prints the message and exits with status 1, or, in a test binary, fails
 * the current test case with it (tests.c sets scan_platform_fail_hook). */
void scan_platform_failed(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
extern void (*scan_platform_fail_hook)(const char *message);

/* Whether `host` bytes of host memory and `device` bytes of device memory fit: the host's within
 * scan_host_memory_limit, the device's within device_limit (what the platform says is free); on
 * the CPU platform, one memory, their sum within the host's. If not, writes what is needed and
 * what there is into why ("X GiB of memory (Y GiB available)", or the device's and the host's)
 * and returns 0. */
int scan_memory_fits(size_t host, size_t device, size_t device_limit, char *why, size_t why_size);

/* Whether row r cannot run here: then 1, after one line "SKIP: variant NAME needs X, which this
 * machine lacks" (or "which SCAN_HIDE_CPU hides", scan_cpu_has in scan.h); else 0. */
int scan_row_skipped(const scan_row *r);
/* scan_row_skipped of every row; returns how many can run. */
size_t scan_report_runnable_rows(void);
/* --variant NAME, in the tests and the benchmark: marks the row called `name` as named and returns
 * 1; when there is none, prints "ARGV0: no variant named 'NAME'; this unit has: 'a' 'b' ..." to
 * stderr and returns 0. Then whether --variant named row v, and how many rows it named. */
int scan_name_row(const char *argv0, const char *name);
int scan_row_is_named(size_t v);
size_t scan_named_row_count(void);

/* ---- small utilities ---------------------------------------------------------------------- */

/* Parses "1048576", "2^20", "1M" style sizes (k, M, G are powers of 1024). Returns 0 on error. */
int scan_parse_size(const char *text, size_t *out);
/* Parses an unsigned decimal number; returns 0 on error. */
int scan_parse_u64(const char *text, uint64_t *out);
/* Writes n as "2^20" when it is a power of two, else as a decimal. */
const char *scan_format_size(size_t n, char *buf, size_t size);
/* Host memory for count 32-bit words (one at least, so that n = 0 needs no special case), or NULL
 * when there is not enough. */
uint32_t *scan_host_words(size_t count);
/* Host memory a test or benchmark may use: three quarters of MemAvailable. */
size_t scan_host_memory_limit(void);
/* Parses a seed (`text`, from --seed or SCAN_SEED); when it is no unsigned decimal number,
 * prints "ARGV0: WHAT wants an unsigned decimal number, not 'TEXT'" and returns 0. */
int scan_parse_seed(const char *argv0, const char *what, const char *text, uint64_t *seed);
/* SCAN_HIDE_CPU (common/core/cpu_features.c): whether it lists `feature`; and whether it names only
 * CPU features: 1, or 0 after a message naming the variable and what it accepts. */
int scan_cpu_hidden(const char *feature);
int scan_check_hidden_cpu(const char *argv0);
/* Reads the environment a test or benchmark takes: the default seed into *seed (SCAN_SEED when
 * set, else one from the clock), and SCAN_HIDE_CPU's names. Returns 1, or 0 after a message
 * naming the variable and what it accepts. */
int scan_read_environment(const char *argv0, uint64_t *seed);
/* Sizes in GiB, for messages. */
double scan_gib(size_t bytes);

#ifdef __cplusplus
}
#endif

#endif /* HARNESS_H */
