/* Step 10h's tests: the shared cases, each checked against the operator's reference
 * (common/apps/apps_tests.c), and float sums whose order of additions shows. */
#include <stdlib.h>
#include <string.h>

#include "apps_tests.h"

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
    scan_add_case(suite, "float_magnitudes", float_magnitudes, 120);
}

int main(int argc, char **argv)
{
    /* Thousands of tiles, one input scanned 30 times (a race, or a float fold that depends on
     * timing, shows as an output that changes), and in and out misaligned across 97 tiles. */
    scan_test_config config = {
        .add_cases = stage_cases, .many_tiles = 2000, .repeats = 30, .offset_tiles = 97};
    return app_test_main(argc, argv, &config);
}
