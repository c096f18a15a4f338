#!/bin/bash
# Grades forged uploads of one unit and checks that each scores no more than the blank handout
# (skip, a correct kernel that cheats the clock: no more than its correctness):
#
#   common/grade/check-grading.sh [N]      (make check-grading [STAGE=N]; CI runs it for stage 3)
#
# N defaults to stage 3 on an x86-64 CPU with AVX2, else stage 1; a GPU unit needs a GPU. Every
# forgery is a kernel file that would have scored points under a grader that ran the kernel in
# its own process (written for this check, against the unit's variant table):
#   poison        the blank kernel, then out[i] = ~out[i]: the complement of the poison
#   harness       the blank kernel writing the harness's state (scan_row_count = 0)
#   memory        the blank kernel searching its process's memory for the expected output
#   exit          the blank kernel ending its process, exit(0), where it runs
#   early         the solution, run in a thread of its own after the run returns (CPU units)
#   daemon        the blank kernel leaving a process behind that writes a perfect results.json
#   exec          the blank kernel making its process the reference's runner (execv)
#   include       one line: #include of the reference's kernel file, by its absolute path
#   symlink       the kernel file as a symbolic link to the reference's
#   lto           no C, only GCC's bytecode (link-time optimization) as bytes for the assembler: the
#                 blank kernel and a constructor that becomes the reference's runner, read at link
#                 time (CPU units)
#   function      the blank kernel calling the harness's reference scan, scan_reference
#   above-2-26    the solution, writing nothing for n > 2^26
#   2-21-to-2-24  the solution, writing nothing for 2^21 < n < 2^24
#   skip          the solution, skipping a run that repeats the last one (same arrays, and three
#                 words of out as it left them): all of correctness, none of speed (CPU units)
#   skip-values   the solution, then, in a run that repeats the last one (same arrays, and three
#                 words of values_out as it left them), values_out overwritten, as a run that
#                 skipped moving the values would leave it: all of correctness, none of speed
#                 (units whose graded variant sorts key-value pairs)
#   missing       the blank kernel saying that every variant needs avx512vbmi2
#   uploads       the blank kernel beside a test.c, bench.c and Makefile that report a full score
# Each goes through the Gradescope path (common/grade/classroom/gradescope/run_autograder, the files
# uploaded alone) and the GitHub Classroom path (a copy of the repository, graded by the
# reference's `make grade`, its score read by at-least.sh as the workflow's ten steps do). Before
# that, every unit's handout is made (none may give its solution away); after, the solution must
# score at least 99 through both paths. CHECK_GRADING_FORGERIES="poison exit" grades those alone;
# CHECK_GRADING_LOGS=dir keeps the output of every grade.
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
if [ "$kind" = gpu ] && ! nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
    echo "SKIP: check-grading $id needs an NVIDIA GPU"
    exit 77
fi
work=$(mktemp -d)
# CHECK_GRADING_LOGS=dir keeps every grade's output there.
trap '[ -z "${CHECK_GRADING_LOGS:-}" ] || { mkdir -p "$CHECK_GRADING_LOGS" && cp "$work"/*.log "$CHECK_GRADING_LOGS/"; }; rm -rf "$work"' EXIT
chmod 711 "$work"

# Every unit's handout: made, and giving none of its solution away (handout.sh refuses a copy that
# still holds a line of it, in a diagram, a note or a later file).
for u in $(units); do
    common/grade/handout.sh "$(unit_id "$u")" "$work/handout-all" >/dev/null || fail "make handout STAGE=$(unit_id "$u") failed (above)"
    rm -rf "$work/handout-all"
done
echo "check-grading: $(units | wc -l) handouts made, none giving its solution away"

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
table=$(sed -n 's/^    {\("[^"]*"\), \(\((app_family)-*[0-9]*, \)\{0,1\}\)scratch_\([0-9]*\), run_[0-9]*, \([0-9]*\), \([0-9]*\)u},$/\1|\3|\4|\5|\6/p' "$ref/build/$stage/proxy.c")
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
    local k=0 name family scratch tile flags rows=""
    while IFS='|' read -r name family scratch tile flags; do
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
# Three words of values_out (n > 2), which the skip-values forgery compares with what it left.
if [ "$kind" = gpu ]; then
    peek_values='cudaMemcpy(&w[0], p, 4, cudaMemcpyDeviceToHost); cudaMemcpy(&w[1], p + n / 2, 4, cudaMemcpyDeviceToHost); cudaMemcpy(&w[2], p + n - 1, 4, cudaMemcpyDeviceToHost);'
