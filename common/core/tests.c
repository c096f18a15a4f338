/* The shared Check test cases every stage runs, and the test binaries' main. */
#include "tests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Elements of guard zone on each side of every buffer: writes just past out[0..n), or into the
 * input, change a guard word and fail the check. (compute-sanitizer and ASan catch the far ones.)
 */
#define GUARD 4096
/* The largest offset the shared cases use, in elements: 15 covers every 4-byte position inside a
 * 64-byte line (and so every misalignment of a 16-byte vector). */
#define MAX_OFFSET 15
#define MAX_CASES  64

static uint64_t base_seed;
/* log2 of the largest size of the size sweeps: 20, or 16 with --small (for compute-sanitizer) */
static int max_log2 = 20;
/* The variants' distinct tiles, smallest first; tile_size is the largest. */
#define MAX_TILES 32
static size_t tiles[MAX_TILES];
static size_t tile_count;
static size_t tile_size = 1;
static size_t many_tiles, each_tile, offset_tiles;
static int repeats;
/* --grade B: the drawn case checks the graded variant only, on sizes up to 2^(B+1) */
static int grade_bits, only_graded;
static const char *case_names[MAX_CASES];
static size_t case_count;
int scan_test_runs_variant(size_t v)
{
    return !scan_rows[v].missing && (scan_named_row_count() == 0 || scan_row_is_named(v));
}

uint64_t scan_test_seed(void) { return base_seed; }
size_t scan_test_tile(void) { return tile_size; }
size_t scan_test_tile_count(void) { return tile_count; }
size_t scan_test_tile_at(size_t i) { return i < tile_count ? tiles[i] : tile_size; }

size_t scan_test_constant(const char *name)
{
    size_t count = &stage_constant_count ? stage_constant_count : 0;
    for (size_t i = 0; i < count; i++)
        if (!strcmp(stage_constants[i].name, name)) return stage_constants[i].value;
    ck_abort_msg("the kernel file exports no constant named '%s' (stage_constants has %zu)", name,
                 count);
    return 0;
}

/* Collects the distinct tiles of the variant table, smallest first. */
static void collect_tiles(void)
{
    tile_count = 0;
    for (size_t v = 0; v < scan_row_count; v++) {
        size_t t = scan_rows[v].tile, i = 0; /* (a row's tile is 1 when it has none) */
        while (i < tile_count && tiles[i] < t)
            i++;
        if ((i < tile_count && tiles[i] == t) || tile_count == MAX_TILES) continue;
        memmove(tiles + i + 1, tiles + i, (tile_count - i) * sizeof tiles[0]);
        tiles[i] = t;
        tile_count++;
    }
    tile_size = tile_count ? tiles[tile_count - 1] : 1;
}
int scan_test_small(void) { return max_log2 < 20; }

uint32_t *scan_test_words(size_t count)
{
    uint32_t *p = scan_host_words(count);
    ck_assert_msg(p != NULL, "cannot allocate %zu bytes of host memory", count * sizeof *p);
    return p;
}

/* Index of the first element of a[0..count) that is not a guard word, or count. */
static size_t find_guard_damage(const uint32_t *a, size_t count)
{
    size_t i = 0;
    while (i < count && a[i] == scan_guard_word())
        i++;
    return i;
}

/* A guarded buffer (tests.h): the guards are uploaded and checked piece by piece, so a check of n
 * elements needs 3n of host memory. */
scan_guarded scan_guarded_make(size_t n, size_t offset, const uint32_t *host)
{
    const size_t before = GUARD + offset;
    uint32_t *device = scan_platform_here.alloc((before + n + GUARD) * sizeof *device);
    scan_guarded g = {offset, n, device, device + before};
    uint32_t *words = scan_test_words(before);
    for (size_t i = 0; i < before; i++)
        words[i] = scan_guard_word();
    scan_platform_here.upload(g.device, words, before * sizeof *words);
    scan_platform_here.upload(g.data + n, words, GUARD * sizeof *words);
    free(words);
    if (host) scan_guarded_put(&g, host);
    return g;
}

void scan_guarded_put(const scan_guarded *g, const uint32_t *host)
{
    scan_platform_here.upload(g->data, host, g->n * sizeof *host);
}

