#!/bin/bash
# Runs a lesson's exercises: each one's change applied in a scratch copy of the repository, what its
# answer needs run there, and the answer printed beside what this machine gave.
#
#   common/tools/exercise.sh ID.K               unit ID's exercise K (make exercise-4b.2)
#   common/tools/exercise.sh --all              every exercise (make exercises): those a GPU settles
#                                               skip where there is none, and show their record
#   common/tools/exercise.sh --record ID.K ...  also write each one's output as its committed
#                                               record, UNIT/exercises/K.MACHINE.txt
#
# An exercise is UNIT/exercises/K.sh, its script, and, where the exercise changes code, K.patch: a
# unified diff of the unit's files from the repository's top (git diff's a/ and b/ prefixes). The
# script runs in bash in the scratch copy's top (build/exercises/ID.K/), after the patch, with the
# functions below. It says what the answer says (claim), runs what settles it, and checks each
# point (agree), which prints what it got. Exit status: 0 when every check agrees, 77 when the
# exercise needs what this machine lacks (its record is shown instead), 1 when a check disagrees,
# 2 on bad usage.
#
#   claim TEXT            the answer, as the unit's NOTES.md gives it
#   needs gpu|nvcc|FEATURE  skip (status 77) unless this machine has it (FEATURE: a CPU feature,
#                         as scan_cpu_has names it: avx2, avx512f)
#   build ID              builds unit ID's test and benchmark binaries (GPU units with GPU=1)
#   tests ID [ARG]...     runs unit ID's tests; their output in $OUTPUT, their status returned
#   bench ID [ARG]...     runs unit ID's benchmark with its CSV in $CSV; prints its table
#   value CSV VARIANT N COLUMN   a column (ms_median, gb_s, ...) of a CSV's row, on stdout
#   ptxas ID              compiles unit ID's kernel file for GPU_ARCH (sm_90 unless set) with
#                         ptxas's report; prints each kernel's registers and spills, into $PTXAS
#   registers REGEX, spills REGEX   from the last ptxas: the registers, or the bytes of spill
#                         stores, of the first kernel whose (mangled) name matches REGEX
#   agree WHAT COMMAND... runs COMMAND; prints "agrees: WHAT" when it succeeds, else "DISAGREES"
#   less A B, more A B    numeric comparisons for agree (A < B, A > B)
set -uo pipefail
# (built the default way, whatever make was given: the scratch copy has a build/ of its own)
unset MAKEFLAGS MAKEOVERRIDES MFLAGS BUILD SANITIZE CC EMULATOR WERROR
export PATH=$PATH:/usr/local/cuda/bin
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
. common/tools/course.sh

usage() {
    echo "usage: make exercise-ID.K (e.g. exercise-4b.2), make exercises; common/tools/exercise.sh [--record] ID.K ... | --all" >&2
    exit 2
}

# ---- the functions an exercise's script uses -------------------------------------------------
claim() { printf 'answer: %s\n' "$*"; }
needs() {
    local what=$1 have=0
    case $what in
    gpu) has_gpu && command -v nvcc >/dev/null && have=1 ;;
    nvcc) command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ] && have=1 ;;
    *) grep -qw "${what//./_}" /proc/cpuinfo 2>/dev/null && have=1 ;;
    esac
    [ $have = 1 ] && return 0
    echo "SKIP: this exercise needs $what, which this machine lacks"
    exit 77
}
build() {
    local unit log
    unit=$(unit_dir "$1") || exit 2
    log=$(mktemp)
    if ! make -s --no-print-directory GPU="$([ "$(unit_kind "$unit")" = gpu ] && echo 1 || echo 0)" \
        "build/$unit/test" "build/$unit/bench" >"$log" 2>&1; then
        cat "$log"
        echo "the changed $unit does not build"
        rm -f "$log"
        return 1
    fi
    rm -f "$log"
}
tests() {
    local unit status
    unit=$(unit_dir "$1") || exit 2
    shift
    build "$(unit_id "$unit")" || return 1
    OUTPUT=$("build/$unit/test" "$@" 2>&1)
    status=$?
    printf '%s\n' "$OUTPUT" | grep -v '^Running suite' | tail -n 6
    return $status
}
bench() {
    local unit
    unit=$(unit_dir "$1") || exit 2
    shift
    build "$(unit_id "$unit")" || return 1
    CSV=$PWD/build/exercise-bench.csv
    "build/$unit/bench" "$@" --csv "$CSV" | grep -v '^writing '
}
value() { # csv variant n column
    awk -F, -v v="$2" -v n="$3" -v col="$4" '
        /^#/ { next }
        !head { for (i = 1; i <= NF; i++) c[$i] = i; head = 1; next }
        $2 == v && $5 == n { print $(c[col]); exit }' "$1"
}
ptxas() {
    local unit arch=${GPU_ARCH:-sm_90} nvcc
    unit=$(unit_dir "$1") || exit 2
    nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
    PTXAS=$("$nvcc" -O3 -std=c++17 -arch="$arch" -Icommon/contract -Icommon/core -Icommon/apps \
        $(sed -n 's/^SCAN_NVCCFLAGS *:= *//p' "$unit/Makefile") -Xptxas -v -c "$unit/scan.cu" \
        -o /dev/null 2>&1) || { printf '%s\n' "$PTXAS"; return 1; }
    printf '%s\n' "$PTXAS" | awk '
        /Compiling entry function/ { name = $0; sub(/.*function .?/, "", name); sub(/.? for .*/, "", name) }
        /bytes spill stores/ { spill = $0; sub(/^.*bytes stack frame, /, "", spill) }
        /Used [0-9]+ registers/ { r = $0; sub(/.*Used /, "", r); sub(/ registers.*/, "", r)
            printf "  %s: %s registers, %s\n", substr(name, 1, 60), r, spill }'
}
# The report's line of the first kernel whose name matches $1.
ptxas_kernel() {
    printf '%s\n' "$PTXAS" | awk -v re="$1" '
        /Compiling entry function/ { on = $0 ~ re }
        on && /bytes spill stores/ { spill = $0 }
        on && /Used [0-9]+ registers/ { print spill " " $0; exit }'
}
registers() { ptxas_kernel "$1" | sed -n 's/.*Used \([0-9]*\) registers.*/\1/p'; }
spills() { ptxas_kernel "$1" | sed -n 's/.* \([0-9]*\) bytes spill stores.*/\1/p'; }
less() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 < b + 0) }'; }
more() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 > b + 0) }'; }
DISAGREED=0
agree() {
    local what=$1
    shift
    if "$@"; then echo "  agrees: $what"; else echo "  DISAGREES: $what"; DISAGREED=1; fi
}

