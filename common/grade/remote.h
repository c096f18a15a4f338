/* The protocol between the grader and a runner (common/grade/runner.c): the process that holds a
 * student's kernel and nothing else. The grader (common/grade/platform_remote.c) writes requests on the
 * runner's file descriptor 3 and reads replies on its descriptor 4; the runner's memory (the
 * host's on a CPU, the device's on a GPU) is named by the addresses the runner gives out. The
 * runner never sees an expected output: it receives inputs, runs variants, and sends back what
 * they wrote. Compiles as C11 and under nvcc. */
#ifndef REMOTE_H
#define REMOTE_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#define REMOTE_REQUEST_FD 3
#define REMOTE_REPLY_FD   4
/* Descriptor 5: a memory file both map, through which data moves (faster than a pipe; it holds
 * only inputs and what the runner sends back). */
#define REMOTE_STAGING_FD    5
#define REMOTE_STAGING_BYTES ((uint64_t)32 << 20)

enum remote_op {
    REMOTE_HELLO = 1, /* reply payload: the variant table, one "family\ttile\tflags\tname" a line */
    REMOTE_PROBE,     /* reply status 0, or 1 with why the variants cannot run here */
    REMOTE_MISSING,   /* a[0] variant: reply payload: what this machine lacks to run it, or "" */
    REMOTE_DESCRIBE,  /* reply payload: "device name\nfacts" */
    REMOTE_MEMORY,    /* reply v[0]: the bytes of memory a caller may use */
    REMOTE_ALLOC,     /* a[0] bytes: reply v[0] the address */
    REMOTE_FREE,      /* a[0] address */
    REMOTE_WRITE,     /* a[0] address, a[1] bytes: copied from the staging memory */
    REMOTE_READ,      /* a[0] address, a[1] bytes: copied into the staging memory */
    REMOTE_FILL,    /* a[0] address, a[1] words, a[2] key: remote_fill_word(key, i), synchronized */
    REMOTE_SCRATCH, /* a[0] variant, a[1] n: reply v[0] its scratch_bytes(n) */
    REMOTE_RUN,     /* a[0..10]: a run's call (below); returns once launched, as a run does */
    REMOTE_FINISH,  /* waits for what was launched: reply status 1 and CUDA's message on error */
    REMOTE_TIME,    /* the call, then (remote_time_word) runs, key, words, spoiled_at,
                       spoiled_word, values_words and values_spoiled_word: the runs back to back,
                       out[spoiled_at] = spoiled_word before the last (a word it must write
                       again), and values_out[spoiled_at] = values_spoiled_word where spoiled_at <
                       values_words (sort-pairs), all waited for, then reply v[0] = the sum of
                       remote_digest_word(key, ...) over out[0..words), v[1] the same over the
                       call's values_out[0..values_words) (0 where values_words is 0) */
};

/* A run's call in a request's a[]: variant, in, out, n, scratch, then the applications' args
 * (REMOTE_ARGS of them, in app_args' order: flags, heads, keys, count, values, values_out; 0
 * where none). */
#define REMOTE_ARGS       6
#define REMOTE_CALL_WORDS (5 + REMOTE_ARGS)
/* The call's words of sort-pairs' values and values_out, which a timed batch proves too. */
#define REMOTE_CALL_VALUES     (5 + 4)
#define REMOTE_CALL_VALUES_OUT (5 + 5)
/* The words of a REMOTE_TIME request after its call. values_words is words where the batch must
 * prove the values_out it writes beside out (a sort of pairs), else 0. */
enum remote_time_word {
    REMOTE_TIME_RUNS = REMOTE_CALL_WORDS,
    REMOTE_TIME_KEY,
    REMOTE_TIME_WORDS,
    REMOTE_TIME_SPOILED_AT,
    REMOTE_TIME_SPOILED_WORD,
    REMOTE_TIME_VALUES_WORDS,
    REMOTE_TIME_VALUES_SPOILED_WORD,
    REMOTE_TIME_REQUEST_WORDS
};

typedef struct remote_request {
    uint32_t op, reserved;
    uint64_t a[REMOTE_TIME_REQUEST_WORDS];
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

/* The words FILL writes: a run must overwrite them, and they are no output's by chance. */
REMOTE_FN uint32_t remote_fill_word(uint64_t key, uint64_t i)
{
    uint64_t z = key + (i + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (uint32_t)(z ^ (z >> 31));
}

/* The digest of a timed batch's output: the sum of one mixed 32-bit word per element, keyed by
 * the request (so that no earlier reply answers it) and by the element's index. The runner
 * computes it before it answers, so a batch whose work is not done answers wrongly. */
REMOTE_FN uint32_t remote_digest_word(uint64_t key, uint64_t i, uint32_t w)
{
    uint32_t x = w ^ ((uint32_t)key + (uint32_t)i * 0x9E3779B9u);
    x ^= (uint32_t)(key >> 32);
    x *= 0x85EBCA6Bu;
    x ^= x >> 13;
    x *= 0xC2B2AE35u;
    return x ^ (x >> 16);
}

/* Reads or writes exactly `bytes` on a pipe; 0 at its end or on an error. */
static inline int remote_read_full(int fd, void *buf, size_t bytes)
{
    char *p = (char *)buf;
    while (bytes) {
        ssize_t got = read(fd, p, bytes);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return 0;
        p += got;
        bytes -= (size_t)got;
    }
    return 1;
}

static inline int remote_write_full(int fd, const void *buf, size_t bytes)
{
    const char *p = (const char *)buf;
    while (bytes) {
        ssize_t put = write(fd, p, bytes);
        if (put < 0 && errno == EINTR) continue;
        if (put <= 0) return 0;
        p += put;
        bytes -= (size_t)put;
    }
    return 1;
}

#endif /* REMOTE_H */
