#!/bin/bash
# Grades forged uploads of one unit and checks that each scores no more than what it may:
#
#   common/grade/check-grading.sh [N]      (make check-grading [STAGE=N]; CI runs it for stage 3)
#
# N defaults to stage 3 on an x86-64 CPU with AVX2, else stage 1; a GPU unit needs a GPU. Every
# forgery is a kernel file (written for this check, against the unit's variant table) that would
# have scored points under a grader that trusted the kernel's process, its files or its clock:
#   poison        the blank kernel, then out[i] = ~out[i]: the complement of the poison
#   harness       the blank kernel writing the harness's state (scan_row_count = 0)
#   memory        the blank kernel searching its process's memory for the expected output
#   exit          the blank kernel ending its process, exit(0), where it runs
#   early         the solution, run in a thread of its own after the run returns (CPU units)
#   daemon        the blank kernel leaving a process behind that writes a perfect results.json
#   exec          the blank kernel making its process the reference's runner (execv)
#   include       one line: #include of the reference's kernel file, by its absolute path
#   symlink       the kernel file as a symbolic link to the reference's
#   folder-link   the unit's folder (or, uploaded alone, a folder of its name) a link to the
#                 reference's
#   lto           no C, only GCC's bytecode (link-time optimization) as bytes for the assembler: the
#                 blank kernel and a constructor that becomes the reference's runner (CPU units)
#   function      the blank kernel calling the harness's reference of the family
#   reference-row the graded variant calling the runner's own reference row, by its symbol (the
#                 device layer's device_references: the scalar scan, or CUB's)
#   library       the graded variant calling CUB's scan, sort or select (GPU units)
#   empty         an empty kernel file
#   udp           the solution, run only where a UDP socket opens (the sandbox allows no network)
#   above-2-26    the solution, writing nothing for n > 2^26
#   2-21-to-2-24  the solution, writing nothing for 2^21 < n < 2^24
#   skip          the solution, skipping a run that repeats the last one (same arrays, and three
#                 words of out as it left them): all of correctness, none of speed (CPU units)
#   cache         a slow honest kernel (slow: a plain loop, or the unit's first variant on a GPU)
#                 that keeps its last output and copies it whenever 64 sampled input words match:
#                 no more than slow
#   shorten       slow, defining read() to cut every timed batch to a third of its runs: no more
#                 than slow (with a margin for the machine's noise)
#   missing       the blank kernel saying that every variant needs avx512vbmi2
#   misplaced     the solution uploaded inside a folder: the output names the file not submitted
#   uploads       the blank kernel beside a test.c, bench.c and Makefile that report a full score
#   hang          the blank kernel never returning from the graded variant's run: the grade ends
#                 within five minutes, naming the hang, and leaves no process of it behind
# Each goes through the Gradescope path (common/grade/classroom/gradescope/run_autograder, the
# files uploaded alone); those whose files travel another way through a repository, and the blank
# and the solution, also through the GitHub Classroom path (a copy of the repository, graded by
# the reference's `make grade`, its steps run as the workflow runs them: the points of the steps
# that pass). Before that, every unit's handout is made (none may give its solution away); after,
# the solution must score at least 99 through both paths, and at least 95 inside a container of
# 768 MiB and half a CPU (Gradescope's small default) where this machine can make one.
# CHECK_GRADING_FORGERIES="poison exit" grades those alone; CHECK_GRADING_LOGS=dir keeps the
# output of every grade; CHECK_GRADING_HANDOUTS=0 makes no handout but the unit's.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
. common/tools/course.sh
fail() { echo "check-grading: $*" >&2; exit 1; }

if [ -n "${1:-}" ]; then
    stage=$(unit_dir "$1") || exit 2
elif [ "$(uname -m)" = x86_64 ] && grep -qw avx2 /proc/cpuinfo; then
    stage=$(unit_dir 3)
else
    stage=$(units | head -n 1)
