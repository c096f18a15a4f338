/* The shared Check test cases every unit runs, and the test binaries' main. */
#include "tests.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Elements of guard zone on each side of every buffer: writes just past a buffer, or into an
 * input, change a guard word and fail the check (compute-sanitizer and ASan catch the far ones). */
#define GUARD 4096
/* The largest offset the shared cases use, in elements: 15 covers every 4-byte position inside a
 * 64-byte line (and so every misalignment of a 16-byte vector). */
#define MAX_OFFSET 15
#define MAX_CASES  64
#define MAX_TILES  32
/* Past every 32-bit index: catches int arithmetic in offsets and tile indices. */
#define HUGE_N (((size_t)1 << 31) + 7)

static uint64_t base_seed;
static int max_log2 = 20; /* of the size sweeps: 20, or 16 with --small */
static size_t tiles[MAX_TILES], tile_count, tile_size = 1;
static scan_test_config cfg;        /* the unit's */
static int grade_bits, only_graded; /* --grade B: drawn_sizes checks the graded row up to 2^(B+1) */
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
int scan_test_small(void) { return max_log2 < 20; }

#pragma weak stage_constants
#pragma weak stage_constant_count
size_t scan_test_constant(const char *name)
{
    size_t count = &stage_constant_count ? stage_constant_count : 0;
    for (size_t i = 0; i < count; i++)
        if (!strcmp(stage_constants[i].name, name)) return stage_constants[i].value;
    ck_abort_msg("the kernel file exports no constant named '%s' (stage_constants has %zu)", name,
                 count);
    return 0;
}

/* The rows' distinct tiles, smallest first. */
static void collect_tiles(void)
{
    for (size_t v = 0; v < scan_row_count; v++) {
        size_t t = scan_rows[v].tile, i = 0;
        while (i < tile_count && tiles[i] < t)
            i++;
        if ((i < tile_count && tiles[i] == t) || tile_count == MAX_TILES) continue;
        memmove(tiles + i + 1, tiles + i, (tile_count - i) * sizeof tiles[0]);
        tiles[i] = t;
        tile_count++;
    }
    tile_size = tile_count ? tiles[tile_count - 1] : 1;
}

/* ---- a guarded buffer: [guard | offset padding | data | guard] on the device ----------------- */

typedef struct guarded {
    size_t offset, words;
    uint32_t *device, *data;
} guarded;

static guarded guard_make(size_t words, size_t offset, const uint32_t *host)
{
    const size_t before = GUARD + offset;
    guarded g = {offset, words, device_alloc((before + words + GUARD) * sizeof(uint32_t)), NULL};
    g.data = g.device + before;
    uint32_t *guard = scan_test_words(before);
    for (size_t i = 0; i < before; i++)
        guard[i] = scan_guard_word();
    device_upload(g.device, guard, before * sizeof *guard);
    device_upload(g.data + words, guard, GUARD * sizeof *guard);
    free(guard);
    if (host) device_upload(g.data, host, words * sizeof *host);
    return g;
}

/* Fails the test when a guard word of g changed, or (unchanged not NULL) its data changed. */
static void guard_check(const guarded *g, const char *name, const uint32_t *unchanged,
                        const char *what)
{
    const size_t before = GUARD + g->offset;
    uint32_t *words = scan_test_words(before > g->words ? before : g->words);
    size_t i = 0;
    device_download(words, g->device, before * sizeof *words);
    while (i < before && words[i] == scan_guard_word())
        i++;
    if (i < before)
        ck_abort_msg("%s: %s written %zu elements before its start (value 0x%08x)", what, name,
                     before - i, words[i]);
    device_download(words, g->data + g->words, GUARD * sizeof *words);
    for (i = 0; i < GUARD && words[i] == scan_guard_word(); i++)
        ;
    if (i < GUARD)
        ck_abort_msg("%s: %s written at index n+%zu, past its end (value 0x%08x)", what, name, i,
                     words[i]);
    char msg[512];
    if (unchanged) device_download(words, g->data, g->words * sizeof *words);
    if (unchanged && !scan_compare(unchanged, words, g->words, msg, sizeof msg))
        ck_abort_msg("%s: %s changed: %s", what, name, msg);
    free(words);
}

/* ---- one row on one case -------------------------------------------------------------------- */

