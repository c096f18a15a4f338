/* The tests of an applications step (common/contract/apps.h): every shared case of
 * common/core/tests.c, each checked against the variant's family's reference (common/apps/apps.c;
 * sort-pairs with random values, so that an unstable sort fails where keys repeat); a step with a
 * sort or sort-pairs variant also key_patterns (keys where a radix pass finds one bin, few bins,
 * or keys in order, on every sort variant); and the pieces a step's own cases use.
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

#include "tests.h"

/* One variant on one input: input, and flags (the flags or heads its family reads; NULL: made
 * from the run's seed), as scan_check does: out of place twice, or in place. */
void app_check_variant(const app_variant *v, const scan_case *c, const uint32_t *input,
                       const uint32_t *flags);
/* Every variant the run checks whose family is one of `families` (a mask of 1u << app_family) on
 * one input of n elements: out of place at offsets 1 and 2, in place at 3 where it may be. */
void app_check_families(unsigned families, const uint32_t *input, const uint32_t *flags, size_t n);

/* Whether the family reads flags (select-flagged's flags, segmented-sum's heads); and its input
 * of a pattern and seed, with those flags where it reads them (flags may be NULL). */
int app_family_has_flags(app_family f);
void app_fill(app_family f, scan_input kind, uint32_t *input, uint32_t *flags, size_t n,
              uint64_t seed);

/* The shared cases, key_patterns where a variant sorts, and the step's own (add_cases). */
#define app_test_main(argc, argv, config) app_test_main_for(STAGE_NAME, argc, argv, config)
int app_test_main_for(const char *stage, int argc, char **argv, scan_test_config *config);

#endif /* APPS_TESTS_H */
