/* The grader's sandbox (sandbox.h). Built twice: into the grader's binaries, and, with
 * SANDBOX_MAIN, as the command build/grade/sandbox that runs the compiler on a student's files:
 *
 *   sandbox [--read PATH]... [--write PATH]... [--protect DIR] [--devices] -- COMMAND [ARG]...
 *   sandbox --describe          (one line: what a sandbox can do on this machine)
 *
 * A process group's leader cannot start a session of its own: the grade runs the command under
 * setsid(1) (util-linux), which forks where it must.
 *
 * Landlock is called through its system calls, with its constants written out here, so that the
 * sandbox does not depend on the kernel headers the machine happens to have. */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/socket.h>
#include <grp.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define NOBODY 65534

/* ---- Landlock (linux/landlock.h, as of ABI 6) ------------------------------------------------ */

#ifndef __NR_landlock_create_ruleset /* the same numbers on every architecture */
#define __NR_landlock_create_ruleset 444
#define __NR_landlock_add_rule       445
#define __NR_landlock_restrict_self  446
#endif

#define LL_CREATE_RULESET_VERSION 1u
#define LL_RULE_PATH_BENEATH      1

#define LL_FS_EXECUTE                 (1ull << 0)
#define LL_FS_WRITE_FILE              (1ull << 1)
#define LL_FS_READ_FILE               (1ull << 2)
#define LL_FS_READ_DIR                (1ull << 3)
#define LL_FS_REMOVE_DIR              (1ull << 4)
#define LL_FS_REMOVE_FILE             (1ull << 5)
#define LL_FS_MAKE_DIR                (1ull << 7)
#define LL_FS_MAKE_REG                (1ull << 8)
#define LL_FS_MAKE_SOCK               (1ull << 9)
#define LL_FS_MAKE_FIFO               (1ull << 10)
#define LL_FS_MAKE_SYM                (1ull << 12)
#define LL_FS_REFER                   (1ull << 13) /* ABI 2 */
#define LL_FS_TRUNCATE                (1ull << 14) /* ABI 3 */
#define LL_FS_IOCTL_DEV               (1ull << 15) /* ABI 5 */
#define LL_SCOPE_ABSTRACT_UNIX_SOCKET (1ull << 0)  /* ABI 6 */
#define LL_SCOPE_SIGNAL               (1ull << 1)

struct ll_ruleset_attr {
    uint64_t handled_access_fs, handled_access_net, scoped;
};
struct ll_path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

static long landlock_abi(void)
{
    long abi = syscall(__NR_landlock_create_ruleset, NULL, 0, LL_CREATE_RULESET_VERSION);
    return abi < 0 ? 0 : abi;
}

/* The rights Landlock handles at this ABI: everything it can refuse is refused unless a rule
 * allows it. */
static uint64_t handled_fs(long abi)
{
    uint64_t fs = (LL_FS_MAKE_SYM << 1) - 1; /* ABI 1: bits 0 to 12 */
    if (abi >= 2) fs |= LL_FS_REFER;
    if (abi >= 3) fs |= LL_FS_TRUNCATE;
    if (abi >= 5) fs |= LL_FS_IOCTL_DEV;
    return fs;
}

#define READ_RIGHTS (LL_FS_EXECUTE | LL_FS_READ_FILE | LL_FS_READ_DIR)
#define WRITE_RIGHTS                                                                               \
    (LL_FS_WRITE_FILE | LL_FS_REMOVE_DIR | LL_FS_REMOVE_FILE | LL_FS_MAKE_DIR | LL_FS_MAKE_REG |   \
     LL_FS_MAKE_SYM | LL_FS_MAKE_FIFO | LL_FS_MAKE_SOCK | LL_FS_REFER | LL_FS_TRUNCATE)
/* The rights that apply to a file that is not a folder. */
#define FILE_RIGHTS                                                                                \
    (LL_FS_EXECUTE | LL_FS_WRITE_FILE | LL_FS_READ_FILE | LL_FS_TRUNCATE | LL_FS_IOCTL_DEV)

/* Adds a rule: `rights` (within what the ruleset handles) beneath path. A path that does not
 * exist is skipped (not every system has /lib32 or /opt). Returns 0, or -1 with errno. */
static int allow(int ruleset, const char *path, uint64_t rights, uint64_t handled)
{
    struct stat st;
    const int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) return errno == ENOENT || errno == ENOTDIR ? 0 : -1;
    struct ll_path_beneath_attr rule = {rights & handled, fd};
    if (fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode)) rule.allowed_access &= FILE_RIGHTS;
    long r = rule.allowed_access
                 ? syscall(__NR_landlock_add_rule, ruleset, LL_RULE_PATH_BENEATH, &rule, 0)
                 : 0;
    int saved = errno;
    close(fd);
    errno = saved;
    return r == 0 ? 0 : -1;
}

