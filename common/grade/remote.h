/* The protocol between the grader and a runner (common/grade/runner.c): the process that holds a
 * student's kernel and nothing else. The grader (common/grade/device_remote.c) writes requests on
 * the runner's file descriptor 3 and reads replies on its descriptor 4; data moves through a
 * memory both map (descriptor 5); the runner's memory (the host's on a CPU, the device's on a GPU)
 * is named by the addresses it gives out. The runner never sees an expected output: it receives
 * inputs, runs variants, and sends back what they wrote, or a digest of it.
 *
 * The proof of a timed batch: before each run, the runner changes PROOF_CHANGES words of the
 * call's varied inputs (in; a pair's values beside its keys), at places and by masks drawn from
 * the batch's key and the run's index, and after each run (still inside the batch, so inside the
 * grader's clock) it adds up a keyed digest of every output the call has, then puts the words
 * back. Every run thus computes another input, which no earlier run computed and the kernel
 * cannot foresee; the grader checks the digests of runs it picks after the reply against its own
 * reference of their inputs. Compiles as C11 and under nvcc. */
#ifndef REMOTE_H
#define REMOTE_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include "harness.h" /* scan_call, scan_roles */

#define REMOTE_REQUEST_FD    3
#define REMOTE_REPLY_FD      4
#define REMOTE_STAGING_FD    5
#define REMOTE_STAGING_BYTES ((uint64_t)32 << 20)
/* The runs of one timed batch at most (their digests fill 8 MiB of the staging memory). */
#define REMOTE_MAX_RUNS (1 << 20)

enum remote_op {
    REMOTE_HELLO = 1, /* reply payload: the variant table, one "family\ttile\tflags\tname" a line */
    REMOTE_PROBE,     /* reply status 0, or 1 with why the variants cannot run here */
    REMOTE_MISSING,   /* a[0] variant: reply payload: what this machine lacks to run it, or "" */
    REMOTE_DESCRIBE,  /* reply payload: "device name\nfacts" */
    REMOTE_MEMORY,    /* reply v[0]: the bytes of memory a caller may use; v[1] 1 where that memory
                         is the host's (every reply says so in v[1]) */
    REMOTE_ALLOC,     /* a[0] bytes: reply v[0] the address */
    REMOTE_FREE,      /* a[0] address */
    REMOTE_WRITE,     /* a[0] address, a[1] bytes: copied from the staging memory */
    REMOTE_READ,      /* a[0] address, a[1] bytes: copied into the staging memory */
    REMOTE_SCRATCH,   /* a[0] variant, a[1] n: reply v[0] its scratch_bytes(n) */
    REMOTE_RUN,       /* a call (below): returns once launched, as a run does */
    REMOTE_FINISH,    /* waits for what was launched: reply status 1 and why on error */
    REMOTE_TIME,      /* a call, then runs and key: the proof's runs, back to back, all waited
                         for; reply v[0] = runs, their digests in the staging memory */
};

/* A call in a request: the variant, n, scratch, then the address of each role of scan_roles
 * (common/apps/roles.c), 0 where the call has none; a timed batch adds its runs and key. */
enum remote_word {
    REMOTE_VARIANT,
    REMOTE_N,
    REMOTE_SCRATCH_ADDRESS,
    REMOTE_BUFFER,
    REMOTE_RUNS = REMOTE_BUFFER + SCAN_MAX_ROLES,
    REMOTE_KEY,
    REMOTE_WORDS
};

typedef struct remote_request {
    uint32_t op, reserved;
    uint64_t a[REMOTE_WORDS];
} remote_request;

typedef struct remote_reply {
    uint64_t status; /* 0: done; else failed, and the payload says why */
    uint64_t v[2];
    uint64_t payload_bytes; /* bytes that follow the reply */
} remote_reply;

#ifdef __CUDACC__
#define REMOTE_FN __host__ __device__ static inline
#else
#define REMOTE_FN static inline
#endif

REMOTE_FN uint64_t proof_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The places and masks of a run's changes: change k of run r at word draw % n, XOR draw >> 32 | 1;
 * a float's sign flips instead (where it is not zero: sums of -1, 0 and 1 stay exact). Applying a
 * run's changes twice puts the words back. */
#define PROOF_CHANGES 8
REMOTE_FN uint64_t proof_draw(uint64_t key, uint64_t run, unsigned k)
{
    return proof_mix(key ^ (run + 1) * 0x9E3779B97F4A7C15ull ^
                     ((uint64_t)k + 1) * 0xD1B54A32D192ED03ull);
}
REMOTE_FN uint32_t proof_changed(uint32_t word, uint64_t draw, int is_float)
{
    if (is_float) return word & 0x7FFFFFFFu ? word ^ 0x80000000u : word;
    return word ^ ((uint32_t)(draw >> 32) | 1u);
}

/* One output word's share of a run's digest: salted by the batch's key, the run and the role, and
 * mixed with its index, so that no earlier reply answers it and no word of another place stands in
 * for it. */
REMOTE_FN uint64_t proof_salt(uint64_t key, uint64_t run, uint64_t role)
{
    return key ^ proof_mix(run * 0x100000001B3ull + role);
}
REMOTE_FN uint32_t proof_word(uint64_t salt, uint64_t i, uint32_t w)
{
    /* (32-bit steps, one multiply: vectorized; not linear, so that no sum over the input stands
     * in for the output) */
    uint32_t x = ((w ^ (uint32_t)salt) + (uint32_t)i) * 0x85EBCA6Bu ^ (uint32_t)(salt >> 32);
    return x ^ (x >> 15);
}
/* A run's digest: the sum of its outputs' words' shares, modulo 2^32. */

/* The runner's side of the proof (common/grade/proof_cpu.c, proof_gpu.cu): before run 0, its
 * changes; after run r, its digest into slot r, its changes undone and run r + 1's made; at the
 * end, the digests on the host. is_float: the call's family's elements are floats. */
#ifdef __cplusplus
extern "C" {
#endif
void proof_begin(const scan_call *call, int is_float, uint64_t key, long runs);
void proof_step(const scan_call *call, int is_float, uint64_t key, long run, long runs);
void proof_end(uint64_t *digests, long runs);
/* The same on host memory (proof_cpu.c; the grader's check of a digest uses them too): run
 * `run`'s changes in the call's varied inputs (made twice, undone); its digest of the outputs. */
void proof_change(const scan_call *call, int is_float, uint64_t key, long run);
uint32_t proof_digest(const scan_call *call, uint64_t key, long run);
#ifdef __cplusplus
}
#endif
/* out's words a run wrote: n, or the count where the call has one (at most n). */
REMOTE_FN uint64_t proof_out_words(uint64_t n, const uint64_t *count)
{
    return count && *count < n ? *count : n;
}

/* Reads or writes exactly `bytes` on a pipe; 0 at its end or on an error. */
static inline int remote_transfer(int fd, void *buf, size_t bytes, int writing)
{
    for (ssize_t done; bytes; bytes -= (size_t)done, buf = (char *)buf + done)
        if ((done = writing ? write(fd, buf, bytes) : read(fd, buf, bytes)) <= 0 &&
            !(done < 0 && errno == EINTR && (done = 0, 1)))
            return 0;
    return 1;
}
#define remote_read_full(fd, buf, bytes)  remote_transfer(fd, buf, bytes, 0)
#define remote_write_full(fd, buf, bytes) remote_transfer(fd, (void *)(buf), bytes, 1)

#endif /* REMOTE_H */
