/* The benchmark driver shared by every unit: a size sweep, each row checked and then timed
 * (warm-up, batches of back-to-back runs repeated up to a time budget, median and minimum), the
 * platform's reference rows measured in the same run, a CSV file and a table at the end.
 *
 * One size, step by step (measure_size):
 * 1. every row (the unit's variants, then the reference rows) gets its scratch, runs once on a
 *    poisoned output that is checked (a wrong variant stops the benchmark before it is timed; the
 *    run also warms the caches), then runs once more, timed: that sets its batch, the number of
 *    back-to-back runs that make a sample last about SAMPLE_MS. A row whose one timed run already
 *    outlasts the budget keeps it as its only sample; past the cap it also skips every larger size
 *    (a '-' in the table, no CSV row);
 * 2. the rows take their samples in turn, one batch each per round (round robin), until each has
 *    MIN_SAMPLES and has spent the budget (--budget), or would pass --max-reps runs, or holds
 *    MAX_SAMPLES samples. On a machine whose speed drifts (a shared virtual machine, a clock that
 *    ramps up), every row of a size then sees the same mixture of fast and slow moments, so the
 *    ratios between rows, the numbers the course compares, hold even when the absolute rates
 *    move. The time per size is the same as timing the rows one after the other;
 * 3. the medians and minima go to the CSV, and the scratch is released.
 * Because the rows alternate, every row's scratch is allocated at once: a size is run only if its
 * arrays (in and out, and whatever else the unit's config counts) and the sum of all rows'
 * scratch fit (memory_needed).
 *
 * A unit may give other inputs (config->inputs: a sort's key distributions). A row that takes
 * them (config->takes_input) is then also a row ROW@INPUT for each, after all rows of the default
 * input, input by input: checked on its input and timed in turn with every other row, so that
 * its ratios to the others' rows of the same input hold as the default rows' do. The inputs are
 * made one after the other in one host array, each uploaded once to a device array of its own;
 * a row on another input shares its row's scratch (a run initialises its own scratch, and the
 * runs never overlap). */
#include "bench.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "toolchain.h" /* SCAN_COMMIT, SCAN_TOOLCHAIN: written by the Makefile */

#define MAX_SIZES         128
#define BYTES_PER_ELEMENT 8.0  /* one read and one write: the articles' convention */
#define SAMPLE_MS         2.0  /* a timed sample lasts about this long (unless the platform says) */
#define MIN_SAMPLES       3
#define MAX_SAMPLES       4096 /* samples per row and size at most */
#define DEFAULT_CAP_S     2.0  /* a variant whose single run takes longer stops at that size */
#define TABLE_WIDTH       120  /* the terminal table's columns at most */

typedef struct row {
    const scan_row *r;
    int is_reference;
    int selected;
    size_t stopped_after; /* nonzero: one run at this size outlasted the cap */
    size_t same_as;       /* a row on another input: its row on the default one (else itself) */
    /* the current size's measurement */
    const uint32_t *in; /* the device's copy of its input */
    void *scratch;
    int owns_scratch;
    /* its checked values_out, where it moves values (config->checked_values), else NULL */
    uint32_t *verified_values;
    uint32_t *verified; /* its checked output, where the platform checks timed output */
    size_t words;       /* the words of out that hold the result (n, or a compaction's count) */
    int timing;         /* takes samples in turn with the other rows */
    long batch, reps;
    double once_ms, spent_ms;
    size_t count;
    double samples[MAX_SAMPLES];
    /* the results, per size, for the table at the end (0: not measured) */
    double *rate;
} row;

typedef struct options {
    size_t sizes[MAX_SIZES];
    size_t size_count;
    int sizes_given, quick, graded, check_only;
    unsigned inputs; /* the other inputs timed: bit k - 1 for config->inputs[k - 1] */
    double budget_s, cap_s;
    long max_reps;
    uint64_t seed;
    const char *csv;
} options;

/* ---- the command line ----------------------------------------------------------------------- */

#define MAX_INPUTS 16 /* other inputs of a unit at most */

