#!/bin/bash
# Grades uploads through the Gradescope path (common/classroom/gradescope/run_autograder, as
# Gradescope runs it, with this tree as the reference) and checks what they score:
#   forged      a blank kernel (the handout's kernel file of the first stage, a CPU one) beside a
#               test.c that prints one
#               passing TAP line (and --list one case), a bench.c that writes a CSV of 1e-6 ms
#               times, and a Makefile whose `grade` writes a perfect score;
#   destructor  the blank kernel with a destructor that rewrites Check's logs (TAP and XML) with
#               passing cases once the tests have run;
#   exit        the blank kernel ending the test process, exit(0), where its code would run (to
#               Check, a case whose process exits with status 0 passed);
#   blank       the blank kernel alone;
#   solved      this tree's own kernel.
# Before that, every unit's handout is made (none may give its solution away). Each forgery must
# score exactly what the blank kernel scores: the forged upload names the files it ignored, the
# destructor's kernel is refused before the tests run. The solution must pass every test case.
#   common/check-grading.sh        (make check-grading; CI runs it)
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. common/course.sh
stage=$(units | head -n 1) # a CPU stage: it grades on any machine
id=$(unit_id "$stage") kernel=$(unit_kernel "$stage")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-grading: $*" >&2; exit 1; }

# Gradescope's layout: /autograder/source/reference (the course), /autograder/submission.
mkdir -p "$work/autograder/source/reference" "$work/autograder/results"
tree_files | tar --null -T - -cf - | tar -xf - -C "$work/autograder/source/reference"
common/handout.sh "$id" "$work/handout" >/dev/null || fail "make handout STAGE=$id failed"
# Every unit's handout: made, and giving none of its solution away (handout.sh refuses a copy that
# still holds a line of it, in a diagram, a note or a later file).
for u in $(units); do
    common/handout.sh "$(unit_id "$u")" "$work/handout-all" >/dev/null || fail "make handout STAGE=$(unit_id "$u") failed (above)"
    rm -rf "$work/handout-all"
done
echo "check-grading: $(units | wc -l) handouts made, none giving its solution away"

submit() { # name files...: grade an upload of these files; its results.json becomes $work/NAME.json
    local name=$1
    shift
    rm -rf "$work/autograder/submission" "$work/autograder/results"/*
    mkdir -p "$work/autograder/submission"
    cp "$@" "$work/autograder/submission/"
    AUTOGRADER_ROOT="$work/autograder" GRADE_STAGE=$id \
        common/classroom/gradescope/run_autograder >"$work/$name.log" 2>&1
    [ -f "$work/autograder/results/results.json" ] ||
        { cat "$work/$name.log"; fail "the $name upload wrote no results.json"; }
    cp "$work/autograder/results/results.json" "$work/$name.json"
}
score() { results_score "$work/$1.json"; }

# The solution first: its results name the stage's test cases, which the forgeries name too; the
# graded variant is the one marked SCAN_GRADED in the variant table.
submit solved "$kernel"
case=$(sed -n 's/.*"name": "correctness: \([^"]*\)".*/\1/p' "$work/solved.json" | head -n 1)
variant=$(sed -n 's/^ *{"\([^"]*\)".*SCAN_GRADED.*/\1/p' "$kernel" | head -n 1)
[ -n "$case" ] && [ -n "$variant" ] || fail "no test case in the solution's results.json, or no SCAN_GRADED variant in $kernel"

# The forgery.
forged=$work/forged
mkdir -p "$forged"
cp "$work/handout/$kernel" "$forged/"
cat >"$forged/test.c" <<EOF
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--list")) {
        puts("$case");
        return 0;
    }
    const char *tap = getenv("CK_TAP_LOG_FILE_NAME");
    FILE *f = tap ? fopen(tap, "w") : NULL;
    if (f) {
        fputs("ok 1 - test.c:$case:$case: Passed\n1..1\n", f);
        fclose(f);
    }
    puts("100%: Checks: 1, Failures: 0, Errors: 0");
    return 0;
}
EOF
cat >"$forged/bench.c" <<EOF
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--csv")) {
            FILE *f = fopen(argv[i + 1], "w");
            fputs("stage,variant,role,device,n,reps,ms_median,ms_min,gelem_s,gb_s\n", f);
            for (int e = 12; e <= 26; e += 2)
                fprintf(f, "${stage##*/},$variant,variant,cpu,%d,1,1e-06,1e-06,1e9,8e9\n", 1 << e);
            fclose(f);
        }
    return 0;
}
EOF
printf 'grade:\n\t@mkdir -p build/grade && echo "{\\"score\\": 100.0}" > build/grade/results.json\n' >"$forged/Makefile"

