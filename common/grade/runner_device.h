/* The memory and the clock of a runner (common/grade/runner.c): the host's (runner_cpu.c) or a GPU's
 * (runner_gpu.cu). Functions that can fail return 0 and write why into `why` (WHY_SIZE bytes),
 * else 1. */
#ifndef RUNNER_DEVICE_H
#define RUNNER_DEVICE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define WHY_SIZE 512

/* NULL when variants can run here, else why not. */
const char *device_probe(void);
void device_describe(char *name, size_t name_size, char *facts, size_t facts_size);
/* Bytes a caller may allocate at most. */
uint64_t device_memory(void);
void *device_alloc(size_t bytes, char *why);
void device_free(void *p);
/* `bytes` from the staging memory (host memory the grader shares) to device memory at dst, or
 * from device memory at src to the staging memory. */
int device_receive(void *dst, const void *staging, size_t bytes, char *why);
int device_send(void *staging, const void *src, size_t bytes, char *why);
/* p[i] = remote_fill_word(key, i) for i < words, finished before it returns. */
int device_fill(uint32_t *p, size_t words, uint64_t key, char *why);
/* Whether a store of the runner into device memory costs nothing beside a run (the host's
 * memory: runs are synchronous), so that a timed batch can change the input between runs. */
extern const int device_stores_are_cheap;
/* *p = value, in order after the runs launched before. */
int device_poke(uint32_t *p, uint32_t value, char *why);
/* Waits for everything launched; fails with the error of a launch or a run. */
int device_finish(char *why);
/* The sum of remote_digest_word(key, i, p[i]) for i < words (after device_finish). */
int device_digest(const uint32_t *p, size_t words, uint64_t key, uint64_t *digest, char *why);

#ifdef __cplusplus
}
#endif

#endif /* RUNNER_DEVICE_H */