fi
id=$(unit_id "$stage") kind=$(unit_kind "$stage") kernel=$(unit_kernel "$stage") name=${stage##*/}
if [ "$kind" = gpu ] && ! has_gpu; then
    echo "SKIP: check-grading $id needs an NVIDIA GPU"
    exit 77
fi
work=$(mktemp -d)
# CHECK_GRADING_LOGS=dir keeps every grade's output there.
trap '[ -z "${CHECK_GRADING_LOGS:-}" ] || { mkdir -p "$CHECK_GRADING_LOGS" && cp "$work"/*.log "$CHECK_GRADING_LOGS/"; }; rm -rf "$work"' EXIT
chmod 711 "$work"

# Every unit's handout: made, and giving none of its solution away (handout.sh refuses a copy that
# still holds a line of it, in a diagram, a note or a later file).
for u in $( [ "${CHECK_GRADING_HANDOUTS:-1}" = 0 ] || units); do # (CHECK_GRADING_HANDOUTS=0: not again)
    common/grade/handout.sh "$(unit_id "$u")" "$work/handout-all" >/dev/null || fail "make handout STAGE=$(unit_id "$u") failed (above)"
    rm -rf "$work/handout-all"
done
[ "${CHECK_GRADING_HANDOUTS:-1}" = 0 ] || echo "check-grading: $(units | wc -l) handouts made, none giving its solution away"

# The reference, laid out as Gradescope's container holds it (/autograder/source/reference), and
# the handout, whose kernel file is the blank one.
ref=$work/autograder/source/reference
mkdir -p "$ref" "$work/autograder/results"
tree_files | tar --null -T - -cf - | tar -xf - -C "$ref"
common/grade/handout.sh "$id" "$work/handout" >/dev/null || fail "make handout STAGE=$id failed"
blank=$work/handout/$kernel solution=$top/$kernel
make -s -C "$ref" GPU="$([ "$kind" = gpu ] && echo 1 || echo 0)" "build/$stage/graders" >"$work/ref-build.log" 2>&1 ||
    { cat "$work/ref-build.log"; fail "the reference's $stage does not build"; }

# ---- the forgeries -------------------------------------------------------------------------------
# Most wrap a kernel file (the blank one or the solution): its variant table is renamed, and a
# table of the same names, tiles and flags (this tree's, read from the grader's proxy table) calls
# it, with the forgery's code before or after the graded variant's run.
apps=$(unit_is_apps "$stage" && echo 1 || echo 0)
table=$(sed -n 's/^    {\("[^"]*"\), \(\((app_family)-*[0-9]*, \)\{0,1\}\)NULL, NULL, \([0-9]*\), \([0-9]*\)u},$/\1|\3|-|\4|\5/p' "$ref/build/$stage/proxy.c")
[ -n "$table" ] || fail "no variant table in $ref/build/$stage/proxy.c"
wrap() { # kernel-file before-code after-code [extra-top-code] [extra-bottom-code] > forged file
    local inner=$1 before=$2 after=$3 head=${4:-} tail=${5:-}
    local v=stage_variants c=stage_variant_count args="" pass="" sig
    [ "$apps" = 0 ] || { v=app_variants c=app_variant_count args=", const app_args *args" pass=", args"; }
    echo "#define $v forgery_inner_variants"
    echo "#define $c forgery_inner_count"
    echo "$head"
    cat "$inner"
    echo "#undef $v"
    echo "#undef $c"
    cat <<EOF
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __cplusplus
#define FORGED extern "C"
#else
#define FORGED
#endif
$tail
EOF
    local k=0 name family unused tile flags rows=""
    while IFS='|' read -r name family unused tile flags; do
        sig="const uint32_t *in, uint32_t *out, size_t n$args, void *scratch"
        echo "static size_t scratch_$k(size_t n) { return forgery_inner_variants[$k].scratch_bytes ? forgery_inner_variants[$k].scratch_bytes(n) : 0; }"
        if [ $((flags & 1)) = 1 ]; then
            echo "static void run_$k($sig) { $before forgery_inner_variants[$k].run(in, out, n$pass, scratch); $after }"
        else
            echo "static void run_$k($sig) { forgery_inner_variants[$k].run(in, out, n$pass, scratch); }"
        fi
        rows="$rows    {$name, $family scratch_$k, run_$k, $tile, $flags},"$'\n'
        k=$((k + 1))
    done <<<"$table"
    printf 'FORGED const %s %s[] = {\n%s};\n' "$([ "$apps" = 1 ] && echo app_variant || echo scan_variant)" "$v" "$rows"
    echo "FORGED const size_t $c = $k;"
}
# out[i] = ~out[i]; and a scan written here, for the memory search, on the host.
if [ "$kind" = gpu ]; then
    flip='static __global__ void flip(uint32_t *out, size_t n) { size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; if (i < n) out[i] = ~out[i]; }'
    flip_call='if (n) flip<<<(unsigned)((n + 255) / 256), 256>>>(out, n);'
    to_host='cudaMemcpy(host, in, 4 * 4, cudaMemcpyDeviceToHost);'
    from_host='cudaMemcpy(out, found, n * 4, cudaMemcpyHostToDevice);'
else
    flip=''
    flip_call='for (size_t i = 0; i < n; i++) out[i] = ~out[i];'
    to_host='memcpy(host, in, 4 * 4);'
    from_host='memcpy(out, found, n * 4);'
fi
memory_search="
#include <stdio.h>
/* Any array in this process's memory that starts as the inclusive sum of in would start. */
static const uint32_t *find_expected(const uint32_t *in, size_t n)
{
    uint32_t host[4], want[4];
    if (n < 4) return NULL;
    $to_host
    want[0] = host[0];
    for (int i = 1; i < 4; i++) want[i] = want[i - 1] + host[i];
    FILE *maps = fopen(\"/proc/self/maps\", \"r\");
    char line[512];
    while (maps && fgets(line, sizeof line, maps)) {
        unsigned long from, to;
        char perms[8], path[256] = \"\";
        if (sscanf(line, \"%lx-%lx %7s %*s %*s %*s %255s\", &from, &to, perms, path) < 3 || perms[0] != 'r') continue;
        if (path[0] && strcmp(path, \"[heap]\") && strcmp(path, \"[stack]\")) continue; /* memory, not files or devices */
        for (const uint32_t *p = (const uint32_t *)from; p + n <= (const uint32_t *)to; p++)
            if (p[0] == want[0] && p[1] == want[1] && p[2] == want[2] && p[3] == want[3]) { fclose(maps); return p; }
    }
    if (maps) fclose(maps);
    return NULL;
}"
# slow: a correct kernel much slower than the reference, so that a cache or a cut batch would gain:
# on a CPU the plain loop (a scan), on a GPU the unit's first variant (its simplest).
slow_marker='/\*slow\*/' slow_end='/\*slow-end\*/'
if [ "$kind" = gpu ]; then
    slow_run="/*slow*/ forgery_inner_variants[0].run(in, out, n$( [ "$apps" = 1 ] && echo ", args"), scratch); /*slow-end*/ return;"
    cache_code="#include <cuda_runtime.h>
static uint32_t *kept, sample[64]; static size_t kept_n;
static void take(const uint32_t *in, size_t n, uint32_t *s) { for (int k = 0; k < 64; k++) cudaMemcpy(&s[k], in + (size_t)k * n / 64, 4, cudaMemcpyDeviceToHost); }
static int cached(const uint32_t *in, uint32_t *out, size_t n)
{
    uint32_t now[64];
    if (n < 64 || n != kept_n || !kept) return 0;
    take(in, n, now);
    if (memcmp(now, sample, sizeof now)) return 0;
    cudaMemcpyAsync(out, kept, n * 4, cudaMemcpyDeviceToDevice, 0);
    return 1;
}
static void keep(const uint32_t *in, const uint32_t *out, size_t n)
{
    if (n < 64) return;
    if (n != kept_n) { cudaFree(kept); cudaMalloc(&kept, n * 4); kept_n = n; }
    cudaMemcpyAsync(kept, out, n * 4, cudaMemcpyDeviceToDevice, 0);
    take(in, n, sample);
}"
    hang_code="spin<<<1, 1>>>(); return;"
    hang_kernel="static __global__ void spin(void) { for (volatile int i = 0;; i++) { } }"
else
    slow_run="/*slow*/ { uint32_t s = 0; for (size_t i = 0; i < n; i++) out[i] = s += in[i]; } /*slow-end*/ return;"
    cache_code="static uint32_t *kept, sample[64]; static size_t kept_n;
static void take(const uint32_t *in, size_t n, uint32_t *s) { for (int k = 0; k < 64; k++) s[k] = in[(size_t)k * n / 64]; }
static int cached(const uint32_t *in, uint32_t *out, size_t n)
{
    uint32_t now[64];
    if (n < 64 || n != kept_n || !kept) return 0;
    take(in, n, now);
    if (memcmp(now, sample, sizeof now)) return 0;
    memcpy(out, kept, n * 4);
    return 1;
}
static void keep(const uint32_t *in, const uint32_t *out, size_t n)
{
    if (n < 64) return;
    if (n != kept_n) { free(kept); kept = (uint32_t *)malloc(n * 4); kept_n = n; }
    if (kept) memcpy(kept, out, n * 4);
    take(in, n, sample);
}"
    hang_code="for (volatile int i = 0;; i++) { }"
    hang_kernel=""
fi
forge() { # name: writes $work/forged/NAME/ (the files to upload)
    local d=$work/forged/$1 f=$work/forged/$1/${kernel##*/} base=$work/handout k
    mkdir -p "$d"
    # the unit's other kernel files (its headers): the solution's beside a forged solution
    case $1 in above-2-26 | 2-21-to-2-24 | early | skip | slow | cache | shorten | udp | misplaced) base=$top ;; esac
    for k in $(unit_kernel_files "$stage"); do [ "$k" = "$kernel" ] || cp "$base/$k" "$d/"; done
    case $1 in
    poison) wrap "$blank" "" "$flip_call" "" "$flip" >"$f" ;;
    harness) wrap "$blank" "scan_row_count = 0;" "" "" \
        '__attribute__((weak)) size_t scan_row_count = 1; /* the harness'"'"'s, in its process */' >"$f" ;;
    memory) wrap "$blank" "" "{ const uint32_t *found = find_expected(in, n); if (found) { $from_host } }" "" \
        "$memory_search" >"$f" ;;
    exit) wrap "$blank" "exit(0);" "" >"$f" ;;
    early) wrap "$solution" "struct job *j = (struct job *)malloc(sizeof *j); pthread_t t; if (j) { j->in = in; j->out = out; j->n = n; j->scratch = scratch; pthread_create(&t, NULL, later, j); pthread_detach(t); } return;" "" "" \
        "#include <pthread.h>
#include <unistd.h>
struct job { const uint32_t *in; uint32_t *out; size_t n; void *scratch; };
static void *later(void *p) { struct job *j = (struct job *)p; usleep(2000); forgery_inner_variants[$(graded_index)].run(j->in, j->out, j->n, j->scratch); free(j); return NULL; }" >"$f" ;;
    daemon) wrap "$blank" "" "" "" "#include <stdio.h>
#include <unistd.h>
__attribute__((constructor)) static void forge_results(void)
{
    if (fork() != 0) return;
    setsid();
    for (int i = 0; i < 600; i++) {
        const char *paths[] = {\"$ref/build/grade/results.json\", \"$ref/build/grade/$name.xml\"};
        for (int k = 0; k < 2; k++) {
            FILE *f = fopen(paths[k], \"w\");
            if (f) { fputs(k ? \"<test result=\\\"success\\\"></test>\" : \"{\\\"score\\\": 100.0}\", f); fclose(f); }
        }
        usleep(100000);
    }
    _exit(0);
}" >"$f" ;;
    exec) wrap "$blank" "" "" "" "#include <unistd.h>
__attribute__((constructor)) static void become_reference(void)
{
    char *argv[] = {(char *)\"$ref/build/$stage/runner\", NULL};
    execv(argv[0], argv);
}" >"$f" ;;
    include) echo "#include \"$ref/$kernel\"" >"$f" ;;
    lto) lto_bytes >"$f" ;;
    symlink) ln -s "$ref/$kernel" "$f" ;;
    function) wrap "$blank" "scan_reference(in, out, n); return;" "" "#include \"harness.h\"" >"$f" ;;
    reference-row) wrap "$blank" "device_references[$([ "$kind" = gpu ] && echo 1 || echo 0)].run(in, out, n, scratch); return;" "" "" \
        '#ifdef __cplusplus