void scan_guarded_get(const scan_guarded *g, uint32_t *host)
{
    scan_platform_here.download(host, g->data, g->n * sizeof *host);
}

void scan_guarded_free(scan_guarded *g) { scan_platform_here.release(g->device); }

void scan_guarded_check(const scan_guarded *g, const char *name, const uint32_t *unchanged,
                        const char *what)
{
    const size_t before = GUARD + g->offset;
    uint32_t *words = scan_test_words(before);
    scan_platform_here.download(words, g->device, before * sizeof *words);
    size_t i = find_guard_damage(words, before);
    if (i < before)
        ck_abort_msg("%s: %s written %zu elements before its start (value 0x%08x)", what, name,
                     before - i, words[i]);
    scan_platform_here.download(words, g->data + g->n, GUARD * sizeof *words);
    i = find_guard_damage(words, GUARD);
    if (i < GUARD)
        ck_abort_msg("%s: %s written at index n+%zu, past its end (value 0x%08x)", what, name, i,
                     words[i]);
    free(words);
    if (!unchanged) return;
    char msg[512];
    uint32_t *now = scan_test_words(g->n);
    scan_guarded_get(g, now);
    if (!scan_compare(unchanged, now, g->n, msg, sizeof msg))
        ck_abort_msg("%s: %s changed: %s", what, name, msg);
    free(now);
}

void scan_describe_case(const scan_case *c, const char *variant, char *buf, size_t size)
{
    /* (the case's seed is derived from the base seed, which is what a rerun needs) */
    if (c->in_place)
        snprintf(buf, size, "variant '%s', n=%zu, input %s, --seed %llu, in place at offset %zu",
                 variant, c->n, scan_input_name(c->input), (unsigned long long)base_seed,
                 c->in_offset);
    else
        snprintf(buf, size,
                 "variant '%s', n=%zu, input %s, --seed %llu, in offset %zu, out offset %zu",
                 variant, c->n, scan_input_name(c->input), (unsigned long long)base_seed,
                 c->in_offset, c->out_offset);
}

void *scan_test_scratch(const scan_row *v, size_t n)
{
    size_t bytes = v->scratch_bytes ? v->scratch_bytes(n) : 0;
    if (!bytes) return NULL;
    /* Garbage, not zeros: a variant must initialise its own scratch inside run. */
    unsigned char *junk = (unsigned char *)scan_test_words((bytes + 3) / 4);
    memset(junk, 0xA5, bytes);
    void *scratch = scan_platform_here.alloc(bytes);
    scan_platform_here.upload(scratch, junk, bytes);
    free(junk);
    return scratch;
}

/* The inclusive sum's check of one row on one input (host arrays: the input and the reference
 * scan of it): in place (c->in_place) once, or out of place `runs` times on the same scratch (each
 * run after the first finds the leftovers of the one before), every buffer guarded. Fails the
 * test as scan_check describes. */
static void check_sum(const scan_row *row, const scan_case *c, int runs, const uint32_t *input,
                      const uint32_t *expected)
{
    const size_t n = c->n;
    uint32_t *actual = scan_test_words(n);
    char what[256], at[300], msg[512];
    scan_describe_case(c, row->name, what, sizeof what);
    void *scratch = scan_test_scratch(row, n);
    scan_guarded in = scan_guarded_make(n, c->in_offset, input);
    scan_guarded out = c->in_place ? in : scan_guarded_make(n, c->out_offset, NULL);
    runs = c->in_place ? 1 : runs;
    for (int run = 1; run <= runs; run++) {
        snprintf(at, sizeof at, "%s, run %d of %d", what, run, runs);
        if (!c->in_place) {
            scan_poison(actual, n);
            scan_guarded_put(&out, actual);
        }
        scan_row_run(row, in.data, out.data, n, scratch);
        scan_platform_here.finish();
        scan_guarded_get(&out, actual);
        if (!scan_compare(expected, actual, n, msg, sizeof msg)) ck_abort_msg("%s: %s", at, msg);
        scan_guarded_check(&out, c->in_place ? "the array" : "out", NULL, at);
    }
    free(actual); /* (before in's check, which needs n words of its own) */
    if (!c->in_place) {
        scan_guarded_check(&in, "in", input, what);
        scan_guarded_free(&in);
    }
    scan_guarded_free(&out);
    if (scratch) scan_platform_here.release(scratch);
}

