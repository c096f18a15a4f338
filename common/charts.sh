#!/bin/bash
# Draws the charts from the benchmark CSVs with gnuplot (SVG for the READMEs, PNG beside it).
#
#   common/charts.sh [BUILD_DIR]            your CSVs: into BUILD_DIR/charts/ (make charts)
#   common/charts.sh --record [BUILD_DIR]   the committed CSVs: the committed charts (make charts RECORD=1)
#
# Your CSVs are the tour's quick benchmarks (BUILD_DIR/results/quick/NN_stage/results/MACHINE.csv,
# charts in BUILD_DIR/charts/quick/) and `make bench`'s full sweeps (BUILD_DIR/results/NN_stage/...,
# charts in BUILD_DIR/charts/); a list of them and of the committed charts to set beside them ends
# the run. No tracked file changes unless --record is given: gnuplot builds differ in fonts and
# bytes, so a redrawn committed chart would differ from the committed one without a new number.
# Each set of CSVs gives:
#   NN_stage-MACHINE.svg|png    the stage's main line of variants, each in its own colour (side
#                               steps are left to the README's table), its parent's headline
#                               variant and the reference rows (stream or copy is the roofline);
#                               with --record: NN_stage/results/MACHINE.svg|png
#   cpu-MACHINE.svg|png         every CPU stage's variants, G elem/s against n
#   gpu-MACHINE.svg|png         the headline variant of each GPU stage measured on MACHINE, cub and
#                               copy, GB/s
#   bars-MACHINE.svg|png        one bar per row at the largest n every row reached
#   NN_stage-apps-MACHINE.svg|png  a stage's last chapter (results/apps/MACHINE.csv): one bar per
#                               row at 2^28 (else the largest n every row reached), GB/s counting
#                               each row's own bytes; with --record: NN_stage/results/apps/MACHINE
# (with --record the last three go to common/charts/). The same CSVs give the same charts with the
# same gnuplot: nothing here depends on the date or the order of files.
set -eu  # no pipefail: `... | head` ends pipelines early on purpose
export LC_ALL=C
record=0
[ "${1:-}" = --record ] && { record=1; shift; }
build=${1:-build}
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. common/course.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One colour per stage, the same in every chart; the reference rows in black and greys.
stage_colour() {
    case $1 in
    01*) echo "#4d4d4d" ;; 02*) echo "#1f77b4" ;; 03*) echo "#2ca02c" ;; 04*) echo "#d62728" ;;
    05*) echo "#9467bd" ;; 06*) echo "#8c564b" ;; 07*) echo "#e377c2" ;; 08*) echo "#bcbd22" ;;
    09*) echo "#17becf" ;; 10*) echo "#ff7f0e" ;; *) echo "#7f7f7f" ;;
    esac
}
reference_style() {
    case $1 in
    stream | copy) echo 'lc rgb "#000000" dt 1 lw 2.5' ;;
    memcpy) echo 'lc rgb "#999999" dt 2 lw 2' ;;
    scalar) echo 'lc rgb "#4d4d4d" dt 5 lw 1.5' ;;
    cub) echo 'lc rgb "#000000" dt 3 lw 2' ;;
    *) echo 'lc rgb "#999999" dt 4 lw 2' ;;
    esac
}

# Rows of a CSV as "stage|variant|role|n|gelem_s|gb_s", device quotes removed.
rows() { grep -v '^#' "$1" | tail -n +2 | awk -F, '{ gsub(/"/, "", $4); print $1 "|" $2 "|" $3 "|" $5 "|" $9 "|" $10 }'; }
# A key=value fact from a CSV's comment line (l1d, l2, l3 ...), or nothing.
fact() { head -n 1 "$1" | tr ' ;' '\n\n' | sed -n "s/^$2=//p" | head -n 1; }
# The stage's headline variant: the last variant row of a size.
headline() { rows "$1" | awk -F'|' '$3 == "variant" { if (seen[$2]++) exit; last = $2 } END { print last }'; }
series() { rows "$1" | awk -F'|' -v v="$2" -v col="$3" '$2 == v { print $4, (col == "gb" ? $6 : $5) }'; }
# The names of a CSV's variant (or reference) rows, in their order.
names() { rows "$1" | awk -F'|' -v role="$2" '$3 == role && !seen[$2]++ { print $2 }'; }
# What a chart of a kind of stage plots: the column series() reads, and the axis label.
rate_col() { [ "$1" = gpu ] && echo gb || echo gelem; }
rate_unit() { [ "$1" = gpu ] && echo "GB/s (8 bytes per element)" || echo "G elements / s"; }
# The CSVs of one machine (slug) under root, of one kind of stage, in stage order.
machine_csvs() { # kind slug root
    local csv
    for csv in "$3"/[0-9][0-9]_*/results/"$2".csv; do
        [ -e "$csv" ] && [ "$(stage_kind "$(basename "$(dirname "$(dirname "$csv")")")")" = "$1" ] && echo "$csv"
    done
    return 0
}

