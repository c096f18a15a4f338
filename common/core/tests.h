/* The shared Check tests. A unit's test.c adds its own edge cases; everything else (sizes,
 * offsets, in place, wrap-around, guards, the main) lives here. Every row is checked against its
 * family's reference (common/apps/apps.c), with every buffer of its call guarded. The tile sizes
 * the cases probe come from the unit's variant table (tile), never from a copy in test.c.
 *
 *     static void stage_cases(Suite *s) { scan_add_case(s, "block_edges", block_edges, 60); }
 *     int main(int argc, char **argv)
 *     {
 *         scan_test_config config = {.add_cases = stage_cases};
 *         return scan_test_main(argc, argv, &config);
 *     }
 */
#ifndef TESTS_H
#define TESTS_H

#include <check.h>

#include "harness.h"

typedef struct scan_test_config {
    /* This unit's own cases, added with scan_add_case; NULL when it has none. */
    void (*add_cases)(Suite *suite);
    /* Optional shared cases for units that join many tiles (0 leaves a case out):
     * many_tiles   case "many_tiles": that many tiles, and one element either side, in and out of
     *              place; with --small, as many as fit in 2^16 elements (at least 4);
     * repeats      case "repeatable": one input of many_tiles tiles (a few with --small) scanned
     *              this many times, every output checked: a race shows up as a difference. */
    size_t many_tiles;
    int repeats;
    /* Optional, for units whose variants have tiles of several sizes, or vector paths that depend
     * on how in and out are aligned:
     * each_tile    case "tiles_of_each_variant": that many tiles of each distinct tile size, and
     *              one element either side (6 with --small);
     * offset_tiles case "offsets_many_tiles": in and out misaligned differently and alike, in and
     *              out of place, across that many of the largest tiles (5 with --small). */
    size_t each_tile, offset_tiles;
    /* Optional, for units whose blocks loop over the tiles: case "persistent_rounds", sizes of a
     * few rounds of the blocks that fit at once (with --small, 2^16 + 5 only). */
    int rounds;
} scan_test_config;

/* One check: every row the run checks computes `n` elements of `input`, with `in` and `out`
 * placed `in_offset` and `out_offset` elements past an aligned address (`in_place`: one buffer,
 * in_offset places it; a variant flagged SCAN_OUT_OF_PLACE sits such a case out), the call's
 * other buffers at offsets of their own. Each row runs twice on the same scratch (the second run
 * finds the first run's leftovers). Fails the current test with the variant, size, seed, offsets
 * and the first wrong index when an output is wrong, an input changed, or anything outside the
 * outputs was written. */
typedef struct scan_case {
    size_t n;
    scan_input input;
    size_t in_offset, out_offset;
    int in_place;
} scan_case;

void scan_check(const scan_case *c);
/* Random input, out of place and in place, at each size (in and out at the given offsets). */
void scan_check_sizes(const size_t *sizes, size_t count);
void scan_check_sizes_at(const size_t *sizes, size_t count, size_t in_offset, size_t out_offset);
/* Every input pattern at each size, out of place at the given offsets. */
void scan_check_patterns(const size_t *sizes, size_t count, size_t in_offset, size_t out_offset);
/* Row v on case c with the inputs of `given` (host arrays by role; a role it lacks is made by the
 * family's fill), twice out of place, once in place. */
void scan_check_given(size_t v, const scan_case *c, const scan_call *given);

/* Whether the cases check row v: it can run here and --variant, if given, named it. */
int scan_test_runs_variant(size_t v);
/* The base seed of this run (printed at start; set it with --seed or SCAN_SEED). */
uint64_t scan_test_seed(void);
/* The distinct tiles of the rows, smallest first; scan_test_tile() is the largest. */
size_t scan_test_tile_count(void);
size_t scan_test_tile_at(size_t i);
size_t scan_test_tile(void);
/* A constant the kernel file exports by name (stage_constants); one it lacks fails the test. */
size_t scan_test_constant(const char *name);
/* Whether --small (or SCAN_TEST_SMALL=1) asked for small sizes only. */
int scan_test_small(void);
/* Host memory for count words; fails the test when there is not enough. */
#define scan_test_words(count) scan_must_words(count, "a test's array")

/* Adds a test case running `fn`, with a time limit in seconds (scaled by Check's
 * CK_TIMEOUT_MULTIPLIER; the grader gives its own, --limits). --list prints names, --case picks. */
void scan_add_case(Suite *suite, const char *name, const TTest *fn, double timeout_s);

/* Parses the command line, probes the device, runs the shared cases and the unit's, prints
 * Check's summary and returns the exit status (0 pass, 1 fail, 2 bad usage, 77 none runnable). */
#define scan_test_main(argc, argv, config) scan_test_main_for(STAGE_NAME, argc, argv, config)
int scan_test_main_for(const char *stage, int argc, char **argv, const scan_test_config *config);

#endif /* TESTS_H */