/* Every row the run checks that takes case c, `runs` times, on the input that `seed` makes: the
 * inclusive sum's, or the row's own check (scan_row.check). */
static void check_rows(const scan_case *c, uint64_t seed, int runs)
{
    uint32_t *input = NULL, *expected = NULL;
    for (size_t v = 0; v < scan_row_count; v++) {
        const scan_row *row = &scan_rows[v];
        if (!scan_test_runs_variant(v) || (c->in_place && (row->flags & SCAN_OUT_OF_PLACE)) ||
            (only_graded && !(row->flags & SCAN_GRADED)))
            continue;
        if (row->check) {
            row->check(row, c, seed, runs);
            continue;
        }
        if (!input) {
            input = scan_test_words(c->n);
            expected = scan_test_words(c->n);
            scan_fill(input, c->n, c->input, seed);
            scan_reference(input, expected, c->n);
        }
        check_sum(row, c, runs, input, expected);
    }
    free(input);
    free(expected);
}

void scan_check(const scan_case *c)
{
    check_rows(c, base_seed + c->n * 0x9E3779B97F4A7C15ull + (uint64_t)c->input, 2);
}

void scan_check_sizes_at(const size_t *sizes, size_t count, size_t in_offset, size_t out_offset)
{
    for (size_t i = 0; i < count; i++) {
        scan_case out_of_place = {sizes[i], INPUT_RANDOM, in_offset, out_offset, 0};
        scan_case in_place = {sizes[i], INPUT_RANDOM, out_offset, out_offset, 1};
        scan_check(&out_of_place);
        scan_check(&in_place);
    }
}

void scan_check_sizes(const size_t *sizes, size_t count)
{
    scan_check_sizes_at(sizes, count, 0, 0);
}

void scan_check_patterns(const size_t *sizes, size_t count, size_t in_offset, size_t out_offset)
{
    for (int k = 0; k < INPUT_KIND_COUNT; k++)
        for (size_t s = 0; s < count; s++) {
            scan_case c = {sizes[s], (scan_input)k, in_offset, out_offset, 0};
            scan_check(&c);
        }
}

void scan_check_repeatable(size_t n, int repeats)
{
    const scan_case c = {n, INPUT_RANDOM, 0, 0, 0};
    check_rows(&c, base_seed ^ 0x5EEDull, repeats);
}

/* ---- the shared cases ---------------------------------------------------------------------- */

START_TEST(sizes_0_to_70)
{
    for (size_t n = 0; n <= 70; n++)
        scan_check_sizes(&n, 1);
}
END_TEST

START_TEST(sizes_powers_of_two)
{
    for (int k = 0; k <= max_log2; k++) {
        size_t p = (size_t)1 << k;
        size_t sizes[] = {p - 1, p, p + 1};
        scan_check_sizes(sizes, 3);
    }
}
END_TEST

START_TEST(sizes_around_tiles)
{
    for (size_t k = 0; k < tile_count; k++)
        for (size_t m = 1; m <= 7; m++) {
            size_t t = tiles[k] * m;
            size_t sizes[] = {t - 1, t, t + 1};
            scan_check_sizes(sizes, 3);
        }
}
END_TEST

START_TEST(sizes_random)
{
    uint64_t state = base_seed ^ 0xC0FFEEull;
    for (int i = 0; i < 16; i++) {
        /* log-uniform up to 2^20, so small and large sizes are drawn alike */
        int bits = 1 + (int)(scan_random_next(&state) % (uint64_t)max_log2);
        size_t n = (size_t)(scan_random_next(&state) % ((uint64_t)1 << bits)) + 1;
        scan_check_sizes(&n, 1);
    }
}
END_TEST

START_TEST(size_above_2_24)
{
    size_t n = ((size_t)1 << 24) + 3 * tile_size + 5;
    scan_check_sizes(&n, 1);
}
END_TEST

