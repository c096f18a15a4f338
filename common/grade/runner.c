/* The runner: the process in which `make grade` runs a student's kernel, linked from the unit's
 * kernel object, this file and the memory it runs on (runner_cpu.c or runner_gpu.cu), and
 * nothing else of the harness: no reference, no expected output, no test state. It answers the
 * requests of common/grade/remote.h on file descriptors 3 and 4 (data on 5) until its input ends. Built
 * twice, for the units whose kernel file defines stage_variants[] and, with SCAN_APPS, for those
 * that define app_variants[] (common/contract/apps.h).
 *
 *   runner            serve the requests on descriptors 3 to 5 (the grader starts it so)
 *   runner --proxy    print the variant table as C, each run sent to a runner: the grader's test
 *                     and benchmark binaries link it in place of the kernel (common/rules.mk) */
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "remote.h"
#include "runner_device.h"
#include "scan.h"
#ifdef SCAN_APPS
#include "apps.h"
#endif

#ifdef SCAN_APPS
#define TABLE       app_variants
#define TABLE_COUNT app_variant_count
#else
#define TABLE       stage_variants
#define TABLE_COUNT stage_variant_count
#endif

/* ---- replies ----------------------------------------------------------------------------------
 */

static void send_reply(remote_reply r, const void *payload)
{
    if (!remote_write_full(REMOTE_REPLY_FD, &r, sizeof r) ||
        (r.payload_bytes && !remote_write_full(REMOTE_REPLY_FD, payload, r.payload_bytes)))
        exit(0); /* the grader is gone */
}

static void reply(uint64_t status, uint64_t v0, const void *payload, size_t bytes)
{
    send_reply((remote_reply){status, {v0, 0}, bytes}, payload);
}

static void reply_text(uint64_t status, const char *text) { reply(status, 0, text, strlen(text)); }

/* ---- the allocations, so that a request names memory the runner gave out ----------------------
 */

typedef struct allocation {
    char *base;
    size_t bytes;
} allocation;
static allocation *allocations;
static size_t allocation_count, allocation_room;

static int remember(void *p, size_t bytes)
{
    if (allocation_count == allocation_room) {
        size_t room = allocation_room ? 2 * allocation_room : 64;
        allocation *more = realloc(allocations, room * sizeof *more);
        if (!more) return 0;
        allocations = more;
        allocation_room = room;
    }
    allocations[allocation_count++] = (allocation){p, bytes};
    return 1;
}

/* The allocation that holds [address, address + bytes), or NULL. */
static allocation *holding(uint64_t address, uint64_t bytes)
{
    for (size_t i = 0; i < allocation_count; i++) {
        uint64_t base = (uint64_t)(uintptr_t)allocations[i].base;
        if (address >= base && bytes <= allocations[i].bytes &&
            address - base <= allocations[i].bytes - bytes)
            return &allocations[i];
    }
    return NULL;
}

/* ---- the variants -----------------------------------------------------------------------------
 */

static void run(const uint64_t *a)
{
    const uint32_t *in = (const uint32_t *)(uintptr_t)a[1];
    uint32_t *out = (uint32_t *)(uintptr_t)a[2];
    void *scratch = (void *)(uintptr_t)a[4];
#ifdef SCAN_APPS
    const app_args args = {.flags = (const uint32_t *)(uintptr_t)a[5],
                           .heads = (const uint32_t *)(uintptr_t)a[6],
                           .keys = (const uint32_t *)(uintptr_t)a[7],
                           .count = (uint64_t *)(uintptr_t)a[8],
                           .values = (const uint32_t *)(uintptr_t)a[9],
                           .values_out = (uint32_t *)(uintptr_t)a[10]};
    app_variants[a[0]].run(in, out, (size_t)a[3], &args, scratch);
#else
    stage_variants[a[0]].run(in, out, (size_t)a[3], scratch);
#endif
}

static int family_of(size_t v)
{
#ifdef SCAN_APPS
    return (int)app_variants[v].family;
#else
    (void)v;
    return -1;
#endif
}

/* The table, one "family\ttile\tflags\tname" a line. */
static char *table_text(size_t *length)
{
    size_t room = 64 + TABLE_COUNT * 160, len = 0;
    char *text = malloc(room);
    if (!text) return NULL;
    for (size_t v = 0; v < TABLE_COUNT; v++)
        len += (size_t)snprintf(text + len, room - len, "%d\t%zu\t%u\t%.100s\n", family_of(v),
                                TABLE[v].tile, TABLE[v].flags, TABLE[v].name);
    *length = len;
    return text;
}

