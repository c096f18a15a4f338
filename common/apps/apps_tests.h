/* The tests of an applications step (common/contract/apps.h): every shared case of common/core/tests.c (sizes
 * 0 to 70, powers of two and tile multiples +-1, random sizes, element offsets, every input
 * pattern, in place, many tiles, repeats, --huge), each checked against the variant's family's
 * reference on the host instead of the inclusive sum (sort-pairs: with random 32-bit values,
 * so that an unstable sort fails where keys repeat); a step with a sort or sort-pairs variant
 * also key_patterns (keys where a radix pass finds one bin, few bins, or keys in order, each on
 * every sort variant); and the pieces a step's own cases use.
 *
 *     static void step_cases(Suite *s) { scan_add_case(s, "keep_all_none_one", keep, 300); }
 *     int main(int argc, char **argv)
 *     {
 *         scan_test_config config = {.add_cases = step_cases, .many_tiles = 2000, .repeats = 30};
 *         return app_test_main(argc, argv, &config);
 *     }
 */
#ifndef APPS_TESTS_H
#define APPS_TESTS_H

#include "apps.h"
#include "tests.h"

/* One variant on one input (host arrays: the input, and the flags or heads where its family reads
 * them; for sort-pairs, the values, or NULL for random words drawn from the run's seed), as
 * scan_check does for the sum: in place, or out of place twice on the same scratch, with every
 * buffer guarded and the count poisoned; the second run's output must equal the first's bit for
 * bit (float-sum: a deterministic order of additions). sort-pairs: values and values_out each at
 * an offset of its own (in place, values_out is values), values_out poisoned before every run and
 * equal to the stable sort's values after it. Fails the test with the variant, size, seed,
 * offsets and the first wrong index. */
void app_check_variant(const app_variant *v, const scan_case *c, const uint32_t *input,
                       const uint32_t *flags);
/* Every variant the run checks whose family is one of `families` (a mask of 1u << app_family) on
 * one input of n elements (flags as app_check_variant's): out of place, in and out at element
 * offsets 1 and 2, and in place at offset 3 where the variant takes it. A step's own cases. */
void app_check_families(unsigned families, const uint32_t *input, const uint32_t *flags, size_t n);

/* Runs the shared cases with the applications' checks, key_patterns where a variant sorts, and
 * the step's own (config->add_cases). */
#define app_test_main(argc, argv, config) app_test_main_for(STAGE_NAME, argc, argv, config)
int app_test_main_for(const char *stage, int argc, char **argv, scan_test_config *config);

#endif /* APPS_TESTS_H */