# ---- one exercise ----------------------------------------------------------------------------
# The exercise's text: item K of the unit's "## Exercises" list.
exercise_text() { # unit k
    awk -v k="$2" '/^## Exercises/ { on = 1; next } /^## / { on = 0 }
        on && $0 ~ "^" k "\\. " { show = 1 } on && show && $0 ~ /^[0-9]+\. / && $0 !~ "^" k "\\. " { show = 0 }
        on && show && NF' "$1/README.md"
}
# A record's file name for this machine: the GPU's name where there is one, else the CPU's.
machine() {
    local name
    name=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1)
    [ -n "$name" ] || name=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
    echo "$name" | tr 'A-Z' 'a-z' | sed 's/([a-z]*)//g; s/[^a-z0-9]\{1,\}/-/g; s/^-//; s/-$//'
}
run_one() { # ID.K [record]
    local id=${1%.*} k=${1##*.} record=${2:-0} unit script scratch status
    unit=$(unit_dir "$id" 2>/dev/null) || { echo "exercise $1: no unit '$id'; the course has $(ids)" >&2; return 2; }
    script=$unit/exercises/$k.sh
    [[ $k =~ ^[0-9]+$ ]] && [ -f "$script" ] || {
        echo "exercise $1: $unit has no exercise $k that runs (its scripts: $(ls "$unit"/exercises/*.sh 2>/dev/null | sed 's|.*/||; s|\.sh$||' | paste -sd' ' -))" >&2
        return 2
    }
    echo "== exercise $1 ($unit)"
    exercise_text "$unit" "$k"
    mkdir -p "$top/build/exercises"
    scratch=$(mktemp -d "$top/build/exercises/$1.XXXXXX") # (one a run: runs side by side do not meet)
    tree_files | tar --null -T - -cf - | tar -xf - -C "$scratch"
    if [ -f "$unit/exercises/$k.patch" ] && ! (cd "$scratch" && GIT_CEILING_DIRECTORIES=$top/build git apply "$top/$unit/exercises/$k.patch"); then
        echo "exercise $1: $unit/exercises/$k.patch does not apply to this tree"
        rm -rf "$scratch"
        return 1
    fi
    (
        cd "$scratch" || exit 2
        . "$top/$script"
        exit $DISAGREED
    ) 2>&1 | tee "$scratch.log"
    status=${PIPESTATUS[0]}
    case $status in
    0) echo "exercise $1: the answer agrees with what ran here" ;;
    77) local rec
        for rec in "$unit/exercises/$k".*.txt; do
            [ -f "$rec" ] && { echo "its record, from $(sed -n 's/^# on //p' "$rec" | head -n 1):"; grep -v '^#' "$rec" | sed 's/^/  | /'; }
        done ;;
    *) echo "exercise $1: the answer DISAGREES with what ran here (above)"; status=1 ;;
    esac
    if [ "$record" = 1 ] && [ $status = 0 ]; then
        { echo "# on $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1 || machine); commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown); $(date -u +%Y-%m-%d)"
          cat "$scratch.log"; } >"$unit/exercises/$k.$(machine).txt"
        echo "(recorded: $unit/exercises/$k.$(machine).txt)"
    fi
    rm -rf "$scratch" "$scratch.log"
    return $status
}

[ $# -ge 1 ] || usage
record=0
[ "$1" = --record ] && { record=1; shift; [ $# -ge 1 ] || usage; }
if [ "$1" = --all ]; then
    [ $# = 1 ] || usage
    agreed=0 skipped=0 disagreed=()
    for unit in $(units); do
        for script in "$unit"/exercises/*.sh; do
            [ -f "$script" ] || continue
            k=${script##*/}; k=${k%.sh}
            run_one "$(unit_id "$unit").$k" "$record"
            case $? in 0) agreed=$((agreed + 1)) ;; 77) skipped=$((skipped + 1)) ;; *) disagreed+=("$(unit_id "$unit").$k") ;; esac
            echo
        done
    done
    echo "exercises: $agreed agree with what ran here, $skipped need what this machine lacks (their records are shown), ${#disagreed[@]} disagree${disagreed:+: ${disagreed[*]}}"
    [ ${#disagreed[@]} = 0 ]
    exit
fi
status=0
for arg in "$@"; do
    [[ $arg =~ ^[0-9]{1,2}[a-z]?\.[0-9]+$ ]] || usage
    run_one "$arg" "$record"
    rc=$?
    [ $rc = 0 ] || [ $status != 0 ] || status=$rc
done
exit $status