/* ---- --proxy: the table as C for the grader ----------------------------------------------------
 */

/* A C string literal of s. */
static void print_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') putchar('\\');
        if ((unsigned char)*s >= 32 && *s != 127) putchar(*s);
    }
    putchar('"');
}

static int print_proxy(void)
{
    printf(
        "/* The variant table of this unit for the grader's test and benchmark binaries, printed\n"
        " * by the reference's runner (runner --proxy): the reference's names, tiles and flags;\n"
        " * each run goes to the runner process that holds the kernel being graded\n"
        " * (common/grade/platform_remote.c). Generated: do not edit. */\n"
        "#include \"platform_remote.h\"\n#include \"%s\"\n\n",
#ifdef SCAN_APPS
        "apps.h"
#else
        "scan.h"
#endif
    );
    for (size_t v = 0; v < TABLE_COUNT; v++) {
        printf(
            "static size_t scratch_%zu(size_t n) { return scan_remote_scratch_bytes(%zu, n); }\n",
            v, v);
#ifdef SCAN_APPS
        printf(
            "static void run_%zu(const uint32_t *in, uint32_t *out, size_t n, const app_args *a, "
            "void *scratch)\n{\n    const void *args[REMOTE_ARGS] = {a->flags, a->heads, a->keys, "
            "a->count, a->values,\n                                     a->values_out};\n"
            "    scan_remote_run(%zu, in, out, n, args, scratch);\n}\n",
            v, v);
#else
        printf("static void run_%zu(const uint32_t *in, uint32_t *out, size_t n, void *scratch)\n"
               "{\n    scan_remote_run(%zu, in, out, n, NULL, scratch);\n}\n",
               v, v);
#endif
    }
#ifdef SCAN_APPS
    printf("\nconst app_variant app_variants[] = {\n");
#else
    printf("\nconst scan_variant stage_variants[] = {\n");
#endif
    for (size_t v = 0; v < TABLE_COUNT; v++) {
        printf("    {");
        print_string(TABLE[v].name);
#ifdef SCAN_APPS
        printf(", (app_family)%d", family_of(v));
#endif
        printf(", scratch_%zu, run_%zu, %zu, %uu},\n", v, v, TABLE[v].tile, TABLE[v].flags);
    }
#ifdef SCAN_APPS
    printf("};\nconst size_t app_variant_count = %zu;\n", TABLE_COUNT);
#else
    printf("};\nconst size_t stage_variant_count = %zu;\n", TABLE_COUNT);
    printf("const char *stage_variant_missing(size_t i) { return scan_remote_missing(i); }\n");
#endif
    printf("\n/* for common/grade/platform_remote.c */\nconst char *const scan_remote_names[] = {");
    for (size_t v = 0; v < TABLE_COUNT; v++) {
        printf("%s", v ? ", " : "");
        print_string(TABLE[v].name);
    }
    printf("};\nconst int scan_remote_families[] = {");
    for (size_t v = 0; v < TABLE_COUNT; v++)
        printf("%s%d", v ? ", " : "", family_of(v));
    printf("};\nconst size_t scan_remote_name_count = %zu;\n", TABLE_COUNT);
    size_t constants = &stage_constant_count ? stage_constant_count : 0;
    if (constants) {
        printf("\nconst scan_constant stage_constants[] = {\n");
        for (size_t c = 0; c < constants; c++) {
            printf("    {");
            print_string(stage_constants[c].name);
            printf(", %zu},\n", stage_constants[c].value);
        }
        printf("};\nconst size_t stage_constant_count = %zu;\n", constants);
    }
    return fflush(stdout) == 0 ? 0 : 1;
}

/* ---- the requests -----------------------------------------------------------------------------
 */

static void *staging; /* the memory of REMOTE_STAGING_FD */
static size_t staging_bytes;

