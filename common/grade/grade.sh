#!/bin/bash
# Grades one unit (a stage or a step) of a student's work against this tree, the reference
# solution, on this machine:
#
#   common/grade/grade.sh N [--student DIR] [--seed S]    (make grade STAGE=N [STUDENT=dir] [SEED=s])
#
# The student's code runs in a process of its own that holds no answer: a runner (common/grade/runner.c)
# built from the unit's kernel files alone, in the grader's sandbox (common/grade/sandbox.h). This
# tree's test and benchmark code make the inputs, compute the expected outputs, compare them and
# time the runs from outside (common/grade/platform_remote.c). Step by step:
# 0. a result that says the grade did not finish, so that no earlier grade's stays in its place;
# 1. whether the graded variant can run on this machine: the reference's answer;
# 2. the student's kernel files, regular files only (a link is refused, and named), from
#    DIR/NN_unit/ when DIR is a copy of the repository, else from DIR itself (the files uploaded
#    alone); a kernel file DIR lacks is graded as the handout gives it, blank; anything else in
#    DIR is ignored, and named. Without --student, this tree's own kernel is graded;
# 3. their build, in the sandbox and within a time limit, with no include outside the unit's
#    folder, the contract headers and the system's (the compiler's list of what it read says);
# 4. correctness: this tree's test cases, and drawn_sizes, sizes drawn from the seed (a new seed
#    every grade, printed; --seed replays one), each case with a runner of its own;
# 5. speed: the graded variant (SCAN_GRADED), timed from outside in the student's runner and in
#    the reference's, in turn, twice, same sizes and seed, each side keeping its faster run;
# 6. the score: 70 points for correctness, the fraction of the cases passed, but none when a
#    drawn case fails (a kernel right only where the fixed cases look is not right); 30 for speed,
#    30 x the geometric mean of the ratios / 0.95 (at most 30: within 5% of the reference is its
#    speed), given only when every case passes.
# It prints a table and writes it for autograders: build/grade/UNIT.json and
# build/grade/results.json (Gradescope's shape), copied to /autograder/results/ where that folder
# exists (GRADESCOPE_RESULTS names another). Every ending writes both, with this grade's id
# (GRADE_ID, else GitHub's run and attempt, else a new one; also in build/grade/grade-id), which
# common/grade/classroom/at-least.sh checks. Exit status: 0 when graded or refused (the result says
# which), 2 on bad usage, 77 when the unit cannot be graded on this machine, 1 when this tree's
# own code fails.
set -uo pipefail
# The grade builds the default way whatever `make grade` was given (SANITIZE=1, BUILD=..., CC=...,
# which make passes down in MAKEFLAGS and in the environment): grades stay comparable.
unset MAKEFLAGS MAKEOVERRIDES MFLAGS BUILD SANITIZE CC EMULATOR WERROR

usage() { # [why]: even a grade called wrongly leaves no earlier result in place
    local text="usage: make grade STAGE=N [STUDENT=dir] [SEED=s]   (N: a stage or step, e.g. 3 or 4a; dir: the student's copy of the repository, or a folder of the kernel files; s: a seed printed by an earlier grade, to replay it)"
    [ -z "${1:-}" ] || echo "grade: $1" >&2
    echo "$text" >&2
    [ -z "${out:-}" ] || ungraded "not graded: ${1:-make grade was called wrongly}; $text" >/dev/null
    exit 2
}

# A JSON string of the text on stdin.
json_text() {
    awk 'BEGIN { RS = "\001" } {
        s = $0; sub(/\n$/, "", s)
        gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); gsub(/\t/, "\\t", s); gsub(/\r/, "", s)
        gsub(/\n/, "\\n", s); gsub(/[\001-\037]/, "?", s)
        printf "\"%s\"", s }'
}

# Gradescope's container takes results.json from /autograder/results/.
publish() {
    local dir=${GRADESCOPE_RESULTS:-/autograder/results}
    [ -d "$dir" ] && cp "$out/results.json" "$dir/results.json" && echo "(Gradescope: $dir/results.json)"
    return 0
}

