/* The grader's device layer (harness.h): the test and benchmark code of a unit, linked with this
 * file and with its variant table as the reference's runner prints it (runner --proxy), run every
 * variant in another process, the runner that holds the kernel being graded
 * (common/grade/runner.c). This process holds the inputs, the references and the checks; the runner
 * holds the kernel and its memory, named by the addresses it gives out, and every upload, download,
 * run and wait is a request on its pipes (common/grade/remote.h).
 *
 * The environment names the runners (common/grade/grade.sh sets it):
 *   SCAN_RUNNER            the runner whose variants run (the student's, or the reference's)
 *   SCAN_REFERENCE_RUNNER  the reference's runner: whether the variants can run here is its answer
 *   SCAN_SANDBOX=1         SCAN_RUNNER is the student's: it runs in the sandbox (sandbox.h), and
 *                          every timed batch of it is proven
 *   SCAN_PROTECT=DIR       the folder the sandbox keeps from the runner (the reference's tree)
 *   SCAN_RUNNER_DEVICES=1  the runner may open the GPU's device files
 *   SCAN_RUNNER_NAMESPACES=1  the runner is the first process of a PID namespace of its own (where
 *                          the system allows it), so that what it starts ends with it
 *
 * A runner is started by the process that first needs it (Check forks a process for every test
 * case: each starts its own) and dies with it. A crash, an exit, a request it refuses or a reply
 * that does not come before the case's deadline fails the case, naming what was asked and the
 * runner's last output. The process that forks the cases is the subreaper of whatever a runner
 * leaves behind, and ends it after each case and when it is stopped.
 *
 * Timing (device_time) is the wall clock of this process around one request: the batch of runs,
 * each proven inside the clock (remote.h). Outside the clock it checks the digests of runs drawn
 * after the reply against its own reference of their inputs: a run that skipped its work,
 * repeated an earlier one, or answered before it was done gives another digest. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <malloc.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "remote.h"
#include "sandbox.h"

const char device_kind[] = "remote";
int device_is_host; /* the reference's runner says (REMOTE_MEMORY) */
const scan_variant device_references[1];
const size_t device_reference_count = 0;

#define TEXT_MAX   65536 /* a reply's text at most */
#define OUTPUT_MAX 2048  /* the runner's output quoted in a failure */
/* The runs of a batch whose digests are checked, drawn after the reply: PROOF_RUNS, or as many as
 * PROOF_ELEMENTS elements hold (one at least). A kernel that fakes a share f of its runs is caught
 * in a batch with a chance of 1 - (1 - f)^PROOF_RUNS, and a grade times dozens of batches. */
#define PROOF_RUNS     8
#define PROOF_ELEMENTS ((size_t)1 << 26)

typedef struct runner {
    pid_t pid, owner; /* owner: the process that started it (a fork starts its own) */
    int request, reply, output;
    char *staging;    /* the memory both map */
    size_t *index;    /* the reference's variant -> the runner's, or SIZE_MAX: none (or SIZE_MAX
                         - 1: another family) */
    char names[4096]; /* the runner's variants, for messages */
    size_t kills;     /* the out-of-memory killer's count when it started */
} runner;

static runner kernel_runner; /* SCAN_RUNNER's */

/* ---- starting and ending a runner ------------------------------------------------------------ */

static const char *runner_path(int reference)
{
    const char *ref = getenv("SCAN_REFERENCE_RUNNER"), *path = getenv("SCAN_RUNNER");
    path = reference && ref && *ref ? ref : path;
    if (!path || !*path)
        scan_platform_failed(
            "this binary is the grader's: it runs a kernel in the runner SCAN_RUNNER "
            "names (common/grade/grade.sh sets it)");
    return path;
}

static int flag(const char *name) { return getenv(name) && !strcmp(getenv(name), "1"); }

/* The environment a runner gets: nothing of the grader's but what a GPU needs, and the CPU
 * features SCAN_HIDE_CPU hides (the reference's runner answers for this machine with them). */
