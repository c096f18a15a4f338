/* The harness every unit shares: seeded inputs, poison, comparison, the call record a run takes,
 * the rows a test or benchmark binary runs, and the device layer they run on. Kernel files never
 * include this file (they include common/contract/ alone); test.c and bench.c do, through tests.h
 * and bench.h. common/README.md maps the harness. */
#ifndef HARNESS_H
#define HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include "apps.h"
#include "scan.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- inputs, poison, comparison ------------------------------------------------------------ */

typedef enum scan_input {
    INPUT_RANDOM,  /* the full 32-bit range: sums wrap around 2^32 many times */
    INPUT_ONES,    /* out[i] = i + 1: an error shows its index */
    INPUT_ALL_MAX, /* every element 0xFFFFFFFF: out[i] = -(i + 1) mod 2^32 */
    INPUT_SMALL,   /* random values 0..15: sums stay readable */
    INPUT_RAMP,    /* in[i] = i */
    INPUT_KIND_COUNT
} scan_input;

/* Fills a[0..n) with the pattern; `seed` picks the random sequence (same seed, same data). */
void scan_fill(uint32_t *a, size_t n, scan_input kind, uint64_t seed);
/* A fast, seeded generator (splitmix64), also used to draw random sizes. */
uint64_t scan_random_next(uint64_t *state);

/* Guard zones and outputs are filled, before a run, with words drawn from the seed that
 * scan_seed_poison was given (the base seed of a test or benchmark run): they say nothing about a
 * result. An element a variant forgets to write holds its poison, scan_poison_word(i), which
 * equals the expected value with probability 2^-32. */
void scan_seed_poison(uint64_t seed);
uint32_t scan_guard_word(void);
uint32_t scan_poison_word(size_t i);

/* Compares actual with expected. Returns 1 when equal; otherwise 0, and writes into msg the first
 * wrong index, the expected and actual values there and at its neighbours. */
int scan_compare(const uint32_t *expected, const uint32_t *actual, size_t n, char *msg,
                 size_t msg_size);

/* ---- the call record ------------------------------------------------------------------------ */

/* What one run of a variant is given: n, its scratch and every buffer by its role (the roles are
 * common/apps/roles.c's table: in and out first, then app_args' buffers). Tests, benchmark,
 * device layers, the grader's protocol and its runner pass it whole. */
#define SCAN_MAX_ROLES 10
enum { SCAN_IN, SCAN_OUT };
typedef struct scan_call {
    size_t n;
    void *scratch;
    void *buffer[SCAN_MAX_ROLES]; /* NULL where the call has no such buffer */
} scan_call;

#define SCAN_ROLE_OUTPUT 1u /* the run writes it; else it reads it and must leave it unchanged */
#define SCAN_ROLE_VARIED 2u /* an input the grader changes between the timed runs it proves */
typedef struct scan_role {
    const char *name; /* "in", "out", "count", ... */
    unsigned how;     /* SCAN_ROLE_ bits */
    size_t words;     /* its 32-bit words: 0 for n, else that many (the count: 2) */
    int bound;        /* an output whose valid words another role's value bounds (out by the
                         count, where the call has one), that role; else -1 */
    int in_place; /* in place, the role whose buffer it is (out: in; values_out: values), or -1 */
} scan_role;
extern const scan_role scan_roles[];
extern const size_t scan_role_count;
/* The words of role r in a call of n elements. */
size_t scan_role_words(size_t r, size_t n);
/* The app_args a kernel is given for a call (common/apps/roles.c). */
app_args scan_args_of(const scan_call *call);

/* ---- what a row computes --------------------------------------------------------------------- */

/* A family (common/contract/apps.h's app_family; a stage's scan is APP_INCLUSIVE_SUM): its
 * buffers, its inputs, its reference and its comparison, on the host (common/apps/apps.c). */
typedef struct scan_family {
    /* The family's inputs of host (in, and its other input roles) from the pattern and seed. */
    void (*fill)(const scan_call *host, scan_input kind, uint64_t seed);
    /* The expected outputs of host's inputs, into host's output buffers. */
    void (*reference)(const scan_call *host);
    /* Whether actual's outputs are right against expected's (which holds the inputs too); where
     * in_place, out was in. Returns 1, or 0 with what is wrong in msg. */
    int (*compare)(const scan_call *expected, const scan_call *actual, size_t tile, int in_place,
                   char *msg, size_t msg_size);
    /* Bytes a run must move per element, which its GB/s counts (host: the call's inputs). */
    double (*bytes)(const scan_call *host);
} scan_family;
extern const scan_family scan_families[APP_FAMILY_COUNT];
/* The roles of a family's call (bit r: scan_roles[r]), in and out included; and whether its
 * elements are float32 (common/apps/roles.c, which the grader's runner links too). */
unsigned scan_family_roles(app_family f);
int scan_family_is_float(app_family f);

/* ---- rows: what a binary tests and times ----------------------------------------------------- */

/* A row runs one variant (a stage's scan_variant, an applications step's app_variant, or a
 * reference row) on a call. */
typedef struct scan_row {
    const char *name;
    size_t (*scratch_bytes)(size_t n); /* NULL when it needs no scratch */
    void (*run)(const struct scan_row *row, const scan_call *call);
    size_t tile;         /* the variant's tile (1: none); the tests probe around its multiples */
    unsigned flags;      /* its SCAN_ flags */
    const void *variant; /* the scan_variant or app_variant behind it */
    app_family family;   /* what it computes */
    const char *missing; /* NULL, or what this machine lacks to run it ("avx512f") */
    unsigned input;      /* the benchmark's input it runs on: 0 the default one, k the unit's
                            inputs[k - 1] (common/core/bench.h) */
} scan_row;
/* One run of row on call (device buffers): host's outputs poisoned (each word one no run writes
 * by chance; the count 2^64 - 1) and uploaded (in place, not those that share an input's buffer),
 * the run waited for, and the outputs downloaded into host. */
