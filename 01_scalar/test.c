/* Stage 01's tests: the shared cases (common/core/tests.c) and the loop's own edges. */
#include "tests.h"

/* The loop's only state is the running sum: check that it starts at in[0], not at zero or at
 * in[1], with inputs where an off-by-one shows at once. */
START_TEST(first_elements)
{
    const size_t sizes[] = {1, 2, 3, 4};
    scan_check_patterns(sizes, sizeof sizes / sizeof sizes[0], 0, 0);
}
END_TEST

static void stage_cases(Suite *suite)
{
    scan_add_case(suite, "first_elements", first_elements, 30);
}

int main(int argc, char **argv)
{
    scan_test_config config = {.add_cases = stage_cases};
    return scan_test_main(argc, argv, &config);
}