# The kernel forging Check's logs from inside the test process, once the tests have run.
mkdir -p "$work/destructor"
{
    cat "$work/handout/$kernel"
    cat <<EOF
#include <stdio.h>
#include <stdlib.h>
__attribute__((destructor)) static void forge_logs(void)
{
    const char *tap = getenv("CK_TAP_LOG_FILE_NAME"), *xml = getenv("CK_XML_LOG_FILE_NAME");
    FILE *f;
    if (tap && (f = fopen(tap, "w"))) {
        for (int i = 1; i <= 70; i++) fprintf(f, "ok %d - tests.c:$case:$case: Passed\\n", i);
        fclose(f);
    }
    if (xml && (f = fopen(xml, "w"))) {
        for (int i = 1; i <= 70; i++)
            fprintf(f, "<test result=\\"success\\">\\n<duration>0.1</duration>\\n"
                       "<description>$case</description>\\n<message>Passed</message>\\n</test>\\n");
        fclose(f);
    }
}
EOF
} >"$work/destructor/${kernel##*/}"
# The kernel ending each case's process where the student's code would run.
mkdir -p "$work/exit"
{ echo '#include <stdlib.h>'; sed 's|^\( *\)/\* TODO: .*\*/$|&\n\1exit(0);|' "$work/handout/$kernel"; } >"$work/exit/${kernel##*/}"
grep -q 'exit(0);' "$work/exit/${kernel##*/}" || fail "the handout of $stage has no TODO to put exit(0) at"

submit forged "$forged/${kernel##*/}" "$forged"/test.c "$forged"/bench.c "$forged"/Makefile
submit destructor "$work/destructor/${kernel##*/}"
submit exit "$work/exit/${kernel##*/}"
submit blank "$work/handout/$kernel"

blank_score=$(score blank) solved_score=$(score solved)
echo "check-grading: $stage through the Gradescope path: forged upload $(score forged), destructor $(score destructor), exit(0) $(score exit), blank kernel $blank_score, this tree's kernel $solved_score (of 100)"
for upload in forged destructor exit blank solved; do
    [ -n "$(score $upload)" ] || fail "the $upload upload's results.json has no score"
done
for forgery in forged destructor exit; do
    [ "$(score $forgery)" = "$blank_score" ] ||
        { cat "$work/$forgery.log"; fail "the $forgery upload scored $(score $forgery), the blank kernel $blank_score"; }
done
for f in test.c bench.c Makefile; do
    grep -q "^ignored: $f" "$work/forged.log" || { cat "$work/forged.log"; fail "the output does not name $f as ignored"; }
done
grep -q '^refused: the kernel calls .*fopen' "$work/destructor.log" ||
    { cat "$work/destructor.log"; fail "the kernel with a destructor was not refused for its fopen"; }
awk -v b="$blank_score" 'BEGIN { exit !(b + 0 < 70) }' || fail "a blank kernel scored $blank_score: its tests do not fail"
grep -q '^correctness  70.0 / 70' "$work/solved.log" || { cat "$work/solved.log"; fail "this tree's own kernel does not pass every test case"; }
echo "check-grading: the forged test.c, bench.c and Makefile were ignored and named; the destructor was refused; exit(0) failed its cases; the blank kernel fails its tests; the solution passes them"
