/* The grader's sandbox for a student's code: the compiler that builds it and the runner process
 * that runs it (common/grade/grade.sh, common/grade/device_remote.c). What it can do depends on the
 * machine:
 *   - as root, the process becomes an unprivileged user (uid and gid 65534, "nobody"), which
 *     cannot write the grader's files, signal or trace the grader, or read a tree that is not
 *     world-readable (the grader makes the reference's tree so);
 *   - where the kernel has Landlock (Linux 5.13 and later, with it enabled), the process, as any
 *     user, may read only the system's folders and the paths it is given, write only where it is
 *     given, and (Landlock ABI 6) signal no process outside the sandbox;
 *   - as a user other than root on a kernel without Landlock, nothing of the above: the grade says
 * so. In every case: a session of its own (no terminal; a scheduling group of its own), no new
 * privileges, no core files, a clean environment chosen by the caller, and (seccomp, on x86-64 and
 * aarch64) no network: no socket but a Unix one, no io_uring. */
#ifndef SANDBOX_H
#define SANDBOX_H

#include <stddef.h>

#define SANDBOX_MAX_PATHS 16

typedef struct sandbox_policy {
    /* Paths (files or folders) the process may read and execute, beside the system's folders
     * (/usr, /lib, /etc, /proc, /sys, /dev, ...); a system folder that holds `protect` is left
     * out of that list. */
    const char *read[SANDBOX_MAX_PATHS];
    /* Paths the process may write: files in them, and new files and folders. */
    const char *write[SANDBOX_MAX_PATHS];
    /* A folder the process must not read (the reference's tree). */
    const char *protect;
    /* Nonzero: /dev may be opened for writing and ioctl (a GPU's device files), and the
     * process's own /proc entries for writing (NVIDIA's driver writes there). */
    int devices;
    /* Nonzero: processes of the same user count against a limit of 4096 (with the user dropped). */
    int limit_processes;
} sandbox_policy;

/* What sandbox_enter achieved (a mask). */
#define SANDBOX_USER     1 /* the process runs as uid 65534 */
#define SANDBOX_LANDLOCK 2 /* Landlock restricts its files */
#define SANDBOX_SIGNALS  4 /* Landlock scopes its signals to the sandbox */
#define SANDBOX_NETWORK  8 /* seccomp refuses every socket but a Unix one */

/* Enters the sandbox: the calling process (about to exec) can never leave it. Returns the mask
 * above, or -1 with the reason in why when a step that was possible failed. */
int sandbox_enter(const sandbox_policy *policy, char *why, size_t why_size);
/* One line that says what sandbox_enter would achieve here (mask), for the grade's output. */
const char *sandbox_describe(int mask);
/* What sandbox_enter would achieve in this process, without entering it. */
int sandbox_available(void);

#endif /* SANDBOX_H */