/* Whether `inner` is `outer` or lies beneath it (both resolved). */
static int beneath(const char *inner, const char *outer)
{
    char a[PATH_MAX], b[PATH_MAX];
    if (!realpath(inner, a) || !realpath(outer, b)) return 0;
    size_t len = strlen(b);
    if (len == 1) return 1; /* "/" */
    return !strncmp(a, b, len) && (a[len] == '/' || a[len] == 0);
}

/* Says what failed, and errno's reason, in why; returns -1. */
static int failed_at(char *why, size_t why_size, const char *what)
{
    snprintf(why, why_size, "%s: %s", what, strerror(errno));
    return -1;
}

static const char *const system_folders[] = {"/usr",  "/lib",  "/lib32", "/lib64", "/libx32",
                                             "/bin",  "/sbin", "/etc",   "/opt",   "/run",
                                             "/proc", "/sys",  "/dev"};

static int enter_landlock(const sandbox_policy *p, long abi, char *why, size_t why_size)
{
    struct ll_ruleset_attr attr = {handled_fs(abi), 0, 0};
    size_t attr_size = sizeof attr.handled_access_fs;
    if (abi >= 6) { /* no signal to, and no abstract socket of, a process outside */
        attr.scoped = LL_SCOPE_ABSTRACT_UNIX_SOCKET | LL_SCOPE_SIGNAL;
        attr_size = sizeof attr;
    }
    int ruleset = (int)syscall(__NR_landlock_create_ruleset, &attr, attr_size, 0);
    if (ruleset < 0) return failed_at(why, why_size, "landlock_create_ruleset");
    const uint64_t handled = attr.handled_access_fs;
    const char *failed = NULL;
    for (size_t i = 0; i < sizeof system_folders / sizeof *system_folders && !failed; i++)
        if ((!p->protect || !beneath(p->protect, system_folders[i])) &&
            allow(ruleset, system_folders[i], READ_RIGHTS, handled) != 0)
            failed = system_folders[i];
    /* /dev/null; a GPU's device files, /dev opened for writing and ioctl (as checked on the
     * course's GPU machine: a terminal is no more the process's, it has a session of its own);
     * and the process's own /proc entries, which NVIDIA's driver opens as fopen(.., "w") does
     * (truncating): cudaMalloc fails without. */
    const char *const extra[3] = {"/dev/null", p->devices ? "/dev" : NULL,
                                  p->devices ? "/proc/self" : NULL};
    const uint64_t extra_rights[3] = {LL_FS_READ_FILE | LL_FS_WRITE_FILE,
                                      READ_RIGHTS | LL_FS_WRITE_FILE | LL_FS_TRUNCATE |
                                          LL_FS_IOCTL_DEV,
                                      READ_RIGHTS | LL_FS_WRITE_FILE | LL_FS_TRUNCATE};
    for (int i = 0; i < 3 && !failed; i++)
        if (extra[i] && allow(ruleset, extra[i], extra_rights[i], handled) != 0) failed = extra[i];
    for (int i = 0; i < SANDBOX_MAX_PATHS && p->read[i] && !failed; i++)
        if (allow(ruleset, p->read[i], READ_RIGHTS, handled) != 0) failed = p->read[i];
    for (int i = 0; i < SANDBOX_MAX_PATHS && p->write[i] && !failed; i++)
        if (allow(ruleset, p->write[i], READ_RIGHTS | WRITE_RIGHTS, handled) != 0)
            failed = p->write[i];
    if (failed)
        snprintf(why, why_size, "landlock_add_rule for %s: %s", failed, strerror(errno));
    else if (syscall(__NR_landlock_restrict_self, ruleset, 0) != 0)
        failed = "", failed_at(why, why_size, "landlock_restrict_self");
    close(ruleset);
    return failed ? -1 : SANDBOX_LANDLOCK | (abi >= 6 ? SANDBOX_SIGNALS : 0);
}

/* ---- seccomp: no socket but a Unix one (Landlock's network rules cover TCP only) ------------- */

#if defined(__x86_64__)
#define NATIVE_ARCH AUDIT_ARCH_X86_64
#define X32_BIT     0x40000000u /* x32's system calls: the same numbers with this bit */
#elif defined(__aarch64__)
#define NATIVE_ARCH AUDIT_ARCH_AARCH64
#define X32_BIT     0u
#else
#define NATIVE_ARCH 0 /* (no filter: another architecture's numbers) */
#endif

/* A filter: a system call of another architecture's table fails; socket() fails but for AF_UNIX
 * (UDP and TCP, raw and netlink sockets: nothing a kernel needs); io_uring, which could open
 * sockets beside it, fails. Returns 1 when installed. */