# System V IPC the student's processes (user 65534) left behind, where the grade runs as root: a
# CPU unit's runner has an IPC namespace of its own, a GPU unit's has not.
end_ipc() {
    [ "$(id -u)" = 0 ] || return 0
    local kind flag column
    for kind in shm:m:8 sem:s:5 msg:q:8; do
        IFS=: read -r kind flag column <<<"$kind"
        awk -v c="$column" 'NR > 1 && $c == 65534 { print $2 }' "/proc/sysvipc/$kind" 2>/dev/null |
            while read -r id; do ipcrm "-$flag" "$id" 2>/dev/null; done
    done
}

# A result that grades nothing: the reason, score 0.
ungraded() { # reason
    local reason
    reason=$(printf '%s' "$1" | json_text)
    mkdir -p "$out"
    printf '{"stage": "%s", "grade_id": "%s", "seed": %s, "graded": false, "reason": %s, "total": 0}\n' \
        "${stage:-none}" "$grade_id" "${seed:-0}" "$reason" >"$out/${name:-grade}.json"
    echo "$grade_id" >"$out/grade-id"
    printf '{\n  "score": 0,\n  "grade_id": "%s",\n  "output": %s,\n  "tests": []\n}\n' \
        "$grade_id" "$reason" >"$out/results.json"
    publish
}

