/* Step 10i's tests: the shared cases, each checked against the family's reference
 * (common/apps/apps_tests.c), and the segmented scan's own edges. */
#include <stdlib.h>

#include "apps_tests.h"

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

/* Every pair of in, out and heads alignments modulo 16 bytes (the vector and element
 * paths of each), across a few tiles. */
START_TEST(heads_alignments)
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
    scan_add_case(suite, "segment_edges", segment_edges, 300);
    scan_add_case(suite, "heads_alignments", heads_alignments, 120);
}

int main(int argc, char **argv)
{
    scan_test_config config = {.add_cases = stage_cases, .many_tiles = 2000, .repeats = 30};
    return app_test_main(argc, argv, &config);
}
