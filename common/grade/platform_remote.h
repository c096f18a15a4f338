/* The grader's platform (common/grade/platform_remote.c): the test and benchmark code of a unit, linked
 * with this platform and with its variant table as the reference's runner prints it (runner
 * --proxy, common/grade/runner.c), runs every variant in another process, the runner that holds the
 * kernel being graded. The proxy table's functions call these; `variant` is the reference's index.
 *
 * The environment names the runners (common/grade/grade.sh sets it):
 *   SCAN_RUNNER            the runner whose variants run (the student's, or the reference's)
 *   SCAN_REFERENCE_RUNNER  the reference's runner: whether the variants can run here is its answer
 *   SCAN_SANDBOX=1         run SCAN_RUNNER in the sandbox (common/grade/sandbox.h)
 *   SCAN_PROTECT=DIR       the folder the sandbox keeps from the runner (the reference's tree) */
#ifndef PLATFORM_REMOTE_H
#define PLATFORM_REMOTE_H

#include <stddef.h>
#include <stdint.h>

#include "remote.h" /* REMOTE_ARGS */

#ifdef __cplusplus
extern "C" {
#endif

/* The run of variant `variant`: args are an application's app_args in their order (flags, heads,
 * keys, count, values, values_out), or NULL for a scan. Returns once the runner has launched it,
 * as a run does. */
void scan_remote_run(size_t variant, const uint32_t *in, uint32_t *out, size_t n,
                     const void *const args[REMOTE_ARGS], void *scratch);
size_t scan_remote_scratch_bytes(size_t variant, size_t n);
/* What this machine lacks to run the variant, as the reference's runner says, or NULL. */
const char *scan_remote_missing(size_t variant);

#ifdef __cplusplus
}
#endif

#endif /* PLATFORM_REMOTE_H */