main() {
    top=$(cd "$(dirname "$0")/../.." && pwd)
    cd "$top" || exit 1
    . common/tools/course.sh
    out=build/grade
    grade_id=${GRADE_ID:-${GITHUB_RUN_ID:+github-$GITHUB_RUN_ID-${GITHUB_RUN_ATTEMPT:-1}}}
    [ -n "$grade_id" ] || grade_id="$(date +%s)-$$-$RANDOM"
    [ $# -ge 1 ] && [ -n "$1" ] || usage "no STAGE given"
    stage=$(unit_dir "$1" 2>/dev/null) || { stage=""; usage "no stage or step '$1': the course has $(ids)"; }
    shift
    local student="" seed_given=""
    while [ $# -gt 0 ]; do
        case "$1" in
        --student) [ $# -ge 2 ] && [ -n "$2" ] || usage "STUDENT is empty"
            [ -d "$2" ] || usage "STUDENT=$2 is not a folder"
            student=$(cd "$2" && pwd); shift 2 ;;
        --seed) [[ ${2:-} =~ ^[0-9]{1,19}$ ]] || usage "SEED wants an unsigned decimal number, not '${2:-}'"
            seed_given=$2; shift 2 ;;
        *) usage "unknown argument '$1'" ;;
        esac
    done
    if [ -f .handout ]; then
        echo "grade: this tree is a handout; grading runs from the reference solution (a clone with the solutions):" >&2
        echo "    make -C path/to/reference grade STAGE=$(unit_id "$stage") STUDENT=$top" >&2
        ungraded "not graded: make grade ran in a handout, which holds no reference" >/dev/null
        exit 2
    fi
    num=$(unit_id "$stage") kind=$(unit_kind "$stage") name=${stage##*/}
    sizes=$(unit_sizes "$kind" | tr ' ' ,)
    # drawn_sizes reaches 2^(bits+1) - 1: past the benchmark's largest size, within a grade's time,
    # and within this machine's memory (a check holds 3 arrays of n words in the grader, and on a
    # CPU 2 more in the runner; a sort of key-value pairs 7, and 4)
    bits=$([ "$kind" = gpu ] && echo 28 || echo 26)
    local per_element avail_kib bits_note=""
    per_element=$([ "$kind" = gpu ] && echo 12 || echo 20)
    cat $(unit_kernel_files "$stage") | grep -q APP_SORT_PAIRS && per_element=$([ "$kind" = gpu ] && echo 28 || echo 44)
    avail_kib=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo 2>/dev/null)
    while [ -n "$avail_kib" ] && [ "$bits" -gt 20 ] && [ $(((2 << bits) * per_element)) -gt $((avail_kib * 768)) ]; do
        bits=$((bits - 1))
        bits_note=" (no larger: this machine has $((avail_kib / 1024)) MiB of memory available)"
    done
    seed=${seed_given:-$(od -An -N6 -tu8 /dev/urandom | tr -d ' ')}

    # 0. A result that says the grade did not finish (replaced at every ending).
    rm -f "$out/results.json" "$out/$name.json" "$out/$name.xml" "$out/$name-"*
    ungraded "the grade of $stage did not finish (stopped, or killed)" >/dev/null
    echo "== grading $stage ($kind), seed $seed (replay: make grade STAGE=$num SEED=$seed${student:+ STUDENT=...})"

    # 1. This tree's grader, and whether the graded variant can run here: the reference's answer.
    if [ "$kind" = gpu ] && ! nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
        echo "SKIP: no NVIDIA GPU or driver found: $stage cannot be graded on this machine"
        ungraded "not graded: $stage needs an NVIDIA GPU, and this machine has none"
        exit 77
    fi
    make --no-print-directory GPU="$([ "$kind" = gpu ] && echo 1 || echo 0)" "build/$stage/graders" >"$out/$name-ref-build.log" 2>&1 || {
        cat "$out/$name-ref-build.log"
        echo "grade: this tree's $stage does not build" >&2
        ungraded "not graded: the reference's $stage does not build on this machine"
        exit 1
    }
    export SCAN_REFERENCE_RUNNER=$top/build/$stage/runner SCAN_PROTECT=$top
    export SCAN_RUNNER=$SCAN_REFERENCE_RUNNER SCAN_SANDBOX=0
    local can
    can=$("build/$stage/grade-test" --grade "$bits" --grade-check 2>&1)
    case $? in
    0) ;;
    77) echo "$can"
        ungraded "not graded: $(echo "$can" | grep '^SKIP' | tail -n 1 | sed 's/^SKIP: //')"
        exit 77 ;;
    *) echo "$can"; ungraded "not graded: this tree's grader failed on $stage (its output is in the grader's log)"; exit 1 ;;
    esac
    "build/$stage/grade-test" --grade "$bits" --list >"$out/$name-cases.txt" 2>"$out/$name-cases.log" || {
        cat "$out/$name-cases.log"; ungraded "not graded: this tree's grader failed to list its cases"; exit 1; }
    echo "sandbox: $(build/grade/sandbox --describe)"
    echo "drawn_sizes: a size in every [2^b, 2^(b+1)) up to b = $bits$bits_note"

    # 2. The student's kernel files, regular files only; the handout's blank ones where missing.
    work=$(mktemp -d "${TMPDIR:-/tmp}/grade-$name.XXXXXX")
    top_mode=""
    trap '[ -z "$top_mode" ] || chmod "$top_mode" "$top"; rm -rf "$work"' EXIT
    local from where
    if [ -z "$student" ]; then
        from=$top/$stage where="this tree"
    elif [ -d "$student/$stage" ]; then
        from=$student/$stage where="$(basename "$student")/$stage"
    else
        from=$student where="the upload"
    fi
    echo "the kernel files of $where, against this tree's tests and benchmark"
    local S=$work/student k kernel_names=() refused=() missing=()
    mkdir -p "$S/$stage" "$S/common" "$S/build" "$S/tmp"
    for k in $(unit_kernel_files "$stage"); do kernel_names+=("${k##*/}"); done
    for k in "${kernel_names[@]}"; do
        if [ -L "$from/$k" ]; then
            refused+=("$k is a symbolic link (to $(readlink "$from/$k")): upload the file itself")
        elif [ -e "$from/$k" ] && [ ! -f "$from/$k" ]; then
            refused+=("$k is not a regular file")
        elif [ -f "$from/$k" ]; then
            cp "$from/$k" "$S/$stage/$k" && echo "graded: $k"
        else
            missing+=("$k")
        fi
    done
    if [ ${#refused[@]} -gt 0 ]; then
        printf 'refused: %s\n' "${refused[@]}"
        ungraded "refused: $(printf '%s; ' "${refused[@]}" | sed 's/; $//')"
        return 0
    fi
    if [ ${#missing[@]} -gt 0 ]; then
        common/grade/handout.sh "$num" "$work/handout" >"$out/$name-handout.log" 2>&1 || {
            cat "$out/$name-handout.log"; ungraded "not graded: the handout of $stage could not be made"; exit 1; }
        for k in "${missing[@]}"; do
            cp "$work/handout/$stage/$k" "$S/$stage/$k" && echo "not submitted: $k (graded as the handout gives it)"
        done
    fi
    # What else the student's folder holds is not graded; name it, so nobody thinks it counted.
    local ignored=() f rel
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
    done < <(find "$from" -mindepth 1 -maxdepth $([ "$from" = "$student" ] && echo 1 || echo 2) \( -type f -o -type l \) -print0 2>/dev/null | sort -z)
    [ ${#ignored[@]} -eq 0 ] || printf 'ignored: %s\n' "${ignored[@]}"
    [ ${#ignored[@]} -eq 0 ] || echo "(only the kernel files are graded: ${kernel_names[*]})"

    # 3. The build: the contract headers beside the kernel files, nothing else of this tree; the
    #    compiler in the sandbox (as user 65534 where the grade runs as root: this tree is then
    #    closed to other users while the grade runs), within a time limit.
    for f in common/contract/scan.h common/contract/apps.h common/core/harness.h common/contract/cuda_check.h; do cp "$f" "$S/common/"; done
    if [ "$(id -u)" = 0 ]; then
        chown -R 65534:65534 "$S" && chmod 711 "$work" || { ungraded "not graded: cannot prepare the sandbox's folder"; exit 1; }
        top_mode=$(stat -c %a "$top") && chmod go-rwx "$top"
    fi
    local limit built=1
    limit=$([ "$kind" = gpu ] && echo 600 || echo 120)
    # (the compiler gets a clean environment, no include path or option of the grader's, and
    # starts in the student's folder)
    timeout "$limit" make --no-print-directory GPU="$([ "$kind" = gpu ] && echo 1 || echo 0)" \
        GRADE_STUDENT="$S" GRADE_UNIT="$stage" \
        GRADE_SANDBOX="env -i -C $S PATH=$PATH HOME=$S/tmp TMPDIR=$S/tmp LC_ALL=C $top/build/grade/sandbox --read $S --write $S/build --write $S/tmp --protect $top --" \
        "$S/build/runner" >"$out/$name-build.log" 2>&1
    case $? in
    0) ;;
    124) echo "the build took longer than $limit s" >>"$out/$name-build.log"; built=0 ;;
    *) built=0 ;;
    esac
    sed -i "s|$S/||g" "$out/$name-build.log"
    # An object carrying compiler bytecode (link-time optimization) would be compiled again at a
    # link: the link compiles nothing (and runs in the sandbox), and such an object is refused.
    if [ -f "$S/build/scan.o" ] && readelf -SW "$S/build/scan.o" 2>/dev/null | grep -qE ' \.gnu\.(lto|debuglto|offload_lto)_'; then
        echo "refused: the kernel's object carries link-time-optimization bytecode (.gnu.lto_ sections)"
        ungraded "refused: the kernel's object carries link-time-optimization bytecode (.gnu.lto_ sections), which a link would compile: a kernel is source code"
        return 0
    fi
    # Every file the compiler read: the unit's folder, the contract headers, the system's. (Where
    # the sandbox kept the compiler from a file, it said so, and the build failed.)
    local bad=()
    mapfile -t bad < <(sed -n 's/.*fatal error: \(.*\): Permission denied$/\1/p' "$out/$name-build.log" | sort -u)
    if [ ${#bad[@]} -gt 0 ]; then
        printf 'refused: the kernel includes %s\n' "${bad[@]}"
        ungraded "refused: the kernel includes $(printf '%s, ' "${bad[@]}" | sed 's/, $//') (a kernel includes files of its own folder, the contract headers and the system's only)"
        return 0
    fi
    [ $built = 1 ] || { cat "$out/$name-build.log"; echo "grade: $stage does not build"; }
    if [ -f "$S/build/scan.d" ]; then
        local cuda_home dep
        cuda_home=$(realpath -m "$(dirname "$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")/..")
        while IFS= read -r dep; do
            [ -n "$dep" ] || continue
            dep=$(cd "$S" && realpath -m "$dep") # (the compiler ran in $S)
            case "$dep" in
            "$S/$stage/"*) continue ;;
            "$S/common/scan.h" | "$S/common/apps.h" | "$S/common/harness.h" | "$S/common/cuda_check.h") continue ;;
            "$top"/* | "$work"/*) ;;
            /usr/* | "$cuda_home"/*) continue ;;
            esac
            bad+=("${dep#"$S/"}")
        done < <(tr '\n' ' ' <"$S/build/scan.d" | sed 's/\\ / /g; s/^[^:]*://' | tr ' \t' '\n\n')
        if [ ${#bad[@]} -gt 0 ]; then
            printf 'refused: the kernel includes %s\n' "${bad[@]}"
            ungraded "refused: the kernel includes $(printf '%s, ' "${bad[@]}" | sed 's/, $//') (a kernel includes files of its own folder, the contract headers and the system's only)"
            return 0
        fi
    fi
    [ -x "$S/build/runner" ] || built=0

    # 4. Correctness: every case of this tree's list, each with a runner of its own; a hang is a
    #    failure (Check stops a case at the unit's time limit, `timeout` the whole binary).
    local xml=$out/$name.xml
    export SCAN_RUNNER=$S/build/runner SCAN_SANDBOX=1
    # a GPU unit's runner may write NVIDIA's device files; a CPU unit's has namespaces of its own,
    # where the system allows them, so that what it starts ends with it (NVIDIA's driver fails
    # in a PID namespace)
    if [ "$kind" = gpu ]; then export SCAN_RUNNER_DEVICES=1; else export SCAN_RUNNER_NAMESPACES=1; fi
    if [ $built = 1 ]; then
        CK_FORK=yes CK_XML_LOG_FILE_NAME="$xml" CK_TIMEOUT_MULTIPLIER=1 \
            timeout 1800 "build/$stage/grade-test" --grade "$bits" --seed "$seed" >"$out/$name-test.log" 2>&1
    fi
    end_ipc
    touch "$xml"
    # One line per case of the list: name, pass, fail or missing (not run: the binary ended
    # first), and Check's message. Only the listed names count, each once.
    awk -F'\t' '
        function text(s, tag) { sub(".*<" tag ">", "", s); sub("</" tag ">.*", "", s); return s }
        function plain(s) { gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s); gsub(/&quot;/, "\"", s); gsub(/&apos;/, "\047", s); gsub(/&amp;/, "\\&", s); return s }
        FILENAME == ARGV[1] {
            if ($0 ~ /<test result=/) { result = $0; sub(/.*result="/, "", result); sub(/".*/, "", result); name = ""; message = "" }
            else if ($0 ~ /<description>/) name = plain(text($0, "description"))
            else if ($0 ~ /<message>/) {
                m = $0
                while (m !~ /<\/message>/ && (getline line) > 0) m = m " " line
                message = plain(text(m, "message"))
            } else if ($0 ~ /<\/test>/ && name != "") {
                ok = result == "success"
                if (!(name in passed) || (passed[name] && !ok)) { passed[name] = ok; why[name] = message }
            }
            next
        }
        $0 != "" { print $0 "\t" (!($0 in passed) ? "missing" : passed[$0] ? "pass" : "fail") "\t" why[$0] }
    ' "$xml" "$out/$name-cases.txt" >"$out/$name-cases.tsv"
    local cases_total cases_passed drawn_failed
    cases_total=$(grep -c . "$out/$name-cases.txt")
    cases_passed=$(awk -F'\t' '$2 == "pass"' "$out/$name-cases.tsv" | wc -l)
    drawn_failed=$(awk -F'\t' -v built=$built '$1 == "drawn_sizes" && $2 != "pass" && built' "$out/$name-cases.tsv" | wc -l)

    # 5. Speed: only when every case passed (speed scores nothing otherwise).
    rm -f "$out/$name-student-"* "$out/$name-reference-"*
    bench() { # runner sandbox csv
        SCAN_RUNNER=$1 SCAN_SANDBOX=$2 timeout 900 "build/$stage/grade-bench" --graded \
            --sizes "$sizes" --budget 0.3 --seed "$seed" --csv "$3" >"$3.log" 2>&1
    }
    # (why a timed run of the student's gave no time: the benchmark's last line where it failed,
    # its SKIP line where it skipped, and its notes where it left sizes out, e.g. past its cap)
    local student_ok=0 speed_note="" round rc log
    if [ "$cases_total" -gt 0 ] && [ "$cases_passed" -eq "$cases_total" ]; then
        student_ok=1
        for round in 1 2; do
            log=$out/$name-student-$round.csv.log
            bench "$S/build/runner" 1 "$out/$name-student-$round.csv"
            rc=$?
            if [ $rc = 124 ]; then
                student_ok=0 speed_note="the timed runs took longer than 900 s and were stopped"
            elif [ $rc = 77 ]; then
                student_ok=0 speed_note="the timed runs skipped: $(sed -n 's/^SKIP: //p' "$log" | tail -n 1)"
            elif [ $rc != 0 ]; then
                student_ok=0 speed_note="the timed runs failed: $(grep -v '^\[' "$log" | grep . | tail -n 1)"
            fi
            end_ipc
            bench "$SCAN_REFERENCE_RUNNER" 0 "$out/$name-reference-$round.csv" || {
                cat "$out/$name-reference-$round.csv.log"
                echo "grade: the reference's benchmark failed" >&2
                ungraded "not graded: the reference's timed runs failed on this machine"
                exit 1
            }
        done
    fi
    if [ $built = 0 ]; then
        speed_note="the kernel does not build"
    elif [ "$drawn_failed" != 0 ]; then
        speed_note="drawn_sizes failed: the kernel is wrong at a size the fixed cases do not look at, and scores no correctness"
    elif [ $student_ok = 0 ] && [ -z "$speed_note" ]; then
        speed_note="speed is given only when every case passes"
    fi
    # what the benchmark said of sizes it left out (the awk below names them where it has no time)
    local left_out=""
    [ $student_ok = 0 ] || left_out=$(sed -n 's/^SKIP: //p; s/^  note: //p' "$out/$name-student-"[12].csv.log 2>/dev/null | sort -u | paste -sd '|' | sed 's/|/; /g')

    # 6. The score table and the JSON. The graded variant's name, for the CSVs' rows; and what the
    #    kernel calls or defines that a kernel has no need of (the descriptors, processes and
    #    memory protection of its process, which is the runner's too): noted, for the teacher.
    local graded calls=""
    graded=$(sed -n 's/^    {"\([^"]*\)", .*, \([0-9]*\)u},$/\1 \2/p' "build/$stage/proxy.c" | awk '$2 % 2 == 1 { print $1; exit }')
    if [ $built = 1 ]; then
        calls=$({ nm -u "$S/build/scan.o"; nm -g --defined-only "$S/build/scan.o"; } 2>/dev/null | awk '{ print $NF }' | sed 's/@.*//' |
            grep -xE '(p?read|p?write|readv|writev|dup[23]?|pipe2?|fcntl|ioctl|syscall|fork|vfork|clone3?|exec[lv]p?e?|fexecve|posix_spawnp?|memfd_create|mmap|mprotect|ptrace|prctl|kill|signal|sigaction|socket|connect|shm(get|at)|setsid|setpgid|close|close_range)' |
            sort -u | paste -sd, | sed 's/,/, /g')
    fi
    awk -v stage="$stage" -v unit="$name" -v graded="$graded" -v calls="$calls" -v passed="$cases_passed" -v total="$cases_total" -v student_ok="$student_ok" \
        -v cases_tsv="$out/$name-cases.tsv" -v json="$out/$name.json" -v scsv="$out/$name-student" \
        -v rcsv="$out/$name-reference" -v gradescope="$out/results.json" -v built="$built" \
        -v build_log="$out/$name-build.log" -v drawn_failed="$drawn_failed" -v note="$speed_note" -v left_out="$left_out" \
        -v grade_id="$grade_id" -v seed="$seed" -v sandbox="$(build/grade/sandbox --describe)" '
        # The graded variant (the only variant row of each size) of FILE-1.csv and FILE-2.csv: the
        # faster median.
        function headline(file, arr,   line, f, n, r, path) {
            for (r = 1; r <= 2; r++) {
                path = file "-" r ".csv"
                while ((getline line < path) > 0) {
                    if (line ~ /^#/ || line ~ /^stage,/) continue
                    n = split(line, f, ",") # (10 columns, 11 with bytes_per_element)
                    if (n < 10 || n > 11 || f[1] != unit || f[2] != graded || f[3] != "variant") continue
                    n = f[5]
                    if (!(n in arr) || f[7] + 0 < arr[n] + 0) arr[n] = f[7]
                }
                close(path)
            }
        }
        '"$AWK_LABEL"'
        # A JSON string of s: quotes, backslashes and control characters escaped (eight
        # backslashes make two in gsub, in mawk and gawk alike).
        function js(s) {
            gsub(/\\/, "\\\\\\\\", s); gsub(/"/, "\\\"", s); gsub(/\t/, "\\t", s); gsub(/\r/, "", s)
            gsub(/\n/, "\\n", s)
            return "\"" s "\""
        }
        BEGIN {
            print ""
            printf "%-28s %s\n", "test case", "result"
            ncase = 0
            not_run = !built ? "not run: the kernel does not build" : "not run: the test binary ended before this case"
            while ((getline line < cases_tsv) > 0) {
                split(line, f, "\t")
                cases[++ncase] = f[1]; result[ncase] = f[2] == "pass"
                output[ncase] = f[2] == "pass" ? "pass" : f[2] == "missing" ? not_run : f[3]
                printf "%-28s %s\n", f[1], f[2] == "pass" ? "pass" : f[2] != "missing" ? "FAIL" : built ? "FAIL: not run (the binary ended first)" : "FAIL: not run"
            }
            correctness = total > 0 && !drawn_failed ? 70 * passed / total : 0

            if (student_ok) headline(scsv, mine)
            headline(rcsv, theirs)
            print ""
            logsum = 0; count = 0; ns = 0
            for (n in theirs) sizes[++ns] = n + 0
            if (ns == 0) print "speed: not measured (" note ")"
            else printf "%-10s %14s %14s %8s\n", "n", "yours (ms)", "reference (ms)", "speed"
            for (a = 2; a <= ns; a++) for (b = a; b > 1 && sizes[b] < sizes[b - 1]; b--) { t = sizes[b]; sizes[b] = sizes[b - 1]; sizes[b - 1] = t }
            for (i = 1; i <= ns; i++) {
                n = sizes[i]
                r = (mine[n] > 0) ? theirs[n] / mine[n] : 0
                ratio[i] = r
                printf "%-10s %14s %14.4f %7.2fx\n", label(n), (mine[n] > 0 ? sprintf("%.4f", mine[n]) : "-"), theirs[n], r
                count++; logsum += r > 0 ? log(r) : log(1e-9)
            }
            geo = count ? exp(logsum / count) : 0
            # a size timed for the reference and not for the student: say why (in the words of
            # the benchmark, where it gave some)
            if (note == "" && student_ok) {
                gap = ""
                for (i = 1; i <= ns; i++) if (!(mine[sizes[i]] > 0)) gap = gap (gap == "" ? "" : ", ") label(sizes[i])
                if (gap != "") note = "no timed run of yours at n = " gap (left_out != "" ? " (the benchmark: " left_out ")" : "")
            }
            # far faster than the same work allows: say so (a kernel that skips a run repeating
            # the last one would show it, where the digest checks the last run of a batch only)
            for (i = 1; i <= ns; i++)
                if (ratio[i] > 4 && !suspicious) suspicious = sprintf("note: at n = %s the kernel ran %.0fx as fast as the reference, more than a different kernel explains: read it (one that skips runs repeating the last one shows this)", label(sizes[i]), ratio[i])
            # (within 5% of the reference counts as its speed: the noise of a shared machine costs
            # a solution as fast as the reference nothing)
            speed = (passed == total && total > 0 && student_ok) ? 30 * (geo < 0.95 ? geo / 0.95 : 1) : 0
            print ""
            if (note != "" && ns > 0) print "speed: " note
            if (suspicious != "") print suspicious
            if (calls != "") print "note: the kernel calls or defines " calls ", which a kernel has no need of; its process is its runner'"'"'s too: read it before you trust its speed"
            if (drawn_failed) print "correctness: none counts, because " note
            printf "correctness %5.1f / 70   (%d of %d test cases%s)\n", correctness, passed, total, drawn_failed ? "; drawn_sizes failed" : ""
            printf "speed       %5.1f / 30   (geometric mean %.2fx the reference%s)\n", speed, geo, (passed == total ? "" : "; given only when every test passes")
            printf "total       %5.1f / 100\n", correctness + speed
            printf "{\"stage\": \"%s\", \"grade_id\": \"%s\", \"seed\": %s, \"graded\": true, \"cases_passed\": %d, \"cases_total\": %d, \"drawn_failed\": %s, \"correctness\": %.2f, \"speed\": %.2f, \"speed_ratio\": %.4f, \"speed_note\": %s, \"total\": %.2f, \"sizes\": [", stage, grade_id, seed, passed, total, drawn_failed ? "true" : "false", correctness, speed, geo, js(note), correctness + speed > json
            for (i = 1; i <= ns; i++) printf "%s{\"n\": %d, \"ratio\": %.4f}", (i > 1 ? ", " : ""), sizes[i], ratio[i] > json
            printf "], \"cases\": [" > json
            for (i = 1; i <= ncase; i++) printf "%s{\"name\": \"%s\", \"passed\": %s}", (i > 1 ? ", " : ""), cases[i], result[i] ? "true" : "false" > json
            print "]}" > json

            # Gradescope results.json: every test case (--list), then speed.
            share = ncase > 0 ? 70 / ncase : 0
            printf "{\n  \"score\": %.2f,\n  \"grade_id\": \"%s\",\n", correctness + speed, grade_id > gradescope
            printf "  \"output\": %s,\n", js(sprintf("%s graded against the reference, seed %s (%s): correctness %.1f / 70 (%d of %d test cases%s), speed %.1f / 30%s, total %.1f / 100", stage, seed, sandbox, correctness, passed, total, drawn_failed ? "; drawn_sizes failed, so none counts" : "", speed, note != "" && !drawn_failed ? " (" note ")" : "", correctness + speed)) > gradescope
            printf "  \"tests\": [\n" > gradescope
            if (!built) {
                log_text = ""
                while ((getline line < build_log) > 0) log_text = log_text line "\n"
                printf "    {\"name\": %s, \"score\": 0, \"max_score\": 0, \"status\": \"failed\", \"output\": %s},\n", js(stage " builds"), js(log_text) > gradescope
            }
            for (i = 1; i <= ncase; i++)
                printf "    {\"name\": %s, \"number\": \"1.%d\", \"score\": %.4f, \"max_score\": %.4f, \"status\": \"%s\", \"output\": %s},\n", js("correctness: " cases[i]), i, result[i] && !drawn_failed ? share : 0, share, result[i] ? "passed" : "failed", js(output[i]) > gradescope
            table = ""
            if (ns == 0) table = "not measured: " note
            else {
                table = sprintf("%-10s %14s %14s %8s\n", "n", "yours (ms)", "reference (ms)", "speed")
                for (i = 1; i <= ns; i++)
                    table = table sprintf("%-10s %14s %14.4f %7.2fx\n", label(sizes[i]), (mine[sizes[i]] > 0 ? sprintf("%.4f", mine[sizes[i]]) : "-"), theirs[sizes[i]], ratio[i])
                table = table sprintf("geometric mean %.2fx the reference: 30 x min(1, %.2f / 0.95) points", geo, geo)
                if (suspicious != "") table = table "\n" suspicious
                if (calls != "") table = table "\nnote: the kernel calls or defines " calls ", which a kernel has no need of"
                if (note != "") table = table "\n" note
            }
            printf "    {\"name\": \"speed against the reference\", \"number\": \"2.1\", \"score\": %.4f, \"max_score\": 30, \"output\": %s}\n", speed, js(table) > gradescope
            printf "  ]\n}\n" > gradescope
        }'
    publish
    echo "(JSON: $out/$name.json, and Gradescope's shape in $out/results.json; logs: $out/$name-*.log)"
    return 0
}

# The whole script is read before it runs, so that nothing written to this file during a grade
# changes what runs.
main "$@"
exit
