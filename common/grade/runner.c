/* The runner: the process in which `make grade` runs a student's kernel, linked from the unit's
 * kernel object, this file, the device layer it runs on (core/device_cpu.c or device_gpu.cu), the
 * proof of timed batches (proof_cpu.c or proof_gpu.cu), the host (core/host.c) and the buffers of
 * a call (apps/roles.c), and nothing else of the harness: no reference, no expected output, no
 * test state. It answers the requests of common/grade/remote.h on file descriptors 3 and 4 (data
 * on 5) until its input ends. Built twice, for the units whose kernel file defines
 * stage_variants[] and, with SCAN_APPS, for those that define app_variants[].
 *
 *   runner            serve the requests on descriptors 3 to 5 (the grader starts it so)
 *   runner --proxy    print the variant table as C, each run sent to a runner: the grader's test
 *                     and benchmark binaries link it in place of the kernel (common/rules.mk) */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "remote.h"

#ifdef SCAN_APPS
#define TABLE       app_variants
#define TABLE_COUNT app_variant_count
#define FAMILY(v)   app_variants[v].family
#define APPS        1
#else
#define TABLE       stage_variants
#define TABLE_COUNT stage_variant_count
#define FAMILY(v)   APP_INCLUSIVE_SUM
#define APPS        0
#endif

static char *staging; /* the memory of REMOTE_STAGING_FD */

/* ---- replies --------------------------------------------------------------------------------- */

static void reply(uint64_t status, uint64_t v0, const char *text)
{
    const remote_reply r = {status, {v0, (uint64_t)device_is_host}, text ? strlen(text) : 0};
    if (!remote_write_full(REMOTE_REPLY_FD, &r, sizeof r) ||
        (r.payload_bytes && !remote_write_full(REMOTE_REPLY_FD, text, r.payload_bytes)))
        exit(0); /* the grader is gone */
}

static void refuse(const char *why) { reply(1, 0, why); }

/* ---- the variants ---------------------------------------------------------------------------- */

/* The call a request names (its addresses the runner's own allocations: the grader is the runner's
 * one client, and the only one it trusts); 0 with why not. */
static int call_of(const uint64_t *a, scan_call *c, const char **why)
{
    *c = (scan_call){.n = (size_t)a[REMOTE_N],
                     .scratch = (void *)(uintptr_t)a[REMOTE_SCRATCH_ADDRESS]};
    for (size_t r = 0; r < scan_role_count; r++)
        c->buffer[r] = (void *)(uintptr_t)a[REMOTE_BUFFER + r];
    return a[REMOTE_VARIANT] < TABLE_COUNT || (*why = "no such variant", 0);
}

static void run(size_t v, const scan_call *c)
{
#ifdef SCAN_APPS
    const app_args args = scan_args_of(c);
    app_variants[v].run(c->buffer[SCAN_IN], c->buffer[SCAN_OUT], c->n, &args, c->scratch);
#else
    stage_variants[v].run(c->buffer[SCAN_IN], c->buffer[SCAN_OUT], c->n, c->scratch);
#endif
}

/* A timed batch: the runs back to back, each proven (remote.h), then their digests. */
static void serve_time(const uint64_t *a)
{
    scan_call c;
    const char *why;
    const long runs = (long)a[REMOTE_RUNS];
    if (!call_of(a, &c, &why)) return refuse(why);
    if (runs < 1 || runs > REMOTE_MAX_RUNS) return refuse("a batch of no runs, or of too many");
    const int is_float = scan_family_is_float(FAMILY(a[REMOTE_VARIANT]));
    proof_begin(&c, is_float, a[REMOTE_KEY], runs);
    for (long r = 0; r < runs; r++) {
        run((size_t)a[REMOTE_VARIANT], &c);
        proof_step(&c, is_float, a[REMOTE_KEY], r, runs);
    }
    device_finish();
    proof_end((uint64_t *)staging, runs);
    reply(0, (uint64_t)runs, NULL);
}

/* The table, one "family\ttile\tflags\tname" a line; and the proof made ready (a GPU's slots
 * allocated, its kernel loaded) before any batch is timed. */
static void serve_hello(void)
{
    const scan_call none = {0};
    proof_begin(&none, 0, 0, 1);
    static char text[1 << 16]; /* (60 bytes and a name of at most 100 a row; 256 rows at most) */
    for (size_t v = 0, len = 0; v < TABLE_COUNT && v < 256; v++)
        len += (size_t)snprintf(text + len, sizeof text - len, "%d\t%zu\t%u\t%.100s\n",
                                (int)FAMILY(v), TABLE[v].tile, TABLE[v].flags, TABLE[v].name);
    reply(0, TABLE_COUNT, text);
}

/* ---- the requests ---------------------------------------------------------------------------- */

static void serve_data(uint32_t op, const uint64_t *a)
{
    if (a[1] > REMOTE_STAGING_BYTES) return refuse("a transfer larger than the staging memory");
    void *device = (void *)(uintptr_t)a[0];
    op == REMOTE_WRITE ? device_upload(device, staging, a[1])
                       : device_download(staging, device, a[1]);
    reply(0, 0, NULL);
}

