#!/bin/bash
# Grades one unit (a stage or a step) of a student's work against this tree, the reference
# solution, on this machine, in one run:
#
#   common/grade.sh N [--student DIR]        (make grade STAGE=N [STUDENT=dir])
#
# Only the unit's kernel files come from the student: the files `make handout` blanks (scan.c or
# scan.cu and the headers beside it), taken from DIR/NN_unit/ when DIR is a copy of the
# repository, else from DIR itself (the files uploaded alone). They are put into a fresh handout of
# the unit made from this tree, so the tests, their list, the benchmark, the Makefile and this
# scoring are all this tree's: a test.c, bench.c or Makefile in DIR is ignored, and named. A kernel
# file DIR lacks is graded as the handout gives it (blank). Without --student, this tree's own
# kernel is graded (a check of the reference).
#
# 0. the student's compiled kernel is inspected before it runs: one that calls I/O or process
#    functions, registers a constructor or destructor of its own or makes system calls is refused
#    (common/inspect-kernel.sh), and scores 0;
# 1. correctness: the unit's tests, one line per test case of the reference's list (Check's XML
#    log; a case passes when Check says so and it returned, not ended its process);
# 2. speed: the student's benchmark and the reference's, same sizes, same seed, alternating
#    twice; the ratio of the graded variant's times per size (the variant marked SCAN_GRADED,
#    whose code the handout blanks: bench --graded);
# 3. the score: 70 points for correctness (the fraction of test cases passed), and 30 for speed
#    (30 x the geometric mean of the ratios, at most 30), given only when every test passes.
# It prints a table and writes it for autograders: build/grade/UNIT.json (this course's shape) and
# build/grade/results.json in Gradescope's shape (one entry per test case and one for speed, each
# with score, max_score, name and output, and the total), copied to /autograder/results/ where
# that folder exists (GRADESCOPE_RESULTS names another). Exit status: 0 when graded (whatever the
# score), 2 on bad usage, 77 when the unit cannot run here (a GPU unit without a GPU).
set -uo pipefail
# The grade builds the default way whatever `make grade` was given (SANITIZE=1, BUILD=..., CC=...,
# which make passes down in MAKEFLAGS and in the environment): its make calls below read the
# binaries from build/, and grades stay comparable.
unset MAKEFLAGS MAKEOVERRIDES MFLAGS BUILD SANITIZE CC EMULATOR WERROR
usage() { echo "usage: make grade STAGE=N [STUDENT=dir]   (N: a stage or step, e.g. 3 or 4a; dir: the student's copy of the repository, or a folder of the kernel files)" >&2; exit 2; }
[ $# -ge 1 ] && [ -n "$1" ] || usage
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. common/course.sh
stage=$(unit_dir "$1") || usage
num=$(unit_id "$stage")
student=""
if [ $# -ge 2 ]; then
    [ "$2" = --student ] && [ $# -eq 3 ] && [ -n "$3" ] || usage
    [ -d "$3" ] || { echo "grade: STUDENT=$3 is not a folder" >&2; exit 2; }
    student=$(cd "$3" && pwd)
fi
if [ -f .handout ]; then
    echo "grade: this tree is a handout; grading runs from the reference solution (a clone with the solutions):" >&2
    echo "    make -C path/to/reference grade STAGE=$num STUDENT=$top" >&2
    exit 2
fi

kind=$(unit_kind "$stage")
if [ "$kind" = gpu ] && ! nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
    echo "SKIP: no NVIDIA GPU or driver found: $stage cannot be graded on this machine"
    exit 77
fi
sizes=$(unit_sizes $kind | tr ' ' ,)
name=${stage##*/}
out=build/grade
mkdir -p "$out"
seed=${SCAN_SEED:-12345}

# The graded tree: a fresh handout of the unit, and the student's kernel files in it.
work=$(mktemp -d "${TMPDIR:-/tmp}/grade-$name.XXXXXX")
trap 'rm -rf "$work"' EXIT
common/handout.sh "$num" "$work/tree" >"$out/$name-handout.log" 2>&1 ||
    { cat "$out/$name-handout.log"; echo "grade: could not make the handout of $stage" >&2; exit 1; }
tree=$work/tree
if [ -z "$student" ]; then
    from=$top/$stage where="this tree"
elif [ -d "$student/$stage" ]; then
    from=$student/$stage where="$(basename "$student")/$stage"
else
    from=$student where="the upload"
fi
echo "== grading $stage ($kind): the kernel files of $where, against this tree's tests and benchmark"
kernel_names=()
for k in $(unit_kernel_files "$stage"); do kernel_names+=("${k##*/}"); done
for k in "${kernel_names[@]}"; do
    if [ -f "$from/$k" ]; then
        cp "$from/$k" "$tree/$stage/$k" && echo "graded: $k"
    else
        echo "not submitted: $k (graded as the handout gives it)"
    fi
done
# What else the student's folder holds is not graded; name it, so nobody thinks it counted.
ignored=()
while IFS= read -r -d '' f; do
    rel=${f#"$from"/}
    for k in "${kernel_names[@]}"; do [ "$rel" = "$k" ] && continue 2; done
    if [ "$from" = "$student" ]; then
        ignored+=("$rel")
    elif [[ $rel =~ \.(md|csv|svg)$ ]]; then
        continue # notes and measurements (make bench RECORD=1): nothing that runs
    elif [ ! -f "$top/$stage/$rel" ]; then
        ignored+=("$rel (this tree has no such file: only the kernel files are taken)")
    elif ! cmp -s "$f" "$top/$stage/$rel"; then
        ignored+=("$rel (differs from this tree's, which is used)")
    fi
done < <(find "$from" -mindepth 1 -maxdepth $([ "$from" = "$student" ] && echo 1 || echo 2) -type f -print0 2>/dev/null | sort -z)
[ ${#ignored[@]} -eq 0 ] || printf 'ignored: %s\n' "${ignored[@]}"
[ ${#ignored[@]} -eq 0 ] || echo "(only the kernel files are graded: ${kernel_names[*]})"

# A tree that does not build is graded as such.
make -C "$tree" --no-print-directory GPU="$([ $kind = gpu ] && echo 1 || echo 0)" \
    "build/$stage/test" "build/$stage/bench" >"$out/$name-build.log" 2>&1 ||
    { cat "$out/$name-build.log"; echo "grade: $stage does not build"; }
test_bin=$tree/build/$stage/test bench_bin=$tree/build/$stage/bench
built=$([ -x "$test_bin" ] && echo 1 || echo 0)
# The list of cases comes from this tree's test binary: the graded tree's may not build.
make --no-print-directory GPU="$([ $kind = gpu ] && echo 1 || echo 0)" "build/$stage/test" "build/$stage/bench" >"$out/$name-ref-build.log" 2>&1 ||
    { cat "$out/$name-ref-build.log"; echo "grade: this tree's $stage does not build" >&2; exit 1; }
build/$stage/test --list >"$out/$name-cases.txt" 2>/dev/null
cases_total=$(grep -c . "$out/$name-cases.txt")

# The kernel runs inside the test and benchmark processes: one that could write their results
# itself (files, processes, a constructor or destructor of its own) is refused before it runs
# (common/inspect-kernel.sh says what it looks for), and scores 0.
refused=""
[ $built = 0 ] || refused=$(common/inspect-kernel.sh "$tree/build/$stage/scan.o" "build/$stage/scan.o")
[ -z "$refused" ] || echo "refused: $refused"

# 1. Correctness. A hang is a failure: Check kills a test case after the time limit the unit
#    gives it (which the reference meets; set here so that the environment cannot change it),
#    and `timeout` stops the whole binary. Check runs each case in a process of its own (CK_FORK)
#    and logs it as XML, with the time the case ran for: a case that ended its process instead of
#    returning (exit(0) in the kernel) has none, and fails.
xml="$out/$name.xml"
rm -f "$xml"
if [ $built = 1 ] && [ -z "$refused" ]; then
    CK_FORK=yes CK_XML_LOG_FILE_NAME="$xml" CK_TIMEOUT_MULTIPLIER=1 SCAN_SEED=$seed \
        timeout 900 "$test_bin" >"$out/$name-test.log" 2>&1
    rc=$?
else
    rc=1
fi
if [ $rc -eq 77 ]; then
    cat "$out/$name-test.log"
    echo "grade: $stage cannot run on this machine"
    exit 77
fi
# One line per case of the reference's list: name, pass, fail or missing (not run: a crash or a
# time-out ended the binary first), and Check's message. Only the listed names count, each once
# (a second entry of a name must pass too), so a log longer than the list scores no more.
touch "$xml"
awk -F'\t' '
    function text(s, tag) { sub(".*<" tag ">", "", s); sub("</" tag ">.*", "", s); return s }
    function plain(s) { gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s); gsub(/&quot;/, "\"", s); gsub(/&apos;/, "\047", s); gsub(/&amp;/, "\\&", s); return s }
    FILENAME == ARGV[1] {
        if ($0 ~ /<test result=/) { result = $0; sub(/.*result="/, "", result); sub(/".*/, "", result); ran = 0; name = ""; message = "" }
        else if ($0 ~ /<duration>/) ran = text($0, "duration") + 0 >= 0
        else if ($0 ~ /<description>/) name = plain(text($0, "description"))
        else if ($0 ~ /<message>/) {
            m = $0
            while (m !~ /<\/message>/ && (getline line) > 0) m = m " " line
            message = plain(text(m, "message"))
        } else if ($0 ~ /<\/test>/ && name != "") {
            if (result == "success" && !ran) message = "the test process ended before the case returned (exit in the kernel?)"
            ok = result == "success" && ran
            if (!(name in passed) || (passed[name] && !ok)) { passed[name] = ok; why[name] = message }
        }
        next
    }
    $0 != "" { print $0 "\t" (!($0 in passed) ? "missing" : passed[$0] ? "pass" : "fail") "\t" why[$0] }
' "$xml" "$out/$name-cases.txt" >"$out/$name-cases.tsv"
cases_passed=$(awk -F'\t' '$2 == "pass"' "$out/$name-cases.tsv" | wc -l)

# 2. Speed: the student's benchmark, then the reference's, same sizes and seed; only when every
#    test passed (speed scores nothing otherwise, and a student's hang would cost the time-outs).
rm -f "$out/$name-student-"* "$out/$name-reference-"*
bench() { # binary csv
    [ -x "$1" ] || return 1
    timeout 900 "$1" --graded --sizes "$sizes" --budget 0.3 --seed "$seed" --csv "$2" >"$2.log" 2>&1
}
# Alternating twice (yours, reference, yours, reference) and keeping each side's faster run per
# size, so that warm-up, clock ramps and a noisy neighbour do not favour either side.
student_ok=0
if [ "$cases_total" -gt 0 ] && [ "$cases_passed" -eq "$cases_total" ]; then
    student_ok=1
    for round in 1 2; do
        bench "$bench_bin" "$out/$name-student-$round.csv" || student_ok=0
        bench "build/$stage/bench" "$out/$name-reference-$round.csv" ||
            { cat "$out/$name-reference-$round.csv.log"; echo "grade: the reference's benchmark failed" >&2; exit 1; }
    done
fi

# 3. The score table and the JSON.
awk -v stage="$stage" -v passed="$cases_passed" -v total="$cases_total" -v student_ok="$student_ok" \
    -v cases_tsv="$out/$name-cases.tsv" -v json="$out/$name.json" -v scsv="$out/$name-student" \
    -v rcsv="$out/$name-reference" -v gradescope="$out/results.json" -v ref_name="the reference" \
    -v build_log="$out/$name-build.log" -v built="$built" -v refused="$refused" '
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
        # Every case of the list: name, pass / fail / missing, message.
        ncase = 0
        not_run = refused != "" ? "not run: the kernel was refused" : !built ? "not run: the kernel does not build" : "not run: the test binary crashed or timed out before this case"
        while ((getline line < cases_tsv) > 0) {
            split(line, f, "\t")
            cases[++ncase] = f[1]; result[ncase] = f[2] == "pass"
            output[ncase] = f[2] == "pass" ? "pass" : f[2] == "missing" ? not_run : f[3]
            printf "%-28s %s\n", f[1], f[2] == "pass" ? "pass" : f[2] != "missing" ? "FAIL" : built && refused == "" ? "FAIL: not run (crash or time-out)" : "FAIL: not run"
        }
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
        share = ncase > 0 ? 70 / ncase : 0
        printf "{\n  \"score\": %.2f,\n", correctness + speed > gradescope
        printf "  \"output\": %s,\n", js(sprintf("%s%s graded against %s: correctness %.1f / 70 (%d of %d test cases), speed %.1f / 30, total %.1f / 100", refused != "" ? "refused: " refused "\n" : "", stage, ref_name, correctness, passed, total, speed, correctness + speed)) > gradescope
        printf "  \"tests\": [\n" > gradescope
        if (!built) {
            log_text = ""
            while ((getline line < build_log) > 0) log_text = log_text line "\n"
            printf "    {\"name\": %s, \"score\": 0, \"max_score\": 0, \"status\": \"failed\", \"output\": %s},\n", js(stage " builds"), js(log_text) > gradescope
        }
        for (i = 1; i <= ncase; i++)
            printf "    {\"name\": %s, \"number\": \"1.%d\", \"score\": %.4f, \"max_score\": %.4f, \"status\": \"%s\", \"output\": %s},\n", js("correctness: " cases[i]), i, result[i] ? share : 0, share, result[i] ? "passed" : "failed", js(output[i]) > gradescope
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
echo "(JSON: $out/$name.json, and Gradescope's shape in $out/results.json; logs: $out/$name-*.log)"