static void serve(void)
{
    char why[WHY_SIZE];
    remote_request rq;
    while (remote_read_full(REMOTE_REQUEST_FD, &rq, sizeof rq)) {
        const uint64_t *a = rq.a;
        why[0] = 0;
        switch (rq.op) {
        case REMOTE_HELLO: {
            size_t length = 0;
            char *text = table_text(&length);
            if (!text) {
                reply_text(1, "out of memory");
                break;
            }
            reply(0, TABLE_COUNT, text, length);
            free(text);
            break;
        }
        case REMOTE_PROBE: {
            const char *why_not = device_probe();
            reply_text(why_not ? 1 : 0, why_not ? why_not : "");
            break;
        }
        case REMOTE_MISSING: {
            const char *missing = NULL;
#ifndef SCAN_APPS
            if (a[0] < TABLE_COUNT && stage_variant_missing) missing = stage_variant_missing(a[0]);
#endif
            reply_text(0, missing ? missing : "");
            break;
        }
        case REMOTE_DESCRIBE: {
            char name[256], facts[512], text[800];
            device_describe(name, sizeof name, facts, sizeof facts);
            snprintf(text, sizeof text, "%s\n%s", name, facts);
            reply_text(0, text);
            break;
        }
        case REMOTE_MEMORY: reply(0, device_memory(), NULL, 0); break;
        case REMOTE_ALLOC: {
            void *p = device_alloc((size_t)a[0], why);
            if (!p || !remember(p, (size_t)a[0])) {
                reply_text(1, why[0] ? why : "out of memory");
                break;
            }
            reply(0, (uint64_t)(uintptr_t)p, NULL, 0);
            break;
        }
        case REMOTE_FREE: {
            size_t i = 0;
            while (i < allocation_count && (uint64_t)(uintptr_t)allocations[i].base != a[0])
                i++;
            if (i == allocation_count) {
                reply_text(1, "FREE of an address that no ALLOC gave");
                break;
            }
            device_free(allocations[i].base);
            allocations[i] = allocations[--allocation_count];
            reply(0, 0, NULL, 0);
            break;
        }
        case REMOTE_WRITE:
        case REMOTE_READ:
        case REMOTE_FILL: {
            const uint64_t bytes = rq.op == REMOTE_FILL ? a[1] * 4 : a[1];
            if (!holding(a[0], bytes)) {
                reply_text(1, "a range outside every allocation");
                break;
            }
            void *p = (void *)(uintptr_t)a[0];
            if (rq.op != REMOTE_FILL && bytes > staging_bytes) {
                reply_text(1, "a transfer larger than the staging memory");
                break;
            }
            if (rq.op == REMOTE_WRITE) {
                int ok = device_receive(p, staging, (size_t)bytes, why);
                reply_text(ok ? 0 : 1, ok ? "" : why);
            } else if (rq.op == REMOTE_READ) {
                /* (a failed run leaves nothing to read: finish says why) */
                int ok = device_finish(why) && device_send(staging, p, (size_t)bytes, why);
                reply_text(ok ? 0 : 1, ok ? "" : why);
            } else {
                int ok = device_fill(p, (size_t)a[1], a[2], why);
                reply_text(ok ? 0 : 1, ok ? "" : why);
            }
            break;
        }
        case REMOTE_SCRATCH:
            if (a[0] >= TABLE_COUNT) {
                reply_text(1, "no such variant");
                break;
            }
            reply(0, TABLE[a[0]].scratch_bytes ? TABLE[a[0]].scratch_bytes((size_t)a[1]) : 0, NULL,
                  0);
            break;
        case REMOTE_RUN:
            if (a[0] >= TABLE_COUNT) {
                reply_text(1, "no such variant");
                break;
            }
            run(a);
            reply(0, 0, NULL, 0);
            break;
        case REMOTE_FINISH: {
            int ok = device_finish(why);
            reply_text(ok ? 0 : 1, ok ? "" : why);
            break;
        }
        case REMOTE_TIME: {
            uint64_t digest = 0, values_digest = 0;
            const uint64_t runs = a[REMOTE_TIME_RUNS], words = a[REMOTE_TIME_WORDS],
                           spoiled = a[REMOTE_TIME_SPOILED_AT],
                           values_words = a[REMOTE_TIME_VALUES_WORDS];
            uint32_t *values_out = (uint32_t *)(uintptr_t)a[REMOTE_CALL_VALUES_OUT];
            if (a[0] >= TABLE_COUNT || !holding(a[2], words * 4) ||
                (values_words && !holding(a[REMOTE_CALL_VALUES_OUT], values_words * 4))) {
                reply_text(1, a[0] >= TABLE_COUNT         ? "no such variant"
                              : !holding(a[2], words * 4) ? "out is no allocation"
                                                          : "values_out is no allocation");
                break;
            }
            /* Where a store costs nothing (the host's memory), every run but the last finds one
             * word of its input changed, and the next finds it back: no run repeats the one
             * before, so none can reuse its work; the last run scans the input as given. A sort
             * of pairs finds the value beside that key changed too, so that its values_out
             * differs from the run before's even where the key sorts to where it was. In place
             * (out == in, values_out == values) nothing changes: each run starts from the last
             * one's output (the benchmark times out of place only). */
            uint32_t *in = (uint32_t *)(uintptr_t)a[1];
            uint32_t *values = (uint32_t *)(uintptr_t)a[REMOTE_CALL_VALUES];
            const int vary =
                device_stores_are_cheap && a[3] > 0 && a[1] != a[2] && holding(a[1], a[3] * 4);
            const int vary_values = vary && values_words && values && values != values_out &&
                                    holding(a[REMOTE_CALL_VALUES], a[3] * 4);
            uint64_t state = a[REMOTE_TIME_KEY] ^ 0x6A09E667F3BCC908ull;
            int poked = 1;
            for (uint64_t r = 0; r < runs && poked; r++) {
                const int last = r + 1 == runs;
                if (last && spoiled < words)
                    poked = device_poke((uint32_t *)(uintptr_t)a[2] + spoiled,
                                        (uint32_t)a[REMOTE_TIME_SPOILED_WORD], why);
                if (poked && last && spoiled < values_words)
                    poked = device_poke(values_out + spoiled,
                                        (uint32_t)a[REMOTE_TIME_VALUES_SPOILED_WORD], why);
                if (!poked) break;
                if (vary && !last) {
                    state = state * 6364136223846793005ull + 1442695040888963407ull;
                    const size_t at = (size_t)((state >> 16) % a[3]);
                    const uint32_t change = (uint32_t)(state >> 40) | 1u;
                    in[at] ^= change;
                    if (vary_values) values[at] ^= change;
                    run(a);
                    in[at] ^= change;
                    if (vary_values) values[at] ^= change;
                } else {
                    run(a);
                }
            }
            if (!poked || !device_finish(why) ||
                !device_digest((const uint32_t *)(uintptr_t)a[2], (size_t)words, a[REMOTE_TIME_KEY],
                               &digest, why) ||
                (values_words && !device_digest(values_out, (size_t)values_words,
                                                a[REMOTE_TIME_KEY], &values_digest, why))) {
                reply_text(1, why);
                break;
            }
            send_reply((remote_reply){0, {digest, values_digest}, 0}, NULL);
            break;
        }
        default: reply_text(1, "unknown request"); break;
        }
    }
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--proxy")) return print_proxy();
    if (argc != 1) {
        fprintf(
            argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) ? stdout : stderr,
            "usage: %s [--proxy]\n"
            "The process in which the grader runs a kernel: it serves the grader's requests on\n"
            "file descriptors 3 to 5 (common/grade/remote.h); --proxy prints its variant table as\n"
            "C for the grader's binaries.\n",
            argv[0]);
        return argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) ? 0 : 2;
    }
    struct stat st;
    if (fcntl(REMOTE_REQUEST_FD, F_GETFD) < 0 || fcntl(REMOTE_REPLY_FD, F_GETFD) < 0 ||
        fstat(REMOTE_STAGING_FD, &st) != 0 || st.st_size <= 0) {
        fprintf(stderr, "%s: no grader on file descriptors 3 to 5 (the grader starts runners)\n",
                argv[0]);
        return 2;
    }
    staging_bytes = (size_t)st.st_size;
    staging = mmap(NULL, staging_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, REMOTE_STAGING_FD, 0);
    if (staging == MAP_FAILED) {
        fprintf(stderr, "%s: cannot map the staging memory: %s\n", argv[0], strerror(errno));
        return 2;
    }
    /* Memory given back is kept for the next allocation: on some virtual machines, touching
     * fresh memory costs more than the transfers (malloc otherwise maps every large block
     * afresh). */
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, -1);
    serve();
    return 0;
}