else
    peek_values='w[0] = p[0]; w[1] = p[n / 2]; w[2] = p[n - 1];'
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
forge() { # name: writes $work/forged/NAME/ (the files to upload)
    local d=$work/forged/$1 f=$work/forged/$1/${kernel##*/} base=$work/handout k
    mkdir -p "$d"
    # the unit's other kernel files (its headers): the solution's beside a forged solution
    case $1 in above-2-26 | 2-21-to-2-24 | early | skip | skip-values) base=$top ;; esac
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
    above-2-26) wrap "$solution" "if (n > ((size_t)1 << 26)) return;" "" >"$f" ;;
    skip) wrap "$solution" \
        "if (n > 2 && in == skip_in && out == skip_out && n == skip_n && out[0] == skip_w[0] && out[n / 2] == skip_w[1] && out[n - 1] == skip_w[2]) return;" \
        "if (n > 2) { skip_in = in; skip_out = out; skip_n = n; skip_w[0] = out[0]; skip_w[1] = out[n / 2]; skip_w[2] = out[n - 1]; }" "" \
        "static const uint32_t *skip_in; static uint32_t *skip_out; static size_t skip_n; static uint32_t skip_w[3];" >"$f" ;;
    2-21-to-2-24) wrap "$solution" "if (n > ((size_t)1 << 21) && n < ((size_t)1 << 24)) return;" "" >"$f" ;;
    skip-values) wrap "$solution" \
        "uint32_t w[3] = {0}; if (n > 2) peek(w, args->values_out, n); const int repeat = n > 2 && in == skip_in && out == skip_out && args->values_out == skip_values_out && n == skip_n && !memcmp(w, skip_w, sizeof w);" \
        "if (repeat) { ${flip_call//out/args->values_out} } if (n > 2) { skip_in = in; skip_out = out; skip_values_out = args->values_out; skip_n = n; peek(skip_w, args->values_out, n); }" "" \
        "$flip
