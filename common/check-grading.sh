#!/bin/bash
# Grades three uploads through the Gradescope path (common/classroom/gradescope/run_autograder,
# as Gradescope runs it, with this tree as the reference) and checks what they score:
#   forged  a blank kernel (the handout's scan.c of stage 01) beside a test.c that prints one
#           passing TAP line (and --list one case), a bench.c that writes a CSV of 1e-6 ms times,
#           and a Makefile whose `grade` writes a perfect score;
#   blank   the blank kernel alone;
#   solved  this tree's own kernel.
# The forged upload must score exactly what the blank kernel scores, and name the files it
# ignored; the solved one must pass every test case.
#   common/check-grading.sh        (make check-grading; CI runs it)
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. common/course.sh
stage=$(unit_dir 1) || exit 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-grading: $*" >&2; exit 1; }

# Gradescope's layout: /autograder/source/reference (the course), /autograder/submission.
mkdir -p "$work/autograder/source/reference" "$work/autograder/results"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$work/autograder/source/reference"
else
    find . -path ./build -prune -o -type f -print0 | tar --null -T - -cf - | tar -xf - -C "$work/autograder/source/reference"
fi
common/handout.sh 1 "$work/handout" >/dev/null || fail "make handout STAGE=1 failed"

submit() { # name files...: grade an upload of these files; its results.json becomes $work/NAME.json
    local name=$1
    shift
    rm -rf "$work/autograder/submission" "$work/autograder/results"/*
    mkdir -p "$work/autograder/submission"
    cp "$@" "$work/autograder/submission/"
    AUTOGRADER_ROOT="$work/autograder" GRADE_STAGE=1 \
        common/classroom/gradescope/run_autograder >"$work/$name.log" 2>&1
    [ -f "$work/autograder/results/results.json" ] ||
        { cat "$work/$name.log"; fail "the $name upload wrote no results.json"; }
    cp "$work/autograder/results/results.json" "$work/$name.json"
}
score() { sed -n 's/^ *"score": *\([0-9.]*\),*$/\1/p' "$work/$1.json" | head -n 1; }

# The forgery.
forged=$work/forged
mkdir -p "$forged"
cp "$work/handout/$stage/scan.c" "$forged/scan.c"
cat >"$forged/test.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--list")) {
        puts("sizes_0_to_70");
        return 0;
    }
    const char *tap = getenv("CK_TAP_LOG_FILE_NAME");
    FILE *f = tap ? fopen(tap, "w") : NULL;
    if (f) {
        fputs("ok 1 - test.c:sizes_0_to_70:sizes_0_to_70: Passed\n1..1\n", f);
        fclose(f);
    }
    puts("100%: Checks: 1, Failures: 0, Errors: 0");
    return 0;
}
EOF
cat >"$forged/bench.c" <<'EOF'
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--csv")) {
            FILE *f = fopen(argv[i + 1], "w");
            fputs("stage,variant,role,device,n,reps,ms_median,ms_min,gelem_s,gb_s\n", f);
            for (int e = 12; e <= 26; e += 2)
                fprintf(f, "01_scalar,running-sum,variant,cpu,%d,1,1e-06,1e-06,1e9,8e9\n", 1 << e);
            fclose(f);
        }
    return 0;
}
EOF
printf 'grade:\n\t@mkdir -p build/grade && echo "{\\"score\\": 100.0}" > build/grade/results.json\n' >"$forged/Makefile"

submit forged "$forged"/scan.c "$forged"/test.c "$forged"/bench.c "$forged"/Makefile
submit blank "$work/handout/$stage/scan.c"
submit solved "$stage/scan.c"

forged_score=$(score forged) blank_score=$(score blank) solved_score=$(score solved)
echo "check-grading: $stage through the Gradescope path: forged upload $forged_score, blank kernel $blank_score, this tree's kernel $solved_score (of 100)"
[ -n "$forged_score" ] && [ -n "$blank_score" ] && [ -n "$solved_score" ] || fail "a results.json has no score"
[ "$forged_score" = "$blank_score" ] || { cat "$work/forged.log"; fail "the forged upload scored $forged_score, the blank kernel $blank_score"; }
for f in test.c bench.c Makefile; do
    grep -q "^ignored: $f" "$work/forged.log" || { cat "$work/forged.log"; fail "the output does not name $f as ignored"; }
done
awk -v b="$blank_score" 'BEGIN { exit !(b + 0 < 70) }' || fail "a blank kernel scored $blank_score: its tests do not fail"
grep -q '^correctness  70.0 / 70' "$work/solved.log" || { cat "$work/solved.log"; fail "this tree's own kernel does not pass every test case"; }
echo "check-grading: the forged test.c, bench.c and Makefile were ignored and named; the blank kernel fails its tests; the solution passes them"