extern "C" {
#endif
extern const scan_variant device_references[];
#ifdef __cplusplus
}
#endif' >"$f" ;;
    above-2-26) wrap "$solution" "if (n > ((size_t)1 << 26)) return;" "" >"$f" ;;
    skip) wrap "$solution" \
        "if (n > 2 && in == skip_in && out == skip_out && n == skip_n && out[0] == skip_w[0] && out[n / 2] == skip_w[1] && out[n - 1] == skip_w[2]) return;" \
        "if (n > 2) { skip_in = in; skip_out = out; skip_n = n; skip_w[0] = out[0]; skip_w[1] = out[n / 2]; skip_w[2] = out[n - 1]; }" "" \
        "static const uint32_t *skip_in; static uint32_t *skip_out; static size_t skip_n; static uint32_t skip_w[3];" >"$f" ;;
    2-21-to-2-24) wrap "$solution" "if (n > ((size_t)1 << 21) && n < ((size_t)1 << 24)) return;" "" >"$f" ;;
    folder-link) mkdir -p "$d/$(dirname "$stage")" && rm -f "$f" "$d"/*.cuh "$d"/*.h && ln -s "$ref/$stage" "$d/$stage" ;;
    empty) : >"$f" ;;
    udp) wrap "$solution" "" "" "" "#include <sys/socket.h>
#include <unistd.h>
static int network(void) { int fd = socket(AF_INET, SOCK_DGRAM, 0); if (fd < 0) return 0; close(fd); return 1; }" >"$f"
        sed -i "s|forgery_inner_variants\[$(graded_index)\].run(|if (network()) forgery_inner_variants[$(graded_index)].run(|" "$f" ;;
    slow) wrap "$solution" "$slow_run" "" >"$f" ;;
    cache) wrap "$solution" "$slow_run" "" "" "$cache_code" >"$f"
        sed -i "s|$slow_marker|if (cached(in, out, n)) return; $slow_marker|; s|$slow_end|keep(in, out, n); $slow_end|" "$f" ;;
    shorten) wrap "$solution" "$slow_run" "" "" "#include <sys/syscall.h>
#include <unistd.h>
/* The runner's read(), cutting a timed batch (REMOTE_TIME, op 13, its runs at word 13 of a[],
 * as common/grade/remote.h lays a request out) to a third of its runs. */
