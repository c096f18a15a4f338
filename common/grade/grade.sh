#!/bin/bash
# Grades one unit (a stage or a step) of a student's work against this tree, the reference
# solution, on this machine:
#
#   common/grade/grade.sh N [--student DIR] [--seed S]    (make grade STAGE=N [STUDENT=dir] [SEED=s])
#
# The student's code runs in a process of its own that holds no answer: a runner (runner.c) built
# from the unit's kernel files alone, in the grader's sandbox (sandbox.h). This tree's test and
# benchmark code make the inputs, compute the expected outputs, compare them and time the runs
# from outside (device_remote.c). The phases, each a function below:
#   reference    this tree's grader built; whether the graded variant can run here (its answer)
#   take_files   the student's kernel files: from DIR/NN_unit/ when DIR is a copy of the
#                repository, else from DIR itself (the files uploaded alone); each must resolve,
#                after every link and `..`, inside DIR; a file DIR lacks is graded as the handout
#                gives it, blank; anything else in DIR is ignored; each said to the student
#   build        in the sandbox, within a time limit; the kernel may include its own folder's
#                files, the contract headers and the system's, but no library's scan, sort or
#                copy (CUB, Thrust; a unit's Makefile may allow one: GRADE_ALLOWS := cub), and
#                must define its variant table
#   limits       the reference's own time for every case, on this machine: each case's limit
#   cases        this tree's test cases and drawn_sizes (sizes drawn from the seed: a new one
#                every grade, printed, replayed with --seed), each in a runner of its own, each
#                within its limit; after a hang, the rest are not run
#   speed        the graded variant, timed from outside in the reference's runner and the
#                student's, in turn, twice, each side keeping its faster run; every timed run
#                proven (remote.h)
#   score        common/grade/score.awk: the table, build/grade/UNIT.json, and Gradescope's
#                build/grade/results.json (copied to /autograder/results/ where that exists)
# Every ending writes a result with this grade's id (GRADE_ID, else GitHub's run, else a new
# one), which common/grade/classroom/step.sh checks; a grade stopped from outside ends what it
# started and says so in its result. Exit status: 0 when graded or refused (the result says
# which), 2 on bad usage, 77 when the unit cannot be graded on this machine, 1 when this tree's own
# code fails.
set -uo pipefail
# The grade builds the default way whatever `make grade` was given (SANITIZE=1, BUILD=..., CC=...,
# which make passes down in MAKEFLAGS and in the environment): grades stay comparable.
unset MAKEFLAGS MAKEOVERRIDES MFLAGS BUILD SANITIZE CC EMULATOR WERROR

usage() { # [why]
    local text="usage: make grade STAGE=N [STUDENT=dir] [SEED=s]   (N: a stage or step, e.g. 3 or 4a; dir: the student's copy of the repository, or a folder of the kernel files; s: a seed printed by an earlier grade, to replay it)"
    [ -z "${1:-}" ] || echo "grade: $1" >&2
    echo "$text" >&2
    [ -z "${out:-}" ] || ungraded "not graded: ${1:-make grade was called wrongly}; $text" >/dev/null
    exit 2
}

# ---- results ---------------------------------------------------------------------------------

json_text() { # stdin -> a JSON string
    awk 'BEGIN { RS = "\001" } {
        s = $0; sub(/\n$/, "", s)
        gsub(/\\/, "\\\\\\\\", s); gsub(/"/, "\\\"", s); gsub(/\t/, "\\t", s); gsub(/\r/, "", s)
        gsub(/\n/, "\\n", s); gsub(/[\001-\037]/, "?", s)
        printf "\"%s\"", s }'
}

# Gradescope's container takes results.json from /autograder/results/.
publish() {
    local dir=${GRADESCOPE_RESULTS:-/autograder/results}
    [ -d "$dir" ] && cp "$out/results.json" "$dir/results.json" && echo "(Gradescope: $dir/results.json)"
    return 0
}

# A line the student sees: on the terminal, and in results.json's output.
say() { echo "$*"; echo "$*" >>"$notes"; }

