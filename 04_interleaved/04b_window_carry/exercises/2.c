/* Step 04b, exercise 2: avx2+window with the first register's `left` loaded from memory (2.patch),
 * run on cases that tell its errors apart: for each, the first wrong result, how far off it is,
 * and the element that the loaded `left` brings in. Built and run by 2.sh. */
#include <stdio.h>
#include <string.h>

#include "scan.h"

enum { N = 128, PAD = 64 }; /* two iterations of eight registers */

static uint32_t before_in[PAD + N + PAD] __attribute__((aligned(64)));
static uint32_t before_out[PAD + N + PAD] __attribute__((aligned(64)));

/* Runs the variant on n elements of in into out (in == out: in place) and prints the first wrong
 * result against the inclusive sum of `input`, and its error, which is `suspect` (named `name`)
 * where the loaded `left` explains it. */
static void run_case(const char *what, const scan_variant *v, const uint32_t *input, uint32_t *in,
                     uint32_t *out, size_t n, const char *name, uint32_t suspect)
{
    uint32_t expected[N], sum = 0;
    for (size_t i = 0; i < n; i++)
        expected[i] = sum += input[i];
    v->run(in, out, n, NULL);
    for (size_t i = 0; i < n; i++)
        if (out[i] != expected[i]) {
            uint32_t error = out[i] - expected[i];
            if (error == suspect)
                printf("%s: first wrong index %zu, off by %u, which is %s\n", what, i, error, name);
            else
                printf("%s: first wrong index %zu, off by %u, not %s (%u)\n", what, i, error, name,
                       suspect);
            return;
        }
    printf("%s: every result right\n", what);
}

int main(void)
{
    const scan_variant *v = NULL;
    for (size_t i = 0; i < stage_variant_count; i++)
        if (strcmp(stage_variants[i].name, "avx2+window") == 0) v = &stage_variants[i];
    if (!v) return 2;
    uint32_t input[N];
    for (size_t i = 0; i < N; i++)
        input[i] = (uint32_t)(i * 2654435761u) >> 8;
    uint32_t *in = before_in + PAD, *out = before_out + PAD; /* out 64-byte aligned: no head */

    memcpy(in, input, sizeof input);
    in[-1] = 1000;
    run_case("out of place, no head, in[-1] = 1000", v, input, in, out, N, "in[-1]", in[-1]);
    in[-1] = 0;
    run_case("out of place, no head, in[-1] = 0", v, input, in, out, N, "in[-1]", in[-1]);
    /* out 5 elements past a 32-byte boundary: a head of 3 elements, the loop from index 3 */
    run_case("out of place, a head of 3", v, input, in, out + 5, N, "in[2]", in[2]);
    /* in place, in[-1] = 0: the first iteration is right; the second loads out[63], the result
     * that has replaced in[63] */
    uint32_t out63 = 0;
    for (size_t i = 0; i < 64; i++)
        out63 += input[i];
    run_case("in place, no head, in[-1] = 0", v, input, in, in, N, "out[63] - in[63]",
             out63 - input[63]);
    return 0;
}