# Writes the gnuplot preamble for a line chart into $1: terminal, axes, cache or L2 marks.
preamble() {
    local script=$1 out=$2 title=$3 ylabel=$4 csv=$5 kind=$6
    cat >"$script" <<EOF
set title "$title" noenhanced
set xlabel "n (elements)"
set ylabel "$ylabel"
set logscale x 2
set format x "2^{%L}"
set xtics 4
set mxtics 4
set grid xtics ytics lc rgb "#dddddd"
set key outside right top noenhanced
set yrange [0:*]
set style data linespoints
set pointsize 0.6
EOF
    if [ "$kind" = cpu ]; then
        for c in l1d l2 l3; do
            local bytes
            bytes=$(fact "$csv" "$c")
            [ -n "$bytes" ] && [ "$bytes" -gt 0 ] || continue
            # The point where input and output (8 bytes per element) fill this cache.
            echo "set arrow from $((bytes / 8)), graph 0 to $((bytes / 8)), graph 1 nohead lc rgb '#bbbbbb' dt 2" >>"$script"
            local size_text="$((bytes / 1024)) KiB"
            [ "$bytes" -ge 1048576 ] && size_text="$((bytes / 1048576)) MiB"
            echo "set label '${c^^} $size_text' at $((bytes / 8)), graph 0.97 right offset -0.5,0 font ',9' tc rgb '#777777'" >>"$script"
        done
    else
        local bytes
        bytes=$(fact "$csv" l2)
        if [ -n "$bytes" ] && [ "$bytes" -gt 0 ]; then
            echo "set arrow from $((bytes / 8)), graph 0 to $((bytes / 8)), graph 1 nohead lc rgb '#bbbbbb' dt 2" >>"$script"
            echo "set label 'L2 $((bytes / 1048576)) MiB' at $((bytes / 8)), graph 0.97 right offset -0.5,0 font ',9' tc rgb '#777777'" >>"$script"
        fi
    fi
    echo "$out" >"$script.out"
}

# Renders $1 (a script whose plot command is in $1.plot) to OUT.svg and OUT.png.
render() {
    local script=$1 out
    out=$(cat "$script.out")
    mkdir -p "$(dirname "$out")"
    {
        echo 'set terminal svg size 860,480 dynamic font "Helvetica,12" background rgb "white"'
        echo "set output '$out.svg'"
        cat "$script" "$script.plot"
        echo
        echo 'set terminal pngcairo size 860,480 font "Helvetica,10" background rgb "white"'
        echo "set output '$out.png'"
        echo 'replot'
    } >"$script.full"
    gnuplot "$script.full"
    echo "chart: $out.svg"
}

# plot clause: data file, title, style
add_line() { # script file title style
    local sep=", "
    [ -s "$1.plot" ] || { printf 'plot ' >>"$1.plot"; sep=""; }
    printf '%s"%s" using 1:2 title "%s" %s' "$sep" "$2" "$3" "$4" >>"$1.plot"
}

# Distinct colours for the variants of one stage's chart, in their order.
variant_colour() {
    local palette=("#1f77b4" "#ff7f0e" "#2ca02c" "#d62728" "#9467bd" "#8c564b" "#e377c2" "#17becf"
        "#bcbd22" "#393b79" "#637939" "#843c39")
    echo "${palette[$(($1 % ${#palette[@]}))]}"
}

