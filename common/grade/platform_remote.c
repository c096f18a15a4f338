/* The grader's platform (platform_remote.h). The process that links it holds the inputs, the
 * reference's results and the checks; the kernel runs in a runner process (common/grade/runner.c) that
 * holds nothing else: its memory is named by the addresses it gives out, and every upload,
 * download, run and wait is a request on its pipes (common/grade/remote.h), the data passing through
 * a memory both map.
 *
 * A runner is started by the process that first needs it (Check forks a process for every test
 * case: each starts its own, and the runner dies with it), and ended when that process ends. A
 * crash, an exit or a request it refuses fails the current test case, with the runner's last
 * output. The process that forks the cases becomes the parent of every process a runner leaves
 * behind (a subreaper) and ends them after each case (after_case).
 *
 * Timing (time_runs) is the wall clock of this process around a batch of runs: the runner fills
 * out with fresh words first (not timed), then runs the batch, spoiling one word of out before
 * the last run, and answers with a digest of out keyed by the request (remote_digest_word), which
 * must equal the digest of the output this process checked. A batch that answers before its work
 * is done, or whose last run skips the work, answers wrongly, and fails. A sort of pairs proves
 * its values_out alike: filled, one word spoiled, and a digest of its own. */
#include "platform_remote.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "remote.h"
#include "sandbox.h"

/* The proxy table (runner --proxy) names its variants for this file, with their families (an
 * application's, common/contract/apps.h; -1 for a scan). */
extern const char *const scan_remote_names[];
extern const int scan_remote_families[];
extern const size_t scan_remote_name_count;

#define TEXT_MAX     65536 /* a reply's text at most */
#define NO_VARIANT   SIZE_MAX
#define OTHER_FAMILY (SIZE_MAX - 1)
#define OUTPUT_MAX   2048 /* the runner's output quoted in a failure */

typedef struct runner {
    pid_t pid, owner; /* owner: the process that started it (a fork starts its own) */
    int request, reply, output;
    char *staging; /* the memory both map (REMOTE_STAGING_FD) */
    size_t *index; /* the reference's variant -> the runner's, or NO_VARIANT, OTHER_FAMILY */
    char *names;   /* the runner's variants, for messages */
} runner;

static runner kernel_runner; /* SCAN_RUNNER's */

/* ---- starting and ending a runner ---------------------------------------------------------- */

static const char *runner_path(int reference)
{
    const char *path = getenv(reference ? "SCAN_REFERENCE_RUNNER" : "SCAN_RUNNER");
    if (reference && (!path || !*path)) path = getenv("SCAN_RUNNER");
    if (!path || !*path)
        scan_platform_failed("this binary is the grader's: it runs a kernel in the runner "
                             "SCAN_RUNNER names (common/grade/grade.sh sets it)");
    return path;
}

/* Moves fd to `to` (which may be taken: it is replaced). */
static int move_fd(int fd, int to)
{
    if (fd == to) return fcntl(fd, F_SETFD, 0);
    return dup2(fd, to) == to ? 0 : -1;
}

/* The environment a runner gets: nothing of the grader's but what a GPU needs, and the CPU
 * features SCAN_HIDE_CPU hides (the reference's runner answers for this machine with them). */
static char **runner_environment(void)
{
    static char *env[16];
    static char storage[16][PATH_MAX + 64];
    static const char *const passed[] = {"CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES",
                                         "LD_LIBRARY_PATH", "SCAN_HIDE_CPU"};
    size_t k = 0;
    env[k++] = "PATH=/usr/local/bin:/usr/bin:/bin";
    env[k++] = "HOME=/";
    env[k++] = "LC_ALL=C";
    env[k++] = "CUDA_CACHE_DISABLE=1";
    for (size_t i = 0; i < sizeof passed / sizeof *passed; i++) {
        const char *value = getenv(passed[i]);
        if (!value) continue;
        snprintf(storage[k], sizeof storage[k], "%s=%s", passed[i], value);
        env[k] = storage[k];
        k++;
    }
    env[k] = NULL;
    return env;
}