static char **runner_environment(void)
{
    static char *env[16], storage[8][PATH_MAX + 64];
    static const char *const passed[] = {"CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES",
                                         "LD_LIBRARY_PATH", "SCAN_HIDE_CPU"};
    size_t k = 0, s = 0;
    env[k++] = "PATH=/usr/local/bin:/usr/bin:/bin";
    env[k++] = "HOME=/";
    env[k++] = "LC_ALL=C";
    env[k++] = "CUDA_CACHE_DISABLE=1";
    for (size_t i = 0; i < sizeof passed / sizeof *passed; i++)
        if (getenv(passed[i]))
            snprintf(env[k++] = storage[s++], sizeof storage[0], "%s=%s", passed[i],
                     getenv(passed[i]));
    env[k] = NULL;
    return env;
}

/* The child's side of start(): the pipes on descriptors 1 to 5, nothing else open, the sandbox
 * where asked, then the runner. Never returns. */
static void become_runner(const char *path, int sandboxed, const int fds[4], pid_t parent)
{
    char why[512], dir[PATH_MAX];
    const int in = open("/dev/null", O_RDONLY),
              to[4] = {REMOTE_REQUEST_FD, REMOTE_REPLY_FD, 1, REMOTE_STAGING_FD};
    int moved[4];
    for (int i = 0; i < 4; i++) /* above every target first: no move overwrites one not yet moved */
        if ((moved[i] = fcntl(fds[i], F_DUPFD, 10)) < 0) _exit(126);
    if (in < 0 || dup2(in, 0) != 0 || dup2(moved[2], 2) != 2) _exit(126);
    for (int i = 0; i < 4; i++)
        if (dup2(moved[i], to[i]) != to[i]) _exit(126);
    fcntl(1, F_SETFL, fcntl(1, F_GETFL) | O_NONBLOCK); /* a chatty kernel loses output, not time */
    if (close_range(REMOTE_STAGING_FD + 1, ~0u, 0) != 0) /* (Linux before 5.9) */
        for (int fd = REMOTE_STAGING_FD + 1; fd < 1024; fd++)
            close(fd);
    int oom = open("/proc/self/oom_score_adj", O_WRONLY); /* the first the killer takes */
    if (oom >= 0 && write(oom, "1000", 4) == 4) close(oom);
    snprintf(dir, sizeof dir, "%s", path);
    *(strrchr(dir, '/') ? strrchr(dir, '/') : dir) = 0;
    sandbox_policy policy = {.read = {*dir ? dir : "."},
                             .protect = getenv("SCAN_PROTECT"),
                             .devices = flag("SCAN_RUNNER_DEVICES"),
                             .limit_processes = 1};
    if (sandboxed && sandbox_enter(&policy, why, sizeof why) < 0) {
        dprintf(2, "the grader's sandbox: %s\n", why);
        _exit(126);
    }
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* it dies with the case that started it */
    if (getpid() != 1 && getppid() != parent) _exit(126); /* (its parent died before) */
    char *argv[] = {(char *)path, NULL};
    execve(path, argv, runner_environment());
    dprintf(2, "cannot run %s: %s\n", path, strerror(errno));
    _exit(127);
}

static void forget(runner *rn, int kill_it)
{
    if (rn->pid <= 0) return;
    close(rn->request), close(rn->reply), close(rn->output);
    munmap(rn->staging, REMOTE_STAGING_BYTES);
    if (kill_it) kill(rn->pid, SIGKILL), waitpid(rn->pid, NULL, 0);
    rn->pid = 0;
}

static void hello(runner *rn);