static void usage(FILE *to, const char *argv0, const scan_bench_config *config)
{
    fprintf(
        to,
        "usage: %s [--quick] [--sizes LIST] [--budget SECONDS] [--max-reps N] [--seed N]\n"
        "          [--variant NAME]... [--inputs LIST] [--graded] [--csv FILE|DIR/]\n"
        "          [--check-args]\n"
        "  --sizes LIST     comma-separated sizes in elements: 1000, 2^20, 4M (k, M, G are\n"
        "                   powers of 1024), or a range of powers of two A..B[:S] taking every\n"
        "                   S-th power (2^10..2^30:2 is 2^10, 2^12, ..., 2^30)\n"
        "  --quick          the unit's short sweep and a 0.05 s budget per point\n"
        "  --budget S       seconds of timing per (variant, size) point (default 1); a point\n"
        "                   whose single run takes longer is that one run, and a variant whose\n"
        "                   single run takes longer than its cap (2 s unless the unit sets\n"
        "                   one) skips the larger sizes\n"
        "  --max-reps N     at most N timed runs per point\n"
        "  --seed N         seed of the random input (default: SCAN_SEED, else the clock)\n"
        "  --variant NAME   time only this variant (repeatable); the reference rows always run\n"
        "  --inputs LIST    the unit's other inputs to time too, comma-separated, or none\n"
        "                   (default: all): the rows that take them run on each as rows\n"
        "                   NAME@INPUT beside those on the default input\n"
        "  --graded         time only the variant `make grade` scores (the one whose code the\n"
        "                   classroom kit blanks), on the default input, without the\n"
        "                   reference rows\n"
        "  --csv PATH       write the CSV there; a PATH ending in / is a folder, and the file\n"
        "                   is named for this machine\n"
        "  --check-args     check the other arguments, then exit: 0, or 2 with this text\n",
        argv0);
    for (size_t k = 0; k < config->input_count; k++)
        fprintf(to, "%s%s%s", k ? ", " : "This unit's other inputs: ", config->inputs[k].name,
                k + 1 < config->input_count ? "" : "\n");
}

static int bad_usage(const char *argv0, const scan_bench_config *config, const char *what,
                     const char *arg)
{
    fprintf(stderr, "%s: %s%s%s\n", argv0, what, arg ? " " : "", arg ? arg : "");
    usage(stderr, argv0, config);
    return 2;
}

/* Parses --inputs' list into opt->inputs; returns 0 with a message in err on error. */
static int parse_inputs(const char *spec, const scan_bench_config *config, options *opt, char *err,
                        size_t err_size)
{
    char buf[512];
    opt->inputs = 0;
    if (!strcmp(spec, "none")) return 1;
    if (strlen(spec) >= sizeof buf) {
        snprintf(err, err_size, "input list too long");
        return 0;
    }
    strcpy(buf, spec);
    for (char *item = buf, *next; item; item = next) {
        next = strchr(item, ',');
        if (next) *next++ = 0;
        size_t k = 0;
        while (k < config->input_count && strcmp(config->inputs[k].name, item))
            k++;
        if (k == config->input_count) {
            snprintf(err, err_size, "no input named '%s' (%s)", item,
                     config->input_count ? "this unit's are listed below" : "this unit has none");
            return 0;
        }
        opt->inputs |= 1u << k;
    }
    return 1;
}

/* Parses a size list into opt; returns 0 with a message in err on error. */
static int parse_sizes(const char *spec, options *opt, char *err, size_t err_size)
{
    char buf[512];
    if (strlen(spec) >= sizeof buf) {
        snprintf(err, err_size, "size list too long");
        return 0;
    }
    strcpy(buf, spec);
    opt->size_count = 0;
    /* Every item between commas is a size or a range: an empty one ("1,,2", a trailing comma) is
     * a mistake, not nothing. */
    for (char *item = buf, *next; item; item = next) {
        next = strchr(item, ',');
        if (next) *next++ = 0;
        if (!*item) {
            snprintf(err, err_size, "empty item in the size list '%s'", spec);
            return 0;
        }
        char *dots = strstr(item, "..");
        size_t from, to, step = 1;
        if (dots) {
            *dots = 0;
            char *colon = strchr(dots + 2, ':');
            if (colon) {
                *colon = 0;
                if (!scan_parse_size(colon + 1, &step) || step == 0 || step > 8) {
                    snprintf(err, err_size, "bad step '%s' in '%s'", colon + 1, spec);
                    return 0;
                }
            }
            if (!scan_parse_size(item, &from) || !scan_parse_size(dots + 2, &to) || from == 0 ||
                (from & (from - 1)) || to < from) {
                snprintf(err, err_size, "bad range in '%s' (want powers of two A..B, A <= B)",
                         spec);
                return 0;
            }
        } else {
            if (!scan_parse_size(item, &from)) {
                snprintf(err, err_size, "bad size '%s'", item);
                return 0;
            }
            if (from == 0) {
                snprintf(err, err_size,
                         "size 0 in '%s': there is nothing to time (sizes start at 1)", spec);
                return 0;
            }
            to = from;
        }
        for (size_t n = from; n <= to; n <<= step) {
            if (opt->size_count == MAX_SIZES) {
                snprintf(err, err_size, "more than %d sizes", MAX_SIZES);
                return 0;
            }
            opt->sizes[opt->size_count++] = n;
            if (n > (SIZE_MAX >> step)) break;
        }
    }
    return 1;
}

