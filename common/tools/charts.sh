#!/bin/bash
# Draws the charts (SVG) from the benchmark CSVs with common/tools/charts.gp, which reads them itself:
#
#   common/tools/charts.sh [BUILD_DIR]            your CSVs: into BUILD_DIR/charts/ (make charts)
#   common/tools/charts.sh --record [BUILD_DIR]   the committed CSVs: the committed charts (make charts RECORD=1)
#
# Each CSV of a unit (UNIT/results/MACHINE.csv) gives UNIT's chart: its variants (side steps and
# rows on other inputs, ROW@INPUT, are left to the README's table), its parent's headline (from
# the same CSV where the unit measured it beside its own, else from the parent's CSV of the same
# machine), and the reference rows. Each machine gives the course's chart: the headline of every
# unit it measured, and the references (the scans: the applications compute other things, and
# have their own charts).
# Committed: UNIT/results/MACHINE.svg and common/charts/MACHINE.svg. Yours: the tour's quick
# benchmarks (BUILD_DIR/results/quick/...) into BUILD_DIR/charts/quick/, and `make bench`'s full
# sweeps into BUILD_DIR/charts/. No tracked file changes unless --record is given: gnuplot builds
# differ in fonts and bytes. The same CSVs give the same charts with the same gnuplot.
set -eu
export LC_ALL=C
record=0
[ "${1:-}" = --record ] && { record=1; shift; }
build=${1:-build}
cd "$(dirname "$0")/../.."
. common/tools/course.sh

# Rows of a CSV as "variant,role", in the file's order, each once.
names() { grep -v '^#' "$1" | tail -n +2 | cut -d, -f2,3 | awk '!seen[$0]++'; }
# A key=value fact of a CSV's first line (l1d, l2, l3).
fact() { head -n 1 "$1" | tr ' ;' '\n\n' | sed -n "s/^$2=//p" | head -n 1; }
# The marks of a CSV's machine: where in and out (8 bytes an element) fill each cache.
marks() {
    local c bytes out=""
    for c in $([ "$2" = gpu ] && echo l2 || echo l1d l2 l3); do
        bytes=$(fact "$1" "$c")
        [ -n "$bytes" ] && [ "$bytes" -gt 0 ] || continue
        if [ "$bytes" -ge 1048576 ]; then size="$((bytes / 1048576))_MiB"; else size="$((bytes / 1024))_KiB"; fi
        out="$out $((bytes / 8)):${c^^}_$size"
    done
    echo "${out# }"
}
draw() { # out title rate files lines refs marks
    mkdir -p "$(dirname "$1")"
    gnuplot -e "out='$1'; title='$2'; rate=$3; files='$4'; lines='$5'; refs='$6'; marks='$7'" common/tools/charts.gp
    echo "chart: $1"
}

unit_chart() { # root csv unit out
    local root=$1 csv=$2 unit=$3 out=$4 kind lines="" v parent pcsv ph files
    kind=$(unit_kind "$unit")
    files=$csv
    while IFS=, read -r v role; do
        [ "$role" = variant ] && lines="$lines 1:$v:$v"
    done < <(names "$csv")
    parent=$(unit_parent "$unit")
    pcsv=$root/$parent/results/$(basename "$csv")
    if [ -n "$parent" ] && [ -f "$pcsv" ]; then
        ph=$(headline "$pcsv")
        if ! names "$csv" | grep -q "^$ph,"; then
            files="$csv $pcsv"
            lines="$lines 2:$ph:$(unit_id "$parent")_${ph}_(parent)"
        fi
    fi
    draw "$out" "${unit##*/} on $(csv_device "$csv")" "$([ "$kind" = gpu ] && echo 10 || echo 9)" \
        "$files" "${lines# }" "$(names "$csv" | grep ',reference$' | cut -d, -f1 | tr '\n' ' ')" "$(marks "$csv" "$kind")"
}

course_chart() { # root machine kind out
    local root=$1 machine=$2 kind=$3 out=$4 unit csv h files="" lines="" i=0 widest="" refs
    for unit in $(units); do
        csv=$root/$unit/results/$machine.csv
        [ -f "$csv" ] && [ "$(unit_kind "$unit")" = "$kind" ] || continue
        unit_is_apps "$unit" && continue
        i=$((i + 1))
        h=$(headline "$csv")
        files="$files $csv"
        lines="$lines $i:$h:$(unit_id "$unit")_$h"
        [ -z "$widest" ] || [ "$(wc -l <"$csv")" -gt "$(wc -l <"$widest")" ] && widest=$csv
    done
    [ $i -gt 0 ] || return 0
    refs=$([ "$kind" = gpu ] && echo "copy cub" || echo "stream memcpy")
    # the references from the CSV with the most rows, put first
    files="$widest $files"
    lines=$(for l in $lines; do echo "$(( ${l%%:*} + 1 )):${l#*:}"; done | tr '\n' ' ')
    draw "$out" "the headline scan of every $([ "$kind" = gpu ] && echo GPU || echo CPU) stage and step on $(csv_device "$widest")" \
        "$([ "$kind" = gpu ] && echo 10 || echo 9)" "${files# }" "${lines% }" "$refs" "$(marks "$widest" "$kind")"
}

draw_all() { # root outdir layout(beside|apart)
    local root=$1 outdir=$2 layout=$3 unit csv machine kind
    for unit in $(units); do
        for csv in "$root/$unit"/results/*.csv; do
            [ -f "$csv" ] || continue
            if [ "$layout" = beside ]; then
                unit_chart "$root" "$csv" "$unit" "${csv%.csv}.svg"
            else
                unit_chart "$root" "$csv" "$unit" "$outdir/${unit##*/}-$(basename "${csv%.csv}").svg"
            fi
        done
    done
    for machine in $(machines "$root"); do
        for kind in cpu gpu; do
            course_chart "$root" "$machine" "$kind" "$outdir/$machine.svg"
        done
    done
}

if [ $record = 1 ]; then
    draw_all . common/charts beside
    exit 0
fi
drawn=""
for set in quick full; do
    root=$build/results out=$build/charts
    [ $set = quick ] && root=$root/quick out=$out/quick
    [ -n "$(unit_csvs "$root")" ] || continue
    rm -rf "$out" && mkdir -p "$out"
    draw_all "$root" "$out" apart >/dev/null
    for machine in $(machines "$root"); do drawn="$drawn  $out/$machine.svg"$'\n'; done
done
if [ -z "$drawn" ]; then
    echo "charts: no CSV of yours yet: \`make\` (the tour) or \`make bench\` measures this machine"
    exit 0
fi
echo "Your charts:"
printf '%s' "$drawn"
echo "(and one per stage and step beside them); the committed ones, measured on the machines the"
echo "READMEs name, are in common/charts/ and in each stage's and step's results/."