START_TEST(element_offsets)
{
    /* Every pair of in/out offsets 0..15, at a size with a head, whole tiles and a tail. */
    size_t n = 2 * tile_size + 37;
    for (size_t i = 0; i <= MAX_OFFSET; i++)
        for (size_t o = 0; o <= MAX_OFFSET; o++) {
            scan_case c = {n, INPUT_RANDOM, i, o, 0};
            scan_check(&c);
        }
    for (size_t i = 0; i <= MAX_OFFSET; i++) {
        scan_case c = {n, INPUT_RANDOM, i, i, 1};
        scan_check(&c);
    }
}
END_TEST

START_TEST(input_patterns)
{
    /* Wrap-around (random and all-0xFFFFFFFF inputs overflow 2^32 many times) and the
     * debugging patterns, at a tile-sized and a large size. */
    size_t sizes[] = {5 * tile_size + 3, ((size_t)1 << max_log2) + 1};
    scan_check_patterns(sizes, 2, 3, 5);
}
END_TEST

/* Tiles to use in the multi-tile cases: the config's count, or what fits in 2^16 with --small. */
static size_t tiles_for_size_class(void)
{
    if (!scan_test_small()) return many_tiles;
    size_t fit = ((size_t)1 << 16) / tile_size;
    fit = fit < 4 ? 4 : fit;
    return fit < many_tiles ? fit : many_tiles;
}

START_TEST(many_tiles_case)
{
    size_t t = tiles_for_size_class();
    size_t sizes[] = {t * tile_size - 1, t * tile_size, t * tile_size + 1,
                      (t / 3 + 1) * tile_size + tile_size / 2 + 1};
    scan_check_sizes(sizes, sizeof sizes / sizeof sizes[0]);
}
END_TEST

START_TEST(repeatable_case)
{
    scan_check_repeatable(tiles_for_size_class() * tile_size + 3, scan_test_small() ? 3 : repeats);
}
END_TEST

START_TEST(persistent_rounds)
{
    if (scan_test_small()) {
        size_t sizes[] = {((size_t)1 << 16) + 5};
        scan_check_sizes(sizes, 1);
    } else {
        size_t sizes[] = {((size_t)1 << 23) + 1, 3 * ((size_t)1 << 22) + tile_size - 1};
        scan_check_sizes(sizes, 2);
    }
}
END_TEST

/* Past every 32-bit index: catches int arithmetic in offsets and tile indices. */
#define HUGE_N (((size_t)1 << 31) + 7)

START_TEST(tiles_of_each_variant)
{
    size_t count = scan_test_small() ? 6 : each_tile;
    for (size_t k = 0; k < tile_count; k++) {
        size_t t = tiles[k] * count;
        size_t sizes[] = {t - 1, t, t + 1};
        scan_check_sizes(sizes, 3);
    }
}
END_TEST

START_TEST(offsets_many_tiles)
{
    /* the element-wise path (in - out not a multiple of 4 elements) and the vector path with a
     * partial first vector */
    static const size_t pairs[][2] = {{0, 1}, {1, 0}, {2, 3}, {3, 1},
                                      {1, 1}, {2, 2}, {3, 3}, {5, 2}};
    size_t n = (scan_test_small() ? 5 : offset_tiles) * tile_size + 11;
    for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
        scan_case c = {n, INPUT_RANDOM, pairs[p][0], pairs[p][1], 0};
        scan_check(&c);
    }
    for (size_t o = 0; o < 4; o++) {
        scan_case c = {n, INPUT_RANDOM, o, o, 1};
        scan_check(&c);
    }
}
END_TEST

START_TEST(size_2_31_plus_7)
{
    scan_case c = {HUGE_N, INPUT_RANDOM, 1, 2, 0};
    scan_check(&c);
}
END_TEST

/* --grade B: sizes that no one can learn, drawn from the seed, for the graded variant. Every
 * power of two 2^b up to 2^B gets a size drawn from [2^b, 2^(b+1)) (four below 2^17, where they
 * cost little), so that a kernel wrong only somewhere in that range is found wherever it is; each
 * with in and out at offsets drawn from 0 to 15, in place or not, and an input pattern drawn too
 * (random half of the time). */