/* Fills opt from the command line; returns -1 to go on, else the exit status. */
static int parse_options(int argc, char **argv, const scan_bench_config *config, options *opt)
{
    char err[256];
    opt->budget_s = config->budget_s > 0 ? config->budget_s : 1.0;
    opt->cap_s = config->cap_s > 0 ? config->cap_s : DEFAULT_CAP_S;
    opt->max_reps = 1000000;
    if (config->input_count > MAX_INPUTS) {
        fprintf(stderr, "%s: the unit gives %zu other inputs; the driver takes %d at most\n",
                argv[0], config->input_count, MAX_INPUTS);
        return 2;
    }
    opt->inputs = (1u << config->input_count) - 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout, argv[0], config);
            return 0;
        } else if (!strcmp(a, "--quick")) {
            opt->quick = 1;
        } else if (!strcmp(a, "--graded")) {
            opt->graded = 1;
        } else if (!strcmp(a, "--check-args")) {
            opt->check_only = 1;
        } else if (!next) {
            return bad_usage(argv[0], config, "unknown or incomplete argument", a);
        } else if (!strcmp(a, "--sizes")) {
            if (!parse_sizes(next, opt, err, sizeof err))
                return bad_usage(argv[0], config, err, NULL);
            opt->sizes_given = 1;
            i++;
        } else if (!strcmp(a, "--budget")) {
            char *end;
            errno = 0;
            opt->budget_s = strtod(next, &end);
            if (errno || *end || !(opt->budget_s > 0 && opt->budget_s <= 600))
                return bad_usage(argv[0], config, "--budget wants seconds in (0, 600], not", next);
            i++;
        } else if (!strcmp(a, "--max-reps")) {
            uint64_t reps;
            if (!scan_parse_u64(next, &reps) || reps == 0 || reps > 1000000000)
                return bad_usage(argv[0], config, "--max-reps wants a count from 1, not", next);
            opt->max_reps = (long)reps;
            i++;
        } else if (!strcmp(a, "--seed")) {
            if (!scan_parse_seed(argv[0], "--seed", next, &opt->seed)) {
                usage(stderr, argv[0], config);
                return 2;
            }
            i++;
        } else if (!strcmp(a, "--variant")) {
            if (!scan_name_row(argv[0], next)) {
                usage(stderr, argv[0], config);
                return 2;
            }
            i++;
        } else if (!strcmp(a, "--inputs")) {
            if (!parse_inputs(next, config, opt, err, sizeof err))
                return bad_usage(argv[0], config, err, NULL);
            i++;
        } else if (!strcmp(a, "--csv")) {
            opt->csv = next;
            i++;
        } else {
            return bad_usage(argv[0], config, "unknown or incomplete argument", a);
        }
    }
    if (opt->quick && !opt->sizes_given) opt->budget_s = opt->budget_s < 0.05 ? opt->budget_s : 0.05;
    if (!opt->sizes_given &&
        !parse_sizes(opt->quick ? config->quick_sizes : config->sizes, opt, err, sizeof err)) {
        fprintf(stderr, "%s: the unit's default sizes are wrong: %s\n", argv[0], err);
        return 2;
    }
    if (opt->graded) {
        opt->inputs = 0; /* (the grade times the default input alone) */
        size_t v = 0;
        while (v < scan_row_count && !(scan_rows[v].flags & SCAN_GRADED))
            v++;
        if (v == scan_row_count) {
            fprintf(stderr, "%s: --graded, but no variant is marked SCAN_GRADED\n", argv[0]);
            return 2;
        }
    }
    return opt->check_only ? 0 : -1;
}

/* ---- the rows ------------------------------------------------------------------------------- */

/* The unit's rows (all, those named by --variant, or the graded one), then the reference rows:
 * the platform's (copy and cub, or scalar, memcpy and stream) and the unit's own; then, for each
 * other input in use, the rows that take it, in the same order. */
