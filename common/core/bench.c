/* The benchmark driver shared by every unit: a size sweep, each row checked and then timed
 * (warm-up, batches of back-to-back runs repeated up to a time budget, median and minimum), the
 * device's reference rows measured in the same run, a CSV file and a table at the end.
 *
 * One size, a point (measure_point):
 * 1. its inputs, made on the host and uploaded once: the calls of every row share the point's
 *    buffers (a row's call has those of its family; a reference row, all of them);
 * 2. every row gets its scratch, runs once on poisoned outputs that are checked against its
 *    family's reference (a wrong row stops the benchmark before it is timed; the run also warms
 *    the caches), then once more, timed: that sets its batch, the back-to-back runs that make a
 *    sample last about SAMPLE_MS. A row whose one run already outlasts the budget keeps it as its
 *    only sample; past the cap it also skips every larger size;
 * 3. the rows take their samples in turn, one batch each per round, until each has MIN_SAMPLES
 *    and has spent the budget (--budget), or would pass --max-reps, or holds MAX_SAMPLES. On a
 *    machine whose speed drifts, every row of a size sees the same mixture of fast and slow
 *    moments, so the ratios between rows, the numbers the course compares, hold;
 * 4. the medians and minima go to the CSV and the table.
 * Rows on another input (ROW@INPUT) follow, input by input: steps 2 to 4 again for the rows that
 * take it, the input made in place of the default one (the rows of one input take their samples
 * together, so the ratios between them hold). */
#include "bench.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "toolchain.h" /* SCAN_COMMIT, SCAN_TOOLCHAIN: written by the Makefile */

#define MAX_SIZES  128
#define MAX_INPUTS 16
#define SAMPLE_MS  2.0 /* a sample lasts about this long */
/* On the grader's device, a batch is one request to the runner and its proof (a round trip):
 * longer batches, fewer requests. On a CPU, short enough that some fit in a container's CPU quota
 * unthrottled (Gradescope's half a CPU: 50 ms in every 100), for either side: 250 ms batches
 * there gave one side twice the other's time at a size in one grade of three. */
#define SAMPLE_MS_REMOTE     250.0
#define SAMPLE_MS_REMOTE_CPU 10.0
#define MIN_SAMPLES          3
#define MAX_SAMPLES          4096
#define DEFAULT_CAP_S        2.0
#define TABLE_WIDTH          120

typedef struct row {
    const scan_row *r;
    int is_reference, selected;
    size_t stopped_after; /* nonzero: one run at this size outlasted the cap */
    scan_call call;       /* at the current size */
    int timing;
    long batch, reps;
    double once_ms, spent_ms;
    size_t count;
    double samples[MAX_SAMPLES];
    double rate[MAX_SIZES], spread[MAX_SIZES]; /* per size: its rate, (median - min) / min */
} row;

typedef struct options {
    size_t sizes[MAX_SIZES], size_count;
    int sizes_given, quick, graded, check_only;
    unsigned inputs; /* the other inputs timed: bit k - 1 for inputs[k - 1] */
    double budget_s, cap_s;
    long max_reps;
    uint64_t seed;
    const char *csv;
} options;

/* One size: the buffers every row's call takes them from. */
typedef struct point {
    size_t n, s;
    unsigned input; /* 0: the default one; k: the unit's inputs[k - 1] */
    char label[32];
    uint64_t seed;
    unsigned roles;     /* the buffers the calls have */
    scan_call host;     /* the input's buffers on the host, and room for outputs */
    scan_call device;   /* every buffer on the device */
    scan_call expected; /* the reference's outputs of the input, by expected_fn */
    void (*expected_fn)(const scan_call *);
} point;

static const scan_bench_config *config;
static options opt;
static row *rows;
static size_t row_count;

static const char *format_size(size_t n, char *buf, size_t size)
{
    if (n >= 1024 && !(n & (n - 1)))
        snprintf(buf, size, "2^%d", __builtin_ctzll(n));
    else
        snprintf(buf, size, "%zu", n);
    return buf;
}

