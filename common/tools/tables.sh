#!/bin/bash
# Writes the results tables of the READMEs from the committed CSVs, between markers, so that no
# number in a README is typed by hand:
#
#   common/tools/tables.sh write    rewrite the tables in every unit's README, the top-level README and
#                                   common/RESULTS.md, and say which files changed (or that none did)
#   common/tools/tables.sh check    fail (and show the difference) where a README disagrees with its CSVs
#
# A table names the run its numbers come from: the CSV's machine, file, commit and date; a commit
# that git describe marked -dirty (the tree had changes not yet committed when it was measured) is
# written "commit X with uncommitted changes".
# Markers: in a unit's README   <!-- results table --> ... <!-- end results table -->
#          in README.md         <!-- stage list --> ... <!-- end stage list -->
#          in common/RESULTS.md <!-- course tables --> ... <!-- end course tables -->
set -eu
export LC_ALL=C
mode=${1:-check}
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. common/tools/course.sh

# A unit's table shows unit_sizes (the largest a CSV has stands in for the last where it stops
# short); the course table compares units at one size.
course_size() { [ "$1" = gpu ] && echo 67108864 || echo 65536; }

# One unit's table for one CSV: a row per variant (the parent's headline, measured beside them,
# marked), per reference; a column per size; at the last size, the fraction of the roofline and,
# on a GPU, the ratio to cub. The applications' CSVs count each row's own bytes (bytes_per_element)
# and compare each row with the copy and the CUB call of its family (the name's part before '+'),
# whose rows the table leaves to the CSV; a row on another input (ROW@INPUT, role "distribution")
# with the CUB call on the same input (cub-FAMILY@INPUT).
unit_table() { # csv kind parent-headline apps(1 or 0)
    awk -F, -v kind="$2" -v parent="$3" -v apps="$4" -v sizes="$(unit_sizes "$2")" -v roof="$(unit_roof "$2")" \
        -v col="$(unit_rate_column "$2")" -v file="$(basename "$1")" "$AWK_LABEL $AWK_PROVENANCE $AWK_FAMILY"'
        function input(name) { return sub(/^[^@]*@/, "@", name) ? name : "" }
        NR == 1 { header = $0; next }
        /^#/ || $1 == "stage" { next }
        {
            gsub(/"/, "", $4); device = $4
            if (!($2 in seen)) { seen[$2] = 1; rows[++nrows] = $2; role[$2] = $3 }
            rate[$2, $5 + 0] = $col
            if ($5 + 0 > largest) largest = $5 + 0
        }
        END {
            provenance(header)
            sub(/-dirty$/, " with uncommitted changes", commit)
            ns = split(sizes, n, " ")
            if (n[ns] > largest) n[ns] = largest
            unit = kind == "gpu" ? (apps ? "GB/s counting the bytes each row moves" : "GB/s, 8 bytes per element") : "G elements/s"
            printf "Measured on **%s** (`results/%s`, commit %s, %s), %s, median of repeated runs:\n\n", device, file, commit, date, unit
            line = "| |"; rule = "|---|"
            for (k = 1; k <= ns; k++) { line = line " " label(n[k]) " |"; rule = rule "---:|" }
            line = line " of `" roof "` |"; rule = rule "---:|"
            if (kind == "gpu") { line = line " x `cub` |"; rule = rule "---:|" }
            print line; print rule
            at = n[ns]
            for (r = 1; r <= nrows; r++) {
                v = rows[r]
                if (apps && v ~ /^(cub|copy)-/) continue  # (in the ratio columns, and in the CSV)
                tag = role[v] == "reference" ? " (ref.)" : role[v] == "side-step" ? " (side step)" : v == parent ? " (parent)" : ""
                line = "| `" v "`" tag " |"
                for (k = 1; k <= ns; k++) {
                    x = rate[v, n[k]]
                    line = line " " (x == "" ? "-" : sprintf(kind == "gpu" ? (x < 10 ? "%.1f" : "%.0f") : "%.2f", x)) " |"
                }
                f = family(v)
                c = apps && (("copy-" f, at) in rate) ? "copy-" f : roof
                u = (apps && f != "inclusive-sum" ? "cub-" f : "cub") input(v)
                x = rate[v, at]
                line = line " " (x == "" || v == c || !((c, at) in rate) ? "-" : sprintf(x / rate[c, at] < 0.1 ? "%.3f" : "%.2f", x / rate[c, at])) " |"
                if (kind == "gpu")
                    line = line " " (x == "" || role[v] == "reference" || !((u, at) in rate) ? "-" : sprintf(x / rate[u, at] < 0.1 ? "%.3f" : "%.2f", x / rate[u, at])) " |"
                print line
            }
        }' "$1"
}

# Replaces what stands between two marker lines of a file with the contents of another file.
splice() { # file begin-marker end-marker content-file
    awk -v begin="$2" -v end="$3" -v content="$4" '
        $0 == begin { print; while ((getline line < content) > 0) print line; skipping = 1; next }
        $0 == end { skipping = 0 }
        !skipping { print }' "$1"
}
written=0 rewritten=0
check_or_write() { # file content-file begin end
    splice "$1" "$3" "$4" "$2" >"$work/new"
    written=$((written + 1))
    if [ "$mode" = write ]; then
        cmp -s "$work/new" "$1" || { cp "$work/new" "$1"; rewritten=$((rewritten + 1)); echo "tables: rewrote $1 ($3)"; }
    elif ! cmp -s "$work/new" "$1"; then
        echo "tables: $1 disagrees with the units and their CSVs (make tables rewrites it):"
        diff "$1" "$work/new" || true
        failed=1
    fi
}

# Each unit's README.
for unit in $(units); do
    readme=$unit/README.md
    [ -f "$readme" ] && grep -qx '<!-- results table -->' "$readme" || continue
    kind=$(unit_kind "$unit") parent=$(unit_parent "$unit")
    : >"$work/table"
    for csv in $(ls "$unit"/results/*.csv 2>/dev/null); do
        ph=""
        [ -n "$parent" ] && [ -f "$parent/results/$(basename "$csv")" ] && ph=$(headline "$parent/results/$(basename "$csv")")
        # a headline of the parent's name in the unit's own CSV is the unit's, not the parent's
        [ "$ph" = "$(headline "$csv")" ] && ph=""
        unit_table "$csv" "$kind" "$ph" "$(unit_is_apps "$unit" && echo 1 || echo 0)" >>"$work/table"
        echo >>"$work/table"
        echo "![${unit##*/} on $(csv_device "$csv")](results/$(basename "$csv" .csv).svg)" >>"$work/table"
        echo >>"$work/table"
    done
    [ -s "$work/table" ] || echo "No measurement committed yet: run \`make bench-$(unit_id "$unit") RECORD=1\`." >"$work/table"
    check_or_write "$readme" "$work/table" '<!-- results table -->' '<!-- end results table -->'