static row *make_rows(const scan_bench_config *config, const options *opt, size_t *count)
{
    size_t platform = scan_platform_here.reference_count, total = scan_row_count + platform;
    total += config->reference_count;
    total *= 1 + config->input_count;
    row *rows = calloc(total, sizeof *rows);
    scan_row *refs = calloc(platform ? platform : 1, sizeof *refs);
    if (!rows || !refs) {
        fprintf(stderr, "out of memory\n");
        exit(EXIT_FAILURE);
    }
    size_t k = 0;
    for (size_t v = 0; v < scan_row_count; v++, k++) {
        rows[k].r = &scan_rows[v];
        rows[k].selected = (opt->graded ? (scan_rows[v].flags & SCAN_GRADED) != 0
                                        : scan_named_row_count() == 0) ||
                           scan_row_is_named(v);
    }
    for (size_t r = 0; r < platform; r++, k++) {
        refs[r] = scan_row_of(&scan_platform_here.references[r]);
        rows[k].r = &refs[r];
    }
    for (size_t r = 0; r < config->reference_count; r++, k++)
        rows[k].r = &config->references[r];
    /* --graded times the graded variant alone: `make grade` compares it with the reference
     * kernel, not with copy or CUB */
    for (size_t i = scan_row_count; i < k; i++) {
        rows[i].is_reference = 1;
        rows[i].selected = !opt->graded;
    }
    const size_t on_default = k;
    for (size_t i = 0; i < on_default; i++)
        rows[i].same_as = i;
    for (size_t input = 1; input <= config->input_count; input++) {
        if (!(opt->inputs & (1u << (input - 1)))) continue;
        for (size_t i = 0; i < on_default; i++) {
            if (config->takes_input && !config->takes_input(rows[i].r)) continue;
            scan_row *r = malloc(sizeof *r);
            size_t bytes = strlen(rows[i].r->name) + strlen(config->inputs[input - 1].name) + 2;
            char *name = malloc(bytes);
            if (!r || !name) {
                fprintf(stderr, "out of memory\n");
                exit(EXIT_FAILURE);
            }
            snprintf(name, bytes, "%s@%s", rows[i].r->name, config->inputs[input - 1].name);
            *r = *rows[i].r;
            r->name = name;
            r->input = (unsigned)input;
            rows[k] = rows[i];
            rows[k].r = r;
            rows[k].same_as = i;
            k++;
        }
    }
    for (size_t i = 0; i < k; i++)
        rows[i].rate = calloc(opt->size_count ? opt->size_count : 1, sizeof *rows[i].rate);
    *count = k;
    return rows;
}

/* The CSV's role column: "distribution" (a row on another input: the README's table lists a
 * variant's, the charts leave it out), "reference", "side-step" (SCAN_SIDE_STEP: the README's
 * table lists it, the unit's chart leaves it out) or "variant". */
static const char *row_role(const row *r)
{
    if (r->r->input) return "distribution";
    if (r->is_reference) return "reference";
    return r->r->flags & SCAN_SIDE_STEP ? "side-step" : "variant";
}

/* Bytes a point of size n needs: on the device, the config's arrays (in and out), the other
 * inputs in use and the scratch of every selected row (the rows are timed in turn, so all of it
 * is allocated at once); on the host, the config's arrays (the input, the expected output and a
 * copy of the actual output), and where timed output is checked, every row's checked output
 * (and its values, where the rows may move values: as if every row did). */
static void memory_needed(const scan_bench_config *config, const row *rows, size_t row_count,
                          size_t n, size_t *device, size_t *host)
{
    size_t scratch = 0, checked = 0;
    unsigned inputs = 0;
    for (size_t r = 0; r < row_count; r++) {
        /* (a row on another input shares its row's scratch) */
        if (rows[r].selected && rows[r].r->scratch_bytes && rows[r].same_as == r)
            scratch += rows[r].r->scratch_bytes(n);
        checked += rows[r].selected && !rows[r].is_reference;
        if (rows[r].selected && rows[r].r->input) inputs |= 1u << (rows[r].r->input - 1);
    }
    size_t arrays = (config->device_arrays ? config->device_arrays : 2);
    for (; inputs; inputs &= inputs - 1)
        arrays++;
    *device = arrays * n * sizeof(uint32_t) + scratch;
    *host = (config->host_arrays ? config->host_arrays : 3) * n * sizeof(uint32_t);
    if (scan_platform_here.checks_timed_output)
        *host += (config->checked_values ? 2 : 1) * checked * n * sizeof(uint32_t);
}

