/* The benchmark driver shared by every stage: a size sweep, each variant checked and then timed
 * (warm-up, batches of back-to-back runs repeated up to a time budget, median and minimum), the
 * platform's reference rows measured in the same run, a terminal table and a CSV file.
 *
 * One size, step by step:
 * 1. every row (the stage's variants, then the reference rows) gets its scratch, runs once on a
 *    poisoned output that is checked against the reference scan (a wrong variant stops the
 *    benchmark before it is timed; the run also warms the caches), then runs once more, timed: that
 *    sets its batch, the number of back-to-back runs that make a sample last about SAMPLE_MS.
 *    A row whose one timed run already outlasts the budget keeps it as its only sample; past the
 *    cap it also skips every larger size (a '-' in the table, no CSV row);
 * 2. the rows take their samples in turn, one batch each per round (round robin), until each has
 *    MIN_SAMPLES and has spent the budget (--budget), or would pass --max-reps runs, or holds
 *    MAX_SAMPLES samples. On a machine whose speed drifts (a shared virtual machine, a clock that
 *    ramps up), every row of a size then sees the same mixture of fast and slow moments, so the
 *    ratios between rows, the numbers the course compares, hold even when the absolute rates
 *    move. The time per size is the same as timing the rows one after the other;
 * 3. the medians and minima go to the table and the CSV, and the scratch is released.
 * Because the rows alternate, every row's scratch is allocated at once: a size is run only if in,
 * out and the sum of all rows' scratch fit (memory_needed). */
#include "bench.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "toolchain.h" /* SCAN_COMMIT, SCAN_TOOLCHAIN: written by the Makefile */

#define MAX_SIZES         128
#define MAX_SELECTED      32  /* --variant options at most */
#define BYTES_PER_ELEMENT 8.0 /* one read and one write: the articles' convention */
#define SAMPLE_MS         2.0 /* a timed sample is a batch of runs lasting about this long */
#define MIN_SAMPLES       3
#define DEFAULT_CAP_S     2.0 /* a variant whose single run takes longer stops at that size */

#define MAX_SAMPLES 4096 /* samples per row and size at most */

typedef struct row {
    const scan_variant *v;
    int is_reference;
    int selected;
    size_t stopped_after; /* nonzero: one run at this size outlasted the budget */
    /* the current size's measurement */
    void *scratch;
    int timing; /* takes samples in turn with the other rows */
    long batch, reps;
    double once_ms, spent_ms;
    size_t count;
    double samples[MAX_SAMPLES];
} row;

typedef struct options {
    size_t sizes[MAX_SIZES];
    size_t size_count;
    int sizes_given;
    double budget_s;
    long max_reps;
    uint64_t seed;
    const char *csv;
} options;

static void usage(const char *argv0)
{
    fprintf(
        stderr,
        "usage: %s [--quick] [--sizes LIST] [--budget SECONDS] [--max-reps N] [--seed N]\n"
        "          [--variant NAME]... [--graded] [--csv FILE|DIR/] [--check-args]\n"
        "  --sizes LIST     comma-separated sizes in elements: 1000, 2^20, 4M (k, M, G are\n"
        "                   powers of 1024), or a range of powers of two A..B[:S] taking every\n"
        "                   S-th power (2^10..2^30:2 is 2^10, 2^12, ..., 2^30)\n"
        "  --quick          the stage's short sweep and a 0.05 s budget per point\n"
        "  --budget S       seconds of timing per (variant, size) point (default 1); a point\n"
        "                   whose single run takes longer is that one run, and a variant whose\n"
        "                   single run takes longer than its cap (2 s unless the stage sets\n"
        "                   one) skips the larger sizes\n"
        "  --max-reps N     at most N timed runs per point\n"
        "  --seed N         seed of the random input (default: SCAN_SEED, else the clock)\n"
        "  --variant NAME   time only this variant (repeatable); the reference rows always run\n"
        "  --graded         time only the variant `make grade` scores (the one whose code the\n"
        "                   classroom kit blanks)\n"
        "  --csv PATH       write the CSV there; a PATH ending in / is a folder, and the file\n"
        "                   is named for this machine\n"
        "  --check-args     check the other arguments, then exit: 0, or 2 with this text\n",
        argv0);
}

static int bad_usage(const char *argv0, const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: ", argv0);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n");
    usage(argv0);
    return 2;
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
    if (opt->size_count == 0) {
        snprintf(err, err_size, "empty size list");
        return 0;
    }
    return 1;
}

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

