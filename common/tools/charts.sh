#!/bin/bash
# Draws the charts (SVG) from the benchmark CSVs, through common/tools/charts.gp:
#
#   common/tools/charts.sh [BUILD_DIR]            your CSVs: into BUILD_DIR/charts/ (make charts)
#   common/tools/charts.sh --record [BUILD_DIR]   the committed CSVs: the committed charts (make charts RECORD=1)
#
# Every line of a chart comes from one run, and the chart says which:
# - A unit's chart (one per CSV, UNIT/results/MACHINE.csv) draws that CSV's rows and nothing else:
#   its variants and its reference rows, all measured in one run. A parent's headline that the
#   unit did not measure beside its own is left out (the README's table and the course's chart
#   compare units); so are side steps and rows on other inputs (ROW@INPUT), which the README's
#   table shows. References are told apart: the roofline (`copy`, `stream`) black and heavy, `cub`
#   black and dotted, `memcpy` grey and dashed, `scalar` grey dash-dot; an application's own CUB
#   call (cub-F) dotted and its copy of the same bytes (copy-F) dashed, in the colour of its
#   variant F.
# - The course's chart (one per machine and kind, common/charts/MACHINE.svg) has each unit's
#   headline from that unit's own CSV, another run for each unit: runs on a shared machine differ
#   in speed, so each line is the headline's rate divided, size by size, by the roofline measured
#   in the same run (`copy` on a GPU, `stream` on a CPU). The roofline is then 1; `cub` is drawn
#   the same way from one run, which the key names. The applications (steps that link
#   SCAN_HARNESS := apps) compute other things than the scan and are left to their own charts.
# A unit's colour in the course chart is its place among the units of its kind, the same on every
# machine. Committed: UNIT/results/MACHINE.svg and common/charts/MACHINE.svg. Yours: the tour's
# quick benchmarks (BUILD_DIR/results/quick/...) into BUILD_DIR/charts/quick/, and `make bench`'s
# full sweeps into BUILD_DIR/charts/. No tracked file changes unless --record is given: gnuplot
# builds differ in fonts and bytes. The same CSVs give the same charts with the same gnuplot.
set -eu
export LC_ALL=C
record=0
[ "${1:-}" = --record ] && { record=1; shift; }
build=${1:-build}
cd "$(dirname "$0")/../.."
. common/tools/course.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Twenty colours, no two alike, none grey (grey and black are the references'); the point types
# cycle as well, so that neighbours differ twice.
palette=(1f77b4 d62728 2ca02c ff7f0e 9467bd 8c564b e377c2 17becf bcbd22 000075
         800000 469990 f032e6 808000 66cc00 b8860b 4363d8 fb9a99 a6cee3 cab2d6)
colour() { echo "#${palette[($1 - 1) % ${#palette[@]}]}"; }
point() { echo $(( ($1 - 1) % 8 + 4 )); }

# Rows of a CSV as "variant,role", in the file's order, each once.
names() { grep -v '^#' "$1" | tail -n +2 | cut -d, -f2,3 | awk '!seen[$0]++'; }
# A key=value fact of a CSV's first line (l1d, l2, l3).
fact() { head -n 1 "$1" | tr ' ;' '\n\n' | sed -n "s/^$2=//p" | head -n 1; }
# The marks of a CSV's machine: where in and out (8 bytes an element) fill each cache.
marks() {
    local c bytes size out=""
    for c in $([ "$2" = gpu ] && echo l2 || echo l1d l2 l3); do
        bytes=$(fact "$1" "$c")
        [ -n "$bytes" ] && [ "$bytes" -gt 0 ] || continue
        if [ "$bytes" -ge 1048576 ]; then size="$((bytes / 1048576))~MiB"; else size="$((bytes / 1024))~KiB"; fi
        out="$out $((bytes / 8)):${c^^}~$size"
    done
    echo "${out# }"
}
# The run a CSV records: "commit X, DATE" from its first line (git describe's -dirty in words).
run_of() {
    awk "$AWK_PROVENANCE"'NR == 1 { provenance($0); sub(/-dirty$/, " with uncommitted changes", commit)
                                    print (commit == "" ? "commit not recorded" : "commit " commit) (date == "" ? "" : ", " date); exit }' "$1"
}

# The chart being built: its points ($work/data) and the key ($series).
begin() { : >"$work/data"; series=""; }
# One line of the chart: the rows ROW of CSV, n against the rate, or, with OVER, against the rate
# divided by that of the row OVER at the same n (the sizes where both were measured).
add() { # csv row over title colour dash width point
    awk -F, -v row="$2" -v over="$3" -v col="$rate" '
        /^#/ || $1 == "stage" { next }
        $2 == row { y[++k] = $col; n[k] = $5 }
        $2 == over { d[$5] = $col }
        END { for (i = 1; i <= k; i++)
                  if (over == "") print n[i], y[i]; else if (d[n[i]] > 0) print n[i], y[i] / d[n[i]] }' \
        "$1" >"$work/points"
    [ -s "$work/points" ] || return 0
    { cat "$work/points"; printf '\n\n'; } >>"$work/data"
    series="$series ${4// /\~}:$5:$6:$7:$8"
}
draw() { # out title subtitle ylabel marks
    mkdir -p "$(dirname "$1")"
    [ -n "$series" ] || return 0
    gnuplot -e "out='$1'; title='$2'; subtitle='$3'; ylabel='$4'; data='$work/data'; series='${series# }'; marks='$5'" \
        common/tools/charts.gp
    echo "chart: $1"
}