/* Drops the sizes that do not fit in memory: an error when they were asked for (exit status 2),
 * a note for the default sweep. Returns 0 when a size asked for does not fit. */
static int drop_sizes_that_do_not_fit(const scan_bench_config *config, options *opt,
                                      const row *rows, size_t row_count)
{
    const size_t device_limit = scan_platform_here.memory_limit();
    size_t kept = 0;
    for (size_t s = 0; s < opt->size_count; s++) {
        size_t n = opt->sizes[s], need_device, need_host;
        char nb[32], need[200];
        memory_needed(config, rows, row_count, n, &need_device, &need_host);
        if (n <= SIZE_MAX / 16 &&
            scan_memory_fits(need_host, need_device, device_limit, need, sizeof need)) {
            opt->sizes[kept++] = n;
            continue;
        }
        fprintf(opt->sizes_given ? stderr : stdout, "%s n=%s: it needs %s\n",
                opt->sizes_given ? "size does not fit:" : "skipping",
                scan_format_size(n, nb, sizeof nb), need);
        if (opt->sizes_given) return 0;
    }
    opt->size_count = kept;
    return 1;
}

/* ---- the CSV -------------------------------------------------------------------------------- */

/* The machine's name as a file name: lower case, runs of other characters as one '-'. */
static void slug(const char *name, char *out, size_t size)
{
    size_t j = 0;
    int dash = 0;
    for (size_t i = 0; name[i] && j + 2 < size; i++) {
        char c = name[i];
        if (c == '(' && !strncmp(name + i, "(R)", 3)) {
            i += 2;
            continue;
        }
        if (c == '(' && !strncmp(name + i, "(TM)", 4)) {
            i += 3;
            continue;
        }
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            out[j++] = c;
            dash = 0;
        } else if (c >= 'A' && c <= 'Z') {
            out[j++] = (char)(c - 'A' + 'a');
            dash = 0;
        } else if (!dash && j > 0) {
            out[j++] = '-';
            dash = 1;
        }
    }
    while (j > 0 && out[j - 1] == '-')
        j--;
    out[j] = 0;
}

/* Opens the CSV (a file, or a folder ending in '/': the file is named for the machine) and writes
 * its header: a comment line with the machine, toolchain, commit, date, seed and budget. */
static FILE *open_csv(const char *stage, const options *opt, const char *device, const char *facts,
                      int bytes_column, const char *argv0)
{
    char path[1024], file_name[300];
    size_t len = strlen(opt->csv);
    if (len && opt->csv[len - 1] == '/') {
        slug(device, file_name, sizeof file_name);
        snprintf(path, sizeof path, "%s%s.csv", opt->csv, file_name);
    } else {
        snprintf(path, sizeof path, "%s", opt->csv);
    }
    FILE *csv = fopen(path, "w");
    if (!csv) {
        fprintf(stderr, "%s: cannot write %s: %s\n", argv0, path, strerror(errno));
        return NULL;
    }
    time_t now = time(NULL);
    char date[64];
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    fprintf(csv, "# %s on %s; %s; %s; commit %s; %s; seed %llu; budget %g s per point\n", stage,
            device, facts, SCAN_TOOLCHAIN, SCAN_COMMIT, date, (unsigned long long)opt->seed,
            opt->budget_s);
    fprintf(csv, "stage,variant,role,device,n,reps,ms_median,ms_min,gelem_s,gb_s%s\n",
            bytes_column ? ",bytes_per_element" : "");
    fflush(csv);
    printf("writing %s\n", path);
    return csv;
}

/* ---- one size ------------------------------------------------------------------------------- */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double wall_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Progress on stderr every few seconds (over itself on a terminal). */
typedef struct progress {
    const char *stage;
    double started, last;
    int tty;
} progress;

static void report_progress(progress *p, const char *nb, size_t s, size_t sizes, const char *doing)
{
    if (wall_s() - p->last <= 3) return;
    fprintf(stderr, "%s[%s] n=%s (%zu of %zu sizes), %s, %.0f s so far%s", p->tty ? "\r" : "",
            p->stage, nb, s + 1, sizes, doing, wall_s() - p->started, p->tty ? "\033[K" : "\n");
    p->last = wall_s();
}

/* A copy of the first rw->words words of what a row's checked run left (its output or values),
 * which its timed batches must leave too; NULL, with a message, when it cannot be allocated. */