static double gib(size_t bytes) { return (double)bytes / (double)(1ull << 30); }

/* Bytes a point of size n needs: on the device, in and out and the scratch of every selected row
 * (the rows are timed in turn, so all of it is allocated at once); on the host, the input, the
 * expected output and a copy of the actual output (the CPU platform: both). */
static void memory_needed(const row *rows, size_t row_count, size_t n, size_t *device, size_t *host)
{
    size_t scratch = 0; /* every row's at once: the rows are timed in turn */
    for (size_t r = 0; r < row_count; r++)
        if (rows[r].selected && rows[r].v->scratch_bytes) scratch += rows[r].v->scratch_bytes(n);
    *device = 2 * n * sizeof(uint32_t) + scratch;
    *host = 3 * n * sizeof(uint32_t);
    if (!strcmp(scan_platform_here.kind, "cpu")) {
        *device += *host;
        *host = 0;
    }
}

/* Columns as wide as the longest row name, at least 12. */
static int column_width(const row *rows, size_t row_count)
{
    int width = 12;
    for (size_t r = 0; r < row_count; r++)
        if (rows[r].selected && (int)strlen(rows[r].v->name) > width)
            width = (int)strlen(rows[r].v->name);
    return width;
}

/* The CSV's role column: "reference", "side-step" (SCAN_SIDE_STEP: the README's table lists it,
 * the stage's chart leaves it out) or "variant". */
static const char *row_role(const row *r)
{
    if (r->is_reference) return "reference";
    return r->v->flags & SCAN_SIDE_STEP ? "side-step" : "variant";
}

static void print_header(const row *rows, size_t row_count)
{
    printf("%10s", "n");
    for (size_t r = 0; r < row_count; r++)
        if (rows[r].selected) printf("  %*s", column_width(rows, row_count), rows[r].v->name);
    printf("   (%s)\n", scan_platform_here.unit);
}

