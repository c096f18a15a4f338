# Exercise 2: the split CUB's way, on the host: a model of both splits (this step's, with its
# count, and CUB's, with none) and of an LSD sort of 32 of CUB's one-bit splits.
claim "a set key's place is then n - 1 - (i - z), from the end of out: no count. The set keys come out in reverse order, so a split is no longer stable, and an LSD sort of such splits comes out unsorted: each pass must put its set keys back in order (reversing them, a pass over half the keys), after which the 32 splits sort"
mkdir -p build/exercise
cat >build/exercise/split_model.c <<'PROGRAM'
/* The split two ways (this step's: a count, then each part in order; CUB's: no count, the set
 * keys from the end of out, in reverse) and an LSD sort of 32 one-bit splits. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 100003

static void split_stable(const uint32_t *in, uint32_t *out, size_t n, int bit)
{
    size_t zeros = 0, z = 0;
    for (size_t i = 0; i < n; i++) /* the count */
        zeros += !((in[i] >> bit) & 1);
    for (size_t i = 0; i < n; i++) {
        const int clear = !((in[i] >> bit) & 1);
        out[clear ? z : zeros + (i - z)] = in[i];
        z += clear;
    }
}

/* one pass, no count; returns where the set keys begin */
static size_t split_cub(const uint32_t *in, uint32_t *out, size_t n, int bit)
{
    size_t z = 0;
    for (size_t i = 0; i < n; i++) {
        const int clear = !((in[i] >> bit) & 1);
        out[clear ? z : n - 1 - (i - z)] = in[i];
        z += clear;
    }
    return z;
}

static void reverse(uint32_t *a, size_t n)
{
    for (size_t i = 0; i < n / 2; i++) {
        const uint32_t t = a[i];
        a[i] = a[n - 1 - i];
        a[n - 1 - i] = t;
    }
}

static int ascending(const void *a, const void *b)
{
    const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* 32 CUB splits, by bit 0 to 31; fix: put each pass's set keys back in order */
static void sort_cub(uint32_t *keys, uint32_t *tmp, size_t n, int fix)
{
    for (int pass = 0; pass < 32; pass++) { /* bit 0 to 31 */
        const size_t z = split_cub(keys, tmp, n, pass);
        if (fix) reverse(tmp + z, n - z);
        memcpy(keys, tmp, n * sizeof *keys);
    }
}

int main(int argc, char **argv)
{
    static uint32_t keys[N], a[N], b[N], sorted[N];
    uint64_t state = 0x5eed;
    for (size_t i = 0; i < N; i++) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        keys[i] = (uint32_t)(state >> 32);
    }
    memcpy(sorted, keys, sizeof keys);
    qsort(sorted, N, sizeof *sorted, ascending);
    const char *check = argc > 1 ? argv[1] : "";
    if (!strcmp(check, "reversed")) { /* CUB's: the stable clear part, the set part reversed */
        split_stable(keys, a, N, 0);
        const size_t z = split_cub(keys, b, N, 0);
        reverse(b + z, N - z);
        printf("  by bit 0, %zu keys: %zu clear keys in order, then %zu set keys in reverse\n",
               (size_t)N, z, (size_t)N - z);
        return memcmp(a, b, sizeof a) != 0;
    }
    if (!strcmp(check, "sort") || !strcmp(check, "fixed")) {
        memcpy(a, keys, sizeof keys);
        sort_cub(a, b, N, check[0] == 'f');
        size_t wrong = 0;
        for (size_t i = 0; i < N; i++)
            wrong += a[i] != sorted[i];
        printf("  32 splits%s: %zu of %zu keys out of place\n",
               check[0] == 'f' ? ", each set part put back in order" : "", wrong, (size_t)N);
        return check[0] == 'f' ? wrong != 0 : wrong == 0;
    }
    fprintf(stderr, "usage: %s reversed|sort|fixed\n", argv[0]);
    return 2;
}
PROGRAM
if ! ${CC:-cc} -std=c11 -O1 -Wall -Wextra -o build/exercise/split_model build/exercise/split_model.c; then
    echo "the host's C compiler did not build the program"
    exit 1
fi
agree "CUB's split: the clear keys in order, then the set keys reversed" build/exercise/split_model reversed
agree "32 such splits do not sort" build/exercise/split_model sort
agree "with each pass's set keys put back in order, they do" build/exercise/split_model fixed