static uint32_t *kept_copy(const uint32_t *from, const row *rw, const char *what, size_t n)
{
    uint32_t *copy = scan_host_words(rw->words);
    if (!copy)
        fprintf(stderr, "cannot allocate the checked %s of '%s' at n=%zu\n", what, rw->r->name, n);
    else
        memcpy(copy, from, rw->words * sizeof *from);
    return copy;
}

/* Step 1 for one row: its scratch (its row's, on another input, where that one has it), the
 * checked run, one timed run, its batch. Returns 0 when the row's output is wrong. */
static int check_and_start(row *rw, const row *same_as, const scan_bench_config *config,
                           const options *opt, const uint32_t *input, const uint32_t *expected,
                           uint32_t *actual, const uint32_t *in, uint32_t *out, size_t n, size_t s,
                           const char *stage)
{
    size_t scratch_bytes = rw->r->scratch_bytes ? rw->r->scratch_bytes(n) : 0;
    rw->in = in;
    rw->owns_scratch = same_as == rw || !same_as->scratch;
    rw->scratch = !rw->owns_scratch ? same_as->scratch
                  : scratch_bytes   ? scan_platform_here.alloc(scratch_bytes)
                                    : NULL;
    scan_poison(actual, n);
    scan_platform_here.upload(out, actual, n * sizeof *out);
    scan_row_run(rw->r, in, out, n, rw->scratch);
    scan_platform_here.finish();
    rw->words = n;
    if (!rw->is_reference) {
        char msg[512];
        scan_platform_here.download(actual, out, n * sizeof *out);
        if (config->check ? !config->check(rw->r, input, actual, n, &rw->words, msg, sizeof msg)
                          : !scan_compare(expected, actual, n, msg, sizeof msg)) {
            fprintf(stderr, "\n%s: variant '%s' is wrong at n=%zu (seed %llu): %s\n", stage,
                    rw->r->name, n, (unsigned long long)(opt->seed + n), msg);
            return 0;
        }
        if (scan_platform_here.checks_timed_output) {
            const uint32_t *values = config->checked_values ? config->checked_values(rw->r) : NULL;
            if (!(rw->verified = kept_copy(actual, rw, "output", n)) ||
                (values && !(rw->verified_values = kept_copy(values, rw, "values", n))))
                return 0;
        }
    }
    double once = scan_platform_here.time_runs(rw->r, in, out, n, rw->scratch, 1, rw->verified,
                                               rw->verified_values, rw->words);
    rw->once_ms = once;
    const double sample_ms =
        scan_platform_here.sample_ms > 0 ? scan_platform_here.sample_ms : SAMPLE_MS;
    rw->batch = once > 0 ? (long)(sample_ms / once) : 1000;
    rw->batch = rw->batch < 1 ? 1 : rw->batch > opt->max_reps ? opt->max_reps : rw->batch;
    rw->reps = 0;
    rw->spent_ms = 0;
    rw->timing = 1;
    if (once / 1e3 > opt->budget_s) { /* one run is the whole budget: its only sample */
        rw->samples[rw->count++] = once;
        rw->reps = 1;
        rw->timing = 0;
        if (once / 1e3 > opt->cap_s && s + 1 < opt->size_count) rw->stopped_after = n;
    }
    return 1;
}

/* Step 2: one batch per row in turn, until every row has its budget. */
static void take_samples(row *rows, size_t row_count, const options *opt, uint32_t *out, size_t n,
                         progress *p, const char *nb, size_t s)
{
    for (int busy = 1; busy;) {
        busy = 0;
        report_progress(p, nb, s, opt->size_count, "timing");
        for (size_t r = 0; r < row_count; r++) {
            row *rw = &rows[r];
            if (!rw->timing) continue;
            if (rw->count >= MAX_SAMPLES || rw->reps + rw->batch > opt->max_reps ||
                (rw->count >= MIN_SAMPLES && rw->spent_ms >= opt->budget_s * 1e3)) {
                rw->timing = 0;
                if (rw->count == 0) { /* no batch fitted in --max-reps: the one run */
                    rw->samples[rw->count++] = rw->once_ms;
                    rw->reps = 1;
                }
                continue;
            }
            double ms = scan_platform_here.time_runs(rw->r, rw->in, out, n, rw->scratch, rw->batch,
                                                     rw->verified, rw->verified_values, rw->words);
            rw->samples[rw->count++] = ms / (double)rw->batch;
            rw->reps += rw->batch;
            rw->spent_ms += ms;
            busy = 1;
        }
    }
}