static void serve_one(const remote_request *rq)
{
    const uint64_t *a = rq->a;
    char text[800], name[256], facts[512];
    scan_call c;
    const char *why = NULL;
    switch (rq->op) {
    case REMOTE_HELLO: return serve_hello();
    case REMOTE_PROBE: why = device_probe(); return reply(why != NULL, 0, why);
    case REMOTE_MISSING:
        why = a[0] < TABLE_COUNT && stage_variant_missing ? stage_variant_missing(a[0]) : NULL;
        return reply(0, 0, why ? why : "");
    case REMOTE_DESCRIBE:
        device_describe(name, sizeof name, facts, sizeof facts);
        snprintf(text, sizeof text, "%s\n%s", name, facts);
        return reply(0, 0, text);
    case REMOTE_MEMORY: return reply(0, device_memory(), NULL);
    case REMOTE_ALLOC: return reply(0, (uint64_t)(uintptr_t)device_alloc((size_t)a[0]), NULL);
    case REMOTE_FREE: device_free((void *)(uintptr_t)a[0]); return reply(0, 0, NULL);
    case REMOTE_WRITE:
    case REMOTE_READ: return serve_data(rq->op, a);
    case REMOTE_SCRATCH:
        if (a[0] >= TABLE_COUNT) return refuse("no such variant");
        return reply(0, TABLE[a[0]].scratch_bytes ? TABLE[a[0]].scratch_bytes((size_t)a[1]) : 0,
                     NULL);
    case REMOTE_RUN:
        if (!call_of(a, &c, &why)) return refuse(why);
        run((size_t)a[REMOTE_VARIANT], &c);
        return reply(0, 0, NULL);
    case REMOTE_FINISH: device_finish(); return reply(0, 0, NULL);
    case REMOTE_TIME: return serve_time(a);
    default: return refuse("unknown request");
    }
}

/* ---- --proxy: the table as C for the grader -------------------------------------------------- */

/* A C string literal of s. */
static void print_string(const char *s)
{
    putchar('"');
    for (; *s; s++)
        if ((unsigned char)*s >= 32 && *s != 127)
            printf("%s%c", *s == '"' || *s == '\\' ? "\\" : "", *s);
    putchar('"');
}

static int print_proxy(void)
{
    printf(
        "/* The variant table of this unit for the grader's test and benchmark binaries, printed\n"
        " * by the reference's runner (runner --proxy): the reference's names, tiles and flags;\n"
        " * each run goes to the runner that holds the kernel being graded\n"
        " * (common/grade/device_remote.c). Generated: do not edit. */\n#include \"harness.h\"\n\n"
        "const char *scan_remote_missing(size_t variant);\n");
    printf("\nconst %s %s[] = {\n", APPS ? "app_variant" : "scan_variant",
           APPS ? "app_variants" : "stage_variants");
    for (size_t v = 0; v < TABLE_COUNT; v++) {
        printf("    {");
        print_string(TABLE[v].name);
        if (APPS) printf(", (app_family)%d", (int)FAMILY(v));
        printf(", NULL, NULL, %zu, %uu},\n", TABLE[v].tile, TABLE[v].flags);
    }
    printf("};\nconst size_t %s = %zu;\n", APPS ? "app_variant_count" : "stage_variant_count",
           TABLE_COUNT);
    if (!APPS)
        printf("const char *stage_variant_missing(size_t i) { return scan_remote_missing(i); }\n");
    size_t constants = &stage_constant_count ? stage_constant_count : 0;
    for (size_t c = 0; c < constants; c++) {
        printf("%s", c ? "" : "\nconst scan_constant stage_constants[] = {\n");
        printf("    {");
        print_string(stage_constants[c].name);
        printf(", %zu},\n", stage_constants[c].value);
    }
    if (constants) printf("};\nconst size_t stage_constant_count = %zu;\n", constants);
    return fflush(stdout) == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    const int help = argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"));
    if (argc == 2 && !strcmp(argv[1], "--proxy")) return print_proxy();
    if (argc != 1) {
        fprintf(
            help ? stdout : stderr,
            "usage: %s [--proxy]\n"
            "The process in which the grader runs a kernel: it serves the grader's requests on\n"
            "file descriptors 3 to 5 (common/grade/remote.h); --proxy prints its variant table\n"
            "as C for the grader's binaries.\n",
            argv[0]);
        return help ? 0 : 2;
    }
    struct stat st;
    if (fcntl(REMOTE_REQUEST_FD, F_GETFD) < 0 || fstat(REMOTE_STAGING_FD, &st) != 0 ||
        (uint64_t)st.st_size != REMOTE_STAGING_BYTES ||
        (staging = mmap(NULL, REMOTE_STAGING_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED,
                        REMOTE_STAGING_FD, 0)) == MAP_FAILED)
        return fprintf(stderr,
                       "%s: no grader on file descriptors 3 to 5 (the grader starts runners)\n",
                       argv[0]),
               2;
    remote_request rq;
    while (remote_read_full(REMOTE_REQUEST_FD, &rq, sizeof rq))
        serve_one(&rq);
    return 0;
}
