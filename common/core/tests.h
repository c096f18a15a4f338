/* The shared Check tests. A stage's test.c adds its own edge cases; everything else (sizes,
 * offsets, in place, wrap-around, guards, the main) lives here. The tile sizes the cases probe
 * come from the stage's variant table (scan_variant.tile), never from a copy in test.c.
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
    /* This stage's own cases, added with scan_add_case; NULL when it has none. */
    void (*add_cases)(Suite *suite);
    /* Optional shared cases for stages that join many tiles (0 leaves a case out):
     * many_tiles   case "many_tiles": that many tiles, and one element either side (the last
     *              tile full, one element long, or one short), in and out of place; with --small,
     *              as many as fit in 2^16 elements (at least 4);
     * repeats      case "repeatable": one input of many_tiles tiles (a few with --small) scanned
     *              this many times, every output checked: a race shows up as a difference. */
    size_t many_tiles;
    int repeats;
    /* Optional shared cases for stages whose variants have tiles of several sizes, or vector
     * paths that depend on how in and out are aligned (0 leaves a case out):
     * each_tile    case "tiles_of_each_variant": that many tiles of each distinct tile size, and one
     *              element either side (6 with --small);
     * offset_tiles case "offsets_many_tiles": in and out misaligned differently (in - out not a
     *              multiple of 4 elements) and alike, in and out of place, across that many of the
     *              largest tiles (5 with --small). */
    size_t each_tile, offset_tiles;
    /* Optional, for stages whose blocks loop over the tiles (a cooperative launch of the blocks
     * that fit at once): rounds nonzero adds case "persistent_rounds", sizes of a few rounds of
     * those blocks, 2^23 + 1 and 3 x 2^22 + the largest tile - 1 (with --small, 2^16 + 5 only). */
    int rounds;
    /* The memory one check of n elements holds at most, in n-word arrays: on the host (default 3:
     * the input, the expected and the actual output) and on the device (default 2: in and out;
     * each variant's scratch comes on top). --huge asks for that much before it starts. */
    size_t host_arrays, device_arrays;
} scan_test_config;

/* One check: every runnable variant scans `n` elements of `input`, with `in` and `out` placed
 * `in_offset` and `out_offset` elements past an aligned address (`in_place`: one buffer, and
 * in_offset places it; a variant flagged SCAN_OUT_OF_PLACE sits such a case out). Each variant
 * runs twice on the same scratch (the second run finds the first run's leftovers). Fails the
 * current test with the variant, size, seed, offsets and the first wrong index when an output is
 * wrong, the input changed, or anything outside out[0..n) was written. A row with its own check
 * (scan_row.check) is handed the case instead. */
typedef struct scan_case {
    size_t n;
    scan_input input;
    size_t in_offset, out_offset;
    int in_place;
} scan_case;

void scan_check(const scan_case *c);
/* Random input, out of place and in place, at each size. */
void scan_check_sizes(const size_t *sizes, size_t count);
/* The same with in and out at these element offsets (in place: both at out_offset). */
void scan_check_sizes_at(const size_t *sizes, size_t count, size_t in_offset, size_t out_offset);
/* Every input pattern (random, ones, all 0xFFFFFFFF, small, ramp) at each size, out of place with
 * in and out at the given element offsets: wrap-around, and patterns where an error shows its
 * index. */
void scan_check_patterns(const size_t *sizes, size_t count, size_t in_offset, size_t out_offset);
/* Scans one input `repeats` times with each variant, checking every output as scan_check does:
 * a race shows up as an output that differs from one run to the next. */
void scan_check_repeatable(size_t n, int repeats);

/* ---- the pieces of a check, for a row's own (scan_row.check: the applications') ------------- */

/* A device buffer of n words laid out as [guard | offset padding | data | guard], the data
 * uploaded from host (NULL: left as it is): writes just outside the data change a guard word. */
typedef struct scan_guarded {
    size_t offset, n;
    uint32_t *device, *data;
} scan_guarded;
scan_guarded scan_guarded_make(size_t n, size_t offset, const uint32_t *host);
void scan_guarded_put(const scan_guarded *g, const uint32_t *host);
void scan_guarded_get(const scan_guarded *g, uint32_t *host);
/* Fails the test, with `what` and the buffer's name, when a guard word of g changed or (where
 * unchanged is not NULL) its data no longer equals unchanged. */
void scan_guarded_check(const scan_guarded *g, const char *name, const uint32_t *unchanged,
                        const char *what);
void scan_guarded_free(scan_guarded *g);
/* Device scratch for row v at size n, filled with garbage (a variant initialises its own), or
 * NULL when it needs none. */
void *scan_test_scratch(const scan_row *v, size_t n);
/* "variant 'x', n=..., input ..., --seed ..., offsets ...": what a failure message starts with. */
void scan_describe_case(const scan_case *c, const char *variant, char *buf, size_t size);
/* Host memory for count words; fails the test when there is not enough. */
uint32_t *scan_test_words(size_t count);

/* Whether the cases check variant v: it can run here (scan_variant_missing) and --variant, if
 * given, named it. A stage's own cases loop over the variants with it too. */
int scan_test_runs_variant(size_t v);
/* The base seed of this run (printed at start; set it with --seed or SCAN_SEED). */
uint64_t scan_test_seed(void);
/* The tiles of the stage's variants (scan_variant.tile), each once, smallest first: sizes around
 * 1..7 times each are tested. scan_test_tile() is the largest, which the multi-tile cases use. */
size_t scan_test_tile_count(void);
size_t scan_test_tile_at(size_t i);
size_t scan_test_tile(void);
/* A constant the stage's kernel file exports by name (stage_constants, common/contract/scan.h); a name it
 * does not export fails the test that asks, with the names it has. */
size_t scan_test_constant(const char *name);
/* Whether --small (or SCAN_TEST_SMALL=1) asked for small sizes only: stage cases should then keep
 * their sizes to a few tiles or to 2^16 elements, whichever is larger. */
int scan_test_small(void);

/* Adds a test case named `name` running `fn`, with a time limit in seconds (scaled by Check's
 * CK_TIMEOUT_MULTIPLIER). Names are listed by --list and selected by --case. */
void scan_add_case(Suite *suite, const char *name, const TTest *fn, double timeout_s);

/* Parses the command line, probes the device, runs the shared cases and the stage's, prints
 * Check's summary and returns the exit status (0 pass, 1 fail, 2 bad usage, 77 nothing runnable).
 */
#define scan_test_main(argc, argv, config)                                                          \
    (scan_use_variant_rows(stage_variants, stage_variant_count, stage_variant_missing),             \
     scan_test_main_for(STAGE_NAME, argc, argv, config))
int scan_test_main_for(const char *stage, int argc, char **argv, const scan_test_config *config);

#endif /* TESTS_H */
