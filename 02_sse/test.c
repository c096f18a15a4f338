/* Stage 02's tests: the shared cases (common/core/tests.c) and the edges of four- and eight-lane blocks.
 */
#include "tests.h"

/* The vector loops stop at the last whole register and the scalar tail does the rest: check every
 * tail length 0..7, after one register and after many, out of place with in and out misaligned
 * differently, and in place. */
START_TEST(every_tail_length)
{
    const size_t bases[] = {8, 16, 1000, 4096};
    for (size_t b = 0; b < sizeof bases / sizeof bases[0]; b++)
        for (size_t r = 0; r < 8; r++) {
            size_t n = bases[b] + r;
            scan_check_sizes_at(&n, 1, 1, 6);
        }
}
END_TEST

/* The local prefixes wrap around 2^32 inside a register, and the carry wraps again when it is
 * added: every input pattern at sizes of one, two and three blocks of four and one past. */
START_TEST(every_pattern_in_registers)
{
    const size_t sizes[] = {4, 5, 8, 9, 12, 13};
    scan_check_patterns(sizes, sizeof sizes / sizeof sizes[0], 0, 0);
}
END_TEST

static void stage_cases(Suite *suite)
{
    scan_add_case(suite, "every_tail_length", every_tail_length, 60);
    scan_add_case(suite, "every_pattern_in_registers", every_pattern_in_registers, 30);
}

int main(int argc, char **argv)
{
    scan_test_config config = {.add_cases = stage_cases};
    return scan_test_main(argc, argv, &config);
}