done

# The map of the course in README.md: one line per stage and step, its idea from the first line of
# its Makefile.
stage_list() {
    echo "| | stage or step | idea | runs on |"
    echo "|---|---|---|---|"
    for unit in $(units); do
        local name=${unit##*/}
        [ "$unit" = "$name" ] && name="**$name**"
        [ -f "$unit/README.md" ] && name="[$name]($unit/README.md)" # (a unit with no README yet: no link)
        echo "| $(unit_id "$unit") | $name | $(unit_idea "$unit") | $([ "$(unit_kind "$unit")" = gpu ] && echo GPU || echo CPU) |"
    done
}

# The course's tables in common/RESULTS.md (links relative to common/): per machine, one line per unit it measured (the scans; the
# applications compute other things and have their own), the unit's headline at one size, against
# its parent, the first unit of its kind, the roofline and, on a GPU, cub, all on that machine.
# Each unit's CSV is a run of its own: the roofline and cub are from the unit's CSV, and so is the
# parent's headline where the unit measured it beside its own (a step does); where it did not (a
# stage), the parent's CSV gives it, another run, and the ratio is marked. The first unit's number
# is always another run's. The note under the tables says so.
course_tables() {
    local kind machine unit csv parent pcsv
    : >"$work/course-rows-any"
    for kind in cpu gpu; do
        for machine in $(machines); do
            : >"$work/course-rows"
            for unit in $(units); do
                csv=$unit/results/$machine.csv
                [ -f "$csv" ] && [ "$(unit_kind "$unit")" = "$kind" ] || continue
                unit_is_apps "$unit" && continue
                parent=$(unit_parent "$unit") pcsv=""
                [ -n "$parent" ] && [ -f "$parent/results/$machine.csv" ] && pcsv=$parent/results/$machine.csv
                echo "$unit|$csv|$(headline "$csv")|$pcsv|${pcsv:+$(headline "$pcsv")}" >>"$work/course-rows"
            done
            [ -s "$work/course-rows" ] || continue
            cat "$work/course-rows" >>"$work/course-rows-any"
            awk -F'|' -v kind="$kind" -v at="$(course_size "$kind")" -v roof="$(unit_roof "$kind")" -v col="$(unit_rate_column "$kind")" "$AWK_LABEL"'
                function rate_of(csv, variant,   line, f, v) {
                    v = ""
                    while ((getline line < csv) > 0) {
                        if (line ~ /^#/ || line ~ /^stage,/) continue
                        split(line, f, ",")
                        gsub(/"/, "", f[4]); device = f[4]
                        if (f[2] == variant && f[5] + 0 == at) v = f[col]
                    }
                    close(csv)
                    return v
                }
                function ratio(x, y) { return (x == "" || y == "" || y + 0 == 0) ? "-" : sprintf(x / y < 0.01 ? "%.1g" : x / y < 0.1 ? "%.3f" : "%.2f", x / y) }
                function rate(x) { return x == "" ? "-" : sprintf(kind == "gpu" ? (x < 10 ? "%.1f" : "%.0f") : "%.2f", x) }
                {
                    unit = $1; csv = $2; h = $3; pcsv = $4; ph = $5
                    v = rate_of(csv, h)
                    # the parent: measured beside the unit where its CSV has the parent headline, else
                    # from the parent CSV of the same machine (always when both headlines have one
                    # name: that row of the unit CSV is the unit headline)
                    p = ""; other = ""
                    if (pcsv != "") {
                        if (ph != h) p = rate_of(csv, ph)
                        if (p == "") { p = rate_of(pcsv, ph); if (p != "") { other = "*"; others++ } }
                    }
                    if (NR == 1) first = v
                    name = unit; sub(/.*\//, "", name)
                    x = ratio(v, p)
                    row = "| [" name "](../" unit "/README.md) | `" h "` | " rate(v) " | " x (x == "-" ? "" : other) " | " ratio(v, first) " | " ratio(v, rate_of(csv, roof)) " |"
                    if (kind == "gpu") row = row " " ratio(v, rate_of(csv, "cub")) " |"
                    rows[NR] = row
                    if (NR == 1) first_name = name
                }
                END {
                    printf "%s on **%s**, n = %s, %s:\n\n", kind == "gpu" ? "GPU stages and steps" : "CPU stages and steps", device, label(at), kind == "gpu" ? "GB/s at 8 bytes per element" : "G elements/s"
                    printf "| stage or step | headline | %s | x parent | x %s | of `%s` |%s\n", kind == "gpu" ? "GB/s" : "Gelem/s", first_name, roof, kind == "gpu" ? " x `cub` |" : ""
                    printf "|---|---|---:|---:|---:|---:|%s\n", kind == "gpu" ? "---:|" : ""
                    for (i = 1; i <= NR; i++) print rows[i]
                    print ""
                }' "$work/course-rows"
        done
    done
    # (a ratio of two runs, on shared machines, moves with both runs: say which ratios are)
    if [ -s "$work/course-rows-any" ]; then
        echo "Each unit's CSV is a run of its own. \`x parent\` divides by the parent's headline measured in the same run (a step measures it beside its own) or, marked \`*\`, where the unit's CSV lacks it (a stage's), in the parent's CSV: another run. The column against the first unit divides two runs; the roofline's and \`cub\`'s columns are within the unit's run."
        echo
    fi
}

# The applications' table in common/RESULTS.md (the units that link SCAN_HARNESS := apps: other
# operators, segmented scans, compaction, sorts), per machine: each unit's headline, which computes
# something other than the scan, against the rows of its own run that do the same job or move the
# same bytes: the CUB call of its family (cub-F, or cub for the inclusive sum) and the copy of the
# bytes it moves (copy-F where the CSV has one, else copy, 8 bytes an element), at the size the
# units' own tables take their ratios at (the last of unit_sizes gpu, or the largest a CSV has).
apps_tables() {
    local machine unit csv
    : >"$work/apps-rows-any"
    for machine in $(machines); do
        : >"$work/apps-rows"
        for unit in $(units); do
            csv=$unit/results/$machine.csv
            [ -f "$csv" ] && unit_is_apps "$unit" || continue
            echo "$unit|$csv|$(headline "$csv")" >>"$work/apps-rows"
        done
        [ -s "$work/apps-rows" ] || continue
        cat "$work/apps-rows" >>"$work/apps-rows-any"
        awk -F'|' -v sizes="$(unit_sizes gpu)" "$AWK_LABEL $AWK_FAMILY"'
            function ratio(x, y) { return (x == "" || y == "" || y + 0 == 0) ? "-" : sprintf(x / y < 0.1 ? "%.3f" : "%.2f", x / y) }
            function rate(x) { return x == "" ? "-" : sprintf(x < 10 ? "%.1f" : "%.0f", x) }
            BEGIN { ns = split(sizes, want, " "); at = want[ns] }
            {
                unit = $1; csv = $2; h = $3
                delete gb; delete bytes; largest = 0
                while ((getline line < csv) > 0) {
                    if (line ~ /^#/ || line ~ /^stage,/) continue
                    split(line, f, ",")
                    gsub(/"/, "", f[4]); device = f[4]
                    gb[f[2], f[5] + 0] = f[10]; bytes[f[2], f[5] + 0] = f[11]
                    if (f[5] + 0 > largest) largest = f[5] + 0
                }
                close(csv)
                n = at < largest ? at : largest
                fam = family(h)
                copy = ((("copy-" fam), n) in gb) ? "copy-" fam : "copy"
                cub = fam == "inclusive-sum" ? "cub" : "cub-" fam
                name = unit; sub(/.*\//, "", name)
                rows[NR] = "| [" name "](../" unit "/README.md) | `" h "`" (n == at ? "" : " (at " label(n) ")") " | " \
                    (bytes[h, n] == "" ? "-" : sprintf("%.3g", bytes[h, n])) " | " rate(gb[h, n]) " | `" copy "` | " \
                    ratio(gb[h, n], gb[copy, n]) " | " ((cub, n) in gb ? "`" cub "`" : "-") " | " ratio(gb[h, n], gb[cub, n]) " |"
            }
            END {
                printf "Applications of the scan on **%s**, n = %s, GB/s counting the bytes each row moves:\n\n", device, label(at)
                print "| step | headline | bytes per element | GB/s | its copy | of it | its CUB call | x it |"
                print "|---|---|---:|---:|---|---:|---|---:|"
                for (i = 1; i <= NR; i++) print rows[i]
                print ""
            }' "$work/apps-rows"
    done
    if [ -s "$work/apps-rows-any" ]; then
        echo "Each row is within its unit's run: its copy, \`copy-F\`, copies the bytes the headline moves (\`copy\` where that is 8 an element), and its CUB call, \`cub-F\`, does the same job on the same input (\`cub\` for the inclusive sum)."
        echo
    fi
}
# The units that have no CSV yet, so no line in any table.
unmeasured() {
    local unit list=""
    for unit in $(units); do
        ls "$unit"/results/*.csv >/dev/null 2>&1 && continue
        if [ -f "$unit/README.md" ]; then list="$list, [${unit##*/}](../$unit/README.md)"; else list="$list, ${unit##*/}"; fi
    done
    [ -z "$list" ] || printf 'Not measured yet (no CSV committed): %s.\n\n' "${list#, }"
}

if grep -qx '<!-- stage list -->' README.md 2>/dev/null; then
    stage_list >"$work/stages"
    check_or_write README.md "$work/stages" '<!-- stage list -->' '<!-- end stage list -->'
fi
if grep -qx '<!-- course tables -->' common/RESULTS.md 2>/dev/null; then
    { course_tables; apps_tables; unmeasured; } >"$work/course"
    [ -s "$work/course" ] || echo "No measurement committed yet." >"$work/course"
    check_or_write common/RESULTS.md "$work/course" '<!-- course tables -->' '<!-- end course tables -->'
fi
if [ "${failed:-0}" = 1 ]; then exit 1; fi
if [ "$mode" = check ]; then
    echo "tables: every README table agrees with its CSV ($written files)"
elif [ $rewritten = 0 ]; then
    echo "tables: nothing changed: the tables of all $written files already agree with their CSVs"
else
    echo "tables: rewrote $rewritten of $written files"
fi