START_TEST(drawn_sizes)
{
    uint64_t state = base_seed ^ 0xD2A3D5EEDull;
    only_graded = 1;
    for (int b = 0; b <= grade_bits; b++)
        for (int d = 0; d < (b < 17 ? 4 : 1); d++) {
            const size_t low = (size_t)1 << b;
            scan_case c = {low + (size_t)(scan_random_next(&state) % low), INPUT_RANDOM, 0, 0, 0};
            const uint64_t r = scan_random_next(&state);
            c.in_offset = (size_t)(r % (MAX_OFFSET + 1));
            c.out_offset = (size_t)(r >> 8) % (MAX_OFFSET + 1);
            c.in_place = (int)(r >> 16) & 1;
            if (c.in_place) c.out_offset = c.in_offset;
            if ((r >> 17) & 1) c.input = (scan_input)(1 + (r >> 24) % (INPUT_KIND_COUNT - 1));
            scan_check(&c);
        }
}
END_TEST

/* After each test case: whatever the platform must clean up (the grader's: a kernel's process
 * that is still running). Runs in the process that forks the cases. */
static void after_case(void)
{
    if (scan_platform_here.after_case) scan_platform_here.after_case();
}

/* A platform's failure fails the current test case, with its message. */
static void fail_case(const char *message) { ck_abort_msg("%s", message); }

void scan_add_case(Suite *suite, const char *name, const TTest *fn, double timeout_s)
{
    if (case_count == MAX_CASES) {
        fprintf(stderr, "scan_add_case: more than %d cases\n", MAX_CASES);
        exit(EXIT_FAILURE);
    }
    case_names[case_count++] = name;
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, timeout_s);
    tcase_add_test(tc, fn);
    tcase_add_unchecked_fixture(tc, NULL, after_case);
    suite_add_tcase(suite, tc);
}

/* Whether the memory the n = 2^31 + 7 case needs is here; if not, a SKIP line that says what it
 * needs and what there is. (The variants' scratch: the largest, as they run one at a time.) */
static int huge_fits(const scan_test_config *config)
{
    size_t host_arrays = config->host_arrays ? config->host_arrays : 3;
    size_t device_arrays = config->device_arrays ? config->device_arrays : 2;
    size_t scratch = 0;
    for (size_t v = 0; v < scan_row_count; v++)
        if (scan_test_runs_variant(v) && scan_rows[v].scratch_bytes) {
            size_t b = scan_rows[v].scratch_bytes(HUGE_N);
            scratch = b > scratch ? b : scratch;
        }
    size_t host = host_arrays * HUGE_N * sizeof(uint32_t);
    size_t device = device_arrays * (HUGE_N + 2 * GUARD) * sizeof(uint32_t) + scratch;
    char why[200];
    const size_t device_limit = scan_platform_here.probe_memory();
    if (scan_memory_fits(host, device, device_limit, why, sizeof why)) return 1;
    printf("SKIP: --huge (n = 2^31 + 7) needs %s\n", why);
    return 0;
}

/* To stdout when asked for (--help), to stderr after a bad argument. */
static void usage(FILE *to, const char *argv0)
{
    fprintf(to,
            "usage: %s [--seed N] [--case NAME] [--variant NAME]... [--list] [--small | --huge]\n"
            "          [--grade B [--grade-check]] [--help]\n"
            "  --seed N        base seed of the random inputs (default: SCAN_SEED, else the\n"
            "                  clock)\n"
            "  --case NAME     run only this test case (see --list)\n"
            "  --variant NAME  check only this variant (repeatable; the stage's table names them)\n"
            "  --list          print the test case names and exit\n"
            "  --small         sizes up to 2^16 only, no case above 2^24 (for compute-sanitizer;\n"
            "                  also SCAN_TEST_SMALL=1)\n"
            "  --huge          add the n = 2^31 + 7 case (also SCAN_TEST_HUGE=1); needs ~26 GB of\n"
            "                  host memory and, on a GPU, ~18 GB of device memory: where they\n"
            "                  are not there, a SKIP line says so (exit status 77)\n"
            "  --grade B       for the grader (common/grade/grade.sh): add the case drawn_sizes, the\n"
            "                  graded variant at a size drawn from the seed in every range\n"
            "                  [2^b, 2^(b+1)), b up to B (10 to 31); exit 77 where it cannot run\n"
            "  --grade-check   with --grade: only check that the graded variant can run here\n"
            "                  (exit 0; else its SKIP line and exit 77)\n"
            "  --help, -h      this text\n",
            argv0);
}