/* Step 3: each row's median and minimum into the CSV and the table's memory. */
static void record(row *rows, size_t row_count, const scan_bench_config *config, size_t n,
                   size_t s, FILE *csv, const char *stage, const char *device)
{
    for (size_t r = 0; r < row_count; r++) {
        row *rw = &rows[r];
        if (!rw->selected) continue;
        if (rw->scratch && rw->owns_scratch) scan_platform_here.release(rw->scratch);
        rw->scratch = NULL;
        free(rw->verified);
        free(rw->verified_values);
        rw->verified = rw->verified_values = NULL;
        if (rw->count == 0) continue; /* skipped: an earlier size outlasted the cap */
        qsort(rw->samples, rw->count, sizeof rw->samples[0], cmp_double);
        size_t c = rw->count;
        double median =
            c % 2 ? rw->samples[c / 2] : 0.5 * (rw->samples[c / 2 - 1] + rw->samples[c / 2]);
        double gelem = median > 0 ? (double)n / (median * 1e-3) / 1e9 : 0;
        double bytes =
            config->bytes_per_element ? config->bytes_per_element(rw->r, n) : BYTES_PER_ELEMENT;
        rw->rate[s] = !strcmp(scan_platform_here.unit, "GB/s") ? gelem * bytes : gelem;
        if (!csv) continue;
        fprintf(csv, "%s,%s,%s,\"%s\",%zu,%ld,%.6g,%.6g,%.6g,%.6g", stage, rw->r->name,
                row_role(rw), device, n, rw->reps, median, rw->samples[0], gelem, gelem * bytes);
        if (config->bytes_per_element) fprintf(csv, ",%.6g", bytes);
        fprintf(csv, "\n");
        fflush(csv);
    }
}

/* One size: the inputs, every row checked and started, the samples, the records. */
static int measure_size(row *rows, size_t row_count, const scan_bench_config *config,
                        const options *opt, size_t s, FILE *csv, const char *stage,
                        const char *device, progress *p)
{
    size_t n = opt->sizes[s];
    char nb[32];
    scan_format_size(n, nb, sizeof nb);
    uint32_t *input = scan_host_words(n), *expected = scan_host_words(n),
             *actual = scan_host_words(n);
    if (!input || !expected || !actual) {
        fprintf(stderr, "cannot allocate %.2f GiB of host memory for n=%s\n",
                scan_gib(3 * n * sizeof *input), nb);
        return 0;
    }
    if (config->fill)
        config->fill(input, n, opt->seed + n);
    else
        scan_fill(input, n, INPUT_RANDOM, opt->seed + n);
    scan_reference(input, expected, n);
    uint32_t *in[1 + MAX_INPUTS] = {NULL}; /* each input on the device, once a row needs it */
    in[0] = scan_platform_here.alloc(n * sizeof *input);
    uint32_t *out = scan_platform_here.alloc(n * sizeof *out);
    scan_platform_here.upload(in[0], input, n * sizeof *input);
    if (config->prepare) config->prepare(input, n, opt->seed + n);

    int ok = 1;
    unsigned made = 0; /* the input the host array holds (the rows come input by input) */
    for (size_t r = 0; r < row_count && ok; r++) {
        rows[r].count = 0;
        rows[r].timing = 0;
        rows[r].scratch = NULL;
        if (!rows[r].selected || rows[r].stopped_after) continue;
        const unsigned k = rows[r].r->input;
        if (k != made) {
            char making[80];
            snprintf(making, sizeof making, "making input %s", config->inputs[k - 1].name);
            report_progress(p, nb, s, opt->size_count, making);
            config->inputs[k - 1].fill(input, n, opt->seed + n);
            if (!config->check) scan_reference(input, expected, n);
            if (!in[k]) in[k] = scan_platform_here.alloc(n * sizeof *input);
            scan_platform_here.upload(in[k], input, n * sizeof *input);
            made = k;
        }
        report_progress(p, nb, s, opt->size_count, rows[r].r->name);
        ok = check_and_start(&rows[r], &rows[rows[r].same_as], config, opt, input, expected, actual,
                             in[k], out, n, s, stage);
    }
    if (ok) {
        take_samples(rows, row_count, opt, out, n, p, nb, s);
        record(rows, row_count, config, n, s, csv, stage, device);
    }
    if (p->tty && wall_s() - p->started > 3) fprintf(stderr, "\r\033[K");
    for (size_t r = 0; r < row_count; r++)
        if (rows[r].stopped_after == n)
            printf("  note: one run of '%s' at n=%s took longer than %g s; larger sizes skipped\n",
                   rows[r].r->name, nb, opt->cap_s);
    fflush(stdout);
    if (config->prepare) config->prepare(input, 0, opt->seed + n);
    for (size_t k = 0; k <= config->input_count; k++)
        if (in[k]) scan_platform_here.release(in[k]);
    scan_platform_here.release(out);
    free(input);
    free(expected);
    free(actual);
    return ok;
}