/* ---- the command line ------------------------------------------------------------------------ */

static void usage(FILE *to, const char *argv0)
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
        "  --graded         time only the variant `make grade` scores, on the default input,\n"
        "                   without the reference rows\n"
        "  --csv PATH       write the CSV there; a PATH ending in / is a folder, and the file\n"
        "                   is named for this machine\n"
        "  --check-args     check the other arguments, then exit: 0, or 2 with this text\n",
        argv0);
    for (size_t k = 0; k < config->input_count; k++)
        fprintf(to, "%s%s%s", k ? ", " : "This unit's other inputs: ", config->inputs[k].name,
                k + 1 < config->input_count ? "" : "\n");
}

/* --inputs' list into opt.inputs; 0 with a message in err on error. */
static int parse_inputs(const char *spec, char *err, size_t err_size)
{
    opt.inputs = 0;
    for (const char *item = spec; strcmp(spec, "none") && *item;
         item += strcspn(item, ","), item += *item == ',') {
        const size_t len = strcspn(item, ",");
        size_t k = 0;
        while (k < config->input_count && (strlen(config->inputs[k].name) != len ||
                                           strncmp(config->inputs[k].name, item, len)))
            k++;
        if (k == config->input_count)
            return snprintf(err, err_size, "no input named '%.*s' (%s)", (int)len, item,
                            config->input_count ? "this unit's are listed below"
                                                : "this unit has none"),
                   0;
        opt.inputs |= 1u << k;
    }
    return 1;
}

/* A size list into opt.sizes; 0 with a message in err on error. Every item between commas is a
 * size or a range: an empty one ("1,,2", a trailing comma) is a mistake, not nothing. */
static int parse_sizes(const char *spec, char *err, size_t err_size)
{
    char buf[512], *next;
    snprintf(buf, sizeof buf, "%s", spec);
    opt.size_count = 0;
    for (char *item = buf; item; item = next) {
        if ((next = strchr(item, ','))) *next++ = 0;
        char *dots = strstr(item, ".."), *colon = dots ? strchr(dots + 2, ':') : NULL;
        size_t from = 0, to = 0, step = 1;
        if (colon) *colon++ = 0;
        if (dots) *dots = 0, dots += 2;
        if (strlen(spec) >= sizeof buf || !scan_parse_size(item, &from) || from == 0 ||
            (dots && (!scan_parse_size(dots, &to) || (from & (from - 1)) || to < from)) ||
            (colon && (!scan_parse_size(colon, &step) || step == 0 || step > 8)))
            return snprintf(err, err_size,
                            "bad size list '%s': sizes from 1 (1000, 2^20, 4M), or ranges of "
                            "powers of two A..B[:S] (A <= B, S from 1 to 8), between commas",
                            spec),
                   0;
        for (size_t n = from; n <= (dots ? to : from); n <<= step) {
            if (opt.size_count == MAX_SIZES)
                return snprintf(err, err_size, "more than %d sizes", MAX_SIZES), 0;
            opt.sizes[opt.size_count++] = n;
            if (n > (SIZE_MAX >> step)) break;
        }
    }
    return 1;
}