/* The child's side of start(): the pipes on descriptors 3, 4 and 1 and 2, nothing else open,
 * the sandbox where asked, then the runner. Never returns. */
static void become_runner(const char *path, int sandboxed, int request, int reply, int output,
                          int staging, pid_t parent)
{
    char why[512];
    int in = open("/dev/null", O_RDONLY);
    /* above every target first, so that no move overwrites a pipe not yet moved */
    int r = fcntl(request, F_DUPFD, 10), w = fcntl(reply, F_DUPFD, 10),
        o = fcntl(output, F_DUPFD, 10), m = fcntl(staging, F_DUPFD, 10);
    if (in < 0 || r < 0 || w < 0 || o < 0 || m < 0 || move_fd(in, 0) || move_fd(o, 1) ||
        move_fd(o, 2) || move_fd(r, REMOTE_REQUEST_FD) || move_fd(w, REMOTE_REPLY_FD) ||
        move_fd(m, REMOTE_STAGING_FD))
        _exit(126);
    fcntl(1, F_SETFL, fcntl(1, F_GETFL) | O_NONBLOCK); /* a chatty kernel loses output, not time */
    if (close_range(REMOTE_STAGING_FD + 1, ~0u, 0) != 0) /* (Linux before 5.9) */
        for (long fd = REMOTE_STAGING_FD + 1, last = sysconf(_SC_OPEN_MAX); fd < last; fd++)
            close((int)fd);
    /* The first process the kernel's out-of-memory killer takes. */
    int oom = open("/proc/self/oom_score_adj", O_WRONLY);
    if (oom >= 0) {
        if (write(oom, "1000", 4) != 4) { /* best effort */
        }
        close(oom);
    }
    if (sandboxed) {
        char dir[PATH_MAX];
        snprintf(dir, sizeof dir, "%s", path);
        char *slash = strrchr(dir, '/');
        if (slash) *slash = 0;
        const char *devices = getenv("SCAN_RUNNER_DEVICES");
        sandbox_policy policy = {.read = {slash ? dir : "."},
                                 .protect = getenv("SCAN_PROTECT"),
                                 .devices = devices && !strcmp(devices, "1"),
                                 .limit_processes = 1};
        if (sandbox_enter(&policy, why, sizeof why) < 0) {
            dprintf(2, "the grader's sandbox: %s\n", why);
            _exit(126);
        }
    }
    /* The runner dies with the process that started it (a test case's, killed at its time
     * limit). */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getpid() != 1 && getppid() != parent) _exit(126); /* (its parent died before) */
    char *argv[] = {(char *)path, NULL};
    execve(path, argv, runner_environment());
    dprintf(2, "cannot run %s: %s\n", path, strerror(errno));
    _exit(127);
}

static void stop(runner *rn)
{
    if (rn->pid <= 0) return;
    close(rn->request);
    close(rn->reply);
    close(rn->output);
    munmap(rn->staging, REMOTE_STAGING_BYTES);
    kill(rn->pid, SIGKILL);
    waitpid(rn->pid, NULL, 0);
    rn->pid = 0;
}

static void hello(runner *rn);