static void start(runner *rn, int reference)
{
    const char *path = runner_path(reference);
    const int sandboxed = !reference && flag("SCAN_SANDBOX");
    int request[2], reply[2], output[2], staging = memfd_create("scan-staging", MFD_CLOEXEC);
    char *map = MAP_FAILED;
    if (pipe2(request, O_CLOEXEC) || pipe2(reply, O_CLOEXEC) || pipe2(output, O_CLOEXEC) ||
        staging < 0)
        scan_platform_failed("cannot make the pipes to a runner: %s", strerror(errno));
    if (ftruncate(staging, (off_t)REMOTE_STAGING_BYTES) == 0)
        map = mmap(NULL, REMOTE_STAGING_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED, staging, 0);
    if (map == MAP_FAILED)
        scan_platform_failed("cannot map a runner's staging memory: %s", strerror(errno));
    fcntl(request[1], F_SETPIPE_SZ, 1 << 20); /* fewer, larger transfers; best effort */
    fcntl(reply[0], F_SETPIPE_SZ, 1 << 20);
    /* A PID namespace of its own (and System V IPC), where the system allows it: when the runner
     * ends, every process it made ends with it. (NVIDIA's driver fails in a PID namespace.) */
    const pid_t parent = getpid();
    pid_t pid = sandboxed && flag("SCAN_RUNNER_NAMESPACES")
                    ? (pid_t)syscall(SYS_clone, CLONE_NEWPID | CLONE_NEWIPC | SIGCHLD, NULL, NULL,
                                     NULL, NULL)
                    : -1;
    if (pid < 0) pid = fork();
    if (pid < 0) scan_platform_failed("cannot start a runner: %s", strerror(errno));
    const int fds[4] = {request[0], reply[1], output[1], staging};
    if (pid == 0) become_runner(path, sandboxed, fds, parent);
    close(request[0]), close(reply[1]), close(output[1]), close(staging);
    fcntl(output[0], F_SETFL, fcntl(output[0], F_GETFL) | O_NONBLOCK);
    size_t *index = rn->index;
    *rn =
        (runner){pid, parent, request[1], reply[0], output[0], map, index, "", scan_memory_kills()};
    if (!reference) hello(rn);
}

/* The runner's last output, for a message. */
static const char *last_output(runner *rn)
{
    static char text[OUTPUT_MAX + 1];
    size_t len = 0;
    char chunk[4096];
    for (ssize_t got; (got = read(rn->output, chunk, sizeof chunk)) > 0;)
        for (ssize_t i = 0; i < got; i++) {
            if (len == OUTPUT_MAX) memmove(text, text + 1, --len); /* keep the last OUTPUT_MAX */
            text[len++] = chunk[i] >= 32 || chunk[i] == '\n' ? chunk[i] : '?';
        }
    while (len && text[len - 1] == '\n')
        len--;
    text[len] = 0;
    return text;
}

/* The runner broke the conversation (or hung: `hung` seconds): why, and the case fails. */
static void __attribute__((noreturn)) runner_lost(runner *rn, const char *doing, double hung)
{
    int status = 0;
    pid_t done = 0;
    for (int i = 0; i < 50 && done == 0 && !hung; i++) /* it may still be on its way out */
        if ((done = waitpid(rn->pid, &status, WNOHANG)) == 0) usleep(10000);
    char how[300];
    if (done == 0) kill(rn->pid, SIGKILL), waitpid(rn->pid, &status, 0);
    if (hung)
        snprintf(how, sizeof how,
                 "did not finish within %.0f s (the time this case allows: a hang?)", hung);
    else if (done == 0)
        snprintf(how, sizeof how, "stopped answering");
    else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL && scan_memory_kills() > rn->kills)
        snprintf(how, sizeof how,
                 "was killed by the system for lack of memory (the grader's limit: this "
                 "machine's memory, %.2f GiB free for the grade; not a wrong output)",
                 scan_gib(scan_host_memory_limit()));
    else if (WIFSIGNALED(status))
        snprintf(how, sizeof how, "was killed by signal %d (%s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    else
        snprintf(how, sizeof how, "ended with exit status %d", WEXITSTATUS(status));
    const char *output = last_output(rn);
    rn->pid = 0;
    scan_platform_failed("the kernel's process %s while %s%s%s", how, doing,
                         *output ? "; its last output: " : "", output);
}

