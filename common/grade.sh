#!/bin/bash
# Grades one stage of this tree against a reference solution, on this machine, in one run:
#
#   common/grade.sh STAGE [REF]        (make grade STAGE=N [REF=path])
#
# 1. correctness: the stage's tests, one line per test case (Check's TAP log);
# 2. speed: the stage's benchmark here and the reference's benchmark, same sizes, same seed,
#    alternating twice; the ratio of the graded variant's times per size (the variant marked
#    SCAN_GRADED, whose code the handout blanks: bench --graded);
# 3. the score: 70 points for correctness (the fraction of test cases passed), and 30 for speed
#    (30 x the geometric mean of the ratios, at most 30), given only when every test passes.
# It prints a table and writes it for autograders: build/grade/STAGE.json (this course's shape) and
# build/grade/results.json in Gradescope's shape (one entry per test case and one for speed, each
# with score, max_score, name and output, and the total), copied to /autograder/results/ where
# that folder exists (GRADESCOPE_RESULTS names another). REF is a full copy of the
# repository with the solutions (the teacher's clone); without REF, a tree that is not a handout is
# graded against itself. Exit status: 0 when graded (whatever the score), 2 on bad usage, 77 when
# the stage cannot run here (a GPU stage without a GPU).
set -uo pipefail
usage() { echo "usage: make grade STAGE=N [REF=path/to/reference/repository]" >&2; exit 2; }
[ $# -ge 1 ] && [ -n "$1" ] || usage
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. common/course.sh
stage=$(common/stage-dir.sh "$1") || usage
num=$(stage_number "$stage")

ref=${2:-}
if [ -z "$ref" ]; then
    if [ -f .handout ]; then
        echo "grade: this tree is a handout; give the reference solution: make grade STAGE=$num REF=path" >&2
        exit 2
    fi
    ref=$top
fi
[ -d "$ref/$stage" ] && [ -f "$ref/Makefile" ] || { echo "grade: $ref has no $stage: REF must be a copy of the repository" >&2; exit 2; }
ref=$(cd "$ref" && pwd)
if [ -f "$ref/.handout" ]; then
    echo "grade: $ref is a handout, not a reference solution" >&2
    exit 2
fi

kind=$(stage_kind "$stage")
# GPU: from launch-bound to 2 GiB in and out. CPU: from L1 to 2^26 elements (512 MiB in and out),
# which lives in memory on any CPU today, so a student's code is graded out of the caches too.
sizes=$([ $kind = gpu ] && echo "2^16,2^20,2^24,2^28" || echo "2^12,2^16,2^20,2^26")
out=build/grade
mkdir -p "$out"
seed=${SCAN_SEED:-12345}

# Named relative to this tree, so that a saved grade log names no path of the machine it ran on.
if [ "$ref" = "$top" ]; then ref_name="this tree"; else ref_name=$(realpath --relative-to="$top" "$ref"); fi
echo "== grading $stage ($kind) against $ref_name"
# A tree that does not build is graded as such, never by binaries left from an earlier build.
make --no-print-directory build/$stage/test build/$stage/bench >"$out/$stage-build.log" 2>&1 ||
    { cat "$out/$stage-build.log"; echo "grade: $stage does not build"; rm -f build/$stage/test build/$stage/bench; }

# 1. Correctness. A hang is a failure: Check kills a test case after its time limit (a quarter of
#    the usual one here), and `timeout` stops the whole binary.
tap="$out/$stage.tap"
rm -f "$tap"
if [ -x build/$stage/test ]; then
    CK_TAP_LOG_FILE_NAME="$tap" CK_TIMEOUT_MULTIPLIER=0.25 SCAN_SEED=$seed \
        timeout 900 build/$stage/test >"$out/$stage-test.log" 2>&1
    rc=$?
else
    rc=1
fi
if [ $rc -eq 77 ]; then
    cat "$out/$stage-test.log"
    echo "grade: $stage cannot run on this machine"
    exit 77
fi
build/$stage/test --list >"$out/$stage-cases.txt" 2>/dev/null
cases_total=$(wc -l <"$out/$stage-cases.txt")
cases_passed=$(grep -c '^ok ' "$tap" 2>/dev/null || true)
cases_passed=${cases_passed:-0}

# 2. Speed: the student's benchmark, then the reference's, same sizes and seed; only when every
#    test passed (speed scores nothing otherwise, and a student's hang would cost the time-outs).
rm -f "$out/$stage-student-"* "$out/$stage-reference-"*
bench() { # binary csv
    [ -x "$1" ] || return 1
    timeout 900 "$1" --graded --sizes "$sizes" --budget 0.3 --seed "$seed" --csv "$2" >"$2.log" 2>&1
}
# Alternating twice (yours, reference, yours, reference) and keeping each side's faster run per
# size, so that warm-up, clock ramps and a noisy neighbour do not favour either side.
student_ok=0
if [ "$cases_total" -gt 0 ] && [ "$cases_passed" -eq "$cases_total" ]; then
    make --no-print-directory -C "$ref" build/$stage/bench >"$out/$stage-ref-build.log" 2>&1 ||
        { cat "$out/$stage-ref-build.log"; echo "grade: the reference's $stage does not build" >&2; exit 1; }
    student_ok=1
    for round in 1 2; do
        bench build/$stage/bench "$out/$stage-student-$round.csv" || student_ok=0
        bench "$ref/build/$stage/bench" "$out/$stage-reference-$round.csv" ||
            { cat "$out/$stage-reference-$round.csv.log"; echo "grade: the reference's benchmark failed" >&2; exit 1; }
    done
fi

# 3. The score table and the JSON.
awk -v stage="$stage" -v passed="$cases_passed" -v total="$cases_total" -v student_ok="$student_ok" \
    -v tap="$tap" -v json="$out/$stage.json" -v scsv="$out/$stage-student" -v rcsv="$out/$stage-reference" \
    -v case_list="$out/$stage-cases.txt" -v gradescope="$out/results.json" -v ref_name="$ref_name" \
    -v build_log="$out/$stage-build.log" '
    # The graded variant (the only variant row of each size) of FILE-1.csv and FILE-2.csv: the
    # faster median.
    function headline(file, arr,   line, f, last, n, r, path) {
        for (r = 1; r <= 2; r++) {
            path = file "-" r ".csv"
            delete last
            while ((getline line < path) > 0) {
                if (line ~ /^#/ || line ~ /^stage,/) continue
                split(line, f, ",")
                if (f[3] != "reference") { last[f[5]] = f[2]; value[path, f[2], f[5]] = f[7] }
            }
            close(path)
            for (n in last)
                if (!(n in arr) || value[path, last[n], n] + 0 < arr[n] + 0) arr[n] = value[path, last[n], n]
        }
    }
    '"$AWK_LABEL"'
    # A JSON string of s: quotes, backslashes and control characters escaped (eight backslashes
    # make two in gsub, in mawk and gawk alike).
    function js(s) {
        gsub(/\\/, "\\\\\\\\", s); gsub(/"/, "\\\"", s); gsub(/\t/, "\\t", s); gsub(/\r/, "", s)
        gsub(/\n/, "\\n", s)
        return "\"" s "\""
    }
    BEGIN {
        print ""
        printf "%-28s %s\n", "test case", "result"
        ncase = 0
        while ((getline line < tap) > 0) {
            if (line !~ /^(ok|not ok) /) continue
            ok = (line ~ /^ok /)
            sub(/^(ok|not ok) [0-9]+ - /, "", line)
            split(line, f, ":")
            printf "%-28s %s\n", f[2], ok ? "pass" : "FAIL"
            cases[++ncase] = f[2]; result[ncase] = ok
            # Check writes "file:case:test: message" after the number.
            message = line; for (k = 1; k <= 3; k++) sub(/^[^:]*:/, "", message); sub(/^ /, "", message)
            tap_ok[f[2]] = ok; tap_message[f[2]] = message
        }
        if (ncase < total) printf "%-28s %s\n", "(" total - ncase " more)", "FAIL: not run (crash or time-out)"
        correctness = total > 0 ? 70 * passed / total : 0

        if (student_ok) headline(scsv, mine)
        headline(rcsv, theirs)
        print ""
        logsum = 0; count = 0
        for (n in theirs) sizes[++ns] = n + 0
        if (ns == 0) print "speed: not measured (it counts only when every test passes)"
        else printf "%-10s %14s %14s %8s\n", "n", "yours (ms)", "reference (ms)", "speed"
        for (a = 2; a <= ns; a++) for (b = a; b > 1 && sizes[b] < sizes[b - 1]; b--) { t = sizes[b]; sizes[b] = sizes[b - 1]; sizes[b - 1] = t }
        for (i = 1; i <= ns; i++) {
            n = sizes[i]
            r = (mine[n] > 0) ? theirs[n] / mine[n] : 0
            ratio[i] = r
            printf "%-10s %14s %14.4f %7.2fx\n", label(n), (mine[n] > 0 ? sprintf("%.4f", mine[n]) : "-"), theirs[n], r
            if (r > 0) { logsum += log(r); count++ } else { count++; logsum += log(1e-9) }
        }
        geo = count ? exp(logsum / count) : 0
        speed = (passed == total && total > 0 && student_ok) ? 30 * (geo < 1 ? geo : 1) : 0
        print ""
        printf "correctness %5.1f / 70   (%d of %d test cases)\n", correctness, passed, total
        printf "speed       %5.1f / 30   (geometric mean %.2fx the reference%s)\n", speed, geo, (passed == total ? "" : "; given only when every test passes")
        printf "total       %5.1f / 100\n", correctness + speed
        printf "{\"stage\": \"%s\", \"cases_passed\": %d, \"cases_total\": %d, \"correctness\": %.2f, \"speed\": %.2f, \"speed_ratio\": %.4f, \"total\": %.2f, \"sizes\": [", stage, passed, total, correctness, speed, geo, correctness + speed > json
        for (i = 1; i <= ns; i++) printf "%s{\"n\": %d, \"ratio\": %.4f}", (i > 1 ? ", " : ""), sizes[i], ratio[i] > json
        printf "], \"cases\": [" > json
        for (i = 1; i <= ncase; i++) printf "%s{\"name\": \"%s\", \"passed\": %s}", (i > 1 ? ", " : ""), cases[i], result[i] ? "true" : "false" > json
        print "]}" > json

        # Gradescope results.json: every test case of the stage (--list), then speed.
        nlist = 0
        while ((getline line < case_list) > 0) if (line != "") listed[++nlist] = line
        share = nlist > 0 ? 70 / nlist : 0
        printf "{\n  \"score\": %.2f,\n", correctness + speed > gradescope
        printf "  \"output\": %s,\n", js(sprintf("%s graded against %s: correctness %.1f / 70 (%d of %d test cases), speed %.1f / 30, total %.1f / 100", stage, ref_name, correctness, passed, total, speed, correctness + speed)) > gradescope
        printf "  \"tests\": [\n" > gradescope
        if (nlist == 0) {
            log_text = ""
            while ((getline line < build_log) > 0) log_text = log_text line "\n"
            printf "    {\"name\": %s, \"score\": 0, \"max_score\": 70, \"status\": \"failed\", \"output\": %s},\n", js(stage " builds"), js(log_text) > gradescope
        }
        for (i = 1; i <= nlist; i++) {
            name = listed[i]
            ok = (name in tap_ok) && tap_ok[name]
            output = !(name in tap_ok) ? "not run: the test binary crashed or timed out before this case" : ok ? "pass" : tap_message[name]
            printf "    {\"name\": %s, \"number\": \"1.%d\", \"score\": %.4f, \"max_score\": %.4f, \"status\": \"%s\", \"output\": %s},\n", js("correctness: " name), i, ok ? share : 0, share, ok ? "passed" : "failed", js(output) > gradescope
        }
        table = ""
        if (ns == 0) table = "not measured: speed counts only when every test case passes"
        else {
            table = sprintf("%-10s %14s %14s %8s\n", "n", "yours (ms)", "reference (ms)", "speed")
            for (i = 1; i <= ns; i++)
                table = table sprintf("%-10s %14s %14.4f %7.2fx\n", label(sizes[i]), (mine[sizes[i]] > 0 ? sprintf("%.4f", mine[sizes[i]]) : "-"), theirs[sizes[i]], ratio[i])
            table = table sprintf("geometric mean %.2fx the reference: 30 x %.2f points (at most 30)", geo, geo)
        }
        printf "    {\"name\": \"speed against the reference\", \"number\": \"2.1\", \"score\": %.4f, \"max_score\": 30, \"output\": %s}\n", speed, js(table) > gradescope
        printf "  ]\n}\n" > gradescope
    }'
# Gradescope runs the grader in a container whose /autograder/results/ receives results.json.
gradescope_dir=${GRADESCOPE_RESULTS:-/autograder/results}
if [ -d "$gradescope_dir" ]; then
    cp "$out/results.json" "$gradescope_dir/results.json" && echo "(Gradescope: $gradescope_dir/results.json)"
fi
echo "(JSON: $out/$stage.json, and Gradescope's shape in $out/results.json; logs: $out/$stage-*.log)"