static void peek(uint32_t w[3], const uint32_t *p, size_t n) { $peek_values }
static const uint32_t *skip_in; static uint32_t *skip_out, *skip_values_out; static size_t skip_n; static uint32_t skip_w[3];" >"$f" ;;
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
    ${CC:-gcc} -std=gnu11 -D_GNU_SOURCE -O2 -Icommon -flto -c -x c "$p/payload.c" -o "$p/payload.o" 2>"$p/payload.log" ||
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
# The graded variant's family, a number (an application's; nothing for a scan), and sort-pairs'
# number, counted in common/contract/apps.h's enum.
graded_family() { awk -F'|' '$5 % 2 == 1 { gsub(/[^0-9]/, "", $2); print $2; exit }' <<<"$table"; }
sort_pairs=$(awk '/^typedef enum app_family/ { on = 1; next } on && /^}/ { exit }
    on && /^ *APP_[A-Z_]*,/ { if ($1 == "APP_SORT_PAIRS,") print k; k++ }' common/contract/apps.h)

# ---- grading them --------------------------------------------------------------------------------
gradescope() { # name dir: its files uploaded alone; the score of results.json
    rm -rf "$work/autograder/submission" "$work/autograder/results"/*
    mkdir -p "$work/autograder/submission"
    cp -P "$2"/* "$work/autograder/submission/"
    AUTOGRADER_ROOT="$work/autograder" GRADE_STAGE=$id \
        common/grade/classroom/gradescope/run_autograder >"$work/$1.gradescope.log" 2>&1
    [ -f "$work/autograder/results/results.json" ] ||
        { cat "$work/$1.gradescope.log"; fail "the $1 upload wrote no results.json"; }
    results_score "$work/autograder/results/results.json"
}
classroom() { # name dir: a copy of the repository with the kernel files; the steps at-least.sh passed
    local repo=$work/classroom-$1 t passed=0
    rm -rf "$repo"
    cp -a "$work/handout" "$repo"
    cp -P "$2"/* "$repo/$stage/"
    GRADE_ID="check-grading-$1" make --no-print-directory -C "$ref" grade STAGE="$id" STUDENT="$repo" >"$work/$1.classroom.log" 2>&1
    for t in 5 15 25 35 45 55 65 75 85 95; do
        GRADE_ID="check-grading-$1" "$ref/common/grade/classroom/at-least.sh" $t >/dev/null 2>&1 && passed=$((passed + 1))
    done
    rm -rf "$repo"
    echo "$passed"
}

mkdir -p "$work/forged/blank" "$work/forged/solution"
for k in $(unit_kernel_files "$stage"); do
    cp "$work/handout/$k" "$work/forged/blank/"
    cp "$top/$k" "$work/forged/solution/"
done
blank_score=$(gradescope blank "$work/forged/blank")
blank_steps=$(classroom blank "$work/forged/blank")
awk -v b="$blank_score" 'BEGIN { exit !(b + 0 < 70) }' || fail "the blank kernel scored $blank_score: its tests do not fail"
echo "check-grading: $stage, the blank handout: $blank_score through Gradescope, $blank_steps of 10 Classroom steps"
forgeries="poison harness memory exit daemon exec include symlink function above-2-26 2-21-to-2-24 missing uploads"
[ "$kind" = gpu ] || forgeries="$forgeries early lto skip"
[ "$apps" = 0 ] || [ "$(graded_family)" != "$sort_pairs" ] || forgeries="$forgeries skip-values"
forgeries=${CHECK_GRADING_FORGERIES:-$forgeries} # a few of them, by name
for forgery in $forgeries; do
    forge "$forgery"
    score=$(gradescope "$forgery" "$work/forged/$forgery")
    steps=$(classroom "$forgery" "$work/forged/$forgery")
    printf 'check-grading: %-13s %6s through Gradescope, %s of 10 Classroom steps: %s\n' "$forgery" "$score" "$steps" \
        "$(grep -m 1 -h '^refused\|^grade: .* does not build\|^correctness  ' "$work/$forgery.gradescope.log" |
            sed "s/  */ /g; s|$work/autograder|/autograder|g")"
    [ -n "$score" ] || { cat "$work/$forgery.gradescope.log"; fail "the $forgery upload's results.json has no score"; }
    if [ "$forgery" = skip ] || [ "$forgery" = skip-values ]; then # correct: all of correctness, none of speed
        caught='^speed: the timed runs failed: .*skipped its work'
        [ "$forgery" = skip ] || caught='^speed: the timed runs failed: .*values_out .*skipped its work'
        grep -q "$caught" "$work/$forgery.gradescope.log" &&
            awk -v s="$score" 'BEGIN { exit !(s + 0 == 70) }' ||
            { cat "$work/$forgery.gradescope.log"; fail "the $forgery upload scored $score, not 70 without speed"; }
        continue
    fi
    awk -v s="$score" -v b="$blank_score" 'BEGIN { exit !(s + 0 <= b + 0) }' ||
        { cat "$work/$forgery.gradescope.log"; fail "the $forgery upload scored $score, the blank kernel $blank_score"; }
    [ "$steps" -le "$blank_steps" ] ||
        { cat "$work/$forgery.classroom.log"; fail "the $forgery repository passed $steps Classroom steps, the blank $blank_steps"; }
done
ran() { [[ " $forgeries " == *" $1 "* ]]; }
for f in test.c bench.c Makefile; do
    ! ran uploads || grep -q "^ignored: $f" "$work/uploads.gradescope.log" ||
        { cat "$work/uploads.gradescope.log"; fail "the output does not name $f as ignored"; }
done
! ran symlink || grep -q '^refused: .*symbolic link' "$work/symlink.gradescope.log" || fail "the symbolic link was not refused by name"
! ran include || grep -q '^refused: the kernel includes ' "$work/include.gradescope.log" || fail "the include was not refused by name"
solved_score=$(gradescope solution "$work/forged/solution")
# The solution is the reference's own code, so its speed is the reference's give or take the noise
# of the machine; a 2-core virtual machine shared with others can put one size 10% off. Below 99,
# it is graded once more, and the better of the two counts (the forgeries' scores are upper bounds
# and get no second chance).
if ! awk -v s="$solved_score" 'BEGIN { exit !(s + 0 >= 99) }'; then
    echo "check-grading: the solution scored $solved_score once (the machine's timing noise?): graded again"
    again=$(gradescope solution "$work/forged/solution")
    awk -v a="$again" -v s="$solved_score" 'BEGIN { exit !(a + 0 > s + 0) }' && solved_score=$again
fi
solved_steps=$(classroom solution "$work/forged/solution")
echo "check-grading: $stage, the solution: $solved_score through Gradescope, $solved_steps of 10 Classroom steps"
awk -v s="$solved_score" 'BEGIN { exit !(s + 0 >= 99) }' || { cat "$work/solution.gradescope.log"; fail "the solution scored $solved_score"; }
[ "$solved_steps" = 10 ] || { cat "$work/solution.classroom.log"; fail "the solution passed $solved_steps of 10 Classroom steps"; }
echo "check-grading: every forgery scored no more than the blank handout ($blank_score)$(ran skip && echo ", skip its correctness alone (70)")$(ran skip-values && echo ", skip-values its correctness alone (70)"), the solution $solved_score"