void scan_run_once(const scan_row *row, const scan_call *call, const scan_call *host, int in_place);
/* The bytes of row's scratch at n. */
size_t scan_row_scratch(const scan_row *row, size_t n);

/* The unit's rows: its kernel file's table (stage_variants, or app_variants), made by
 * scan_load_rows, each asked stage_variant_missing. */
extern const scan_row *scan_rows;
extern size_t scan_row_count;
void scan_load_rows(void);
scan_row scan_row_of(const scan_variant *v);
scan_row scan_app_row_of(const app_variant *v);
/* The graded row's index (SCAN_GRADED), or scan_row_count with a message to stderr. */
size_t scan_graded_row(const char *argv0);
/* Whether row r cannot run here: then 1, after one line "SKIP: variant NAME needs X, which this
 * machine lacks" (or "which SCAN_HIDE_CPU hides"); else 0. */
int scan_row_skipped(const scan_row *r);
/* --variant NAME: marks the row so named and returns 1; else a message listing the rows, 0. */
int scan_name_row(const char *argv0, const char *name);
int scan_row_is_named(size_t v);
size_t scan_named_row_count(void);

/* ---- the device layer ------------------------------------------------------------------------ */

/* Where rows run. core/device_cpu.c (host memory), core/device_gpu.cu (a CUDA device) and, in
 * the grader's binaries, grade/device_remote.c (a runner process that holds the kernel) each
 * define these; a binary links one, so test and benchmark code is the same everywhere. A failure
 * ends the binary with a message, or fails the current test case (scan_platform_failed). */
extern const char device_kind[]; /* "cpu", "gpu" or "remote" */
const char *device_probe(void);  /* NULL when rows can run here, else why not; no CUDA
                                    state is left in this process (tests fork after it) */
void device_describe(char *name, size_t name_size, char *facts, size_t facts_size);
size_t device_memory(void); /* bytes a binary may allocate on the device (on a CPU, the
                               host's); asked as device_probe is */
extern int device_is_host;  /* 1 where the device's memory is the host's (a CPU) */
void *device_alloc(size_t bytes);
void device_free(void *p);
void device_upload(void *device_dst, const void *host_src, size_t bytes);
void device_download(void *host_dst, const void *device_src, size_t bytes);
void device_finish(void); /* waits for what was launched; fails with the error of any of it */
/* Milliseconds for `runs` back-to-back runs of a row's call. The grader's device proves every run
 * (grade/device_remote.c): host holds the call's inputs on the host, and host memory for its
 * outputs that it may use. */
double device_time(const scan_row *row, const scan_call *call, long runs, const scan_call *host);
/* The reference rows every benchmark of this device measures (memcpy and stream; copy and cub). */
extern const scan_variant device_references[];
extern const size_t device_reference_count;
/* After each test case (the grader's: end what the kernel's process left running). */
void device_after_case(void);
/* The grader's device (grade/device_remote.c), where linked: every row runs, and says its
 * scratch, in the runner that holds the kernel (weak: NULL elsewhere). */
void device_run(const scan_row *row, const scan_call *call) __attribute__((weak));
size_t device_scratch(const scan_row *row, size_t n) __attribute__((weak));
/* What is left of the current test case's time (HUGE_VAL outside a test case): the grader's device
 * waits no longer for its runner. tests.c sets the hook: the current case's name and limit. */
double scan_seconds_left(void);
double scan_now_s(void); /* a monotonic clock, in seconds */
extern const char *(*scan_case_hook)(double *limit_s);

/* A failure the caller cannot go on from: prints the message and exits with status 1, or, in a
 * test binary, fails the current test case with it (tests.c sets scan_platform_fail_hook). */
void scan_platform_failed(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
extern void (*scan_platform_fail_hook)(const char *message);

/* ---- memory and small utilities -------------------------------------------------------------- */

/* Host memory a binary may use: three quarters of what is available, to this process's memory
 * cgroup's limit where it has one (a grader's container). */
size_t scan_host_memory_limit(void);
/* How many processes the out-of-memory killer has ended in this process's memory cgroup and its
 * parents (a count to compare before and after). */
size_t scan_memory_kills(void);
/* Whether `host` bytes of host memory and `device` bytes of device memory fit (on a CPU, one
 * memory: their sum). If not, what is needed and what there is, in why. */
int scan_memory_fits(size_t host, size_t device, char *why, size_t why_size);
/* Host memory for count words (one at least), or a failure naming what it was for. */
uint32_t *scan_must_words(size_t count, const char *what);
/* Parses "1048576", "2^20", "1M" (k, M, G are powers of 1024); an unsigned decimal number; a seed
 * (from --seed or SCAN_SEED: a message naming WHAT on error). Each returns 0 on error. */
int scan_parse_size(const char *text, size_t *out);
int scan_parse_u64(const char *text, uint64_t *out);
int scan_parse_seed(const char *argv0, const char *what, const char *text, uint64_t *seed);
/* Bytes as GiB, for messages. */
double scan_gib(size_t bytes);
/* SCAN_HIDE_CPU (core/host.c): whether it lists `feature`; whether it names CPU features alone. */
int scan_cpu_hidden(const char *feature);
int scan_check_hidden_cpu(const char *argv0);
/* The environment a test or benchmark takes: the seed (SCAN_SEED, else the clock) and
 * SCAN_HIDE_CPU. Returns 1, or 0 after a message naming the variable and what it accepts. */
int scan_read_environment(const char *argv0, uint64_t *seed);

#ifdef __cplusplus
}
#endif

#endif /* HARNESS_H */