static void start(runner *rn, int reference)
{
    const char *path = runner_path(reference);
    int sandboxed = !reference && getenv("SCAN_SANDBOX") && !strcmp(getenv("SCAN_SANDBOX"), "1");
    int request[2], reply[2], output[2];
    if (pipe2(request, O_CLOEXEC) || pipe2(reply, O_CLOEXEC) || pipe2(output, O_CLOEXEC))
        scan_platform_failed("cannot make the pipes to a runner: %s", strerror(errno));
    int staging = memfd_create("scan-staging", MFD_CLOEXEC);
    char *map = MAP_FAILED;
    if (staging >= 0 && ftruncate(staging, (off_t)REMOTE_STAGING_BYTES) == 0)
        map = mmap(NULL, REMOTE_STAGING_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED, staging, 0);
    if (map == MAP_FAILED)
        scan_platform_failed("cannot make the staging memory of a runner: %s", strerror(errno));
    fcntl(request[1], F_SETPIPE_SZ, 1 << 20); /* fewer, larger transfers; best effort */
    fcntl(reply[0], F_SETPIPE_SZ, 1 << 20);
    /* With SCAN_RUNNER_NAMESPACES=1, a sandboxed runner is the first process of a PID namespace
     * of its own, with System V IPC of its own, where the system allows it (as root): when it
     * ends, every process and shared-memory segment it made ends with it. (grade.sh asks for
     * them for CPU units: NVIDIA's driver on the course's GPU machine fails in a PID namespace.) */
    pid_t parent = getpid(), pid = -1;
    const char *namespaces = getenv("SCAN_RUNNER_NAMESPACES");
    if (sandboxed && namespaces && !strcmp(namespaces, "1"))
        pid = (pid_t)syscall(SYS_clone, CLONE_NEWPID | CLONE_NEWIPC | SIGCHLD, NULL, NULL, NULL,
                             NULL);
    if (pid < 0) pid = fork();
    if (pid < 0) scan_platform_failed("cannot start a runner: %s", strerror(errno));
    if (pid == 0) become_runner(path, sandboxed, request[0], reply[1], output[1], staging, parent);
    close(request[0]);
    close(reply[1]);
    close(output[1]);
    close(staging);
    fcntl(output[0], F_SETFL, fcntl(output[0], F_GETFL) | O_NONBLOCK);
    *rn = (runner){pid, parent, request[1], reply[0], output[0], map, rn->index, rn->names};
    if (!reference) hello(rn);
}

/* The runner's last output, for a message. */
static const char *last_output(runner *rn)
{
    static char text[OUTPUT_MAX + 1];
    size_t len = 0;
    char chunk[4096];
    ssize_t got;
    while ((got = read(rn->output, chunk, sizeof chunk)) > 0)
        for (ssize_t i = 0; i < got; i++) { /* keep the last OUTPUT_MAX bytes */
            if (len == OUTPUT_MAX) {
                memmove(text, text + 1, OUTPUT_MAX - 1);
                len--;
            }
            text[len++] = chunk[i] >= 32 || chunk[i] == '\n' ? chunk[i] : '?';
        }
    while (len && text[len - 1] == '\n')
        len--;
    text[len] = 0;
    return text;
}