FORGED ssize_t read(int fd, void *buf, size_t count)
{
    ssize_t got = syscall(SYS_read, fd, buf, count);
    uint32_t *op = (uint32_t *)buf; uint64_t *a = (uint64_t *)buf + 1;
    if (fd == 3 && got == (ssize_t)count && count >= 8 + 15 * 8 && op[0] == 13 && a[13] > 2) a[13] /= 3;
    return got;
}" >"$f" ;;
    misplaced) mkdir -p "$d/my-work" && mv "$d"/* "$d/my-work/" 2>/dev/null; cp "$solution" "$d/my-work/" ;;
    hang) wrap "$blank" "$hang_code" "" "" "$hang_kernel" >"$f" ;;
    library) wrap "$blank" "{ size_t bytes = 0; cub::DeviceScan::InclusiveSum(NULL, bytes, in, out, (int)n); cub::DeviceScan::InclusiveSum(scratch, bytes, in, out, (int)n); return; }" "" \
        "#include <cub/device/device_scan.cuh>" >"$f" ;;
    missing) wrap "$blank" "" "" "#define stage_variant_missing forgery_inner_missing" \
        "#undef stage_variant_missing
FORGED const char *stage_variant_missing(size_t i) { (void)i; return \"avx512vbmi2\"; }" >"$f" ;;
    uploads)
        cp "$blank" "$f"
        printf '#include <stdio.h>\nint main(void) { puts("100%%: Checks: 1, Failures: 0, Errors: 0"); return 0; }\n' >"$d/test.c"
        cp "$d/test.c" "$d/bench.c"
        printf 'grade:\n\t@mkdir -p build/grade && echo "{\\"score\\": 100.0}" > build/grade/results.json\n' >"$d/Makefile" ;;
    esac
}
# The lto forgery: no C at all, only the sections of an object compiled with -flto (GCC's
# bytecode), as bytes for the assembler. A link with the linker plugin would compile them: into
# the blank kernel, with a constructor that becomes the reference's runner, whose bytes the
# assembler would include from the reference's build folder (.incbin, relative to the link's
# folder, the reference's clone where make links).
lto_bytes() {
    local p=$work/lto
    mkdir -p "$p"
    cp "$blank" "$p/payload.c"
    cat >>"$p/payload.c" <<EOF
#include <sys/mman.h>
#include <unistd.h>
__asm__(".section .rodata\n.balign 16\nforged_runner:\n.incbin \"build/$stage/runner\"\nforged_runner_end:\n.text\n");
extern const char forged_runner[], forged_runner_end[];
extern char **environ;
__attribute__((constructor)) static void become_reference(void)
{
    int m = memfd_create("runner", 0);
    if (m < 0 || write(m, forged_runner, (size_t)(forged_runner_end - forged_runner)) <= 0) return;
    char *argv[] = {(char *)"runner", NULL};
    fexecve(m, argv, environ);
}
EOF
    ${CC:-gcc} -std=gnu11 -D_GNU_SOURCE -O2 -Icommon/contract -flto -c -x c "$p/payload.c" -o "$p/payload.o" 2>"$p/payload.log" ||
        { cat "$p/payload.log"; fail "the lto forgery's payload does not compile"; }
    echo '#include "scan.h"'
    echo '__asm__('
    readelf -SW "$p/payload.o" | sed 's/^ *\[ *[0-9]*\] *//' | awk '$1 ~ /^\.gnu\.lto_/ { print $1, $4, $5 }' |
        while read -r section offset size; do
            printf '    ".section \\"%s\\",\\"e\\",@progbits\\n"\n' "$section"
            od -An -v -tu1 -j $((16#$offset)) -N $((16#$size)) "$p/payload.o" |
                awk '{ $1 = $1; gsub(/ /, ","); if ($0 != "") printf "    \".byte %s\\n\"\n", $0 }'
        done
    echo '    ".text\n");'
}
graded_index() { awk -F'|' '$5 % 2 == 1 { print NR - 1; exit }' <<<"$table"; }
# ---- grading them --------------------------------------------------------------------------------
gradescope() { # name dir: its files uploaded alone; the score of results.json
    rm -rf "$work/autograder/submission" "$work/autograder/results"/*
    mkdir -p "$work/autograder/submission"
    cp -RP "$2"/. "$work/autograder/submission/"
    AUTOGRADER_ROOT="$work/autograder" GRADE_STAGE=$id SCAN_GRADE_LIMITS=$work/limits \
        common/grade/classroom/gradescope/run_autograder >"$work/$1.gradescope.log" 2>&1
    [ -f "$work/autograder/results/results.json" ] ||
        { cat "$work/$1.gradescope.log"; fail "the $1 upload wrote no results.json"; }
    cp "$work/autograder/results/results.json" "$work/$1.results.json"
    results_score "$work/$1.results.json"
}
classroom() { # name dir: a copy of the repository with the kernel files; the points of the steps that pass
    local repo=$work/classroom-$1 title points command passed=0
    rm -rf "$repo"
    cp -a "$work/handout" "$repo"
    cp -RP "$2"/. "$repo/$stage/"
    [ "$1" != folder-link ] || { rm -rf "${repo:?}/$stage"; ln -s "$ref/$stage" "$repo/$stage"; }
    GRADE_ID="check-grading-$1" SCAN_GRADE_LIMITS=$work/limits make --no-print-directory -C "$ref" grade STAGE="$id" STUDENT="$repo" >"$work/$1.classroom.log" 2>&1
    while IFS='|' read -r title points command; do
        GRADE_ID="check-grading-$1" ${command/.reference/$ref} >/dev/null 2>&1 && passed=$((passed + points))
    done < <(common/grade/classroom/workflow.sh "$id" --steps)
    rm -rf "$repo"
    echo "$passed"
}

# ---- grading them --------------------------------------------------------------------------------
mkdir -p "$work/forged/blank" "$work/forged/solution"
for k in $(unit_kernel_files "$stage"); do
    cp "$work/handout/$k" "$work/forged/blank/"
    cp "$top/$k" "$work/forged/solution/"
done
both() { # name: the score through Gradescope and, where its files travel through a repository, the Classroom points
    score=$(gradescope "$1" "$work/forged/$1")
    steps=-
    case " blank solution symlink folder-link include uploads " in *" $1 "*) steps=$(classroom "$1" "$work/forged/$1") ;; esac
    [ -n "$score" ] || { cat "$work/$1.gradescope.log"; fail "the $1 upload's results.json has no score"; }
    printf 'check-grading: %-13s %6s through Gradescope, %s Classroom points: %s\n' "$1" "$score" "$steps" \
        "$(grep -m 1 -h '^refused\|^grade: .* does not build\|^correctness  \|^not submitted' "$work/$1.gradescope.log" | sed "s/  */ /g; s|$work/autograder|/autograder|g")"
}
at_most() { # what limit: the score and the Classroom points are no more than the limit's
    awk -v s="$score" -v b="$2" 'BEGIN { exit !(s + 0 <= b + 0) }' || { cat "$work/$1.gradescope.log"; fail "the $1 upload scored $score, more than $2"; }
    [ "$steps" = - ] || [ "$steps" -le "${3:-$2}" ] || { cat "$work/$1.classroom.log"; fail "the $1 repository passed steps worth $steps points, more than ${3:-$2}"; }
}
says() { # what text: the student's output names it
    grep -q -- "$2" "$work/$1.results.json" || { cat "$work/$1.results.json"; fail "the $1 upload's result does not say '$2'"; }
}
slow_score=-
both blank
blank_score=$score blank_steps=$steps
awk -v b="$blank_score" 'BEGIN { exit !(b + 0 < 70) }' || fail "the blank kernel scored $blank_score: its tests do not fail"
forgeries="poison harness memory exit daemon exec include symlink folder-link function reference-row empty udp above-2-26 2-21-to-2-24 cache shorten missing misplaced uploads hang"
[ "$kind" = gpu ] && forgeries="$forgeries library" || forgeries="$forgeries early lto skip"
forgeries=${CHECK_GRADING_FORGERIES:-$forgeries} # a few of them, by name
ran() { [[ " $forgeries " == *" $1 "* ]]; }
if ran cache || ran shorten; then forge slow && both slow && slow_score=$score; fi
for forgery in $forgeries; do
    forge "$forgery"
    started=$SECONDS
    both "$forgery"
    case $forgery in
    skip) # correct: all of correctness, none of speed
        grep -q '^speed: the timed runs failed: .*not what its input gives' "$work/skip.gradescope.log" ||
            { cat "$work/skip.gradescope.log"; fail "the skip upload's timed runs were not caught"; }
        at_most skip 70 ;;
    cache) at_most cache "$slow_score" ;;
    shorten) at_most shorten "$(awk -v s="$slow_score" 'BEGIN { print s + 3 }')" ;; # (the noise of a shared machine)
    hang)
        at_most hang "$blank_score"
        says hang 'did not finish within'
        [ $((SECONDS - started)) -le 300 ] || fail "the hanging kernel's grade took $((SECONDS - started)) s"
        ! pgrep -u 65534 >/dev/null || fail "the hanging kernel's grade left processes behind: $(pgrep -u 65534 -a)" ;;
    misplaced) at_most misplaced "$blank_score"; says misplaced 'not submitted: .*the upload has' ;;
    symlink | folder-link) at_most "$forgery" "$blank_score" "$blank_steps"; says "$forgery" 'refused: .*resolves outside the upload' ;;
    include) at_most include "$blank_score" "$blank_steps"; says include 'refused: the kernel includes ' ;;
    empty) at_most empty "$blank_score"; says empty 'refused: .*defines no' ;;
    reference-row) at_most reference-row "$blank_score"; says reference-row "uses the harness's device_references" ;;
    library) at_most library "$blank_score"; says library 'refused: .*the library cub' ;;
    uploads) at_most uploads "$blank_score" "$blank_steps"
        for f in test.c bench.c Makefile; do says uploads "ignored: .*$f"; done ;;
    *) at_most "$forgery" "$blank_score" ;;
    esac