static const char *input_name(scan_input kind)
{
    static const char *const names[INPUT_KIND_COUNT] = {"random", "ones", "all-0xFFFFFFFF", "small",
                                                        "ramp"};
    return kind < INPUT_KIND_COUNT ? names[kind] : "?";
}

static void describe_case(const scan_case *c, const char *variant, char *buf, size_t size)
{
    /* (the case's seed is derived from the base seed, which is what a rerun needs) */
    int len = snprintf(buf, size, "variant '%s', n=%zu, input %s, --seed %llu, ", variant, c->n,
                       input_name(c->input), (unsigned long long)base_seed);
    if (c->in_place)
        snprintf(buf + len, size - (size_t)len, "in place at offset %zu", c->in_offset);
    else
        snprintf(buf + len, size - (size_t)len, "in offset %zu, out offset %zu", c->in_offset,
                 c->out_offset);
}

/* The host arrays of a row's call: its inputs (made by the family's fill, then those `given`
 * has), and where its outputs are expected, downloaded, and (float: its order of additions must
 * not change) the first run's. */
typedef struct check_arrays {
    scan_call expected, actual, first;
} check_arrays;

static void make_arrays(const scan_row *row, const scan_case *c, uint64_t seed,
                        const scan_call *given, check_arrays *a)
{
    const unsigned roles = scan_family_roles(row->family);
    for (size_t r = 0; r < scan_role_count; r++) {
        if (!(roles >> r & 1)) continue;
        const size_t words = scan_role_words(r, c->n);
        a->expected.buffer[r] = scan_test_words(words);
        if (scan_roles[r].how & SCAN_ROLE_OUTPUT) {
            a->actual.buffer[r] = scan_test_words(words);
            if (scan_family_is_float(row->family)) a->first.buffer[r] = scan_test_words(words);
        }
    }
    a->expected.n = a->actual.n = a->first.n = c->n;
    scan_families[row->family].fill(&a->expected, c->input, seed);
    for (size_t r = 0; given && r < scan_role_count; r++)
        if (given->buffer[r] && a->expected.buffer[r] && !(scan_roles[r].how & SCAN_ROLE_OUTPUT))
            memcpy(a->expected.buffer[r], given->buffer[r], c->n * sizeof(uint32_t));
    scan_families[row->family].reference(&a->expected);
}

/* The row on case c, `runs` times out of place or once in place, on one scratch (filled with
 * garbage: a variant initialises its own), every buffer guarded. */
static void check_row(const scan_row *row, const scan_case *c, uint64_t seed, int runs,
                      const scan_call *given)
{
    char what[256], at[300], msg[512];
    describe_case(c, row->name, what, sizeof what);
    check_arrays a = {{0}, {0}, {0}};
    make_arrays(row, c, seed, given, &a);
    guarded g[SCAN_MAX_ROLES] = {{0}};
    scan_call call = {.n = c->n};
    unsigned overwritten = 0; /* the inputs an output takes the place of (in place) */
    const size_t bytes = scan_row_scratch(row, c->n);
    if (bytes) {
        unsigned char *junk = (unsigned char *)scan_test_words((bytes + 3) / 4);
        memset(junk, 0xA5, bytes);
        device_upload(call.scratch = device_alloc(bytes), junk, bytes);
        free(junk);
    }
    for (size_t r = 0; r < scan_role_count; r++) {
        if (!a.expected.buffer[r]) continue;
        const int shared = c->in_place && scan_roles[r].in_place >= 0;
        overwritten |= shared ? 1u << scan_roles[r].in_place : 0;
        /* (a buffer of fixed words, the 64-bit count, stays 8-byte aligned) */
        const size_t offset = r == SCAN_IN          ? c->in_offset
                              : r == SCAN_OUT       ? c->out_offset
                              : scan_roles[r].words ? 0
                                                    : (c->in_offset + c->out_offset + 7 * r) % 16;
        const int output = scan_roles[r].how & SCAN_ROLE_OUTPUT;
        g[r] = shared ? g[scan_roles[r].in_place]
                      : guard_make(scan_role_words(r, c->n), offset,
                                   output ? NULL : a.expected.buffer[r]);
        call.buffer[r] = g[r].data;
    }
    runs = c->in_place ? 1 : runs;
    for (int run = 1; run <= runs; run++) {
        snprintf(at, sizeof at, "%s, run %d of %d", what, run, runs);
        scan_run_once(row, &call, &a.actual, c->in_place);
        if (!scan_families[row->family].compare(&a.expected, &a.actual, row->tile, c->in_place, msg,
                                                sizeof msg))
            ck_abort_msg("%s: %s", at, msg);
        for (size_t r = 0; r < scan_role_count; r++) {
            if (!a.actual.buffer[r]) continue;
            if (a.first.buffer[r] && run > 1 &&
                !scan_compare(a.first.buffer[r], a.actual.buffer[r], g[r].words, msg, sizeof msg))
                ck_abort_msg("%s: %s differs from the first run's: %s", at, scan_roles[r].name,
                             msg);
            if (a.first.buffer[r]) memcpy(a.first.buffer[r], a.actual.buffer[r], g[r].words * 4);
            guard_check(&g[r], c->in_place && r == SCAN_OUT ? "the array" : scan_roles[r].name,
                        NULL, at);
        }
    }
    for (size_t r = 0; r < scan_role_count; r++) { /* (the inputs last: the largest check) */
        free(a.actual.buffer[r]);
        free(a.first.buffer[r]);
        if (a.expected.buffer[r] && !(scan_roles[r].how & SCAN_ROLE_OUTPUT) &&
            !(overwritten >> r & 1))
            guard_check(&g[r], scan_roles[r].name, a.expected.buffer[r], what);
        free(a.expected.buffer[r]);
        if (g[r].device && !(c->in_place && scan_roles[r].in_place >= 0)) device_free(g[r].device);
    }
    if (call.scratch) device_free(call.scratch);
}

