/* The tests of an applications step (apps_tests.h): the pieces a step's own cases use, and the
 * sorts' own edges. */
#include "apps_tests.h"
#include "roles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A call of family f on the host with input, and flags as its flags or heads. */
static scan_call host_call(app_family f, const uint32_t *input, const uint32_t *flags, size_t n)
{
    scan_call c = {.n = n, .buffer = {[SCAN_IN] = (void *)input}};
    if (flags && app_family_has_flags(f))
        c.buffer[scan_family_roles(f) >> ROLE_HEADS & 1 ? ROLE_HEADS : ROLE_FLAGS] = (void *)flags;
    return c;
}

int app_family_has_flags(app_family f)
{
    return (scan_family_roles(f) & (1u << ROLE_FLAGS | 1u << ROLE_HEADS)) != 0;
}

void app_fill(app_family f, scan_input kind, uint32_t *input, uint32_t *flags, size_t n,
              uint64_t seed)
{
    scan_call c = host_call(f, input, flags, n);
    scan_families[f].fill(&c, kind, seed);
}

void app_check_variant(const app_variant *v, const scan_case *c, const uint32_t *input,
                       const uint32_t *flags)
{
    const scan_call given = host_call(v->family, input, flags, c->n);
    scan_check_given((size_t)(v - app_variants), c, &given);
}

void app_check_families(unsigned families, const uint32_t *input, const uint32_t *flags, size_t n)
{
    const scan_case out_of_place = {n, INPUT_RANDOM, 1, 2, 0},
                    in_place = {n, INPUT_RANDOM, 3, 3, 1};
    for (size_t v = 0; v < app_variant_count; v++) {
        if (!scan_test_runs_variant(v) || !(families & (1u << app_variants[v].family))) continue;
        app_check_variant(&app_variants[v], &out_of_place, input, flags);
        if (!(app_variants[v].flags & SCAN_OUT_OF_PLACE))
            app_check_variant(&app_variants[v], &in_place, input, flags);
    }
}

/* ---- the sorts' own edges: key_patterns, in a step with a sort or sort-pairs variant ---- */

/* The inputs of key_patterns: where a radix sort's pass finds one bin (one digit or bit value),
 * few bins, or keys already in order. */
enum key_pattern {
    ALL_EQUAL,  /* one random key n times */
    ALL_MAX,    /* 0xFFFFFFFF n times: a tile's padding, where a sort pads with it */
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
    if (unsorted) {
        scan_call sort = {.n = n, .buffer = {unsorted, keys}};
        scan_families[APP_SORT].reference(&sort);
    }
    free(unsorted);
    if (pattern == REVERSED)
        for (size_t i = 0; i < n / 2; i++) {
            const uint32_t t = keys[i];
            keys[i] = keys[n - 1 - i];
            keys[n - 1 - i] = t;
        }
}

/* Each pattern, on a size of many whole tiles and a partial one, on every sort and sort-pairs
 * variant (sort-pairs with random values: equal keys must keep their values' order). */
START_TEST(key_patterns)
{
    const size_t n = (scan_test_small() ? 3 : 40) * scan_test_tile() + 13;
    uint32_t *input = scan_test_words(n);
    for (int pattern = 0; pattern < PATTERN_COUNT; pattern++) {
        fill_pattern(input, n, pattern, scan_test_seed() ^ (0x50A7ull + (uint64_t)pattern));
        app_check_families(1u << APP_SORT | 1u << APP_SORT_PAIRS, input, NULL, n);
    }
    free(input);
}
END_TEST

/* The step's own cases (its config's add_cases), added after the family's. */
static void (*step_cases)(Suite *suite);

static void sort_cases(Suite *suite)
{
    scan_add_case(suite, "key_patterns", key_patterns, 300);
    if (step_cases) step_cases(suite);
}

int app_test_main_for(const char *stage, int argc, char **argv, scan_test_config *config)
{
    for (size_t v = 0; v < app_variant_count && config->add_cases != sort_cases; v++)
        if (app_variants[v].family == APP_SORT || app_variants[v].family == APP_SORT_PAIRS)
            step_cases = config->add_cases, config->add_cases = sort_cases;
    return scan_test_main_for(stage, argc, argv, config);
}