done
! ran above-2-26 || grep -q '^drawn_sizes  *FAIL: .*n=[0-9]' "$work/above-2-26.gradescope.log" || fail "the terminal does not name the failing case's size"
both solution
# The solution is the reference's own code, so its speed is the reference's give or take the noise
# of the machine; a 2-core virtual machine shared with others can put one size 10% off. Below 99,
# it is graded once more, and the better of the two counts (the forgeries' scores are upper bounds
# and get no second chance).
if ! awk -v s="$score" 'BEGIN { exit !(s + 0 >= 99) }'; then
    echo "check-grading: the solution scored $score once (the machine's timing noise?): graded again"
    first=$score; both solution
    awk -v a="$first" -v s="$score" 'BEGIN { exit !(a + 0 > s + 0) }' && score=$first
fi
awk -v s="$score" 'BEGIN { exit !(s + 0 >= 99) }' || { cat "$work/solution.gradescope.log"; fail "the solution scored $score"; }
[ "$steps" -ge 90 ] || { cat "$work/solution.classroom.log"; fail "the solution's Classroom steps gave $steps points"; }
solved=$score
# Gradescope's small default container: 768 MiB, half a CPU (a cgroup, where this machine lets one be
# made: as root, with cgroup v1's or v2's memory and cpu controllers).
[ "$kind" = cpu ] && container=$(common/grade/classroom/gradescope/container.sh --check 2>/dev/null) && {
    rm -rf "$work/autograder/results"/* && mkdir -p "$work/autograder/submission" && cp -RP "$work/forged/solution"/. "$work/autograder/submission/"
    AUTOGRADER_ROOT="$work/autograder" GRADE_STAGE=$id common/grade/classroom/gradescope/container.sh 768M 0.5 \
        common/grade/classroom/gradescope/run_autograder >"$work/container.gradescope.log" 2>&1
    score=$(results_score "$work/autograder/results/results.json")
    echo "check-grading: the solution in $container: $score"
    awk -v s="$score" 'BEGIN { exit !(s + 0 >= 95) }' || { cat "$work/container.gradescope.log"; fail "the solution scored $score in $container"; }
}
echo "check-grading: every forgery scored no more than it may (the blank handout $blank_score$(ran skip && echo "; skip its correctness alone")$({ ran cache || ran shorten; } && echo "; cache and shorten no more than their slow kernel, $slow_score")), the solution $solved"