static runner *kernel(void)
{
    if (kernel_runner.pid > 0 && kernel_runner.owner != getpid())
        forget(&kernel_runner, 0); /* a fork's */
    if (kernel_runner.pid <= 0) start(&kernel_runner, 0);
    return &kernel_runner;
}

/* ---- requests -------------------------------------------------------------------------------- */

static void send_request(runner *rn, uint32_t op, const uint64_t *a, size_t count,
                         const char *doing)
{
    remote_request rq = {op, 0, {0}};
    memcpy(rq.a, a, count * sizeof *a);
    if (!remote_write_full(rn->request, &rq, sizeof rq)) runner_lost(rn, doing, 0);
}

/* Whether the runner has ended (not reaped: runner_lost reads how). */
static int runner_ended(runner *rn)
{
    siginfo_t info = {0};
    return waitid(P_PID, (id_t)rn->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
           info.si_pid == rn->pid;
}

/* Waits for the reply, no longer than the case's deadline, and not past the runner's end (a child
 * it left could hold the pipe open). */
static void await(runner *rn, const char *doing)
{
    struct pollfd p = {rn->reply, POLLIN, 0};
    const double left = scan_seconds_left();
    while (poll(&p, 1, 100) == 0) {
        if (runner_ended(rn)) runner_lost(rn, doing, 0);
        if (scan_seconds_left() <= 0) runner_lost(rn, doing, left);
    }
}

/* Reads a reply and its text (which the caller frees); 0 where the runner breaks the protocol. */
static int read_reply(runner *rn, remote_reply *r, char **text)
{
    return remote_read_full(rn->reply, r, sizeof *r) && r->payload_bytes <= TEXT_MAX &&
           (*text = calloc(r->payload_bytes + 1, 1)) &&
           remote_read_full(rn->reply, *text, r->payload_bytes);
}

/* A reply, and its text (an error, a table) in *text, which the caller frees (text may be NULL).
 * A refused request fails the case with the runner's reason. */
static remote_reply get_reply(runner *rn, const char *doing, char **text)
{
    remote_reply r;
    char *t = NULL;
    await(rn, doing);
    if (!read_reply(rn, &r, &t)) runner_lost(rn, doing, 0);
    if (r.status != 0)
        scan_platform_failed("%s: %s", doing, t); /* (the case ends: t is not freed) */
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

/* The runner's variant table, mapped onto the reference's by name (and family). */
static void hello(runner *rn)
{
    char *table = NULL, *line, *next;
    const remote_reply r =
        (send_request(rn, REMOTE_HELLO, NULL, 0, "starting"), get_reply(rn, "starting", &table));
    if (!rn->index && !(rn->index = malloc((scan_row_count + 1) * sizeof *rn->index)))
        scan_platform_failed("out of memory");
    for (size_t v = 0; v < scan_row_count; v++)
        rn->index[v] = SIZE_MAX;
    rn->names[0] = 0;
    line = table;
    for (size_t k = 0; k < r.v[0] && line && *line; k++, line = next) {
        char name[128];
        int family;
        if ((next = strchr(line, '\n'))) *next++ = 0;
        if (sscanf(line, "%d\t%*u\t%*u\t%127[^\n]", &family, name) != 2) continue;
        const size_t used = strlen(rn->names);
        snprintf(rn->names + used, sizeof rn->names - used, "%s'%s'", used ? " " : "", name);
        for (size_t v = 0; v < scan_row_count; v++)
            if (!strcmp(scan_rows[v].name, name) && rn->index[v] >= SIZE_MAX - 1)
                rn->index[v] = family == (int)scan_rows[v].family ? k : SIZE_MAX - 1;
    }
    free(table);
}

/* The runner's index of the reference's variant v. */
static uint64_t variant_index(runner *rn, size_t v)
{
    if (v >= scan_row_count) scan_platform_failed("no variant %zu", v);
    if (rn->index[v] == SIZE_MAX)
        scan_platform_failed("the kernel file has no variant named '%s' (it has %s)",
                             scan_rows[v].name, rn->names);
    if (rn->index[v] == SIZE_MAX - 1)
        scan_platform_failed(
            "the kernel file's variant '%s' computes another family than the reference's",
            scan_rows[v].name);
    return rn->index[v];
}

/* ---- the reference's answers: can the variants run here ------------------------------------- */

static const char *probe_answer, **missing_answers;
static size_t memory_answer;
static int asked;

/* Asks the reference's runner once, in the process that forks the cases, before it forks. */
static void ask_reference(void)
{
    if (asked) return;
    asked = 1;
    runner ref = {0};
    start(&ref, 1);
    char *text = NULL;
    remote_reply r;
    send_request(&ref, REMOTE_PROBE, NULL, 0, "asking the reference's runner");
    if (!read_reply(&ref, &r, &text)) {
        static char why[OUTPUT_MAX + 100];
        snprintf(why, sizeof why, "the reference's runner did not answer: %s", last_output(&ref));
        probe_answer = why;
        return forget(&ref, 1);
    }
    probe_answer = r.status ? text : NULL;
    if (!(missing_answers = calloc(scan_row_count + 1, sizeof *missing_answers)))
        scan_platform_failed("out of memory");
    for (uint64_t v = 0; !probe_answer && v < scan_row_count; v++) {
        char *missing = NULL;
        send_request(&ref, REMOTE_MISSING, &v, 1, "asking the reference's runner");
        get_reply(&ref, "asking the reference's runner", &missing);
        missing_answers[v] = *missing ? missing : NULL;
    }
    if (!probe_answer) {
        const remote_reply m = call(&ref, REMOTE_MEMORY, NULL, 0, "asking for memory");
        memory_answer = (size_t)m.v[0];
        device_is_host = m.v[1] != 0;
    }
    forget(&ref, 1);
}

const char *scan_remote_missing(size_t v)
{
    ask_reference();
    return !probe_answer && v < scan_row_count ? missing_answers[v] : NULL;
}

/* ---- what a runner leaves behind ------------------------------------------------------------- */

/* Ends every process whose parent is this one (a runner, and what its processes left behind: this
 * process is their subreaper), round after round until none is left (a chain of processes that
 * fork as fast as they are ended could outlast a fixed number of rounds), and reaps them. */
void device_after_case(void)
{
    const time_t until = time(NULL) + 10;
    for (int round = 0, found = 1; found && (round < 100 || time(NULL) < until); round++) {
        DIR *proc = opendir("/proc");
        struct dirent *e;
        found = 0;
        while (proc && (e = readdir(proc))) {
            char path[300], stat[512];
            int ppid = 0;
            snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
            FILE *f = e->d_name[0] >= '1' && e->d_name[0] <= '9' ? fopen(path, "r") : NULL;
            if (!f) continue;
            stat[fread(stat, 1, sizeof stat - 1, f)] = 0;
            fclose(f);
            char *end = strrchr(stat, ')'); /* the command name may hold anything */
            if (end && sscanf(end + 1, " %*c %d", &ppid) == 1 && ppid == getpid())
                kill((pid_t)atoi(e->d_name), SIGKILL), found = 1;
        }
        if (proc) closedir(proc);
        while (waitpid(-1, NULL, WNOHANG) > 0)
            ;
        if (found) usleep(2000);
    }
}

/* Stopped from outside (a platform's timeout, `timeout`'s TERM): everything it started ends too. */
static void stopped(int sig)
{
    if (kernel_runner.pid > 0) kill(kernel_runner.pid, SIGKILL);
    device_after_case();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* ---- the device layer ------------------------------------------------------------------------ */

const char *device_probe(void)
{
    /* Orphans of a runner come to this process, which ends them; so do its end and a stop. Its
     * memory and environment are closed to other processes of its user (a runner, where the grade
     * runs as its user: /proc/PID/mem, environ and the like), and a dead runner's pipe must not
     * kill it. Large blocks given back are kept for the next allocation: on some virtual machines,
     * touching fresh memory costs more than the copies (this process's arrays are malloc's, which
     * reuses a freed block then; the runner's page-aligned ones it would not, runner.c leaves those
     * to mmap). */
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    prctl(PR_SET_DUMPABLE, 0);
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, -1);
    signal(SIGPIPE, SIG_IGN);
    signal(SIGTERM, stopped);
    signal(SIGINT, stopped);
    atexit(device_after_case);
    ask_reference();
    return probe_answer;
}

size_t device_memory(void) { return ask_reference(), memory_answer; }

void *device_alloc(size_t bytes)
{
    char doing[96];
    const uint64_t a = bytes;
    snprintf(doing, sizeof doing, "allocating %zu bytes", bytes);
    return (void *)(uintptr_t)call(kernel(), REMOTE_ALLOC, &a, 1, doing).v[0];
}

void device_free(void *p)
{
    const uint64_t a = (uint64_t)(uintptr_t)p;
    call(kernel(), REMOTE_FREE, &a, 1, "releasing memory");
}

/* Data moves through the staging memory, a piece at a time. */
static void move(void *host, uint64_t device, size_t bytes, uint32_t op)
{
    runner *rn = kernel();
    for (size_t done = 0, piece; done < bytes; done += piece) {
        piece = bytes - done < REMOTE_STAGING_BYTES ? bytes - done : REMOTE_STAGING_BYTES;
        const uint64_t a[2] = {device + done, piece};
        if (op == REMOTE_WRITE) memcpy(rn->staging, (char *)host + done, piece);
        call(rn, op, a, 2, op == REMOTE_WRITE ? "receiving an input" : "sending an output");
        if (op == REMOTE_READ) memcpy((char *)host + done, rn->staging, piece);
    }
}
void device_upload(void *dst, const void *src, size_t bytes)
{
    move((void *)src, (uint64_t)(uintptr_t)dst, bytes, REMOTE_WRITE);
}
void device_download(void *dst, const void *src, size_t bytes)
{
    move(dst, (uint64_t)(uintptr_t)src, bytes, REMOTE_READ);
}
void device_finish(void) { call(kernel(), REMOTE_FINISH, NULL, 0, "running"); }

void device_describe(char *name, size_t name_size, char *facts, size_t facts_size)
{
    char *text = NULL;
    send_request(kernel(), REMOTE_DESCRIBE, NULL, 0, "describing its device");
    get_reply(kernel(), "describing its device", &text);
    char *newline = strchr(text, '\n');
    if (newline) *newline = 0;
    snprintf(name, name_size, "%s", text);
    snprintf(facts, facts_size, "%s", newline ? newline + 1 : "");
    const char *plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ._=()+/@:-";
    char *both[2] = {name, facts};
    for (int k = 0; k < 2; k++) /* plain characters only: they go into the CSV's header */
        for (char *c = both[k]; *c; c++)
            if (!strchr(plain, *c)) *c = '?';
    free(text);
}

/* A call's words: the runner's index of variant v, n, the scratch and each buffer's address. */
static void call_words(runner *rn, size_t v, const scan_call *c, uint64_t *a)
{
    a[REMOTE_VARIANT] = variant_index(rn, v);
    a[REMOTE_N] = c->n;
    a[REMOTE_SCRATCH_ADDRESS] = (uint64_t)(uintptr_t)c->scratch;
    for (size_t r = 0; r < SCAN_MAX_ROLES; r++)
        a[REMOTE_BUFFER + r] = (uint64_t)(uintptr_t)c->buffer[r];
}

/* The row's index in the proxy's table (a row on another input is a copy of one). */
static size_t row_index(const scan_row *row)
{
    size_t v = 0;
    while (v < scan_row_count && scan_rows[v].variant != row->variant)
        v++;
    return v;
}

void device_run(const scan_row *row, const scan_call *c)
{
    runner *rn = kernel();
    uint64_t a[REMOTE_WORDS];
    char doing[160];
    call_words(rn, row_index(row), c, a);
    snprintf(doing, sizeof doing, "running variant '%s' (n=%zu)", row->name, c->n);
    call(rn, REMOTE_RUN, a, REMOTE_RUNS, doing);
}

/* A kernel's scratch at most: far more than any variant needs, and little enough that the harness
 * can fill it with garbage. */
size_t device_scratch(const scan_row *row, size_t n)
{
    runner *rn = kernel();
    const uint64_t a[2] = {variant_index(rn, row_index(row)), n};
    const uint64_t bytes = call(rn, REMOTE_SCRATCH, a, 2, "asking for the scratch's size").v[0];
    if (bytes > 16 * (uint64_t)n + ((uint64_t)1 << 30))
        scan_platform_failed("variant '%s' asks for %llu bytes of scratch at n=%zu; the grader "
                             "gives at most 16 n + 1 GiB",
                             row->name, (unsigned long long)bytes, n);
    return (size_t)bytes;
}

static uint64_t fresh_key(void)
{
    static uint64_t state;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    state ^= (uint64_t)ts.tv_nsec * 0x2545F4914F6CDD1Dull ^ (uint64_t)getpid() << 32;
    return scan_random_next(&state);
}

/* The digest run `run` of a batch must give: of the row's reference of its changed inputs. */
static uint32_t expected_digest(const scan_row *row, const scan_call *host, uint64_t key, long run)
{
    const int is_float = scan_family_is_float(row->family);
    proof_change(host, is_float, key, run);
    scan_families[row->family].reference(host);
    const uint32_t sum = proof_digest(host, key, run);
    proof_change(host, is_float, key, run);
    return sum;
}

/* A batch of runs: one request, timed, then (the student's runner) the digests of runs drawn after
 * the reply checked against expected_digest. */
double device_time(const scan_row *row, const scan_call *batch, long runs, const scan_call *host)
{
    runner *rn = kernel();
    const size_t v = row_index(row);
    uint64_t a[REMOTE_WORDS];
    char doing[200];
    call_words(rn, v, batch, a);
    a[REMOTE_RUNS] = (uint64_t)(runs < REMOTE_MAX_RUNS ? runs : REMOTE_MAX_RUNS);
    a[REMOTE_KEY] = fresh_key();
    snprintf(doing, sizeof doing, "running a timed batch of '%s' (n=%zu, %llu runs)", row->name,
             batch->n, (unsigned long long)a[REMOTE_RUNS]);
    const double start = 1e3 * scan_now_s();
    const remote_reply r = call(rn, REMOTE_TIME, a, REMOTE_WORDS, doing);
    const double ms = 1e3 * scan_now_s() - start;
    if (r.v[0] != a[REMOTE_RUNS])
        scan_platform_failed("%s: it answered for %llu runs", doing, (unsigned long long)r.v[0]);
    /* (the reference's batches too: both sides' grades do the same work between batches, which on
     * a machine that shares its CPU (a container's quota) weighs on the next batch alike) */
    if (!host || !host->buffer[SCAN_IN])
        scan_platform_failed("%s: timed without its inputs on the host", doing);
    uint64_t *digests = malloc(a[REMOTE_RUNS] * sizeof *digests), state = fresh_key();
    if (!digests) scan_platform_failed("out of memory");
    memcpy(digests, rn->staging, a[REMOTE_RUNS] * sizeof *digests);
    const size_t fit = PROOF_ELEMENTS / (batch->n + 1) + 1,
                 want = fit < PROOF_RUNS ? fit : PROOF_RUNS;
    for (size_t k = 0; k < want; k++) {
        const long run = (long)(scan_random_next(&state) % a[REMOTE_RUNS]);
        if (expected_digest(row, host, a[REMOTE_KEY], run) != digests[run])
            scan_platform_failed(
                "%s: run %ld's outputs are not what its input gives (each run of a batch computes "
                "another input: a run that skipped its work, repeated an earlier one, was cut "
                "short or answered before it was done?)",
                doing, run + 1);
    }
    free(digests);
    return ms * (double)runs / (double)a[REMOTE_RUNS];
}