/* Fills opt from the command line; returns -1 to go on, else the exit status. */
static int parse_options(int argc, char **argv)
{
    static const struct option options[] = {
        {"quick", no_argument, NULL, 'q'},          {"graded", no_argument, NULL, 'g'},
        {"check-args", no_argument, NULL, 'c'},     {"help", no_argument, NULL, 'h'},
        {"sizes", required_argument, NULL, 's'},    {"budget", required_argument, NULL, 'b'},
        {"max-reps", required_argument, NULL, 'm'}, {"seed", required_argument, NULL, 'S'},
        {"variant", required_argument, NULL, 'v'},  {"inputs", required_argument, NULL, 'i'},
        {"csv", required_argument, NULL, 'o'},      {NULL, 0, NULL, 0}};
    char err[256] = "", *end;
    uint64_t reps = 1000000;
    opt.budget_s = 1.0;
    opt.cap_s = config->cap_s > 0 ? config->cap_s : DEFAULT_CAP_S;
    opt.inputs = (1u << config->input_count) - 1;
    for (int c; !*err && (c = getopt_long(argc, argv, "h", options, NULL)) != -1;) {
        switch (c) {
        case 'h': return usage(stdout, argv[0]), 0;
        case 'q': opt.quick = 1; break;
        case 'g': opt.graded = 1; break;
        case 'c': opt.check_only = 1; break;
        case 's': opt.sizes_given = parse_sizes(optarg, err, sizeof err); break;
        case 'i': parse_inputs(optarg, err, sizeof err); break;
        case 'o': opt.csv = optarg; break;
        case 'b':
            opt.budget_s = strtod(optarg, &end);
            if (*end || !(opt.budget_s > 0 && opt.budget_s <= 600))
                snprintf(err, sizeof err, "--budget wants seconds in (0, 600], not %s", optarg);
            break;
        case 'm':
            if (!scan_parse_u64(optarg, &reps) || reps == 0 || reps > 1000000000)
                snprintf(err, sizeof err, "--max-reps wants a count from 1, not %s", optarg);
            break;
        case 'S':
            if (!scan_parse_seed(argv[0], "--seed", optarg, &opt.seed))
                return usage(stderr, argv[0]), 2;
            break;
        case 'v':
            if (!scan_name_row(argv[0], optarg)) return usage(stderr, argv[0]), 2;
            break;
        default: return usage(stderr, argv[0]), 2; /* (getopt said why) */
        }
    }
    if (!*err && optind < argc) snprintf(err, sizeof err, "unknown argument %s", argv[optind]);
    if (*err) return fprintf(stderr, "%s: %s\n", argv[0], err), usage(stderr, argv[0]), 2;
    opt.max_reps = (long)reps;
    if (opt.quick && !opt.sizes_given && opt.budget_s > 0.05) opt.budget_s = 0.05;
    if (!opt.sizes_given &&
        !parse_sizes(opt.quick ? config->quick_sizes : config->sizes, err, sizeof err))
        return fprintf(stderr, "%s: the unit's default sizes are wrong: %s\n", argv[0], err), 2;
    if (opt.graded && scan_graded_row(argv[0]) == scan_row_count) return 2;
    if (opt.graded) opt.inputs = 0; /* (the grade times the default input alone) */
    return opt.check_only ? 0 : -1;
}

/* ---- the rows ------------------------------------------------------------------------------- */

static void *must(void *p)
{
    if (!p) scan_platform_failed("out of memory");
    return p;
}

/* The unit's rows (all, those --variant names, or the graded one), then the reference rows: the
 * device's and the unit's own (none with --graded: `make grade` compares the graded variant with
 * the reference kernel); then, for each other input in use, the rows that take it. */
static void make_rows(void)
{
    const size_t on_default = scan_row_count + device_reference_count + config->reference_count;
    rows = must(calloc(on_default * (1 + config->input_count), sizeof *rows));
    static scan_row refs[8]; /* (the device's: three at most) */
    size_t k = 0;
    for (size_t v = 0; v < scan_row_count; v++, k++) {
        rows[k].r = &scan_rows[v];
        rows[k].selected = (opt.graded ? (scan_rows[v].flags & SCAN_GRADED) != 0
                                       : scan_named_row_count() == 0 || scan_row_is_named(v)) &&
                           !scan_row_skipped(&scan_rows[v]);
    }
    for (size_t r = 0; r < device_reference_count; r++, k++)
        rows[k].r = (refs[r] = scan_row_of(&device_references[r]), &refs[r]);
    for (size_t r = 0; r < config->reference_count; r++, k++)
        rows[k].r = &config->references[r];
    for (size_t i = scan_row_count; i < k; i++)
        rows[i].is_reference = 1, rows[i].selected = !opt.graded;
    for (unsigned input = 1; input <= config->input_count; input++) {
        if (!(opt.inputs >> (input - 1) & 1)) continue;
        for (size_t i = 0; i < on_default; i++) {
            if (config->takes_input && !config->takes_input(rows[i].r)) continue;
            scan_row *r = must(malloc(sizeof *r));
            char *name =
                must(malloc(strlen(rows[i].r->name) + strlen(config->inputs[input - 1].name) + 2));
            sprintf(name, "%s@%s", rows[i].r->name, config->inputs[input - 1].name);
            *r = *rows[i].r;
            r->name = name, r->input = input;
            rows[k] = rows[i]; /* (selected where its row is) */
            rows[k++].r = r;
        }
    }
    row_count = k;
}