static int enter_seccomp(void)
{
#if NATIVE_ARCH
    struct sock_filter code[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NATIVE_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_setup, 6, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket | X32_BIT, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES),
    };
    struct sock_fprog program = {sizeof code / sizeof *code, code};
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) == 0;
#else
    return 0;
#endif
}

int sandbox_available(void)
{
    const long abi = landlock_abi();
    return (geteuid() == 0 ? SANDBOX_USER : 0) | (abi >= 1 ? SANDBOX_LANDLOCK : 0) |
           (abi >= 6 ? SANDBOX_SIGNALS : 0) | (NATIVE_ARCH ? SANDBOX_NETWORK : 0);
}

const char *sandbox_describe(int mask)
{
    static char text[300];
    const char *who = mask & SANDBOX_USER ? "the student's code runs as user 65534 (nobody)"
                                          : "the student's code runs as you";
    const char *files =
        !(mask & SANDBOX_LANDLOCK)
            ? (mask & SANDBOX_USER
                   ? "no Landlock on this kernel"
                   : "NO SANDBOX for its files (grade as root, or on a kernel with Landlock)")
        : mask & (SANDBOX_SIGNALS | SANDBOX_USER)
            ? "Landlock limits its files"
            : "Landlock limits its files, not its signals (grade as root for a separate user)";
    snprintf(text, sizeof text, "%s; %s; %s", who, files,
             mask & SANDBOX_NETWORK ? "no network" : "its network is open");
    return text;
}

int sandbox_enter(const sandbox_policy *p, char *why, size_t why_size)
{
    int mask = 0;
    /* A session of its own: no terminal to type into or write to, and a scheduling group of
     * its own (its niceness is nobody else's). */
    if (setsid() < 0 && getsid(0) != getpid()) return failed_at(why, why_size, "setsid");
    struct rlimit none = {0, 0};
    if (setrlimit(RLIMIT_CORE, &none) != 0)
        return failed_at(why, why_size, "setrlimit(RLIMIT_CORE)");
    if (geteuid() == 0) {
        if (setgroups(0, NULL) != 0 || setresgid(NOBODY, NOBODY, NOBODY) != 0 ||
            setresuid(NOBODY, NOBODY, NOBODY) != 0)
            return failed_at(why, why_size, "cannot become user 65534 (nobody)");
        if (p->limit_processes) {
            struct rlimit procs = {4096, 4096};
            setrlimit(RLIMIT_NPROC, &procs);
        }
        mask |= SANDBOX_USER;
    }
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return failed_at(why, why_size, "prctl(PR_SET_NO_NEW_PRIVS)");
    mask |= enter_seccomp() ? SANDBOX_NETWORK : 0;
    const long abi = landlock_abi();
    const int landlock = abi >= 1 ? enter_landlock(p, abi, why, why_size) : 0;
    return landlock < 0 ? -1 : mask | landlock;
}

#ifdef SANDBOX_MAIN
static int usage(FILE *to, const char *argv0, int status)
{
    fprintf(to,
            "usage: %s [--read PATH]... [--write PATH]... [--protect DIR] [--devices] -- COMMAND "
            "[ARG]...\n"
            "       %s --describe\n"
            "Runs COMMAND in the grader's sandbox (common/grade/sandbox.h): as user 65534 where "
            "run as\n"
            "root, and where the kernel has Landlock, reading only the system's folders and the\n"
            "--read and --write paths, writing only the --write paths.\n",
            argv0, argv0);
    return status;
}

int main(int argc, char **argv)
{
    sandbox_policy p = {0};
    int reads = 0, writes = 0, i = 1;
    if (argc == 2 && !strcmp(argv[1], "--describe"))
        return puts(sandbox_describe(sandbox_available())) < 0;
    for (; i < argc && strcmp(argv[i], "--"); i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return usage(stdout, argv[0], 0);
        if (!strcmp(argv[i], "--devices"))
            p.devices = 1;
        else if (i + 1 == argc)
            return usage(stderr, argv[0], 2);
        else if (!strcmp(argv[i], "--read") && reads < SANDBOX_MAX_PATHS)
            p.read[reads++] = argv[++i];
        else if (!strcmp(argv[i], "--write") && writes < SANDBOX_MAX_PATHS)
            p.write[writes++] = argv[++i];
        else if (!strcmp(argv[i], "--protect"))
            p.protect = argv[++i];
        else
            return usage(stderr, argv[0], 2);
    }
    if (i + 1 >= argc) return usage(stderr, argv[0], 2);
    char why[512];
    if (sandbox_enter(&p, why, sizeof why) < 0)
        return fprintf(stderr, "%s: %s\n", argv[0], why), 126;
    execvp(argv[i + 1], argv + i + 1);
    fprintf(stderr, "%s: cannot run %s: %s\n", argv[0], argv[i + 1], strerror(errno));
    return errno == ENOENT ? 127 : 126;
}
#endif