/* The runner broke the conversation: why, and the case fails. */
static void __attribute__((noreturn)) runner_lost(runner *rn, const char *doing)
{
    int status = 0;
    pid_t done = 0;
    for (int i = 0; i < 50 && done == 0; i++) { /* it may still be on its way out */
        done = waitpid(rn->pid, &status, WNOHANG);
        if (done == 0) usleep(10000);
    }
    char how[160];
    if (done == 0) {
        kill(rn->pid, SIGKILL);
        waitpid(rn->pid, &status, 0);
        snprintf(how, sizeof how, "stopped answering");
    } else if (WIFSIGNALED(status)) {
        snprintf(how, sizeof how, "was killed by signal %d (%s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    } else {
        snprintf(how, sizeof how, "ended with exit status %d", WEXITSTATUS(status));
    }
    const char *output = last_output(rn);
    rn->pid = 0;
    scan_platform_failed("the kernel's process %s while %s%s%s", how, doing,
                         *output ? "; its last output: " : "", output);
}

static runner *kernel(void)
{
    if (kernel_runner.pid > 0 && kernel_runner.owner != getpid()) { /* a fork's inheritance */
        close(kernel_runner.request);
        close(kernel_runner.reply);
        close(kernel_runner.output);
        munmap(kernel_runner.staging, REMOTE_STAGING_BYTES);
        kernel_runner.pid = 0;
    }
    if (kernel_runner.pid <= 0) start(&kernel_runner, 0);
    return &kernel_runner;
}

/* ---- requests ------------------------------------------------------------------------------ */

static void send_request(runner *rn, uint32_t op, const uint64_t *a, size_t count,
                         const char *doing)
{
    remote_request rq = {op, 0, {0}};
    if (count) memcpy(rq.a, a, count * sizeof *a);
    if (!remote_write_full(rn->request, &rq, sizeof rq)) runner_lost(rn, doing);
}

/* A reply, and its text (an error, a table) in *text, which the caller frees (text may be NULL).
 * A failed request fails the case with the runner's reason. */
static remote_reply get_reply(runner *rn, const char *doing, char **text)
{
    remote_reply r;
    if (!remote_read_full(rn->reply, &r, sizeof r)) runner_lost(rn, doing);
    if (r.payload_bytes > TEXT_MAX) {
        stop(rn);
        scan_platform_failed("the kernel's process answered %s out of protocol", doing);
    }
    char *t = malloc(r.payload_bytes + 1);
    if (!t || !remote_read_full(rn->reply, t, r.payload_bytes)) runner_lost(rn, doing);
    t[r.payload_bytes] = 0;
    if (r.status != 0) {
        char message[TEXT_MAX / 16];
        snprintf(message, sizeof message, "%s", t);
        free(t);
        scan_platform_failed("%s: %s", doing, message);
    }
    if (text)
        *text = t;
    else
        free(t);
    return r;
}

static remote_reply call(runner *rn, uint32_t op, const uint64_t *a, size_t count,
                         const char *doing)
{
    send_request(rn, op, a, count, doing);
    return get_reply(rn, doing, NULL);
}

/* The runner's variant table, mapped onto the reference's by name. */
static void hello(runner *rn)
{
    char *table = NULL;
    remote_reply r;
    send_request(rn, REMOTE_HELLO, NULL, 0, "starting");
    r = get_reply(rn, "starting", &table);
    free(rn->index);
    free(rn->names);
    rn->index = malloc((scan_remote_name_count ? scan_remote_name_count : 1) * sizeof *rn->index);
    rn->names = calloc(1, strlen(table) + 1);
    if (!rn->index || !rn->names) scan_platform_failed("out of memory");
    for (size_t v = 0; v < scan_remote_name_count; v++)
        rn->index[v] = NO_VARIANT;
    char *line = table, *next;
    for (size_t k = 0; k < r.v[0] && line && *line; k++, line = next) {
        next = strchr(line, '\n');
        if (next) *next++ = 0;
        char *name = line;
        for (int field = 0; field < 3 && name; field++)
            name = strchr(name, '\t') ? strchr(name, '\t') + 1 : NULL;
        if (!name) continue;
        sprintf(rn->names + strlen(rn->names), "%s'%s'", *rn->names ? " " : "", name);
        for (size_t v = 0; v < scan_remote_name_count; v++)
            if (!strcmp(scan_remote_names[v], name) && rn->index[v] >= OTHER_FAMILY)
                rn->index[v] = atoi(line) == scan_remote_families[v] ? k : OTHER_FAMILY;
    }
    free(table);
}

/* The runner's index of the reference's variant v. */
static uint64_t variant_index(runner *rn, size_t v)
{
    if (v >= scan_remote_name_count) scan_platform_failed("no variant %zu", v);
    if (rn->index[v] == NO_VARIANT)
        scan_platform_failed("the kernel file has no variant named '%s' (it has %s)",
                             scan_remote_names[v], rn->names);
    if (rn->index[v] == OTHER_FAMILY)
        scan_platform_failed("the kernel file's variant '%s' computes another family than the "
                             "reference's",
                             scan_remote_names[v]);
    return rn->index[v];
}

/* ---- the reference's answers: can the variants run here ------------------------------------ */

static const char *probe_answer, **missing_answers;
static uint64_t memory_answer;
static int asked;

/* Asks the reference's runner once, in the process that forks the cases, before it forks. */
static void ask_reference(void)
{
    if (asked) return;
    asked = 1;
    runner ref = {0};
    start(&ref, 1);
    char *text = NULL;
    send_request(&ref, REMOTE_PROBE, NULL, 0, "asking the reference's runner");
    remote_reply r;
    if (!remote_read_full(ref.reply, &r, sizeof r) || r.payload_bytes > TEXT_MAX ||
        !(text = malloc(r.payload_bytes + 1)) ||
        !remote_read_full(ref.reply, text, r.payload_bytes)) {
        static char why[OUTPUT_MAX + 100];
        snprintf(why, sizeof why, "the reference's runner did not answer: %s", last_output(&ref));
        probe_answer = why;
        stop(&ref);
        return;
    }
    text[r.payload_bytes] = 0;
    probe_answer = r.status ? text : NULL;
    missing_answers = calloc(scan_remote_name_count + 1, sizeof *missing_answers);
    for (size_t v = 0; !probe_answer && v < scan_remote_name_count; v++) {
        uint64_t a[1] = {v};
        char *missing = NULL;
        send_request(&ref, REMOTE_MISSING, a, 1, "asking the reference's runner");
        get_reply(&ref, "asking the reference's runner", &missing);
        missing_answers[v] = *missing ? missing : NULL;
    }
    if (!probe_answer) memory_answer = call(&ref, REMOTE_MEMORY, NULL, 0, "asking for memory").v[0];
    stop(&ref);
}

const char *scan_remote_missing(size_t v)
{
    ask_reference();
    return !probe_answer && v < scan_remote_name_count ? missing_answers[v] : NULL;
}

/* ---- what a runner leaves behind ------------------------------------------------------------ */

/* Ends every process whose parent is this one (a runner, and what its processes left behind:
 * this process is their subreaper), and reaps them. */
static void end_children(void)
{
    /* (rounds until none is left, for a while: a chain of processes that fork as fast as they
     * are ended could outlast a fixed number of rounds) */
    const time_t until = time(NULL) + 10;
    for (int round = 0; round < 100 || time(NULL) < until; round++) {
        DIR *proc = opendir("/proc");
        int found = 0;
        struct dirent *e;
        while (proc && (e = readdir(proc))) {
            char path[300], stat[512];
            if (e->d_name[0] < '1' || e->d_name[0] > '9') continue;
            snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
            FILE *f = fopen(path, "r");
            if (!f) continue;
            size_t got = fread(stat, 1, sizeof stat - 1, f);
            fclose(f);
            stat[got] = 0;
            char *end = strrchr(stat, ')'); /* the command name may hold anything */
            int ppid = 0;
            if (end && sscanf(end + 1, " %*c %d", &ppid) == 1 && ppid == getpid()) {
                kill((pid_t)atoi(e->d_name), SIGKILL);
                found = 1;
            }
        }
        if (proc) closedir(proc);
        while (waitpid(-1, NULL, WNOHANG) > 0)
            ;
        if (!found) return;
        usleep(2000);
    }
}

static void end_children_on_signal(int sig)
{
    if (kernel_runner.pid > 0) kill(kernel_runner.pid, SIGKILL);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* ---- the platform -------------------------------------------------------------------------- */

static const char *remote_probe(void)
{
    /* Orphans of a runner come to this process, which ends them (end_children); so does its own
     * end, and a termination (timeout's). A dead runner's pipe must not kill it either. */
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    /* Large blocks given back are kept for the next allocation (common/grade/runner.c says why). */
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, -1);
    signal(SIGPIPE, SIG_IGN);
    signal(SIGTERM, end_children_on_signal);
    signal(SIGINT, end_children_on_signal);
    atexit(end_children);
    ask_reference();
    return probe_answer;
}

static void *remote_alloc(size_t bytes)
{
    uint64_t a[1] = {bytes};
    char doing[96];
    snprintf(doing, sizeof doing, "allocating %zu bytes", bytes);
    return (void *)(uintptr_t)call(kernel(), REMOTE_ALLOC, a, 1, doing).v[0];
}

static void remote_release(void *p)
{
    uint64_t a[1] = {(uint64_t)(uintptr_t)p};
    call(kernel(), REMOTE_FREE, a, 1, "releasing memory");
}

/* Data moves through the staging memory, a piece at a time. */
static void remote_upload(void *device_dst, const void *host_src, size_t bytes)
{
    runner *rn = kernel();
    for (size_t done = 0; done < bytes; done += REMOTE_STAGING_BYTES) {
        size_t piece = bytes - done < REMOTE_STAGING_BYTES ? bytes - done : REMOTE_STAGING_BYTES;
        memcpy(rn->staging, (const char *)host_src + done, piece);
        uint64_t a[2] = {(uint64_t)(uintptr_t)device_dst + done, piece};
        call(rn, REMOTE_WRITE, a, 2, "receiving an input");
    }
}

static void remote_download(void *host_dst, const void *device_src, size_t bytes)
{
    runner *rn = kernel();
    for (size_t done = 0; done < bytes; done += REMOTE_STAGING_BYTES) {
        size_t piece = bytes - done < REMOTE_STAGING_BYTES ? bytes - done : REMOTE_STAGING_BYTES;
        uint64_t a[2] = {(uint64_t)(uintptr_t)device_src + done, piece};
        call(rn, REMOTE_READ, a, 2, "sending an output");
        memcpy((char *)host_dst + done, rn->staging, piece);
    }
}

static void remote_finish(void) { call(kernel(), REMOTE_FINISH, NULL, 0, "running"); }

/* time_runs captures the request a row's run makes, instead of sending it. */
static int capturing;
static uint64_t captured[REMOTE_CALL_WORDS];

void scan_remote_run(size_t variant, const uint32_t *in, uint32_t *out, size_t n,
                     const void *const args[REMOTE_ARGS], void *scratch)
{
    runner *rn = kernel();
    uint64_t a[REMOTE_CALL_WORDS] = {variant_index(rn, variant), (uint64_t)(uintptr_t)in,
                                     (uint64_t)(uintptr_t)out, n, (uint64_t)(uintptr_t)scratch};
    for (int k = 0; args && k < REMOTE_ARGS; k++)
        a[5 + k] = (uint64_t)(uintptr_t)args[k];
    if (capturing) {
        memcpy(captured, a, sizeof a);
        return;
    }
    char doing[160];
    snprintf(doing, sizeof doing, "launching variant '%s' (n=%zu)", scan_remote_names[variant], n);
    call(rn, REMOTE_RUN, a, REMOTE_CALL_WORDS, doing);
}

/* A kernel's scratch at most: far more than any variant needs, and little enough that the
 * harness can fill it with garbage. */
size_t scan_remote_scratch_bytes(size_t variant, size_t n)
{
    runner *rn = kernel();
    uint64_t a[2] = {variant_index(rn, variant), n};
    uint64_t bytes = call(rn, REMOTE_SCRATCH, a, 2, "asking for the scratch's size").v[0];
    if (bytes > 16 * (uint64_t)n + ((uint64_t)1 << 30))
        scan_platform_failed("variant '%s' asks for %llu bytes of scratch at n=%zu; the grader "
                             "gives at most 16 n + 1 GiB",
                             scan_remote_names[variant], (unsigned long long)bytes, n);
    return (size_t)bytes;
}

static uint64_t fresh_key(void)
{
    static uint64_t state;
    if (!state) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        state = (uint64_t)ts.tv_nsec * 0x2545F4914F6CDD1Dull ^ (uint64_t)getpid() << 32;
    }
    return scan_random_next(&state);
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static double remote_time_runs(const scan_row *row, const uint32_t *in, uint32_t *out, size_t n,
                               void *scratch, long runs, const uint32_t *expect,
                               const uint32_t *expect_values, size_t words)
{
    runner *rn = kernel();
    if (!expect) scan_platform_failed("%s: timed without a checked output", row->name);
    capturing = 1;
    scan_row_run(row, in, out, n, scratch);
    capturing = 0;
    const uint64_t values_out = expect_values ? captured[REMOTE_CALL_VALUES_OUT] : 0;
    if (expect_values && !values_out)
        scan_platform_failed("%s: timed with checked values, but its run has no values_out",
                             row->name);
    /* out (and values_out) is overwritten with words no run writes, so the batch must write it
     * again */
    uint64_t fill[3] = {(uint64_t)(uintptr_t)out, n, fresh_key()};
    call(rn, REMOTE_FILL, fill, 3, "filling out before a timed batch");
    if (values_out) {
        uint64_t fill_values[3] = {values_out, n, fresh_key()};
        call(rn, REMOTE_FILL, fill_values, 3, "filling values_out before a timed batch");
    }
    uint64_t a[REMOTE_TIME_REQUEST_WORDS];
    memcpy(a, captured, sizeof captured);
    a[REMOTE_TIME_RUNS] = (uint64_t)runs;
    a[REMOTE_TIME_KEY] = fresh_key();
    a[REMOTE_TIME_WORDS] = words;
    /* one word of out spoiled before the last run, which must write it again: a run that skips
     * the work of one repeating the last is caught at the end of every batch; values_out's word
     * at the same index too, where the run moves values */
    const uint64_t spoiled = words ? fresh_key() % words : UINT64_MAX;
    a[REMOTE_TIME_SPOILED_AT] = spoiled;
    a[REMOTE_TIME_SPOILED_WORD] = words ? ~expect[spoiled] : 0;
    a[REMOTE_TIME_VALUES_WORDS] = values_out ? words : 0;
    a[REMOTE_TIME_VALUES_SPOILED_WORD] = values_out && words ? ~expect_values[spoiled] : 0;
    uint64_t digest = 0, values_digest = 0;
    for (size_t i = 0; i < words; i++)
        digest += remote_digest_word(a[REMOTE_TIME_KEY], i, expect[i]);
    for (size_t i = 0; values_out && i < words; i++)
        values_digest += remote_digest_word(a[REMOTE_TIME_KEY], i, expect_values[i]);
    char doing[160];
    snprintf(doing, sizeof doing, "running a timed batch of '%s' (n=%zu, %ld runs)", row->name, n,
             runs);
    const double start = now_ms();
    send_request(rn, REMOTE_TIME, a, REMOTE_TIME_REQUEST_WORDS, doing);
    remote_reply r = get_reply(rn, doing, NULL);
    const double ms = now_ms() - start;
    if (r.v[0] != digest)
        scan_platform_failed("%s: after the runs, out does not hold the output that was checked "
                             "(a run that skipped its work, or answered before it was done?)",
                             doing);
    if (r.v[1] != values_digest)
        scan_platform_failed("%s: after the runs, values_out does not hold the values that were "
                             "checked (a run that skipped its work, or answered before it was "
                             "done?)",
                             doing);
    return ms;
}

/* Plain characters only, in text the kernel's process wrote (it goes into the CSV's header). */
static void plain(char *text)
{
    for (; *text; text++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ._=()+/@:-",
                    *text))
            *text = '?';
}