/* The buffers a point's calls have: every selected row's family's, and the unit's own. */
static unsigned point_roles(void)
{
    unsigned roles = config->roles | 1u << SCAN_IN | 1u << SCAN_OUT;
    for (size_t r = 0; r < row_count; r++)
        if (rows[r].selected && !rows[r].is_reference)
            roles |= scan_family_roles(rows[r].r->family);
    return roles;
}

/* Drops the sizes that do not fit in memory: an error when they were asked for (exit status 2),
 * a note for the default sweep and for --graded (a grade in a small container times the sizes
 * that fit, for the reference and the student alike). Returns 0 when a size asked for does not
 * fit. A point needs, on the device, every buffer and the scratch of every selected row (the rows
 * take turns: all of it at once); on the host, the inputs and the outputs twice (expected, got). */
static int drop_sizes_that_do_not_fit(void)
{
    const unsigned roles = point_roles();
    size_t kept = 0;
    for (size_t s = 0; s < opt.size_count; s++) {
        size_t n = opt.sizes[s], device = 0, host = 0;
        char nb[32], need[200];
        for (size_t r = 0; r < row_count; r++)
            if (rows[r].selected && !rows[r].r->input) device += scan_row_scratch(rows[r].r, n);
        for (size_t r = 0; r < scan_role_count; r++) {
            const size_t bytes = roles >> r & 1 ? scan_role_words(r, n) * sizeof(uint32_t) : 0;
            device += bytes, host += bytes * (scan_roles[r].how & SCAN_ROLE_OUTPUT ? 2 : 1);
        }
        if (n <= SIZE_MAX / 16 && scan_memory_fits(host, device, need, sizeof need)) {
            opt.sizes[kept++] = n;
            continue;
        }
        const int refuse = opt.sizes_given && !opt.graded;
        fprintf(refuse ? stderr : stdout, "%s n=%s: it needs %s\n",
                refuse ? "size does not fit:" : "skipping", format_size(n, nb, sizeof nb), need);
        if (refuse) return 0;
    }
    opt.size_count = kept;
    return 1;
}

/* ---- the CSV -------------------------------------------------------------------------------- */

/* The machine's name as a file name: lower case, runs of other characters as one '-', without
 * (R) and (TM). */
static void slug(const char *name, char *out, size_t size)
{
    size_t j = 0;
    for (const char *c = name; *c && j + 2 < size; c++)
        if (!strncmp(c, "(R)", 3) || !strncmp(c, "(TM)", 4))
            c += c[2] == ')' ? 2 : 3;
        else if (isalnum((unsigned char)*c))
            out[j++] = (char)tolower((unsigned char)*c);
        else if (j > 0 && out[j - 1] != '-')
            out[j++] = '-';
    while (j > 0 && out[j - 1] == '-')
        j--;
    out[j] = 0;
}

/* Opens the CSV (a file, or a folder ending in '/': the file is named for the machine) and writes
 * its header: a comment line with the machine, toolchain, commit, date, seed and budget. */