/* Every row the run checks that takes case c, `runs` times, on the input `seed` makes. */
static void check_rows(const scan_case *c, uint64_t seed, int runs)
{
    for (size_t v = 0; v < scan_row_count; v++)
        if (scan_test_runs_variant(v) &&
            !(c->in_place && (scan_rows[v].flags & SCAN_OUT_OF_PLACE)) &&
            !(only_graded && !(scan_rows[v].flags & SCAN_GRADED)))
            check_row(&scan_rows[v], c, seed, runs, NULL);
}

void scan_check(const scan_case *c)
{
    check_rows(c, base_seed + c->n * 0x9E3779B97F4A7C15ull + (uint64_t)c->input, 2);
}

void scan_check_given(size_t v, const scan_case *c, const scan_call *given)
{
    check_row(&scan_rows[v], c, base_seed ^ (uint64_t)c->n * 0x9E3779B97F4A7C15ull, 2, given);
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

/* ---- the shared cases ------------------------------------------------------------------------ */

/* The sizes t - 1, t and t + 1. */
static void check_around(size_t t)
{
    size_t sizes[] = {t - 1, t, t + 1};
    scan_check_sizes(sizes, 3);
}

START_TEST(sizes_0_to_70)
{
    for (size_t n = 0; n <= 70; n++)
        scan_check_sizes(&n, 1);
}
END_TEST

START_TEST(sizes_powers_of_two)
{
    for (int k = 0; k <= max_log2; k++)
        check_around((size_t)1 << k);
}
END_TEST

START_TEST(sizes_around_tiles)
{
    for (size_t k = 0; k < tile_count; k++)
        for (size_t m = 1; m <= 7; m++)
            check_around(tiles[k] * m);
}
END_TEST

START_TEST(sizes_random)
{
    uint64_t state = base_seed ^ 0xC0FFEEull;
    for (int i = 0; i < 16; i++) { /* log-uniform up to 2^20: small and large sizes alike */
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
    /* every pair of in and out offsets 0..15, at a size with a head, whole tiles and a tail */
    size_t n = 2 * tile_size + 37;
    for (size_t i = 0; i <= MAX_OFFSET; i++) {
        for (size_t o = 0; o <= MAX_OFFSET; o++) {
            scan_case c = {n, INPUT_RANDOM, i, o, 0};
            scan_check(&c);
        }
        scan_case c = {n, INPUT_RANDOM, i, i, 1};
        scan_check(&c);
    }
}
END_TEST

START_TEST(input_patterns)
{
    /* wrap-around (random and all-0xFFFFFFFF inputs overflow 2^32 many times) and the debugging
     * patterns, at a tile-sized and a large size */
    size_t sizes[] = {5 * tile_size + 3, ((size_t)1 << max_log2) + 1};
    scan_check_patterns(sizes, 2, 3, 5);
}
END_TEST

/* The multi-tile cases' tiles: the config's, or what fits in 2^16 with --small (4 at least). */
static size_t tiles_for_size_class(void)
{
    size_t fit = ((size_t)1 << 16) / tile_size;
    fit = fit < 4 ? 4 : fit;
    return !scan_test_small() || fit > cfg.many_tiles ? cfg.many_tiles : fit;
}

START_TEST(many_tiles_case)
{
    size_t t = tiles_for_size_class();
    size_t sizes[] = {t * tile_size - 1, t * tile_size, t * tile_size + 1,
                      (t / 3 + 1) * tile_size + tile_size / 2 + 1};
    scan_check_sizes(sizes, 4);
}
END_TEST

START_TEST(repeatable_case)
{
    const scan_case c = {tiles_for_size_class() * tile_size + 3, INPUT_RANDOM, 0, 0, 0};
    check_rows(&c, base_seed ^ 0x5EEDull, scan_test_small() ? 3 : cfg.repeats);
}
END_TEST

START_TEST(persistent_rounds)
{
    size_t small = ((size_t)1 << 16) + 5,
           sizes[] = {((size_t)1 << 23) + 1, 3 * ((size_t)1 << 22) + tile_size - 1};
    scan_check_sizes(scan_test_small() ? &small : sizes, scan_test_small() ? 1 : 2);
}
END_TEST

START_TEST(tiles_of_each_variant)
{
    size_t count = scan_test_small() ? 6 : cfg.each_tile;
    for (size_t k = 0; k < tile_count; k++)
        check_around(tiles[k] * count);
}
END_TEST

START_TEST(offsets_many_tiles)
{
    /* the element-wise path (in - out not a multiple of 4 elements) and the vector path with a
     * partial first vector */
    static const size_t pairs[][3] = {{0, 1, 0}, {1, 0, 0}, {2, 3, 0}, {3, 1, 0},
                                      {1, 1, 0}, {2, 2, 0}, {3, 3, 0}, {5, 2, 0},
                                      {0, 0, 1}, {1, 1, 1}, {2, 2, 1}, {3, 3, 1}};
    size_t n = (scan_test_small() ? 5 : cfg.offset_tiles) * tile_size + 11;
    for (size_t p = 0; p < 12; p++) { /* (the last four in place) */
        scan_case c = {n, INPUT_RANDOM, pairs[p][0], pairs[p][1], (int)pairs[p][2]};
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

/* --grade B: sizes that no one can learn, drawn from the seed, for the graded row. Every power of
 * two 2^b up to 2^B gets a size drawn from [2^b, 2^(b+1)) (four below 2^17, where they cost
 * little), so that a kernel wrong only somewhere in that range is found wherever it is; each with
 * in and out at offsets drawn from 0 to 15, in place or not, and an input pattern drawn too
 * (random half of the time). */
START_TEST(drawn_sizes)
{
    uint64_t state = base_seed ^ 0xD2A3D5EEDull;
    only_graded = 1;
    for (int b = 0; b <= grade_bits; b++)
        for (int d = 0; d < (b < 17 ? 4 : 1); d++) {
            const size_t low = (size_t)1 << b, n = low + (size_t)(scan_random_next(&state) % low);
            const uint64_t r = scan_random_next(&state);
            scan_case c = {n, INPUT_RANDOM, r % (MAX_OFFSET + 1), (r >> 8) % (MAX_OFFSET + 1),
                           (int)(r >> 16) & 1};
            if (c.in_place) c.out_offset = c.in_offset;
            if ((r >> 17) & 1) c.input = (scan_input)(1 + (r >> 24) % (INPUT_KIND_COUNT - 1));
            scan_check(&c);
        }
}
END_TEST

/* ---- cases, limits and the main ------------------------------------------------------------- */

/* Each case's time limit: its own, or SCAN_CASE_LIMITS's ("NAME=SECONDS ...", "*=SECONDS" for the
 * others: the grader's, scaled from the reference's own times). The forked case knows it as its
 * deadline (the grader's device names what it was waiting for when it passes). */
static double case_limits[MAX_CASES];

static double limit_of(const char *name, double own)
{
    const char *list = getenv("SCAN_CASE_LIMITS");
    double fallback = own;
    for (const char *p = list; p && *p; p += strcspn(p, " "), p += strspn(p, " ")) {
        const size_t len = strcspn(p, "=");
        const double seconds = atof(p + len + 1);
        if (len == strlen(name) && !strncmp(p, name, len) && seconds > 0) return seconds;
        if (len == 1 && *p == '*' && seconds > 0) fallback = seconds;
    }
    return fallback;
}

/* The current case's name and limit (scan_case_hook), or NULL outside a case. */
static const char *current_case(double *limit_s)
{
    const char *name = tcase_name();
    for (size_t i = 0; name && i < case_count; i++)
        if (!strcmp(case_names[i], name)) return *limit_s = case_limits[i], case_names[i];
    return NULL;
}

/* A device's failure fails the current case, with its message. */
static void fail_case(const char *message) { ck_abort_msg("%s", message); }

void scan_add_case(Suite *suite, const char *name, const TTest *fn, double timeout_s)
{
    if (case_count == MAX_CASES)
        scan_platform_failed("scan_add_case: more than %d cases", MAX_CASES);
    case_limits[case_count] = limit_of(name, timeout_s);
    TCase *tc = tcase_create(case_names[case_count] = name);
    tcase_set_timeout(tc, case_limits[case_count++] + 5); /* (Check's, behind the deadline) */
    tcase_add_test(tc, fn);
    /* after each case, in the process that forks them: what the device must end (the grader's: a
     * kernel's process that is still running) */
    tcase_add_unchecked_fixture(tc, NULL, device_after_case);
    suite_add_tcase(suite, tc);
}

/* Whether the memory a check of n elements needs is here (the largest row's of those the run
 * checks, or the graded one's: its inputs on the host, its outputs twice, expected and got, and
 * every buffer and its scratch on the device); if not, what it needs and what there is, in why. */
static int check_fits(size_t n, int graded, char *why, size_t why_size)
{
    size_t host = 0, device = 0;
    for (size_t v = 0; v < scan_row_count; v++) {
        if (!scan_test_runs_variant(v) || (graded && !(scan_rows[v].flags & SCAN_GRADED))) continue;
        size_t h = 0, d = scan_row_scratch(&scan_rows[v], n);
        for (size_t r = 0; r < scan_role_count; r++) {
            if (!(scan_family_roles(scan_rows[v].family) >> r & 1)) continue;
            const size_t bytes = scan_role_words(r, n) * 4,
                         output = scan_roles[r].how & SCAN_ROLE_OUTPUT;
            h += bytes * (output ? 2 + (size_t)scan_family_is_float(scan_rows[v].family) : 1);
            d += bytes + 2 * GUARD * 4;
        }
        host = h > host ? h : host;
        device = d > device ? d : device;
    }
    return scan_memory_fits(host, device, why, why_size);
}
static void usage(FILE *to, const char *argv0)
{
    fprintf(
        to,
        "usage: %s [--seed N] [--case NAME] [--variant NAME]... [--list] [--small | --huge]\n"
        "          [--grade B [--grade-check]] [--help]\n"
        "  --seed N        base seed of the random inputs (default: SCAN_SEED, else the clock)\n"
        "  --case NAME     run only this test case (see --list)\n"
        "  --variant NAME  check only this variant (repeatable; the unit's table names them)\n"
        "  --list          print the test case names and exit\n"
        "  --small         sizes up to 2^16 only, no case above 2^24 (for compute-sanitizer;\n"
        "                  also SCAN_TEST_SMALL=1)\n"
        "  --huge          add the n = 2^31 + 7 case (also SCAN_TEST_HUGE=1); where its memory\n"
        "                  is not there, a SKIP line says so (exit status 77)\n"
        "  --grade B       add the case drawn_sizes: the graded variant at a size drawn from\n"
        "                  the seed in every range [2^b, 2^(b+1)), b up to B (10 to 31), as\n"
        "                  `make grade` checks it\n"
        "  --grade-check   with --grade: only check that the graded variant can run here\n"
        "                  (exit 0; else its SKIP line and exit 77)\n"
        "  --help, -h      this text\n",
        argv0);
}

typedef struct test_options {
    const char *only_case;
    int list, grade_check, huge, small;
} test_options;

static const char *stage_name = "";

/* grade_bits from --grade's text (or SCAN_TEST_GRADE's); 0 where it is no number from 10 to 31. */
static int parse_grade(const char *argv0, const char *what, const char *text)
{
    uint64_t bits;
    if (scan_parse_u64(text, &bits) && bits >= 10 && bits <= 31) return grade_bits = (int)bits, 1;
    fprintf(stderr, "%s: %s wants a number of bits from 10 to 31, not '%s'\n", argv0, what, text);
    return 0;
}

/* Fills o and base_seed from the environment and the command line; returns -1 to go on, else the
 * exit status (0 after --help, 2 after bad usage). */
static int parse_arguments(int argc, char **argv, test_options *o)
{
    const char *huge = getenv("SCAN_TEST_HUGE"), *small = getenv("SCAN_TEST_SMALL"),
               *grade = getenv("SCAN_TEST_GRADE"); /* "UNIT:B": --grade B for UNIT (a handout's) */
    o->huge = huge && !strcmp(huge, "1");
    o->small = small && !strcmp(small, "1");
    const size_t len = strlen(stage_name);
    if (grade && !strncmp(grade, stage_name, len) && grade[len] == ':' &&
        !parse_grade(argv[0], "SCAN_TEST_GRADE", grade + len + 1))
        return 2;
    if (!scan_read_environment(argv[0], &base_seed)) return 2;
    static const struct option options[] = {
        {"seed", required_argument, NULL, 's'},    {"case", required_argument, NULL, 'c'},
        {"variant", required_argument, NULL, 'v'}, {"grade", required_argument, NULL, 'g'},
        {"list", no_argument, NULL, 'l'},          {"grade-check", no_argument, NULL, 'G'},
        {"huge", no_argument, NULL, 'H'},          {"small", no_argument, NULL, 'S'},
        {"help", no_argument, NULL, 'h'},          {NULL, 0, NULL, 0}};
    int bad = 0;
    for (int c; !bad && (c = getopt_long(argc, argv, "h", options, NULL)) != -1;) {
        switch (c) {
        case 'h': return usage(stdout, argv[0]), 0;
        case 'l': o->list = 1; break;
        case 'G': o->grade_check = 1; break;
        case 'H': o->huge = 1; break;
        case 'S': o->small = 1; break;
        case 'c': o->only_case = optarg; break;
        case 's': bad = !scan_parse_seed(argv[0], "--seed", optarg, &base_seed); break;
        case 'v': bad = !scan_name_row(argv[0], optarg); break;
        case 'g': bad = !parse_grade(argv[0], "--grade", optarg); break;
        default: bad = 1; /* (getopt said why) */
        }
    }
    if (!bad && optind < argc)
        bad = fprintf(stderr, "%s: unknown argument '%s'\n", argv[0], argv[optind]) > 0;
    const char *conflict = o->small && o->huge             ? "--small and --huge exclude each other"
                           : o->grade_check && !grade_bits ? "--grade-check goes with --grade"
                                                           : NULL;
    if (!bad && conflict) fprintf(stderr, "%s: %s\n", argv[0], conflict);
    if (bad || conflict) usage(stderr, argv[0]);
    if (o->small) max_log2 = 16;
    return bad || conflict ? 2 : -1;
}

/* The shared cases the config and the options ask for, then the unit's own. */
static Suite *make_suite(const char *stage, const scan_test_config *config, const test_options *o)
{
    Suite *suite = suite_create(stage);
    cfg = *config;
    scan_add_case(suite, "sizes_0_to_70", sizes_0_to_70, 120);
    scan_add_case(suite, "sizes_powers_of_two", sizes_powers_of_two, 120);
    scan_add_case(suite, "sizes_around_tiles", sizes_around_tiles, 120);
    scan_add_case(suite, "sizes_random", sizes_random, 120);
    if (!o->small) scan_add_case(suite, "size_above_2_24", size_above_2_24, 120);
    if (cfg.many_tiles) scan_add_case(suite, "many_tiles", many_tiles_case, 120);
    if (cfg.many_tiles && cfg.repeats > 0) scan_add_case(suite, "repeatable", repeatable_case, 600);
    if (cfg.each_tile) scan_add_case(suite, "tiles_of_each_variant", tiles_of_each_variant, 300);
    if (cfg.offset_tiles) scan_add_case(suite, "offsets_many_tiles", offsets_many_tiles, 120);
    if (config->rounds) scan_add_case(suite, "persistent_rounds", persistent_rounds, 120);
    scan_add_case(suite, "element_offsets", element_offsets, 120);
    scan_add_case(suite, "input_patterns", input_patterns, 120);
    if (o->huge) scan_add_case(suite, "size_2_31_plus_7", size_2_31_plus_7, 1200);
    if (grade_bits) scan_add_case(suite, "drawn_sizes", drawn_sizes, 900);
    if (config->add_cases) config->add_cases(suite);
    return suite;
}

static size_t report_runnable_rows(void)
{
    size_t runnable = 0;
    for (size_t i = 0; i < scan_row_count; i++)
        runnable += !scan_row_skipped(&scan_rows[i]);
    return runnable;
}

static size_t checked_rows(void)
{
    size_t checked = 0;
    for (size_t v = 0; v < scan_row_count; v++)
        checked += scan_test_runs_variant(v);
    return checked;
}

/* Whether there is anything to run, in the order a reader needs the answers: the case --case
 * names, the device, the variants, the graded one, the memory of --huge. Returns -1 to go on,
 * else the exit status (0 after --grade-check). */
static int stops_before_running(const char *stage, const char *argv0, const test_options *o)
{
    size_t i = 0;
    while (o->only_case && i < case_count && strcmp(case_names[i], o->only_case))
        i++;
    if (o->only_case && i == case_count) {
        fprintf(stderr, "%s: no test case named '%s'; --list shows them\n", argv0, o->only_case);
        return 2;
    }
    char why[200] = "";
    const char *why_not = device_probe();
    if (why_not) return printf("SKIP: %s\n", why_not), 77;
    if (report_runnable_rows() == 0)
        return printf("SKIP: no variant of %s can run on this machine\n", stage), 77;
    if (grade_bits) {
        const size_t v = scan_graded_row(argv0);
        if (v == scan_row_count) return 2;
        if (scan_row_skipped(&scan_rows[v])) return 77; /* (the grade cannot time it here) */
    }
    if (o->grade_check) return 0;
    if (checked_rows() == 0)
        return printf("SKIP: no variant named by --variant can run on this machine\n"), 77;
    if (o->huge && (!o->only_case || !strcmp(o->only_case, "size_2_31_plus_7")) &&
        !check_fits(HUGE_N, 0, why, sizeof why))
        return printf("SKIP: --huge (n = 2^31 + 7) needs %s\n", why), 77;
    /* drawn_sizes reaches 2^(B+1) - 1: no larger than the memory of the grade (a container's) */
    while (grade_bits > 10 && !check_fits((size_t)2 << grade_bits, 1, why, sizeof why))
        grade_bits--;
    if (grade_bits && (!o->only_case || !strcmp(o->only_case, "drawn_sizes")))
        printf("drawn_sizes: a size in every [2^b, 2^(b+1)) up to b = %d%s%s%s\n", grade_bits,
               *why ? " (no larger: the next needs " : "", why, *why ? ")" : "");
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
    if (run == 0) /* CK_RUN_SUITE / CK_RUN_CASE naming nothing: a run that checked nothing fails */
        return printf("%s: no test ran (check CK_RUN_SUITE and CK_RUN_CASE)\n", stage), 1;
    return failed ? 1 : 0;
}

int scan_test_main_for(const char *stage, int argc, char **argv, const scan_test_config *config)
{
    scan_load_rows();
    stage_name = stage;
    test_options o = {0};
    int status = parse_arguments(argc, argv, &o);
    if (status >= 0) return status;
    scan_seed_poison(base_seed);
    scan_platform_fail_hook = fail_case;
    scan_case_hook = current_case;
    collect_tiles();
    Suite *suite = make_suite(stage, config, &o);
    if (o.list)
        for (size_t i = 0; i < case_count; i++)
            printf("%s\n", case_names[i]);
    status = o.list ? 0 : stops_before_running(stage, argv[0], &o);
    if (status < 0) return run_suite(stage, suite, o.only_case);
    srunner_free(srunner_create(suite)); /* (Check frees a suite through its runner only) */
    return status;
}