# One line per main-line variant of a CSV, each in its own colour.
add_variants_coloured() { # script csv column dat-prefix
    local i=0 v
    while IFS= read -r v; do
        series "$2" "$v" "$3" >"$4-$i.dat"
        add_line "$1" "$4-$i.dat" "$v" "lc rgb '$(variant_colour $i)' dt 1 lw 2 pt $((i % 8 + 5))"
        i=$((i + 1))
    done < <(names "$2" variant)
}

# One line per main-line variant of a CSV, in the stage's colour, a dash and a point style each.
add_variants() { # script csv stage column dat-prefix title-prefix
    local i=0 v
    while IFS= read -r v; do
        series "$2" "$v" "$4" >"$5-$i.dat"
        add_line "$1" "$5-$i.dat" "$6$v" "lc rgb '$(stage_colour "$3")' dt $((i + 1)) lw 2 pt $((i + 5))"
        i=$((i + 1))
    done < <(names "$2" variant)
}

stage_chart() { # csv out
    local csv=$1 out=$2 stage kind col unit dir parent
    stage=$(rows "$csv" | head -n 1 | cut -d'|' -f1)
    kind=$(stage_kind "$stage")
    col=$(rate_col "$kind")
    unit=$(rate_unit "$kind")
    local s="$work/$(basename "$out").gp" v
    : >"$s.plot"
    preamble "$s" "$out" "$stage on $(csv_device "$csv")" "$unit" "$csv" "$kind"
    add_variants_coloured "$s" "$csv" "$col" "$work/$stage"
    # The parent's headline variant, measured on the same machine, when its CSV exists.
    parent=$(stage_parent "$stage")
    local pcsv
    pcsv="$(dirname "$csv" | sed "s|$stage/results|$parent/results|")/$(basename "$csv")"
    if [ -n "$parent" ] && [ -f "$pcsv" ]; then
        local ph
        ph=$(headline "$pcsv")
        series "$pcsv" "$ph" "$col" >"$work/$stage-parent.dat"
        add_line "$s" "$work/$stage-parent.dat" "$parent: $ph (parent)" "lc rgb '#555555' dt 4 lw 1.5 pt 1"
    fi
    while IFS= read -r v; do
        series "$csv" "$v" "$col" >"$work/$stage-ref-$v.dat"
        add_line "$s" "$work/$stage-ref-$v.dat" "$v" "$(reference_style "$v") pt 0"
    done < <(names "$csv" reference)
    render "$s"
}

