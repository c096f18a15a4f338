/* The tests of the applications step: the shared cases, each checked against the family's
 * reference (common/apps_tests.c), and the step's own edges. */
#include <stdlib.h>
#include <string.h>

#include "apps_tests.h"

/* ---- the step's own edges ---------------------------------------------------------------------
 */

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

/* Segments of every shape: every element a head (out = in), none (the inclusive sum), heads only
 * at multiples of each variant's tile, of 4 (vector boundaries), of 128 (rows), at the first or
 * the last element, and a head every 3 elements. */
START_TEST(segment_edges)
{
    size_t n = (scan_test_small() ? 3 : 40) * scan_test_tile() + 29;
    uint32_t *input = scan_test_words(n), *heads = scan_test_words(n);
    scan_fill(input, n, INPUT_RANDOM, scan_test_seed() ^ 0x5E6ull);
    for (int pattern = 0; pattern < 7 + (int)scan_test_tile_count(); pattern++) {
        for (size_t i = 0; i < n; i++) {
            static const size_t every[] = {1, 0, 4, 128, 3};
            int head;
            if (pattern < 5)
                head = every[pattern] ? i % every[pattern] == 0 : 0;
            else if (pattern == 5)
                head = i == 0;
            else if (pattern == 6)
                head = i == n - 1;
            else
                head = i % scan_test_tile_at((size_t)pattern - 7) == 0;
            heads[i] = head ? 1u << (i % 32) : 0u;
        }
        app_check_families(1u << APP_SEGMENTED_SUM, input, heads, n);
    }
    free(input);
    free(heads);
}
END_TEST

/* Every pair of in, out and flags (or heads) alignments modulo 16 bytes (the vector and element
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
                /* app_check_variant places the flags (in's offset + out's offset + 1) % 16
                 * elements past an aligned address: modulo 16 bytes, (i + o + 1) % 4 elements */
                scan_case c = {n, INPUT_RANDOM, i, o + 4 * (i % 2), 0};
                app_check_variant(&app_variants[v], &c, input, flags);
            }
    }
    free(input);
    free(flags);
}
END_TEST

/* float-sum on inputs where the order of additions shows: large and small magnitudes mixed (a
 * sum of 2^24 ones stops growing in float), checked against the bound, and twice for the same
 * bits. */
START_TEST(float_magnitudes)
{
    size_t n = (scan_test_small() ? 4 : 64) * scan_test_tile() + 5;
    uint32_t *input = scan_test_words(n);
    uint64_t state = scan_test_seed() ^ 0xF10A7ull;
    for (size_t i = 0; i < n; i++) {
        uint64_t r = scan_random_next(&state);
        float x = (float)((int32_t)(r >> 40) - (1 << 23)) / (float)(1 << 23);
        x *= (r & 7) == 0 ? 1e6f : (r & 7) == 1 ? 1e-6f : 1.0f;
        memcpy(&input[i], &x, sizeof x);
    }
    app_check_families(1u << APP_FLOAT_SUM, input, NULL, n);
    free(input);
}
END_TEST

static void stage_cases(Suite *suite)
{
    scan_add_case(suite, "keep_all_none_one", keep_all_none_one, 300);
    scan_add_case(suite, "segment_edges", segment_edges, 300);
    scan_add_case(suite, "flags_alignments", flags_alignments, 120);
    scan_add_case(suite, "float_magnitudes", float_magnitudes, 120);
}

int main(int argc, char **argv)
{
    scan_test_config config = {.add_cases = stage_cases, .many_tiles = 2000, .repeats = 30};
    return app_test_main(argc, argv, &config);
}