static FILE *open_csv(const char *stage, const char *device, const char *facts, const char *argv0)
{
    char path[1024], file_name[300], date[64];
    size_t len = strlen(opt.csv);
    slug(device, file_name, sizeof file_name);
    snprintf(path, sizeof path, len && opt.csv[len - 1] == '/' ? "%s%s.csv" : "%s", opt.csv,
             file_name);
    FILE *csv = fopen(path, "w");
    if (!csv)
        return fprintf(stderr, "%s: cannot write %s: %s\n", argv0, path, strerror(errno)), NULL;
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    fprintf(csv, "# %s on %s; %s; %s; commit %s; %s; seed %llu; budget %g s per point\n", stage,
            device, facts, SCAN_TOOLCHAIN, SCAN_COMMIT, date, (unsigned long long)opt.seed,
            opt.budget_s);
    fprintf(csv,
            "stage,variant,role,device,n,reps,ms_median,ms_min,gelem_s,gb_s,bytes_per_element\n");
    fflush(csv);
    printf("writing %s\n", path);
    return csv;
}

/* ---- one size -------------------------------------------------------------------------------- */

/* Progress on stderr every few seconds (over itself on a terminal). */
static double started, last_report;
static void report_progress(const point *p, const char *doing)
{
    if (scan_now_s() - last_report <= 3) return;
    const int tty = isatty(2);
    fprintf(stderr, "%s[%s] n=%s (%zu of %zu sizes), %s, %.0f s so far%s", tty ? "\r" : "", "bench",
            p->label, p->s + 1, opt.size_count, doing, scan_now_s() - started,
            tty ? "\033[K" : "\n");
    last_report = scan_now_s();
}

/* The point's buffers: each on the device, the inputs made on the host (every family of the
 * point's rows fills its own; a float family last, whose floats then serve every row: -1, 0 and
 * 1, exact in any order of additions) and uploaded; room on the host for the outputs. */
static void make_point(point *p)
{
    p->roles = point_roles();
    p->host.n = p->device.n = p->expected.n = p->n;
    for (size_t r = 0; r < scan_role_count; r++)
        if (p->roles >> r & 1) {
            p->host.buffer[r] = scan_must_words(scan_role_words(r, p->n), scan_roles[r].name);
            p->device.buffer[r] = device_alloc(scan_role_words(r, p->n) * sizeof(uint32_t));
        }
    unsigned filled = 0; /* (each family once: its rows on other inputs share its fill) */
    for (int pass = 0; pass < 2; pass++)
        for (size_t r = 0; r < row_count; r++) {
            const app_family f = rows[r].r->family;
            if (rows[r].selected && !rows[r].is_reference && scan_family_is_float(f) == pass &&
                !(filled >> f & 1)) {
                scan_families[f].fill(&p->host, pass ? INPUT_SMALL : INPUT_RANDOM, p->seed);
                filled |= 1u << f;
            }
        }
    for (size_t r = 0; r < scan_role_count; r++)
        if (p->host.buffer[r] && !(scan_roles[r].how & SCAN_ROLE_OUTPUT))
            device_upload(p->device.buffer[r], p->host.buffer[r], scan_role_words(r, p->n) * 4);
}

static void free_point(point *p)
{
    for (size_t r = 0; r < scan_role_count; r++) {
        free(p->host.buffer[r]);
        if (scan_roles[r].how & SCAN_ROLE_OUTPUT) free(p->expected.buffer[r]); /* (else host's) */
        if (p->device.buffer[r]) device_free(p->device.buffer[r]);
    }
}

/* Input k (k > 0: the unit's inputs[k - 1]) in place of the default one, on the host and the
 * device. */
static void use_input(point *p, unsigned k)
{
    char making[80];
    snprintf(making, sizeof making, "making input %s", config->inputs[k - 1].name);
    report_progress(p, making);
    config->inputs[k - 1].fill(p->host.buffer[SCAN_IN], p->n, p->seed);
    device_upload(p->device.buffer[SCAN_IN], p->host.buffer[SCAN_IN], p->n * sizeof(uint32_t));
    p->expected_fn = NULL;
}

/* The expected outputs of row rw, by its family's reference on its input (kept for the next rows
 * of the same input and reference: the host's sort of 2^28 keys takes seconds). */