# Series chart across stages of one kind for one machine. $1 kind, $2 machine slug, $3 root, $4 outdir
series_chart() {
    local kind=$1 slug=$2 root=$3 outdir=$4 col unit title s
    col=$(rate_col "$kind")
    unit=$(rate_unit "$kind")
    s="$work/$kind-$slug.gp"
    : >"$s.plot"
    local csv stage v files=()
    mapfile -t files < <(machine_csvs "$kind" "$slug" "$root")
    [ ${#files[@]} -gt 0 ] || return 0
    for csv in "${files[@]}"; do
        stage=$(basename "$(dirname "$(dirname "$csv")")")
        if [ "$kind" = gpu ]; then
            v=$(headline "$csv")
            series "$csv" "$v" "$col" >"$work/$kind-$stage.dat"
            add_line "$s" "$work/$kind-$stage.dat" "$stage: $v" "lc rgb '$(stage_colour "$stage")' dt 1 lw 2 pt 7"
        else
            add_variants "$s" "$csv" "$stage" "$col" "$work/$kind-$stage" "$stage: "
        fi
    done
    # The reference rows from the stage whose sweep reaches furthest (the last one with the most rows).
    local widest=${files[0]} roof
    roof=$([ "$kind" = gpu ] && echo copy || echo stream)
    for csv in "${files[@]}"; do
        [ "$(series "$csv" "$roof" "$col" | wc -l)" -ge "$(series "$widest" "$roof" "$col" | wc -l)" ] && widest=$csv
    done
    for v in $([ "$kind" = gpu ] && echo "copy cub" || echo "stream memcpy"); do
        series "$widest" "$v" "$col" >"$work/$kind-ref-$v.dat"
        [ -s "$work/$kind-ref-$v.dat" ] && add_line "$s" "$work/$kind-ref-$v.dat" "$v" "$(reference_style "$v") pt 0"
    done
    title="$([ "$kind" = gpu ] && echo "the headline variant of each GPU stage measured" || echo "every CPU stage") on $(csv_device "${files[0]}")"
    preamble "$s" "$outdir/$kind-$slug" "$title" "$unit" "${files[0]}" "$kind"
    render "$s"
    bar_chart "$kind" "$slug" "$root" "$outdir"
}

# The look of every bar chart: filled boxes, the names of the bars slanted under them.
bar_style() {
    cat <<'EOF'
set style fill solid 0.85 border -1
set boxwidth 0.7
set yrange [0:*]
set grid ytics lc rgb "#dddddd"
set xtics rotate by -40 left font ",9" noenhanced
EOF
}

# One bar per stage variant and reference row at the largest n every one of them reached.
bar_chart() {
    local kind=$1 slug=$2 root=$3 outdir=$4 col csv n_common=""
    col=$([ "$kind" = gpu ] && echo 6 || echo 5)
    : >"$work/bars-$kind.dat"
    local files=()
    mapfile -t files < <(machine_csvs "$kind" "$slug" "$root")
    [ ${#files[@]} -gt 0 ] || return 0
    # The largest n present for every stage variant: the articles' one-size tables.
    n_common=$(for csv in "${files[@]}"; do rows "$csv"; done |
        awk -F'|' '$3 == "variant" { key = $1 "/" $2; rows[key] = 1; has[key, $4] = 1; ns[$4] = 1 }
                   END { best = 0; for (n in ns) { ok = 1; for (k in rows) if (!has[k, n]) ok = 0; if (ok && n + 0 > best) best = n + 0 } print best }')
    [ "$n_common" != 0 ] || return 0
    local i=0
    for csv in "${files[@]}"; do
        rows "$csv" | awk -F'|' -v n="$n_common" -v c="$col" '$3 == "variant" && $4 == n { split($0, f, "|"); print substr(f[1], 1, 2) " " f[2] "|" f[c] }'
    done >"$work/bars-$kind.raw"
    rows "${files[0]}" | awk -F'|' -v n="$n_common" -v c="$col" '$3 == "reference" && $4 == n { split($0, f, "|"); print f[2] "|" f[c] }' >>"$work/bars-$kind.raw"
    while IFS='|' read -r label value; do
        local colour
        colour=$(stage_colour "$label")
        case $label in [0-9]*) ;; *) colour="#000000" ;; esac
        printf '%d "%s" %s %d\n' "$i" "$label" "$value" "$((16#${colour#\#}))" >>"$work/bars-$kind.dat"
        i=$((i + 1))
    done <"$work/bars-$kind.raw"
    local s="$work/bars-$kind-$slug.gp" nb
    nb=$(awk -v n="$n_common" "$AWK_LABEL"' BEGIN { print label(n) }')
    cat >"$s" <<EOF
set title "n = $nb on $(csv_device "${files[0]}")" noenhanced
set ylabel "$(rate_unit "$kind")"
$(bar_style)
set bmargin 9
unset key
EOF
    echo "plot '$work/bars-$kind.dat' using 1:3:4:xtic(2) notitle with boxes lc rgb variable, '' using 1:3:(sprintf('%.$([ "$kind" = gpu ] && echo 0 || echo 2)f', \$3)) notitle with labels offset 0,0.6 font ',8'" >"$s.plot"
    echo "$outdir/bars-$slug" >"$s.out"
    render "$s"
}

# A stage's last chapter (APPLICATIONS.md): one bar per row of its CSV, variants in the stage's
# colour, reference rows in black, at 2^28 if every row has it, else at the largest such n.
apps_chart() { # csv out
    local csv=$1 out=$2 n colour
    n=$(rows "$csv" | awk -F'|' '{ r[$2] = 1; has[$2, $4] = 1; ns[$4] = 1 }
        END { best = 0; for (m in ns) { ok = 1; for (k in r) if (!has[k, m]) ok = 0; if (ok && (m + 0 == 268435456 || (best != 268435456 && m + 0 > best))) best = m + 0 } print best }')
    [ "$n" != 0 ] || return 0
    colour=$(stage_colour "$(basename "$(dirname "$(dirname "$(dirname "$csv")")")")")
    rows "$csv" | awk -F'|' -v n="$n" -v c="$((16#${colour#\#}))" '$4 == n { printf "%d \"%s\" %s %d\n", i++, $2, $6, ($3 == "reference" ? 0 : c) }' >"$work/apps.dat"
    local s="$work/apps.gp" nb
    nb=$(awk -v n="$n" "$AWK_LABEL"' BEGIN { print label(n) }')
    cat >"$s" <<EOF
set title "what the scan is for: n = $nb on $(csv_device "$csv")" noenhanced
set ylabel "GB/s (the bytes each row must move)"
$(bar_style)
set bmargin 11
set rmargin 9
unset key
EOF
    echo "plot '$work/apps.dat' using 1:3:4:xtic(2) notitle with boxes lc rgb variable, '' using 1:3:(sprintf('%.0f', \$3)) notitle with labels offset 0,0.6 font ',8'" >"$s.plot"
    echo "$out" >"$s.out"
    render "$s"
}

draw_all() { # root outdir stage-charts (beside: next to each CSV, else in outdir)
    local root=$1 outdir=$2 where=$3 csv slug stage
    for csv in $(ls "$root"/[0-9][0-9]_*/results/apps/*.csv 2>/dev/null | sort); do
        if [ "$where" = beside ]; then
            apps_chart "$csv" "${csv%.csv}"
        else
            stage=$(basename "$(dirname "$(dirname "$(dirname "$csv")")")")
            apps_chart "$csv" "$outdir/$stage-apps-$(basename "${csv%.csv}")"
        fi
    done
    for csv in $(ls "$root"/[0-9][0-9]_*/results/*.csv 2>/dev/null | sort); do
        if [ "$where" = beside ]; then
            stage_chart "$csv" "${csv%.csv}"
        else
            stage=$(basename "$(dirname "$(dirname "$csv")")")
            stage_chart "$csv" "$outdir/$stage-$(basename "${csv%.csv}")"
        fi
    done
    for slug in $(ls "$root"/[0-9][0-9]_*/results/*.csv 2>/dev/null | xargs -n 1 basename 2>/dev/null | sed 's/\.csv$//' | sort -u); do
        series_chart cpu "$slug" "$root" "$outdir"
        series_chart gpu "$slug" "$root" "$outdir"
    done
}
has_csvs() { ls "$1"/[0-9][0-9]_*/results/*.csv >/dev/null 2>&1; }

if [ $record = 1 ]; then
    has_csvs . || { echo "charts: no committed CSV; run make bench RECORD=1 first"; exit 0; }
    draw_all . common/charts beside
    exit 0
fi

drawn=0
for set in quick full; do
    root=$build/results out=$build/charts
    [ $set = quick ] && root=$root/quick out=$out/quick
    has_csvs "$root" || continue
    rm -rf "$out"/[0-9][0-9]_* "$out"/cpu-* "$out"/gpu-* "$out"/bars-*
    draw_all "$root" "$out" apart >/dev/null
    drawn=1
done
if [ $drawn = 0 ]; then
    echo "charts: no CSV of yours yet: \`make\` (the tour) or \`make bench\` measures this machine"
    exit 0
fi
echo "Your charts (SVG, a PNG beside each):"
for out in "$build/charts/quick" "$build/charts"; do
    [ -d "$out" ] || continue
    for pattern in cpu gpu bars '[0-9][0-9]_*'; do
        for chart in $(ls "$out"/$pattern-*.svg 2>/dev/null); do
            echo "  $chart"
        done
    done
done
echo "The committed ones, measured on the machines the READMEs name:"
for chart in $(ls common/charts/cpu-*.svg common/charts/gpu-*.svg 2>/dev/null); do
    echo "  $chart"
done
echo "and each stage's own in NN_stage/results/."
