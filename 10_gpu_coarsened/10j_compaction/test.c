/* Step 10j's tests: the shared cases, each checked against the compaction's reference
 * (common/apps/apps_tests.c), and the compactions' own edges. */
#include <stdlib.h>

#include "apps_tests.h"

/* Compactions that keep everything and nothing (the count n and 0; a tile whose aggregate is 0),
 * and one kept element in the whole array, at its start, at its end and at a tile boundary. */
START_TEST(keep_all_none_one)
{
    size_t n = (scan_test_small() ? 3 : 40) * scan_test_tile() + 13;
    uint32_t *input = scan_test_words(n), *flags = scan_test_words(n);
    scan_fill(input, n, INPUT_RANDOM, scan_test_seed() ^ 0xA11ull);
    size_t lone[] = {0, n - 1, scan_test_tile(), scan_test_tile() - 1};
    for (int pattern = 0; pattern < 2 + 4; pattern++) {
        for (size_t i = 0; i < n; i++) {
            int keep = pattern == 0 || (pattern >= 2 && i == lone[pattern - 2]);
            input[i] = (input[i] & 0x7FFFFFFFu) | (keep ? 0u : 0x80000000u); /* APP_KEEP */
            flags[i] = keep ? 1u + (uint32_t)(i % 7) : 0u;
        }
        app_check_families((1u << APP_SELECT_IF) | (1u << APP_SELECT_FLAGGED), input, flags, n);
    }
    free(input);
    free(flags);
}
END_TEST

/* Every pair of in, out and flags alignments modulo 16 bytes (the vector and element
 * paths of each), across a few tiles. */
START_TEST(flags_alignments)
{
    size_t n = 5 * scan_test_tile() + 7;
    uint32_t *input = scan_test_words(n), *flags = scan_test_words(n);
    for (size_t v = 0; v < app_variant_count; v++) {
        const app_family f = app_variants[v].family;
        if (!scan_test_runs_variant(v) || !app_family_has_flags(f)) continue;
        app_fill(f, INPUT_RANDOM, input, flags, n, scan_test_seed() ^ 0xF1A6ull);
        for (size_t i = 0; i < 4; i++)
            for (size_t o = 0; o < 4; o++) {
                /* the shared check places the flags (in's offset + out's offset + 7 r) % 16
                 * elements past an aligned address (r: their role, common/apps/roles.c): modulo
                 * 16 bytes, (i + o + 3 r) % 4 elements, each of the four as i and o vary */
                scan_case c = {n, INPUT_RANDOM, i, o + 4 * (i % 2), 0};
                app_check_variant(&app_variants[v], &c, input, flags);
            }
    }
    free(input);
    free(flags);
}
END_TEST

static void stage_cases(Suite *suite)
{
    scan_add_case(suite, "keep_all_none_one", keep_all_none_one, 300);
    scan_add_case(suite, "flags_alignments", flags_alignments, 120);
}

int main(int argc, char **argv)
{
    scan_test_config config = {.add_cases = stage_cases, .many_tiles = 2000, .repeats = 30};
    return app_test_main(argc, argv, &config);
}