static void remote_describe(char *name, size_t name_size, char *facts, size_t facts_size)
{
    char *text = NULL;
    send_request(kernel(), REMOTE_DESCRIBE, NULL, 0, "describing its device");
    get_reply(kernel(), "describing its device", &text);
    char *newline = strchr(text, '\n');
    if (newline) *newline = 0;
    snprintf(name, name_size, "%s", text);
    snprintf(facts, facts_size, "%s", newline ? newline + 1 : "");
    plain(name);
    plain(facts);
    free(text);
}

static size_t remote_memory_limit(void)
{
    return (size_t)call(kernel(), REMOTE_MEMORY, NULL, 0, "asking for memory").v[0];
}

static size_t remote_probe_memory(void)
{
    ask_reference();
    return (size_t)memory_answer;
}

const scan_platform scan_platform_here = {
    .kind = "remote",
    .unit = "GB/s",
    .probe = remote_probe,
    .alloc = remote_alloc,
    .release = remote_release,
    .upload = remote_upload,
    .download = remote_download,
    .finish = remote_finish,
    .time_runs = remote_time_runs,
    .checks_timed_output = 1,
    .sample_ms = 250,
    .describe = remote_describe,
    .memory_limit = remote_memory_limit,
    .probe_memory = remote_probe_memory,
    .references = NULL,
    .reference_count = 0,
    .after_case = end_children,
};