/* What the command line asks for (usage above). */
typedef struct test_options {
    const char *only_case;
    int list, grade_check, huge, small;
} test_options;

/* Fills o and base_seed from the environment and the command line; returns -1 to go on, else
 * the exit status (0 after --help, 2 after bad usage). */
static int parse_arguments(int argc, char **argv, test_options *o)
{
    const char *huge_env = getenv("SCAN_TEST_HUGE"), *small_env = getenv("SCAN_TEST_SMALL");
    o->huge = huge_env && !strcmp(huge_env, "1");
    o->small = small_env && !strcmp(small_env, "1");
    if (!scan_read_environment(argv[0], &base_seed)) return 2;
    int bad = 0;
    for (int i = 1; i < argc && !bad; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t bits;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout, argv[0]);
            return 0;
        } else if (!strcmp(a, "--list")) {
            o->list = 1;
        } else if (!strcmp(a, "--grade-check")) {
            o->grade_check = 1;
        } else if (!strcmp(a, "--huge")) {
            o->huge = 1;
        } else if (!strcmp(a, "--small")) {
            o->small = 1;
        } else if (next && !strcmp(a, "--seed")) {
            bad = !scan_parse_seed(argv[0], "--seed", argv[++i], &base_seed);
        } else if (next && !strcmp(a, "--case")) {
            o->only_case = argv[++i];
        } else if (next && !strcmp(a, "--variant")) {
            bad = !scan_name_row(argv[0], argv[++i]);
        } else if (next && !strcmp(a, "--grade")) {
            bad = !scan_parse_u64(argv[++i], &bits) || bits < 10 || bits > 31;
            if (bad)
                fprintf(stderr, "%s: --grade wants a number of bits from 10 to 31, not '%s'\n",
                        argv[0], argv[i]);
            else
                grade_bits = (int)bits;
        } else {
            fprintf(stderr, "%s: unknown or incomplete argument '%s'\n", argv[0], a);
            bad = 1;
        }
    }
    const char *conflict = NULL;
    if (o->small && o->huge) conflict = "--small and --huge exclude each other";
    if (o->grade_check && !grade_bits) conflict = "--grade-check goes with --grade";
    if (!bad && conflict) fprintf(stderr, "%s: %s\n", argv[0], conflict);
    if (bad || conflict) usage(stderr, argv[0]);
    if (o->small) max_log2 = 16;
    return bad || conflict ? 2 : -1;
}

/* The shared cases the config and the options ask for, then the unit's own. */
static Suite *make_suite(const char *stage, const scan_test_config *config, const test_options *o)
{
    Suite *suite = suite_create(stage);
    many_tiles = config->many_tiles;
    repeats = config->repeats;
    each_tile = config->each_tile;
    offset_tiles = config->offset_tiles;
    scan_add_case(suite, "sizes_0_to_70", sizes_0_to_70, 120);
    scan_add_case(suite, "sizes_powers_of_two", sizes_powers_of_two, 120);
    scan_add_case(suite, "sizes_around_tiles", sizes_around_tiles, 120);
    scan_add_case(suite, "sizes_random", sizes_random, 120);
    if (!o->small) scan_add_case(suite, "size_above_2_24", size_above_2_24, 120);
    if (many_tiles) scan_add_case(suite, "many_tiles", many_tiles_case, 120);
    if (many_tiles && repeats > 0) scan_add_case(suite, "repeatable", repeatable_case, 600);
    if (each_tile) scan_add_case(suite, "tiles_of_each_variant", tiles_of_each_variant, 300);
    if (offset_tiles) scan_add_case(suite, "offsets_many_tiles", offsets_many_tiles, 120);
    if (config->rounds) scan_add_case(suite, "persistent_rounds", persistent_rounds, 120);
    scan_add_case(suite, "element_offsets", element_offsets, 120);
    scan_add_case(suite, "input_patterns", input_patterns, 120);
    if (o->huge) scan_add_case(suite, "size_2_31_plus_7", size_2_31_plus_7, 1200);
    if (grade_bits) scan_add_case(suite, "drawn_sizes", drawn_sizes, 900);
    if (config->add_cases) config->add_cases(suite);
    return suite;
}