# A result that grades nothing: the reason, and what the student was told, score 0.
ungraded() { # reason
    local text
    text=$({ echo "$1"; cat "${notes:-/dev/null}" 2>/dev/null; } | json_text)
    mkdir -p "$out"
    printf '{"stage": "%s", "grade_id": "%s", "seed": %s, "graded": false, "reason": %s, "total": 0}\n' \
        "${stage:-none}" "$grade_id" "${seed:-0}" "$(printf '%s' "$1" | json_text)" >"$out/${name:-grade}.json"
    echo "$grade_id" >"$out/grade-id"
    printf '{\n  "score": 0,\n  "grade_id": "%s",\n  "visibility": "visible",\n  "output": %s,\n  "tests": []\n}\n' \
        "$grade_id" "$text" >"$out/results.json"
    publish
}

# ---- running what the grade starts -----------------------------------------------------------
# Each in a process group of its own, waited for so that a stop from outside (a platform's limit,
# timeout's TERM) is handled at once: the group is ended (the grader's binaries end their runners
# and whatever those left), and the result says the grade was stopped.
child=""
run() { # command...: its exit status
    setsid "$@" &
    child=$!
    wait "$child"
    local rc=$?
    child=""
    return $rc
}
stopped() {
    trap - TERM INT HUP
    if [ -n "$child" ]; then
        kill -TERM -- "-$child" 2>/dev/null
        sleep 2
        kill -KILL -- "-$child" 2>/dev/null
    fi
    end_ipc
    ungraded "the grade was stopped from outside while $phase; nothing is graded" >/dev/null
    echo "grade: stopped from outside while $phase" >&2
    exit 143
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

# ---- the phases ------------------------------------------------------------------------------

parse_arguments() {
    [ $# -ge 1 ] && [ -n "$1" ] || usage "no STAGE given"
    stage=$(unit_dir "$1" 2>/dev/null) || { stage=""; usage "no stage or step '$1': the course has $(ids)"; }
    shift
    student="" seed_given=""
    while [ $# -gt 0 ]; do
        case "$1" in
        --student) [ $# -ge 2 ] && [ -n "$2" ] || usage "STUDENT is empty: name the student's folder"
            [ -d "$2" ] || usage "STUDENT=$2 is not a folder"
            student=$(cd "$2" && pwd -P); shift 2 ;;
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
}

# This tree's grader, and whether the graded variant can run here: the reference's answer.
reference() {
    phase="building this tree's grader"
    if [ "$kind" = gpu ] && ! has_gpu; then
        echo "SKIP: no NVIDIA GPU or driver found: $stage cannot be graded on this machine"
        ungraded "not graded: $stage needs an NVIDIA GPU, and this machine has none"
        exit 77
    fi
    run make --no-print-directory GPU="$gpu" "build/$stage/graders" >"$out/$name-ref-build.log" 2>&1 || {
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
}

# The student's kernel files, each resolving inside the upload; the handout's blank ones where
# missing. Returns 1 when one is refused (the result says which).
take_files() {
    phase="taking the student's files"
    local from root where k real refused=() missing=() ignored=() f rel
    if [ -z "$student" ]; then
        from=$top/$stage root=$top where="this tree"
    elif [ -d "$student/$stage" ]; then
        from=$student/$stage root=$student where="$(basename "$student")/$stage"
    else
        from=$student root=$student where="the upload"
    fi
    echo "the kernel files of $where, against this tree's tests and benchmark"
    for k in "${kernel_names[@]}"; do
        if [ ! -e "$from/$k" ] && [ ! -L "$from/$k" ]; then missing+=("$k"); continue; fi
        if ! real=$(realpath -e "$from/$k" 2>/dev/null); then
            refused+=("$k is a link to nothing")
        elif [[ $real != "$root"/* ]]; then
            refused+=("$k resolves outside the upload (to $real): upload the file itself")
        elif [ ! -f "$real" ]; then
            refused+=("$k is not a regular file")
        else
            cp "$real" "$S/$stage/$k" && echo "graded: $k"
        fi
    done
    if [ ${#refused[@]} -gt 0 ]; then
        printf 'refused: %s\n' "${refused[@]}" | tee -a "$notes"
        ungraded "refused: $(printf '%s; ' "${refused[@]}" | sed 's/; $//')"
        return 1
    fi
    if [ ${#missing[@]} -gt 0 ]; then
        run common/grade/handout.sh "$num" "$work/handout" >"$out/$name-handout.log" 2>&1 || {
            cat "$out/$name-handout.log"; ungraded "not graded: the handout of $stage could not be made"; exit 1; }
        for k in "${missing[@]}"; do
            cp "$work/handout/$stage/$k" "$S/$stage/$k"
            f=$(cd "$root" && find . -name "$k" -type f -not -path './.git/*' 2>/dev/null | head -n 3 | sed 's|^\./||' | paste -sd, - | sed 's/,/, /g')
            say "not submitted: $k (graded as the handout gives it, blank)${f:+; the upload has $f: put $k itself at its top, or $stage/$k in a copy of the repository}"
        done
    fi
    # What else the student's folder holds is not graded; name it, so nobody thinks it counted.
    while IFS= read -r -d '' f; do
        rel=${f#"$from"/}
        [[ " ${kernel_names[*]} " == *" $rel "* ]] && continue
        if [ "$from" = "$student" ]; then
            ignored+=("$rel")
        elif [[ ! $rel =~ \.(md|csv|svg|txt)$ ]] && { [ ! -f "$top/$stage/$rel" ] || ! cmp -s "$f" "$top/$stage/$rel"; }; then
            ignored+=("$rel (only the kernel files are taken)")
        fi
    done < <(find "$from" -mindepth 1 -maxdepth 2 \( -type f -o -type l \) -not -path '*/.git/*' -print0 2>/dev/null | sort -z)
    [ ${#ignored[@]} -eq 0 ] || say "ignored: $(printf '%s, ' "${ignored[@]}" | sed 's/, $//') (only the kernel files are graded: ${kernel_names[*]})"
}

# What the compiler read (its list, scan.d): the unit's folder, the contract headers and the
# system's; no library's scan, sort or copy unless the unit allows it. And the kernel's table.
# Echoes why the build is refused, or nothing.
refusal() {
    local cuda_home dep libraries allowed bad=() table
    # (no grep -q behind a pipe: it would end the pipe early, and pipefail would take that for a miss)
    if [ -f "$S/build/scan.o" ] && readelf -SW "$S/build/scan.o" 2>/dev/null | grep -E ' \.gnu\.(lto|debuglto|offload_lto)_' >/dev/null; then
        echo "the kernel's object carries link-time-optimization bytecode (.gnu.lto_ sections), which a link would compile: a kernel is source code"
        return
    fi
    mapfile -t bad < <(sed -n 's/.*fatal error: \(.*\): Permission denied$/\1/p' "$out/$name-build.log" | sort -u)
    cuda_home=$(realpath -m "$(dirname "$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")/..")
    allowed=$(sed -n 's/^GRADE_ALLOWS *:= *//p' "$stage/Makefile")
    [ -f "$S/build/scan.d" ] && while IFS= read -r dep; do
        [ -n "$dep" ] || continue
        dep=$(cd "$S" && realpath -m "$dep") # (the compiler ran in $S)
        case "$dep" in
        "$S/$stage/"* | "$S/common/scan.h" | "$S/common/apps.h" | "$S/common/cuda_check.h") continue ;;
        */include/cub/* | */include/thrust/* | */cccl/cub/* | */cccl/thrust/* | */include/cublas* | */include/cusparse* | */include/cufft* | */include/curand* | */include/cusolver* | */include/npp*)
            libraries=${dep#*/include/}; libraries=${libraries#cccl/}; libraries=${libraries%%[/.]*}
            [[ " $allowed " == *" $libraries "* ]] || [[ " ${bad[*]} " == *"(the library $libraries:"* ]] ||
                bad+=("${dep#*/include/} (the library $libraries: this unit's kernel is yours to write, not a call into a library)")
            continue ;;
        "$top"/* | "$work"/*) ;;
        /usr/* | "$cuda_home"/*) continue ;;
        esac
        bad+=("${dep#"$S/"}")
    done < <(tr '\n' ' ' <"$S/build/scan.d" | sed 's/\\ / /g; s/^[^:]*://' | tr ' \t' '\n\n')
    if [ ${#bad[@]} -gt 0 ]; then
        echo "the kernel includes $(printf '%s, ' "${bad[@]}" | sed 's/, $//') (a kernel includes files of its own folder, the contract headers and the system's only)"
        return
    fi
    table=$(sed -n 's/^const [a-z_]* \([a-z_]*_variants\)\[\] = {$/\1/p' "build/$stage/proxy.c")
    if [ -f "$S/build/scan.o" ] && ! nm --defined-only "$S/build/scan.o" 2>/dev/null | grep " $table\$" >/dev/null; then
        echo "${kernel_names[-1]} defines no $table[] (is it empty, or cut short? the handout's file shows the table it must keep)"
    fi
}

# The build: the contract headers beside the kernel files, nothing else of this tree; the compiler
# in the sandbox (as user 65534 where the grade runs as root: this tree is then closed to other
# users while the grade runs), within a time limit. Returns 1 when it is refused.
build() {
    phase="building the student's kernel"
    local f limit why
    for f in scan.h apps.h cuda_check.h; do cp "common/contract/$f" "$S/common/"; done
    if [ "$(id -u)" = 0 ]; then
        chown -R 65534:65534 "$S" && chmod 711 "$work" || { ungraded "not graded: cannot prepare the sandbox's folder"; exit 1; }
        top_mode=$(stat -c %a "$top") && chmod go-rwx "$top"
    fi
    limit=$([ "$kind" = gpu ] && echo 600 || echo 120)
    # (the compiler gets a clean environment, no include path or option of the grader's, and starts
    # in the student's folder)
    run timeout "$limit" make --no-print-directory GPU="$gpu" GRADE_STUDENT="$S" GRADE_UNIT="$stage" \
        GRADE_SANDBOX="env -i -C $S PATH=$PATH HOME=$S/tmp TMPDIR=$S/tmp LC_ALL=C setsid --wait $top/build/grade/sandbox --read $S --write $S/build --write $S/tmp --protect $top --" \
        "$S/build/runner" >"$out/$name-build.log" 2>&1
    case $? in
    0) built=1 ;;
    124) echo "the build took longer than $limit s" >>"$out/$name-build.log"; built=0 ;;
    *) built=0 ;;
    esac
    sed -i "s|$S/||g" "$out/$name-build.log"
    why=$(refusal)
    if [ -n "$why" ]; then
        say "refused: $why"
        ungraded "refused: $why"
        return 1
    fi
    [ $built = 1 ] && [ -x "$S/build/runner" ] || { built=0; cat "$out/$name-build.log"; say "grade: $stage does not build (the compiler's messages are above, and in the entry '$stage builds')"; }
    if [ $built = 1 ]; then
        calls=$({ nm -u "$S/build/scan.o"; nm -g --defined-only "$S/build/scan.o"; } 2>/dev/null | awk '{ print $NF }' | sed 's/@.*//' |
            grep -xE '(p?read|p?write|readv|writev|dup[23]?|pipe2?|fcntl|ioctl|syscall|fork|vfork|clone3?|exec[lv]p?e?|fexecve|posix_spawnp?|memfd_create|mmap|mprotect|ptrace|prctl|kill|signal|sigaction|socket|connect|shm(get|at)|setsid|setpgid|close|close_range)' |
            sort -u | paste -sd, | sed 's/,/, /g')
    fi
    return 0
}

# One case of grade-test in the runner SCAN_RUNNER names, within its limit: into case_line,
# "NAME\tSTATUS\tMESSAGE" (STATUS: pass, fail, hang or memory). (Not in a subshell: a stop from
# outside must find the process it started.)
one_case() { # case limit-seconds log
    local xml=$work/case.xml rc result message
    rm -f "$xml"
    SCAN_CASE_LIMITS="$1=$2" SCAN_SEED=$seed CK_FORK=yes CK_XML_LOG_FILE_NAME=$xml CK_TIMEOUT_MULTIPLIER=1 \
        run timeout -k 5 $(($2 + 30)) "build/$stage/grade-test" --grade "$bits" --case "$1" >"$3" 2>&1
    rc=$?
    result=$(sed -n 's/.*<test result="\([a-z]*\)".*/\1/p' "$xml" 2>/dev/null | head -n 1)
    message=$(awk '/<message>/ { on = 1 } on { m = m " " $0 } /<\/message>/ { on = 0 } END { print m }' "$xml" 2>/dev/null |
        sed 's/.*<message>//; s/<\/message>.*//; s/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&apos;/'"'"'/g; s/&amp;/\&/g; s/^ *//')
    if [ "$result" = success ]; then
        case_line="$1"$'\tpass\t'
    elif [ $rc = 124 ] || [ $rc = 137 ] || [[ $message == *"did not finish within"* ]] || [[ $message == *"Test timeout expired"* ]]; then
        case_line="$1"$'\thang\t'"${message:-the kernel did not finish within $2 s (the time this case allows: a hang?)}"
    elif [[ $message == *"lack of memory"* ]]; then
        case_line="$1"$'\tmemory\t'"$message"
    else
        case_line="$1"$'\tfail\t'"${message:-the test binary ended without a result ($(tail -n 1 "$3"))}"
    fi
}

# The reference's own time for every case on this machine, in its runner: each case's limit is 5
# times it and 10 s more (20 s at least), so that a kernel that hangs is graded in minutes.
# SCAN_GRADE_LIMITS=file keeps them there for the next grades of the unit on this machine (made
# where missing; common/grade/check-grading.sh's many grades share them so).
limits() {
    phase="timing the reference's cases"
    local c started
    if [ -n "${SCAN_GRADE_LIMITS:-}" ] && [ -s "$SCAN_GRADE_LIMITS" ]; then
        while read -r c started; do limit[$c]=$started; done <"$SCAN_GRADE_LIMITS"
        return
    fi
    for c in $(cat "$out/$name-cases.txt"); do
        started=$(date +%s%N)
        one_case "$c" 1800 "$out/$name-reference-$c.log"
        [[ $case_line == *$'\tpass\t'* ]] || {
            cat "$out/$name-reference-$c.log"; echo "grade: this tree's $stage fails its case $c" >&2
            ungraded "not graded: the reference fails its case $c on this machine"; exit 1; }
        limit[$c]=$((($(date +%s%N) - started) / 200000000 + 10))
        [ "${limit[$c]}" -ge 20 ] || limit[$c]=20
        [ -z "${SCAN_GRADE_LIMITS:-}" ] || echo "$c ${limit[$c]}" >>"$SCAN_GRADE_LIMITS"
    done
}

# The student's cases, each in a runner of its own and within its limit; after a hang, the others
# are not run.
cases() {
    phase="running the test cases"
    local c hung=""
    export SCAN_RUNNER=$S/build/runner SCAN_SANDBOX=1
    # a GPU unit's runner may write NVIDIA's device files; a CPU unit's has namespaces of its own,
    # where the system allows them, so that what it starts ends with it (NVIDIA's driver fails in
    # a PID namespace)
    if [ "$kind" = gpu ]; then export SCAN_RUNNER_DEVICES=1; else export SCAN_RUNNER_NAMESPACES=1; fi
    for c in $(cat "$out/$name-cases.txt"); do
        if [ $built = 0 ]; then
            case_line="$c"$'\tmissing\tthe kernel does not build'
        elif [ -n "$hung" ]; then
            case_line="$c"$'\tmissing\tthe kernel hung in case '"$hung"
        else
            one_case "$c" "${limit[$c]}" "$out/$name-test-$c.log"
            grep -h '^drawn_sizes:' "$out/$name-test-$c.log"
            [[ $case_line != *$'\thang\t'* ]] || hung=$c
        fi
        printf '%s\n' "$case_line" >>"$work/cases.tsv"
        end_ipc
    done
    cp "$work/cases.tsv" "$out/$name-cases.tsv"
}

# The graded variant timed: the reference's runner, then the student's within 5 times the
# reference's time and 60 s more, twice. Sets speed_note where the student's gave no time.
speed() {
    phase="timing the kernel"
    local round rc log started limit
    rm -f "$out/$name-student-"* "$out/$name-reference-"*.csv*
    grep -qv $'\tpass\t' "$out/$name-cases.tsv" && { speed_note="speed is given only when every case passes"; return; }
    for round in 1 2; do
        started=$(date +%s)
        bench_run "$SCAN_REFERENCE_RUNNER" 0 "$out/$name-reference-$round.csv" 1800 || {
            cat "$out/$name-reference-$round.csv.log"; echo "grade: the reference's benchmark failed" >&2
            ungraded "not graded: the reference's timed runs failed on this machine"; exit 1; }
        limit=$((5 * ($(date +%s) - started) + 60))
        [ $round = 2 ] || sed -n 's/^skipping \(n=.*\)/speed: not timed at \1 (the memory of this grade; the reference is not timed there either)/p' \
            "$out/$name-reference-1.csv.log" | while read -r line; do say "$line"; done
        log=$out/$name-student-$round.csv.log
        bench_run "$S/build/runner" 1 "$out/$name-student-$round.csv" "$limit"
        rc=$?
        end_ipc
        if [ $rc = 124 ] || [ $rc = 137 ]; then
            speed_note="the timed runs did not finish within $limit s (5 times the reference's and 60 s), at n = $(grep -c "^$name," "$out/$name-student-$round.csv" 2>/dev/null | awk -v s="$sizes" '{ split(s, n, ","); print n[$1 + 1] }') (a hang?)"
        elif [ $rc = 77 ]; then
            speed_note="the timed runs skipped: $(sed -n 's/^SKIP: //p' "$log" | tail -n 1)"
        elif [ $rc != 0 ]; then
            speed_note="the timed runs failed: $(grep -v '^\[' "$log" | grep . | tail -n 1)"
        fi
        [ -z "$speed_note" ] || return
    done
}
bench_run() { # runner sandbox csv limit
    SCAN_RUNNER=$1 SCAN_SANDBOX=$2 SCAN_SEED=$seed run timeout -k 5 "$4" "build/$stage/grade-bench" --graded \
        --sizes "$sizes" --budget 0.3 --csv "$3" >"$3.log" 2>&1
}

score() {
    phase="scoring"
    local graded sandbox
    graded=$(sed -n 's/^    {"\([^"]*\)", .*, \([0-9]*\)u},$/\1 \2/p' "build/$stage/proxy.c" | awk '$2 % 2 == 1 { print $1; exit }')
    sandbox=$(build/grade/sandbox --describe)
    awk -v stage="$stage" -v unit="$name" -v graded="$graded" -v grade_id="$grade_id" -v seed="$seed" \
        -v sandbox="$sandbox" -v built="$built" -v cases="$out/$name-cases.tsv" -v notes="$notes" \
        -v scsv="$out/$name-student" -v rcsv="$out/$name-reference" -v note="$speed_note" -v calls="$calls" \
        -v json="$out/$name.json" -v gradescope="$out/results.json" -v build_log="$out/$name-build.log" \
        -v replay="make test-$num SEED=$seed (in your copy: the same cases and drawn sizes), or, for the teacher, make grade STAGE=$num SEED=$seed STUDENT=..." \
        -f common/grade/score.awk
    publish
    echo "(JSON: $out/$name.json, and Gradescope's shape in $out/results.json; logs: $out/$name-*.log)"
}

main() {
    top=$(cd "$(dirname "$0")/../.." && pwd -P)
    cd "$top" || exit 1
    . common/tools/course.sh
    out=build/grade notes="" phase="starting"
    grade_id=${GRADE_ID:-${GITHUB_RUN_ID:+github-$GITHUB_RUN_ID-${GITHUB_RUN_ATTEMPT:-1}}}
    [ -n "$grade_id" ] || grade_id="$(date +%s)-$$-$RANDOM"
    parse_arguments "$@"
    num=$(unit_id "$stage") kind=$(unit_kind "$stage") name=${stage##*/}
    gpu=$([ "$kind" = gpu ] && echo 1 || echo 0)
    sizes=$(unit_sizes "$kind" | tr ' ' ,)
    bits=$(unit_grade_bits "$kind")
    seed=${seed_given:-$(od -An -N6 -tu8 /dev/urandom | tr -d ' ')}
    built=0 calls="" speed_note="" top_mode=""
    declare -gA limit
    mapfile -t kernel_names < <(unit_kernel_files "$stage" | sed 's|.*/||')
    work=$(mktemp -d "${TMPDIR:-/tmp}/grade-$name.XXXXXX")
    S=$work/student notes=$work/notes
    mkdir -p "$S/$stage" "$S/common" "$S/build" "$S/tmp" "$out"
    : >"$notes"
    trap '[ -z "$top_mode" ] || chmod "$top_mode" "$top"; rm -rf "$work"' EXIT
    trap stopped TERM INT HUP
    # A result that says the grade did not finish, replaced at every ending.
    rm -f "$out/results.json" "$out/$name.json" "$out/$name-"*
    ungraded "the grade of $stage did not finish (stopped, or killed)" >/dev/null
    echo "== grading $stage ($kind), seed $seed (replay: make grade STAGE=$num SEED=$seed${student:+ STUDENT=...})"
    reference
    take_files || return 0
    build || return 0
    [ $built = 0 ] || limits
    cases
    [ $built = 0 ] || speed
    score
}

# The whole script is read before it runs, so that nothing written to this file during a grade
# changes what runs.
main "$@"
exit
