/* The proof of a timed batch on a CPU runner (common/grade/remote.h), and the grader's check of
 * the digests on the host: the changes and the digests as loops over host memory, vectorized
 * (AVX-512 or AVX2 where the CPU has them): a digest costs a read of the output. */
#include <stdlib.h>
#include <string.h>

#include "remote.h"

static uint64_t slots[REMOTE_MAX_RUNS];

void proof_change(const scan_call *call, int is_float, uint64_t key, long run)
{
    for (size_t r = 0; r < scan_role_count; r++)
        for (unsigned k = 0; call->n && call->buffer[r] && (scan_roles[r].how & SCAN_ROLE_VARIED) &&
                             k < PROOF_CHANGES;
             k++) {
            const uint64_t draw = proof_draw(key, (uint64_t)run, k);
            uint32_t *w = (uint32_t *)call->buffer[r] + (draw & 0xFFFFFFFFu) % call->n;
            *w = proof_changed(*w, draw, is_float);
        }
}

#if defined(__x86_64__)
__attribute__((target_clones("avx512f", "avx2", "default")))
#endif
static uint32_t
digest(const uint32_t *p, uint64_t words, uint64_t salt)
{
    uint32_t sum = 0;
    for (uint64_t i = 0; i < words; i++)
        sum += proof_word(salt, i, p[i]);
    return sum;
}

void proof_begin(const scan_call *call, int is_float, uint64_t key, long runs)
{
    (void)runs;
    proof_change(call, is_float, key, 0);
}

uint32_t proof_digest(const scan_call *call, uint64_t key, long run)
{
    uint32_t sum = 0;
    for (size_t r = 0; r < scan_role_count; r++) {
        const int bound = scan_roles[r].bound;
        if (!call->buffer[r] || !(scan_roles[r].how & SCAN_ROLE_OUTPUT)) continue;
        uint64_t words = scan_role_words(r, call->n);
        if (bound >= 0 && call->buffer[bound]) words = proof_out_words(words, call->buffer[bound]);
        sum += digest(call->buffer[r], words, proof_salt(key, (uint64_t)run, r));
    }
    return sum;
}

void proof_step(const scan_call *call, int is_float, uint64_t key, long run, long runs)
{
    slots[run] = proof_digest(call, key, run);
    proof_change(call, is_float, key, run);
    if (run + 1 < runs) proof_change(call, is_float, key, run + 1);
}

void proof_end(uint64_t *digests, long runs)
{
    memcpy(digests, slots, (size_t)runs * sizeof *slots);
}