static void expect(point *p, const row *rw)
{
    const scan_family *f = &scan_families[rw->r->family];
    if (p->expected_fn == f->reference) return;
    for (size_t r = 0; r < scan_role_count; r++) {
        const int output = scan_roles[r].how & SCAN_ROLE_OUTPUT;
        if (output && p->host.buffer[r] && !p->expected.buffer[r])
            p->expected.buffer[r] = scan_must_words(scan_role_words(r, p->n), "an expected output");
        if (!output) p->expected.buffer[r] = p->host.buffer[r];
    }
    f->reference(&p->expected);
    p->expected_fn = f->reference;
}

/* Row rw's call: the point's buffers of its family (a reference row: all of them). */
static scan_call call_of(const point *p, const row *rw, const scan_call *from)
{
    scan_call c = {.n = p->n};
    const unsigned roles = rw->is_reference ? p->roles : scan_family_roles(rw->r->family);
    for (size_t r = 0; r < scan_role_count; r++)
        c.buffer[r] = roles >> r & 1 ? from->buffer[r] : NULL;
    return c;
}

/* Step 2 for one row: its scratch, the checked run, one timed run, its batch. Returns 0 when the
 * row's output is wrong. */
static int check_and_start(point *p, row *rw, const char *stage)
{
    const size_t bytes = scan_row_scratch(rw->r, p->n);
    rw->call = call_of(p, rw, &p->device);
    rw->call.scratch = bytes ? device_alloc(bytes) : NULL;
    scan_call actual = call_of(p, rw, &p->host);
    scan_run_once(rw->r, &rw->call, &actual, 0);
    if (!rw->is_reference) {
        char msg[512];
        expect(p, rw);
        scan_call expected = call_of(p, rw, &p->expected);
        if (!scan_families[rw->r->family].compare(&expected, &actual, rw->r->tile, 0, msg,
                                                  sizeof msg))
            return fprintf(stderr, "\n%s: variant '%s' is wrong at n=%zu (--seed %llu): %s\n",
                           stage, rw->r->name, p->n, (unsigned long long)opt.seed, msg),
                   0;
    }
    /* (the grader's device proves the timed runs from the inputs on the host) */
    scan_call host = call_of(p, rw, &p->host);
    rw->once_ms = device_time(rw->r, &rw->call, 1, &host);
    const double sample_ms = strcmp(device_kind, "remote") ? SAMPLE_MS
                             : device_is_host              ? SAMPLE_MS_REMOTE_CPU
                                                           : SAMPLE_MS_REMOTE;
    rw->batch = rw->once_ms > 0 ? (long)(sample_ms / rw->once_ms) : 1000;
    rw->batch = rw->batch < 1 ? 1 : rw->batch > opt.max_reps ? opt.max_reps : rw->batch;
    rw->reps = 0, rw->spent_ms = 0, rw->timing = 1;
    if (rw->once_ms / 1e3 > opt.budget_s) { /* one run is the whole budget: its only sample */
        rw->samples[rw->count++] = rw->once_ms;
        rw->reps = 1, rw->timing = 0;
        if (rw->once_ms / 1e3 > opt.cap_s && p->s + 1 < opt.size_count) rw->stopped_after = p->n;
    }
    return 1;
}