/* ---- the table ------------------------------------------------------------------------------ */

/* One line per row, one column per size, as many sizes to a table as fit in TABLE_WIDTH. */
static void print_table(const row *rows, size_t row_count, const options *opt)
{
    const int gbs = !strcmp(scan_platform_here.unit, "GB/s");
    int name_width = 10;
    for (size_t r = 0; r < row_count; r++)
        if (rows[r].selected && (int)strlen(rows[r].r->name) > name_width)
            name_width = (int)strlen(rows[r].r->name);
    const int column = 9;
    size_t per_table = (size_t)((TABLE_WIDTH - name_width - 2) / column);
    per_table = per_table < 1 ? 1 : per_table;
    for (size_t from = 0; from < opt->size_count; from += per_table) {
        size_t to = from + per_table < opt->size_count ? from + per_table : opt->size_count;
        printf("\n%-*s", name_width + 2, scan_platform_here.unit);
        for (size_t s = from; s < to; s++) {
            char nb[32];
            printf("%*s", column, scan_format_size(opt->sizes[s], nb, sizeof nb));
        }
        printf("\n");
        for (size_t r = 0; r < row_count; r++) {
            if (!rows[r].selected) continue;
            printf("%-*s%s", name_width, rows[r].r->name, rows[r].is_reference ? " *" : "  ");
            for (size_t s = from; s < to; s++) {
                double v = rows[r].rate[s];
                if (v > 0)
                    printf("%*.*f", column, gbs ? (v < 10 ? 1 : 0) : 2, v);
                else
                    printf("%*s", column, "-");
            }
            printf("\n");
        }
    }
}

/* ---- the driver ----------------------------------------------------------------------------- */

int scan_bench_main_for(const char *stage, int argc, char **argv, const scan_bench_config *config)
{
    options opt = {0};
    if (!scan_read_environment(argv[0], &opt.seed)) return 2;
    int status = parse_options(argc, argv, config, &opt);
    if (status >= 0) return status;
    scan_seed_poison(opt.seed);

    const char *why_not = scan_platform_here.probe();
    if (why_not) {
        printf("SKIP: %s: cannot benchmark: %s\n", stage, why_not);
        return 77;
    }
    size_t row_count;
    row *rows = make_rows(config, &opt, &row_count);
    for (size_t v = 0; v < scan_row_count; v++)
        if (rows[v].selected && scan_row_skipped(rows[v].r)) rows[v].selected = 0;
    for (size_t r = 0; r < row_count; r++) /* a row on another input runs where its row does */
        rows[r].selected = rows[r].selected && rows[rows[r].same_as].selected;
    char device[256], facts[512];
    scan_platform_here.describe(device, sizeof device, facts, sizeof facts);
    if (!drop_sizes_that_do_not_fit(config, &opt, rows, row_count)) return 2;
    FILE *csv = NULL;
    if (opt.csv) {
        csv = open_csv(stage, &opt, device, facts, config->bytes_per_element != NULL, argv[0]);
        if (!csv) return 2;
    }
    printf("%s on %s (%s)\nseed %llu, %g s per point, each row checked before it is timed\n",
           stage, device, scan_platform_here.kind, (unsigned long long)opt.seed, opt.budget_s);
    fflush(stdout);

    progress p = {stage, wall_s(), wall_s(), isatty(STDERR_FILENO)};
    for (size_t s = 0; s < opt.size_count; s++)
        if (!measure_size(rows, row_count, config, &opt, s, csv, stage, device, &p)) return 1;

    print_table(rows, row_count, &opt);
    printf("(the median time per point, as %s; * a reference row;\n %s; the CSV has the minimum too)\n",
           !strcmp(scan_platform_here.unit, "GB/s") ? "GB/s" : "G elements/s = n / time",
           config->bytes_per_element ? "GB/s counts the bytes each row must move per element"
                                     : "GB/s counts 8 bytes per element, one read and one write");
    if (csv) fclose(csv);
    return 0;
}