int scan_bench_main_for(const char *stage, int argc, char **argv, const scan_bench_config *config)
{
    options opt = {.budget_s = config->budget_s > 0 ? config->budget_s : 1.0, .max_reps = 1000000};
    const char *selected_names[MAX_SELECTED];
    size_t selected_count = 0;
    int quick = 0, graded = 0, check_only = 0;
    char err[256];
    if (!scan_environment_ok(argv[0])) return 2;
    opt.seed = scan_default_seed();
    double cap_s = config->cap_s > 0 ? config->cap_s : DEFAULT_CAP_S;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(argv[0]);
            return 0;
        } else if (!strcmp(a, "--quick")) {
            quick = 1;
        } else if (!strcmp(a, "--sizes") && next) {
            if (!parse_sizes(next, &opt, err, sizeof err)) return bad_usage(argv[0], "%s", err);
            opt.sizes_given = 1;
            i++;
        } else if (!strcmp(a, "--budget") && next) {
            char *end;
            errno = 0;
            opt.budget_s = strtod(next, &end);
            if (errno || *end || !(opt.budget_s > 0 && opt.budget_s <= 600))
                return bad_usage(argv[0], "--budget wants seconds in (0, 600], not '%s'", next);
            i++;
        } else if (!strcmp(a, "--max-reps") && next) {
            uint64_t reps;
            if (!scan_parse_u64(next, &reps) || reps == 0 || reps > 1000000000)
                return bad_usage(argv[0], "--max-reps wants a count from 1, not '%s'", next);
            opt.max_reps = (long)reps;
            i++;
        } else if (!strcmp(a, "--seed") && next) {
            if (!scan_parse_u64(next, &opt.seed))
                return bad_usage(argv[0], "--seed wants an unsigned number, not '%s'", next);
            i++;
        } else if (!strcmp(a, "--variant") && next) {
            if (selected_count == MAX_SELECTED)
                return bad_usage(argv[0], "too many --variant%s", "");
            selected_names[selected_count++] = next;
            i++;
        } else if (!strcmp(a, "--graded")) {
            graded = 1;
        } else if (!strcmp(a, "--check-args")) {
            check_only = 1;
        } else if (!strcmp(a, "--csv") && next) {
            opt.csv = next;
            i++;
        } else {
            return bad_usage(argv[0], "unknown or incomplete argument '%s'", a);
        }
    }
    if (quick && !opt.sizes_given) opt.budget_s = opt.budget_s < 0.05 ? opt.budget_s : 0.05;
    if (!opt.sizes_given &&
        !parse_sizes(quick ? config->quick_sizes : config->sizes, &opt, err, sizeof err)) {
        fprintf(stderr, "%s: the stage's default sizes are wrong: %s\n", argv[0], err);
        return 2;
    }

    /* The rows: the stage's variants (all, or those named), then the reference rows. */
    row *rows =
        calloc(stage_variant_count + scan_platform_here.reference_count + config->reference_count,
               sizeof *rows);
    if (!rows) {
        fprintf(stderr, "%s: out of memory\n", argv[0]);
        return 1;
    }
    size_t row_count = 0;
    for (size_t v = 0; v < stage_variant_count; v++, row_count++) {
        rows[row_count].v = &stage_variants[v];
        rows[row_count].selected = selected_count == 0 && !graded;
    }
    if (graded) {
        size_t v = 0;
        while (v < stage_variant_count && !(stage_variants[v].flags & SCAN_GRADED))
            v++;
        if (v == stage_variant_count) {
            fprintf(stderr, "%s: --graded, but no variant of %s is marked SCAN_GRADED\n", argv[0],
                    stage);
            return 2;
        }
        rows[v].selected = 1;
    }
    for (size_t s = 0; s < selected_count; s++) {
        const size_t v = scan_variant_named(argv[0], selected_names[s]);
        if (v == stage_variant_count) {
            usage(argv[0]);
            return 2;
        }
        rows[v].selected = 1;
    }
    for (size_t r = 0; r < scan_platform_here.reference_count + config->reference_count;
         r++, row_count++) {
        rows[row_count].v = r < scan_platform_here.reference_count
                                ? &scan_platform_here.references[r]
                                : &config->references[r - scan_platform_here.reference_count];
        rows[row_count].is_reference = 1;
        rows[row_count].selected = 1;
    }
    if (check_only) { /* every argument parsed, the sizes and --variant names included */
        free(rows);
        return 0;
    }

    const char *why_not = scan_platform_here.probe();
    if (why_not) {
        printf("SKIP: %s: cannot benchmark: %s\n", stage, why_not);
        return 77;
    }
    for (size_t v = 0; v < stage_variant_count; v++) {
        const char *missing = scan_variant_missing(v);
        if (missing && rows[v].selected) {
            printf("SKIP: variant %s needs %s, %s\n", rows[v].v->name, missing,
                   scan_missing_why(missing));
            rows[v].selected = 0;
        }
    }

    char device[256], facts[512], file_name[300];
    scan_platform_here.describe(device, sizeof device, facts, sizeof facts);

    /* Sizes that do not fit: an error when asked for, dropped with a note from the default sweep.
     */
    size_t device_limit = scan_platform_here.memory_limit(), host_limit = scan_host_memory_limit();
    size_t kept = 0;
    for (size_t s = 0; s < opt.size_count; s++) {
        size_t n = opt.sizes[s], need_device, need_host;
        memory_needed(rows, row_count, n, &need_device, &need_host);
        int fits = need_device <= device_limit && need_host <= host_limit && n <= SIZE_MAX / 16;
        if (!fits) {
            char nb[32], need[160];
            if (need_host)
                snprintf(need, sizeof need,
                         "%.2f GiB of device memory (%.2f GiB free to use) and %.2f GiB of host "
                         "memory (%.2f GiB available)",
                         gib(need_device), gib(device_limit), gib(need_host), gib(host_limit));
            else
                snprintf(need, sizeof need, "%.2f GiB of memory (%.2f GiB available)",
                         gib(need_device), gib(device_limit));
            fprintf(opt.sizes_given ? stderr : stdout, "%s n=%s: it needs %s\n",
                    opt.sizes_given ? "size does not fit:" : "skipping",
                    scan_format_size(n, nb, sizeof nb), need);
            if (opt.sizes_given) return 2;
            continue;
        }
        opt.sizes[kept++] = n;
    }
    opt.size_count = kept;

    FILE *csv = NULL;
    if (opt.csv) {
        char path[1024];
        size_t len = strlen(opt.csv);
        if (len && opt.csv[len - 1] == '/') {
            slug(device, file_name, sizeof file_name);
            snprintf(path, sizeof path, "%s%s.csv", opt.csv, file_name);
        } else {
            snprintf(path, sizeof path, "%s", opt.csv);
        }
        csv = fopen(path, "w");
        if (!csv) {
            fprintf(stderr, "%s: cannot write %s: %s\n", argv[0], path, strerror(errno));
            return 2;
        }
        time_t now = time(NULL);
        char date[64];
        strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
        fprintf(csv, "# %s on %s; %s; %s; commit %s; %s; seed %llu; budget %g s per point\n", stage,
                device, facts, SCAN_TOOLCHAIN, SCAN_COMMIT, date, (unsigned long long)opt.seed,
                opt.budget_s);
        fprintf(csv, "stage,variant,role,device,n,reps,ms_median,ms_min,gelem_s,gb_s%s\n",
                config->bytes_per_element ? ",bytes_per_element" : "");
        fflush(csv);
        printf("writing %s\n", path);
    }

    printf("%s on %s (%s)\nseed %llu, %g s per point, checked against the reference scan before "
           "timing\n",
           stage, device, scan_platform_here.kind, (unsigned long long)opt.seed, opt.budget_s);
    print_header(rows, row_count);
    fflush(stdout);

    double started = wall_s(), last_progress = started;
    int tty = isatty(STDERR_FILENO);
    for (size_t s = 0; s < opt.size_count; s++) {
        size_t n = opt.sizes[s];
        char nb[32];
        scan_format_size(n, nb, sizeof nb);
        uint32_t *input = scan_host_words(n), *expected = scan_host_words(n),
                 *actual = scan_host_words(n);
        if (!input || !expected || !actual) {
            fprintf(stderr, "cannot allocate %.2f GiB of host memory for n=%s\n",
                    gib(3 * n * sizeof *input), nb);
            return 1;
        }
        if (config->fill)
            config->fill(input, n, opt.seed + n);
        else
            scan_fill(input, n, INPUT_RANDOM, opt.seed + n);
        scan_reference(input, expected, n);
        uint32_t *in = scan_platform_here.alloc(n * sizeof *in);
        uint32_t *out = scan_platform_here.alloc(n * sizeof *out);
        scan_platform_here.upload(in, input, n * sizeof *in);
        if (config->prepare) config->prepare(input, in, n, opt.seed + n);

        /* 1. Every row: its scratch, the check, one timed run and its batch (see the top). */
        for (size_t r = 0; r < row_count; r++) {
            row *rw = &rows[r];
            rw->count = 0;
            rw->timing = 0;
            rw->scratch = NULL;
            if (!rw->selected || rw->stopped_after) continue;
            if (wall_s() - last_progress > 3) {
                fprintf(stderr, "%s[%s] n=%s (%zu of %zu sizes), %s, %.0f s so far%s",
                        tty ? "\r" : "", stage, nb, s + 1, opt.size_count, rw->v->name,
                        wall_s() - started, tty ? "\033[K" : "\n");
                last_progress = wall_s();
            }
            size_t scratch_bytes = rw->v->scratch_bytes ? rw->v->scratch_bytes(n) : 0;
            if (scratch_bytes) rw->scratch = scan_platform_here.alloc(scratch_bytes);
            scan_poison(actual, expected, n);
            scan_platform_here.upload(out, actual, n * sizeof *out);
            rw->v->run(in, out, n, rw->scratch);
            scan_platform_here.finish();
            if (!rw->is_reference) {
                char msg[512];
                scan_platform_here.download(actual, out, n * sizeof *out);
                if (config->check ? !config->check(rw->v, input, actual, n, msg, sizeof msg)
                                  : !scan_compare(expected, actual, n, msg, sizeof msg)) {
                    fprintf(stderr, "\n%s: variant '%s' is wrong at n=%zu (seed %llu): %s\n", stage,
                            rw->v->name, n, (unsigned long long)(opt.seed + n), msg);
                    return 1;
                }
            }
            double once = scan_platform_here.time_runs(rw->v, in, out, n, rw->scratch, 1);
            rw->once_ms = once;
            rw->batch = once > 0 ? (long)(SAMPLE_MS / once) : 1000;
            if (rw->batch < 1) rw->batch = 1;
            if (rw->batch > opt.max_reps) rw->batch = opt.max_reps;
            rw->reps = 0;
            rw->spent_ms = 0;
            rw->timing = 1;
            if (once / 1e3 > opt.budget_s) {
                rw->samples[rw->count++] = once;
                rw->reps = 1;
                rw->timing = 0;
                if (once / 1e3 > cap_s && s + 1 < opt.size_count) rw->stopped_after = n;
            }
        }

        /* 2. The samples, one batch per row in turn, until every row has its budget. */
        for (int busy = 1; busy;) {
            busy = 0;
            if (wall_s() - last_progress > 3) {
                fprintf(stderr, "%s[%s] n=%s (%zu of %zu sizes), timing, %.0f s so far%s",
                        tty ? "\r" : "", stage, nb, s + 1, opt.size_count, wall_s() - started,
                        tty ? "\033[K" : "\n");
                last_progress = wall_s();
            }
            for (size_t r = 0; r < row_count; r++) {
                row *rw = &rows[r];
                if (!rw->timing) continue;
                if (rw->count >= MAX_SAMPLES || rw->reps + rw->batch > opt.max_reps ||
                    (rw->count >= MIN_SAMPLES && rw->spent_ms >= opt.budget_s * 1e3)) {
                    rw->timing = 0;
                    if (rw->count == 0) { /* no batch fitted in --max-reps: the one run */
                        rw->samples[rw->count++] = rw->once_ms;
                        rw->reps = 1;
                    }
                    continue;
                }
                double ms = scan_platform_here.time_runs(rw->v, in, out, n, rw->scratch, rw->batch);
                rw->samples[rw->count++] = ms / (double)rw->batch;
                rw->reps += rw->batch;
                rw->spent_ms += ms;
                busy = 1;
            }
        }

        /* 3. The row of the table, printed whole once the size is done (so progress lines never
         *    split it), and the CSV rows. */
        const int width = column_width(rows, row_count);
        char line[32 + row_count * ((size_t)width + 32)];
        int len = snprintf(line, sizeof line, "%10s", nb);
        for (size_t r = 0; r < row_count; r++) {
            row *rw = &rows[r];
            if (!rw->selected) continue;
            if (rw->scratch) scan_platform_here.release(rw->scratch);
            rw->scratch = NULL;
            if (rw->count == 0) { /* skipped: an earlier size outlasted the cap */
                len += snprintf(line + len, sizeof line - (size_t)len, "  %*s", width, "-");
                continue;
            }
            qsort(rw->samples, rw->count, sizeof rw->samples[0], cmp_double);
            size_t c = rw->count;
            double median =
                c % 2 ? rw->samples[c / 2] : 0.5 * (rw->samples[c / 2 - 1] + rw->samples[c / 2]);
            double min = rw->samples[0];
            double gelem = median > 0 ? (double)n / (median * 1e-3) / 1e9 : 0;
            double bytes =
                config->bytes_per_element ? config->bytes_per_element(rw->v, n) : BYTES_PER_ELEMENT;
            double gbs = gelem * bytes;
            len += snprintf(line + len, sizeof line - (size_t)len, "  %*.*f", width,
                            !strcmp(scan_platform_here.unit, "GB/s") ? 1 : 3,
                            !strcmp(scan_platform_here.unit, "GB/s") ? gbs : gelem);
            if (csv) {
                fprintf(csv, "%s,%s,%s,\"%s\",%zu,%ld,%.6g,%.6g,%.6g,%.6g", stage, rw->v->name,
                        row_role(rw), device, n, rw->reps, median, min, gelem, gbs);
                if (config->bytes_per_element) fprintf(csv, ",%.6g", bytes);
                fprintf(csv, "\n");
                fflush(csv);
            }
        }
        if (tty && wall_s() - started > 3) fprintf(stderr, "\r\033[K");
        printf("%s\n", line);
        for (size_t r = 0; r < row_count; r++)
            if (rows[r].stopped_after == n)
                printf("  note: one run of '%s' at n=%s took longer than %g s; larger sizes "
                       "skipped\n",
                       rows[r].v->name, nb, cap_s);
        fflush(stdout);
        if (config->prepare) config->prepare(input, in, 0, opt.seed + n);
        scan_platform_here.release(in);
        scan_platform_here.release(out);
        free(input);
        free(expected);
        free(actual);
    }
    if (tty && wall_s() - started > 3) fprintf(stderr, "\r\033[K");
    printf("%s from the median time per point; GB/s counts %s; the CSV has both, and the "
           "minimum\n",
           !strcmp(scan_platform_here.unit, "GB/s") ? "GB/s" : "Gelem/s = n / time,",
           config->bytes_per_element
               ? "the bytes each row must move per element (the CSV's bytes_per_element)"
               : "8 bytes per element (one read, one write)");
    if (csv) fclose(csv);
    free(rows);
    return 0;
}
