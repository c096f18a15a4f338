/* Stage 01, exercise 3: the running sum of 8-bit elements beside the same loop on 32-bit ones,
 * each over 4096 elements (in L1), the fastest of many batches, the two taking turns so that
 * both see the same machine. Built with stage 01's flags by 3.sh. */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

enum { N = 4096, BATCH = 64, ROUNDS = 400 };

__attribute__((noipa)) static void running_sum8(const uint8_t *in, uint8_t *out, size_t n)
{
    uint8_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        sum += in[i];
        out[i] = sum;
    }
}

__attribute__((noipa)) static void running_sum32(const uint32_t *in, uint32_t *out, size_t n)
{
    uint32_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        sum += in[i];
        out[i] = sum;
    }
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint8_t in8[N], out8[N];
static uint32_t in32[N], out32[N];

int main(void)
{
    for (size_t i = 0; i < N; i++) {
        in8[i] = (uint8_t)(i * 37 + 11);
        in32[i] = (uint32_t)(i * 2654435761u);
    }
    double best8 = 1e30, best32 = 1e30;
    for (int round = 0; round < ROUNDS; round++) {
        double t = seconds();
        for (int b = 0; b < BATCH; b++)
            running_sum8(in8, out8, N);
        t = seconds() - t;
        if (t < best8) best8 = t;
        t = seconds();
        for (int b = 0; b < BATCH; b++)
            running_sum32(in32, out32, N);
        t = seconds() - t;
        if (t < best32) best32 = t;
    }
    /* G elements/s, then GB/s counting one read and one write of each element */
    printf("uint8_t  %.2f G elements/s, %.2f GB/s\n", N * BATCH / best8 / 1e9,
           2.0 * N * BATCH / best8 / 1e9);
    printf("uint32_t %.2f G elements/s, %.2f GB/s\n", N * BATCH / best32 / 1e9,
           8.0 * N * BATCH / best32 / 1e9);
    return 0;
}