/* --list: the case names. Returns 0. */
static int list_cases(void)
{
    for (size_t i = 0; i < case_count; i++)
        printf("%s\n", case_names[i]);
    return 0;
}

/* How many rows the cases check. */
static size_t checked_rows(void)
{
    size_t checked = 0;
    for (size_t v = 0; v < scan_row_count; v++)
        checked += scan_test_runs_variant(v);
    return checked;
}

/* Whether the graded variant can run here, for --grade: -1 to go on, else the exit status. */
static int graded_runs(const char *argv0)
{
    size_t v = 0;
    while (v < scan_row_count && !(scan_rows[v].flags & SCAN_GRADED))
        v++;
    if (v == scan_row_count) {
        fprintf(stderr, "%s: --grade, but no variant is marked SCAN_GRADED\n", argv0);
        return 2;
    }
    if (!scan_rows[v].missing) return -1;
    printf("SKIP: the graded variant, %s, needs %s, %s: it cannot be graded here\n",
           scan_rows[v].name, scan_rows[v].missing,
           scan_cpu_hidden(scan_rows[v].missing) ? "which SCAN_HIDE_CPU hides"
                                                 : "which this machine lacks");
    return 77;
}

/* Whether there is anything to run, in the order a reader needs the answers: the case --case
 * names, the device, the variants, the graded one, the memory of --huge. Returns -1 to go on,
 * else the exit status (0 after --grade-check). */
static int stops_before_running(const char *stage, const char *argv0,
                                const scan_test_config *config, const test_options *o)
{
    size_t i = 0;
    while (o->only_case && i < case_count && strcmp(case_names[i], o->only_case))
        i++;
    if (o->only_case && i == case_count) {
        fprintf(stderr, "%s: no test case named '%s'; --list shows them\n", argv0, o->only_case);
        return 2;
    }
    const char *why_not = scan_platform_here.probe();
    if (why_not) {
        printf("SKIP: %s\n", why_not);
        return 77;
    }
    if (scan_report_runnable_rows() == 0) {
        printf("SKIP: no variant of %s can run on this machine\n", stage);
        return 77;
    }
    const int status = grade_bits ? graded_runs(argv0) : -1;
    if (status >= 0) return status;
    if (o->grade_check) return 0;
    if (checked_rows() == 0) {
        printf("SKIP: no variant named by --variant can run on this machine\n");
        return 77;
    }
    if (o->huge && (!o->only_case || !strcmp(o->only_case, "size_2_31_plus_7")) &&
        !huge_fits(config))
        return 77;
    return -1;
}

/* Runs the cases (Check forks one process each); 0 when they all passed. */
static int run_suite(const char *stage, Suite *suite, const char *only_case)
{
    printf("%s: %zu of %zu variants, tile %zu, seed %llu (repeat with --seed %llu)\n", stage,
           checked_rows(), scan_row_count, tile_size, (unsigned long long)base_seed,
           (unsigned long long)base_seed);
    fflush(stdout);
    SRunner *runner = srunner_create(suite);
    srunner_run(runner, NULL, only_case, CK_NORMAL);
    int run = srunner_ntests_run(runner), failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    if (run == 0) {
        /* CK_RUN_SUITE / CK_RUN_CASE naming nothing: a run that checked nothing is a failure. */
        printf("%s: no test ran (check CK_RUN_SUITE and CK_RUN_CASE)\n", stage);
        return 1;
    }
    return failed ? 1 : 0;
}

int scan_test_main_for(const char *stage, int argc, char **argv, const scan_test_config *config)
{
    test_options o = {0};
    int status = parse_arguments(argc, argv, &o);
    if (status >= 0) return status;
    scan_seed_poison(base_seed);
    scan_platform_fail_hook = fail_case;
    collect_tiles();
    Suite *suite = make_suite(stage, config, &o);
    status = o.list ? list_cases() : stops_before_running(stage, argv[0], config, &o);
    if (status < 0) return run_suite(stage, suite, o.only_case);
    srunner_free(srunner_create(suite)); /* (Check frees a suite through its runner only) */
    return status;
}