/* Step 3: one batch per row in turn, until every row has its budget. */
static void take_samples(point *p)
{
    for (int busy = 1; busy;) {
        busy = 0;
        report_progress(p, "timing");
        for (size_t r = 0; r < row_count; r++) {
            row *rw = &rows[r];
            if (!rw->timing) continue;
            if (rw->count >= MAX_SAMPLES || rw->reps + rw->batch > opt.max_reps ||
                (rw->count >= MIN_SAMPLES && rw->spent_ms >= opt.budget_s * 1e3)) {
                rw->timing = 0;
                if (rw->count == 0) rw->samples[rw->count++] = rw->once_ms, rw->reps = 1;
                continue;
            }
            scan_call host = call_of(p, rw, &p->host);
            const double ms = device_time(rw->r, &rw->call, rw->batch, &host);
            rw->samples[rw->count++] = ms / (double)rw->batch;
            rw->reps += rw->batch, rw->spent_ms += ms;
            busy = 1;
        }
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Step 4: each row's median and minimum into the CSV and the table's memory. */
static void record(point *p, FILE *csv, const char *stage, const char *device)
{
    for (size_t r = 0; r < row_count; r++) {
        row *rw = &rows[r];
        if (!rw->selected || rw->r->input != p->input) continue;
        if (rw->call.scratch) device_free(rw->call.scratch);
        if (rw->count == 0) continue; /* skipped: an earlier size outlasted the cap */
        qsort(rw->samples, rw->count, sizeof *rw->samples, cmp_double);
        const size_t c = rw->count;
        const double median =
            c % 2 ? rw->samples[c / 2] : 0.5 * (rw->samples[c / 2 - 1] + rw->samples[c / 2]);
        const double gelem = median > 0 ? (double)p->n / (median * 1e-3) / 1e9 : 0;
        scan_call host = call_of(p, rw, &p->host);
        const double bytes = scan_families[rw->r->family].bytes(&host);
        rw->rate[p->s] = device_is_host ? gelem : gelem * bytes;
        rw->spread[p->s] = rw->samples[0] > 0 ? median / rw->samples[0] - 1 : 0;
        if (csv) /* (role: "distribution", a row on another input, the charts leave out) */
            fprintf(csv, "%s,%s,%s,\"%s\",%zu,%ld,%.6g,%.6g,%.6g,%.6g,%.6g\n", stage, rw->r->name,
                    rw->r->input       ? "distribution"
                    : rw->is_reference ? "reference"
                                       : "variant",
                    device, p->n, rw->reps, median, rw->samples[0], gelem, gelem * bytes, bytes);
        if (csv) fflush(csv);
    }
}

/* One size: its point, every row checked and started, the samples, the records. */
static int measure_point(size_t s, FILE *csv, const char *stage, const char *device)
{
    point p = {.n = opt.sizes[s], .s = s, .seed = opt.seed + opt.sizes[s]};
    format_size(p.n, p.label, sizeof p.label);
    make_point(&p);
    int ok = 1;
    for (p.input = 0; ok && p.input <= config->input_count;
         p.input++) { /* the default, then each */
        if (p.input && !(opt.inputs >> (p.input - 1) & 1)) continue;
        if (p.input) use_input(&p, p.input);
        for (size_t r = 0; r < row_count && ok; r++) {
            rows[r].count = 0, rows[r].timing = 0, rows[r].call.scratch = NULL;
            if (!rows[r].selected || rows[r].stopped_after || rows[r].r->input != p.input) continue;
            report_progress(&p, rows[r].r->name);
            ok = check_and_start(&p, &rows[r], stage);
        }
        if (ok) take_samples(&p);
        if (ok) record(&p, csv, stage, device);
    }
    if (isatty(2) && scan_now_s() - started > 3) fprintf(stderr, "\r\033[K");
    for (size_t r = 0; r < row_count; r++)
        if (rows[r].stopped_after == p.n)
            printf("  note: one run of '%s' at n=%s took longer than %g s; larger sizes skipped\n",
                   rows[r].r->name, p.label, opt.cap_s);
    fflush(stdout);
    free_point(&p);
    return ok;
}

/* ---- the table ------------------------------------------------------------------------------ */

/* One line per row, one column per size, as many sizes to a table as fit in TABLE_WIDTH. */
static void print_table(void)
{
    const int cpu = device_is_host, column = 9;
    int width = 10;
    for (size_t r = 0; r < row_count; r++)
        if (rows[r].selected && (int)strlen(rows[r].r->name) > width)
            width = (int)strlen(rows[r].r->name);
    const size_t per_table =
        (size_t)(TABLE_WIDTH - width - 2) / column ? (size_t)(TABLE_WIDTH - width - 2) / column : 1;
    for (size_t from = 0; from < opt.size_count; from += per_table) {
        const size_t to = from + per_table < opt.size_count ? from + per_table : opt.size_count;
        char nb[32];
        printf("\n%-*s", width + 2, cpu ? "Gelem/s" : "GB/s");
        for (size_t s = from; s < to; s++)
            printf("%*s", column, format_size(opt.sizes[s], nb, sizeof nb));
        printf("\n");
        for (size_t r = 0; r < row_count; r++) {
            if (!rows[r].selected) continue;
            printf("%-*s%s", width, rows[r].r->name, rows[r].is_reference ? " *" : "  ");
            for (size_t s = from; s < to; s++) {
                char cell[32];
                snprintf(cell, sizeof cell, "%.*f",
                         cpu                    ? 2
                         : rows[r].rate[s] < 10 ? 1
                                                : 0,
                         rows[r].rate[s]);
                printf("%*s", column, rows[r].rate[s] > 0 ? cell : "-");
            }
            printf("\n");
        }
    }
}

/* The machine's load: the 1-minute average, or -1. */
static double load_average(void)
{
    double load = -1;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f && fscanf(f, "%lf", &load) != 1) load = -1;
    if (f) fclose(f);
    return load;
}

/* The machine's load (the 1-minute average, against its cores) and the spread of the samples: how
 * far above the fastest sample the median lies, across every row and size. A busy machine shows
 * both, and its quick numbers are worth less. */
static void print_noise(double load_before)
{
    double spreads[MAX_SIZES * 64], load_after = load_average();
    size_t count = 0, worst = 0;
    for (size_t r = 0; r < row_count; r++)
        for (size_t s = 0; s < opt.size_count && count < MAX_SIZES * 64; s++)
            if (rows[r].selected && rows[r].rate[s] > 0) spreads[count++] = rows[r].spread[s];
    if (count == 0) return;
    qsort(spreads, count, sizeof *spreads, cmp_double);
    worst = count - 1;
    printf("\nload: %.2f before, %.2f after, on %ld cores; spread (median over fastest sample): "
           "%.1f%% typical, %.1f%% at most\n",
           load_before, load_after, sysconf(_SC_NPROCESSORS_ONLN), 100 * spreads[count / 2],
           100 * spreads[worst]);
}

/* ---- the driver ----------------------------------------------------------------------------- */

int scan_bench_main_for(const char *stage, int argc, char **argv, const scan_bench_config *cfg)
{
    config = cfg;
    scan_load_rows();
    if (!scan_read_environment(argv[0], &opt.seed)) return 2;
    int status = config->input_count > MAX_INPUTS ? 2 : parse_options(argc, argv);
    if (status >= 0) return status;
    scan_seed_poison(opt.seed);
    const char *why_not = device_probe();
    if (why_not) return printf("SKIP: %s: cannot benchmark: %s\n", stage, why_not), 77;
    make_rows();
    char device[256], facts[512];
    device_describe(device, sizeof device, facts, sizeof facts);
    if (!drop_sizes_that_do_not_fit()) return 2;
    FILE *csv = opt.csv ? open_csv(stage, device, facts, argv[0]) : NULL;
    if (opt.csv && !csv) return 2;
    printf("%s on %s (%s)\nseed %llu, %g s per point, each row checked before it is timed\n", stage,
           device, device_kind, (unsigned long long)opt.seed, opt.budget_s);
    fflush(stdout);
    const double load = load_average();
    started = last_report = scan_now_s();
    for (size_t s = 0; s < opt.size_count; s++)
        if (!measure_point(s, csv, stage, device)) return 1;
    print_table();
    printf("(the median time per point, as %s; * a reference row; GB/s counts the bytes each row\n"
           " must move per element; the CSV has the minimum too)\n",
           device_is_host ? "G elements/s = n / time" : "GB/s");
    print_noise(load);
    if (csv) fclose(csv);
    return 0;
}