# A reference row's look. The applications' cub-F and copy-F take the colour of the last variant
# of family F (F: a row's name without cub- or copy-, @INPUT and +...), as their tables compare them.
family() { local f=${1#cub-}; f=${f#copy-}; f=${f%%@*}; echo "${f%%+*}"; }
reference_style() { # name csv  ->  colour dash width
    local v role c="" i=0
    case $1 in
    copy | stream) echo "#000000 1 2.5"; return ;;
    cub) echo "#000000 3 2"; return ;;
    memcpy) echo "#8c8c8c 2 2"; return ;;
    scalar) echo "#8c8c8c 4 2"; return ;;
    esac
    while IFS=, read -r v role; do
        [ "$role" = variant ] || continue
        i=$((i + 1))
        [ "$(family "$v")" = "$(family "$1")" ] && c=$(colour $i)
    done < <(names "$2")
    case $1 in
    cub-*) echo "${c:-#8c8c8c} 3 2" ;;
    copy-*) echo "${c:-#8c8c8c} 2 2" ;;
    *) echo "#8c8c8c 5 2" ;;
    esac
}

unit_chart() { # csv unit out
    local csv=$1 unit=$2 out=$3 kind v role i=0 style
    kind=$(unit_kind "$unit") rate=$(unit_rate_column "$kind")
    begin
    while IFS=, read -r v role; do
        [ "$role" = variant ] || continue
        i=$((i + 1))
        add "$csv" "$v" "" "$v" "$(colour $i)" 1 2 "$(point $i)"
    done < <(names "$csv")
    while IFS=, read -r v role; do
        [ "$role" = reference ] || continue
        read -r -a style < <(reference_style "$v" "$csv")
        add "$csv" "$v" "" "$v" "${style[@]}" 0
    done < <(names "$csv")
    draw "$out" "${unit##*/} on $(csv_device "$csv")" \
        "every line from one run: results/$(basename "$csv") ($(run_of "$csv"))" \
        "$([ "$kind" = cpu ] && echo "G elements / s" || { unit_is_apps "$unit" && echo "GB/s (the bytes each row moves)" || echo "GB/s (8 bytes per element)"; })" \
        "$(marks "$csv" "$kind")"
}

# The scans of a kind, in course order: the units the course chart may draw, and their colours.
scans() { local u; for u in $(units); do [ "$(unit_kind "$u")" = "$1" ] && ! unit_is_apps "$u" && echo "$u"; done; return 0; }

course_chart() { # root machine kind out
    local root=$1 machine=$2 kind=$3 out=$4 unit csv i=0 widest="" last="" roofline
    roofline=$(unit_roof "$kind") rate=$(unit_rate_column "$kind")
    begin
    for unit in $(scans "$kind"); do
        i=$((i + 1))
        csv=$root/$unit/results/$machine.csv
        [ -f "$csv" ] || continue
        add "$csv" "$(headline "$csv")" "$roofline" "$(unit_id "$unit") $(headline "$csv")" "$(colour $i)" 1 2 "$(point $i)"
        [ -z "$widest" ] || [ "$(wc -l <"$csv")" -gt "$(wc -l <"$widest")" ] && widest=$csv
        names "$csv" | grep -q '^cub,reference$' && last=$csv
    done
    [ -n "$series" ] || return 0
    # the roofline, 1 in every run, at the sizes the widest CSV measured
    add "$widest" "$roofline" "$roofline" "$roofline = 1 (in each run)" "#000000" 1 2.5 0
    [ "$kind" = cpu ] || [ -z "$last" ] ||
        add "$last" cub "$roofline" "cub (in the run of $(unit_id "${last%/results/*}"))" "#000000" 3 2 0
    draw "$out" "the headline scan of every $([ "$kind" = gpu ] && echo GPU || echo CPU) stage and step on $(csv_device "$widest")" \
        "each from its own run (its CSV), divided at each n by $roofline measured in that run" \
        "rate / rate of $roofline in the same run" "$(marks "$widest" "$kind")"
}

draw_all() { # root outdir layout(beside|apart)
    local root=$1 outdir=$2 layout=$3 unit csv machine kind
    for unit in $(units); do
        for csv in "$root/$unit"/results/*.csv; do
            [ -f "$csv" ] || continue
            if [ "$layout" = beside ]; then
                unit_chart "$csv" "$unit" "${csv%.csv}.svg"
            else
                unit_chart "$csv" "$unit" "$outdir/${unit##*/}-$(basename "${csv%.csv}").svg"
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
