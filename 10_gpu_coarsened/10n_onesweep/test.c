/* Step 10n's tests: the shared cases, each checked against the host's sort
 * (common/apps_tests.c: the output equal bit for bit to the sorted input, so both in order and a
 * permutation of it), and the sorts' own edges, on both sorts. */
#include <stdlib.h>

#include "apps_tests.h"

/* ---- the step's own edges -------------------------------------------------------------------- */

/* The inputs of key_patterns: where a digit pass finds one bin, few bins, or keys already in
 * order. */
enum key_pattern {
    ALL_EQUAL,  /* one random key n times */
    ALL_MAX,    /* 0xFFFFFFFF n times: the padding's value (7a) */
    SORTED,     /* random keys in ascending order, with repeats */
    REVERSED,   /* the same, descending */
    TWO_VALUES, /* 2, 3 and 255 distinct random keys, in random order */
    THREE_VALUES,
    MANY_VALUES,
    LOW_BYTE_EQUAL,  /* byte 0 the same in every key (pass 0 finds one bin), the rest random */
    HIGH_BYTE_EQUAL, /* byte 3 the same (pass 3 finds one bin) */
    LOW_HIGH_EQUAL,  /* both */
    ONE_BYTE_EQUAL,  /* byte p the same, p = 0..3: each pass once finds one bin (4 inputs) */
    ONE_BYTE_VARIES = ONE_BYTE_EQUAL + 4, /* only byte p random: three passes find one bin */
    PATTERN_COUNT = ONE_BYTE_VARIES + 4
};

static void fill_pattern(uint32_t *keys, size_t n, int pattern, uint64_t seed)
{
    /* SORTED and REVERSED: random keys, then the host's sort of them */
    uint32_t *unsorted = pattern == SORTED || pattern == REVERSED ? scan_test_words(n) : NULL;
    uint64_t state = seed;
    uint32_t values[255];
    for (int k = 0; k < 255; k++)
        values[k] = (uint32_t)(scan_random_next(&state) >> 32);
    const uint32_t same = values[0];
    for (size_t i = 0; i < n; i++) {
        const uint32_t r = (uint32_t)(scan_random_next(&state) >> 32);
        switch (pattern) {
        case ALL_EQUAL: keys[i] = same; break;
        case ALL_MAX: keys[i] = 0xFFFFFFFFu; break;
        case SORTED:
        case REVERSED: unsorted[i] = values[r % 255] ^ (r & 0xF0u); break;
        case TWO_VALUES: keys[i] = values[r % 2]; break;
        case THREE_VALUES: keys[i] = values[r % 3]; break;
        case MANY_VALUES: keys[i] = values[r % 255]; break;
        case LOW_BYTE_EQUAL: keys[i] = (r & ~0xFFu) | (same & 0xFFu); break;
        case HIGH_BYTE_EQUAL: keys[i] = (r & 0x00FFFFFFu) | (same & 0xFF000000u); break;
        case LOW_HIGH_EQUAL: keys[i] = (r & 0x00FFFF00u) | (same & 0xFF0000FFu); break;
        default: {
            const int p = (pattern - ONE_BYTE_EQUAL) % 4;
            const uint32_t byte = 0xFFu << (8 * p);
            keys[i] = pattern < ONE_BYTE_VARIES ? (r & ~byte) | (same & byte)
                                                : (same & ~byte) | (r & byte);
        }
        }
    }
    if (unsorted) app_reference(APP_SORT, unsorted, NULL, keys, n);
    free(unsorted);
    if (pattern == REVERSED)
        for (size_t i = 0; i < n / 2; i++) {
            const uint32_t t = keys[i];
            keys[i] = keys[n - 1 - i];
            keys[n - 1 - i] = t;
        }
}

/* Each pattern, on a size of many whole tiles and a partial one, on every sort variant. */
START_TEST(key_patterns)
{
    const size_t n = (scan_test_small() ? 3 : 40) * scan_test_tile() + 13;
    uint32_t *input = scan_test_words(n);
    for (int pattern = 0; pattern < PATTERN_COUNT; pattern++) {
        fill_pattern(input, n, pattern, scan_test_seed() ^ (0x50A7ull + (uint64_t)pattern));
        app_check_families(1u << APP_SORT, input, NULL, n);
    }
    free(input);
}
END_TEST

static void stage_cases(Suite *suite) { scan_add_case(suite, "key_patterns", key_patterns, 300); }

int main(int argc, char **argv)
{
    /* Sizes around 256 tiles of each variant (tiles_of_each_variant): the digit passes then scan
     * 256 x 256 counts, the one-sweep pass's tiles 256 rows of descriptors. */
    scan_test_config config = {
        .add_cases = stage_cases, .many_tiles = 2000, .repeats = 30, .each_tile = 256};
    return app_test_main(argc, argv, &config);
}
