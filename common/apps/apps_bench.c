/* The benchmark of an applications step (apps_bench.h): its rows beside the CUB call a
 * practitioner would use instead (common/apps/apps_cub.cu, where linked) and a copy of the same
 * bytes, and the sorts on other keys too. */
#include "apps_bench.h"
#include "roles.h"

#include <string.h>

/* Copies of the bytes a family must move, by the device's `copy` row (cudaMemcpy, device to
 * device): a compaction reads n elements (and n flags) and writes the kept half of them (random
 * inputs keep about half: its bytes_per_element in the CSV is what the point's input keeps); the
 * segmented scan reads the heads too (n elements, then n / 2 of the heads); sort-pairs moves n
 * values beside the n keys. */
static const scan_variant *copy_row;
static void copy_words(const void *in, void *out, size_t count)
{
    copy_row->run((const uint32_t *)in, (uint32_t *)out, count, NULL);
}
/* A copy row: `first` words from in to out, then `second` more from src to dst. */
#define COPY_ROW(name, first, src, dst, second)                                                    \
    static void name(const uint32_t *in, uint32_t *out, size_t n, const app_args *a, void *s)      \
    {                                                                                              \
        (void)a, (void)s;                                                                          \
        copy_words(in, out, first);                                                                \
        if (second) copy_words(src, dst, second);                                                  \
    }
COPY_ROW(copy_select_if, n / 2 + n / 4, NULL, NULL, 0)
COPY_ROW(copy_select_flagged, n, a->flags, out, n / 4)
COPY_ROW(copy_segmented_sum, n, a->heads, out, n / 2)
COPY_ROW(copy_sort_pairs, n, a->values, a->values_out, n)
static const app_variant copy_variants[] = {
    {"copy-select-if", APP_SELECT_IF, NULL, copy_select_if, 1, 0},
    {"copy-select-flagged", APP_SELECT_FLAGGED, NULL, copy_select_flagged, 1, 0},
    {"copy-segmented-sum", APP_SEGMENTED_SUM, NULL, copy_segmented_sum, 1, 0},
    {"copy-sort-pairs", APP_SORT_PAIRS, NULL, copy_sort_pairs, 1, 0},
};
#define COPY_VARIANTS (sizeof copy_variants / sizeof copy_variants[0])

/* The keys the sorts are also timed on (rows ROW@NAME, measured beside those on random keys:
 * common/core/bench.h's inputs), where a radix sort's digits are far from uniform. Each from the
 * size's seed, as the random keys are. */
static uint32_t random_word(uint64_t *state) { return (uint32_t)(scan_random_next(state) >> 32); }
/* 16 distinct random words, each key one of them at random: most bins of a digit empty */
static void few_values(uint32_t *keys, size_t n, uint64_t seed)
{
    uint64_t state = seed ^ 0xFE3ull;
    uint32_t words[16];
    for (int k = 0; k < 16;) { /* (a word drawn twice is drawn again) */
        const uint32_t w = random_word(&state);
        int j = 0;
        while (j < k && words[j] != w)
            j++;
        if (j == k) words[k++] = w;
    }
    for (size_t i = 0; i < n; i++)
        keys[i] = words[random_word(&state) >> 28];
}
/* every key the same random word: every digit's pass finds one bin */
static void all_equal(uint32_t *keys, size_t n, uint64_t seed)
{
    uint64_t state = seed ^ 0xA11ull;
    const uint32_t word = random_word(&state);
    for (size_t i = 0; i < n; i++)
        keys[i] = word;
}
/* the random keys, sorted */
static void sorted(uint32_t *keys, size_t n, uint64_t seed)
{
    scan_call sort = {.n = n, .buffer = {keys, keys}};
    scan_fill(keys, n, INPUT_RANDOM, seed);
    scan_families[APP_SORT].reference(&sort);
}
/* a random top byte, the rest zero: an LSD sort's first three passes find one bin */
static void high_bits(uint32_t *keys, size_t n, uint64_t seed)
{
    uint64_t state = seed ^ 0x41Bull;
    for (size_t i = 0; i < n; i++)
        keys[i] = random_word(&state) & 0xFF000000u;
}
static const scan_bench_input key_inputs[] = {
    {"few-values", few_values},
    {"all-equal", all_equal},
    {"sorted", sorted},
    {"high-bits", high_bits},
};

/* The rows timed on key_inputs too: the sorts, the step's and CUB's (a copy moves any keys
 * alike). */
static int takes_input(const scan_row *row)
{
    const app_variant *v = row->variant;
    return (row->family == APP_SORT || row->family == APP_SORT_PAIRS) &&
           !(v >= copy_variants && v < copy_variants + COPY_VARIANTS);
}

#pragma weak app_cub_variants
#pragma weak app_cub_variant_count

int app_bench_main_for(const char *stage, int argc, char **argv, scan_bench_config *config)
{
    static scan_row references[32];
    size_t count = 0;
    unsigned families = 0;
    for (size_t v = 0; v < app_variant_count; v++)
        families |= 1u << app_variants[v].family;
    /* CUB's rows where common/apps/apps_cub.cu is linked (the grader's benchmark times the graded
     * variant alone, and links no CUDA), and the copies where the device has `copy` */
    for (size_t r = 0; &app_cub_variant_count && r < app_cub_variant_count; r++)
        if (families >> app_cub_variants[r].family & 1)
            references[count++] = scan_app_row_of(&app_cub_variants[r]);
    for (size_t r = 0; r < device_reference_count; r++)
        if (!strcmp(device_references[r].name, "copy")) copy_row = &device_references[r];
    for (size_t r = 0; copy_row && r < COPY_VARIANTS; r++)
        if (families >> copy_variants[r].family & 1)
            references[count++] = scan_app_row_of(&copy_variants[r]);
    config->references = references;
    config->reference_count = count;
    /* CUB's segmented scan takes each element's segment (keys); its partition writes a count */
    config->roles = (families >> APP_SEGMENTED_SUM & 1 ? 1u << ROLE_KEYS : 0) |
                    (families >> APP_SPLIT & 1 ? 1u << ROLE_COUNT : 0);
    if (families >> APP_SORT & 1 || families >> APP_SORT_PAIRS & 1) {
        config->inputs = key_inputs;
        config->input_count = sizeof key_inputs / sizeof key_inputs[0];
        config->takes_input = takes_input;
    }
    return scan_bench_main_for(stage, argc, argv, config);
}
