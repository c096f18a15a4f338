#!/bin/bash
# Writes the results tables of the READMEs from the committed CSVs, between markers, so that no
# number in a README is typed by hand:
#
#   common/tables.sh write    rewrite the tables in every stage README and the top-level README
#   common/tables.sh check    fail (and show the difference) where a README disagrees with its CSVs
#
# Markers: in a stage README,  <!-- results table --> ... <!-- end results table -->
#          in README.md,       <!-- course tables --> ... <!-- end course tables -->
set -eu  # no pipefail: `... | head` ends pipelines early on purpose
export LC_ALL=C
mode=${1:-check}
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

. common/course.sh

# The markdown table of one CSV: one row per size (even powers of two and the largest), one column
# per variant and reference row.
stage_table() { # csv kind
    local csv=$1 kind=$2
    awk -F, -v kind="$kind" -v file="$(basename "$csv")" '
        '"$AWK_LABEL"'
        '"$AWK_PROVENANCE"'
        NR == 1 { header = $0; next }
        /^#/ || $1 == "stage" { next }
        {
            gsub(/"/, "", $4); device = $4
            key = $2
            if (!(key in seen)) { seen[key] = 1; cols[++ncols] = key; role[key] = $3 }
            if (!($5 in seen_n)) { seen_n[$5] = 1; ns[++nn] = $5 + 0 }
            value[key, $5 + 0] = (kind == "gpu") ? $10 : $9
        }
        END {
            provenance(header)
            unit = (kind == "gpu") ? "GB/s (8 bytes per element)" : "G elements/s"
            printf "Measured on **%s** by `make bench` (`results/%s`, commit %s, %s), %s, median of repeated runs:\n\n", device, file, commit, date, unit
            line = "| n |"; rule = "|---:|"
            for (c = 1; c <= ncols; c++) {
                line = line " " cols[c] (role[cols[c]] == "reference" ? " (ref.)" : role[cols[c]] == "side-step" ? " (side step)" : "") " |"
                rule = rule "---:|"
            }
            print line; print rule
            for (i = 1; i <= nn; i++) {
                n = ns[i]; e = 0; while (2 ^ e < n) e++
                if (2 ^ e == n && e % 2 == 1 && i < nn) continue
                line = "| " label(n) " |"
                for (c = 1; c <= ncols; c++) {
                    v = value[cols[c], n]
                    line = line " " (v == "" ? "-" : sprintf(kind == "gpu" ? "%.0f" : "%.2f", v)) " |"
                }
                print line
            }
        }' "$csv"
}

# Replaces what stands between two marker lines of a file with the contents of another file.
splice() { # file begin-marker end-marker content-file
    awk -v begin="$2" -v end="$3" -v content="$4" '
        $0 == begin { print; while ((getline line < content) > 0) print line; skipping = 1; next }
        $0 == end { skipping = 0 }
        !skipping { print }' "$1"
}

check_or_write() { # file content-file begin end
    splice "$1" "$3" "$4" "$2" >"$work/new"
    if [ "$mode" = write ]; then
        cmp -s "$work/new" "$1" || { cp "$work/new" "$1"; echo "tables: rewrote $1 ($3)"; }
    elif ! cmp -s "$work/new" "$1"; then
        echo "tables: $1 disagrees with the stages and their CSVs (make tables rewrites it):"
        diff "$1" "$work/new" || true
        failed=1
    fi
}
# Stage README tables.
for readme in [0-9][0-9]_*/README.md; do
    stage=$(dirname "$readme")
    grep -qx '<!-- results table -->' "$readme" || continue
    : >"$work/table"
    for csv in $(ls "$stage"/results/*.csv 2>/dev/null | sort); do
        stage_table "$csv" "$(stage_kind "$stage")" >>"$work/table"
        echo >>"$work/table"
        slug=$(basename "$csv" .csv)
        echo "![$stage on $(basename "$csv" .csv)](results/$slug.svg)" >>"$work/table"
        echo >>"$work/table"
    done
    [ -s "$work/table" ] || echo "No measurement committed yet: run \`make bench-$(stage_number "$stage") RECORD=1\`." >"$work/table"
    check_or_write "$readme" "$work/table" '<!-- results table -->' '<!-- end results table -->'
done

# The applications of stage 10's last chapter (APPLICATIONS.md beside a stage's README, CSVs in
# its results/apps/): one row per variant and reference row, GB/s at a few sizes counting the bytes
# each row must move (the CSV's bytes_per_element), and at 2^28 the fraction of a copy of the same
# bytes (`copy-FAMILY` where the run has one, else `copy`) and the ratio to the CUB call of the same
# family (`cub-FAMILY`; for `inclusive-sum`, `cub`). Markers: <!-- applications table --> ...
# <!-- end applications table -->.
apps_table() { # csv
    awk -F, -v file="$(basename "$1")" '
        '"$AWK_LABEL"'
        '"$AWK_PROVENANCE"'
        function family(name) { sub(/^(cub|copy)-/, "", name); sub(/[+].*/, "", name); return name }
        NR == 1 { header = $0; next }
        /^#/ || $1 == "stage" { next }
        {
            gsub(/"/, "", $4); device = $4
            if (!($2 in seen)) { seen[$2] = 1; rows[++nrows] = $2; role[$2] = $3 }
            gbs[$2, $5 + 0] = $10; bytes[$2, $5 + 0] = $11; have_n[$5 + 0] = 1
        }
        END {
            provenance(header)
            split("1048576 16777216 268435456 1073741824", want, " ")
            nn = 0
            for (k = 1; k in want; k++) if (want[k] in have_n) ns[++nn] = want[k]
            at = 268435456
            printf "Measured on **%s** by `apps-bench` (`results/apps/%s`, commit %s, %s), GB/s counting the bytes each row must move per element, median of repeated runs:\n\n", device, file, commit, date
            line = "| row | bytes per element |"; rule = "|---|---:|"
            for (k = 1; k <= nn; k++) { line = line " GB/s at " label(ns[k]) " |"; rule = rule "---:|" }
            line = line " of copy at " label(at) " | x CUB at " label(at) " |"; rule = rule "---:|---:|"
            print line; print rule
            for (r = 1; r <= nrows; r++) {
                name = rows[r]; f = family(name)
                line = "| `" name "`" (role[name] == "reference" ? " (ref.)" : role[name] == "side-step" ? " (side step)" : "") " | " (bytes[name, at] == "" ? "-" : sprintf("%.2f", bytes[name, at])) " |"
                for (k = 1; k <= nn; k++) { v = gbs[name, ns[k]]; line = line " " (v == "" ? "-" : sprintf("%.0f", v)) " |" }
                copy = (("copy-" f, at) in gbs) ? "copy-" f : "copy"
                cub = (f == "inclusive-sum") ? "cub" : "cub-" f
                v = gbs[name, at]
                c = (name == copy || !((copy, at) in gbs) || v == "") ? "-" : sprintf("%.2f", v / gbs[copy, at])
                x = (name == cub || role[name] == "reference" || !((cub, at) in gbs) || v == "") ? "-" : sprintf("%.2f", v / gbs[cub, at])
                print line " " c " | " x " |"
            }
        }' "$1"
}
for apps in [0-9][0-9]_*/APPLICATIONS.md; do
    [ -e "$apps" ] || continue
    stage=$(dirname "$apps")
    grep -qx '<!-- applications table -->' "$apps" || continue
    : >"$work/table"
    for csv in $(ls "$stage"/results/apps/*.csv 2>/dev/null | sort); do
        apps_table "$csv" >>"$work/table"
        echo >>"$work/table"
        # the chart, once `make charts RECORD=1` has drawn it
        if [ -e "${csv%.csv}.svg" ]; then
            echo "![$stage's applications on $(basename "$csv" .csv)](results/apps/$(basename "$csv" .csv).svg)" >>"$work/table"
            echo >>"$work/table"
        fi
    done
    [ -s "$work/table" ] || echo "No measurement committed yet: run \`make bench-$(stage_number "$stage") RECORD=1\` on a GPU." >"$work/table"
    check_or_write "$apps" "$work/table" '<!-- applications table -->' '<!-- end applications table -->'
done

# The course tables in README.md: one line per stage, from each stage's CSV on the reference machines.
course_tables() {
    local kind n_list
    for kind in cpu gpu; do
        local csvs=()
        for stage in [0-9][0-9]_*/; do
            stage=${stage%/}
            [ "$(stage_kind "$stage")" = "$kind" ] || continue
            for csv in $(ls "$stage"/results/*.csv 2>/dev/null | sort); do csvs+=("$csv"); done
        done
        [ ${#csvs[@]} -gt 0 ] || continue
        n_list=$([ "$kind" = cpu ] && echo "65536 134217728" || echo "67108864 268435456")
        for csv in "${csvs[@]}"; do
            stage=$(dirname "$(dirname "$csv")")
            idea=$(stage_idea "$stage")
            parent=$(stage_parent "$stage")
            printf '%s|%s|%s|%s|%s\n' "$stage" "$csv" "$idea" "$parent" "$(basename "$csv" .csv)"
        done | awk -F'|' -v kind="$kind" -v nlist="$n_list" '
            '"$AWK_LABEL"'
            function ratio(x) { return sprintf(x < 0.1 ? "%.3f" : "%.2f", x) }
            function rate(x) { return sprintf(kind == "gpu" ? (x < 10 ? "%.1f" : "%.0f") : "%.2f", x) }
            {
                stage[NR] = $1; idea[NR] = $3; parent[NR] = $4; slug[NR] = $5; count = NR
                while ((getline line < $2) > 0) {
                    if (line ~ /^#/ || line ~ /^stage,/) continue
                    split(line, f, ",")
                    gsub(/"/, "", f[4]); device[$5] = f[4]
                    v = (kind == "gpu") ? f[10] : f[9]
                    if (f[3] != "reference") {
                        if (v + 0 > best[$1, $5, f[5]] + 0) { best[$1, $5, f[5]] = v; bestname[$1, $5, f[5]] = f[2] }
                    } else ref[$1, $5, f[2], f[5]] = v  # references from the same run as the stage
                }
                close($2)
            }
            END {
                split(nlist, ns, " ")
                nm = 0
                for (i = 1; i <= count; i++) if (!(slug[i] in seen_m)) { seen_m[slug[i]] = 1; order[++nm] = slug[i] }
                for (a = 2; a <= nm; a++) for (b = a; b > 1 && order[b] < order[b - 1]; b--) { t = order[b]; order[b] = order[b - 1]; order[b - 1] = t }
                for (mi = 1; mi <= nm; mi++) {
                    m = order[mi]
                    printf "%s stages on **%s**, %s, best variant per stage:\n\n", toupper(kind), device[m], (kind == "gpu") ? "GB/s at 8 bytes per element" : "G elements/s"
                    head = "| stage | idea |"; rule = "|---|---|"
                    for (k = 1; k in ns; k++) {
                        if (kind == "gpu") { head = head " best at n = " label(ns[k]) " | GB/s | x parent | of `copy` | of `cub` |"; rule = rule "---|---:|---:|---:|---:|" }
                        else { head = head " best at n = " label(ns[k]) " | Gelem/s | x parent | x 01 | of `stream` |"; rule = rule "---|---:|---:|---:|---:|" }
                    }
                    print head; print rule
                    for (i = 1; i <= count; i++) {
                        if (slug[i] != m) continue
                        s = stage[i]; row = "| [" s "](" s "/README.md) | " idea[i] " |"
                        for (k = 1; k in ns; k++) {
                            n = ns[k]; b = best[s, m, n]
                            if (b == "") { row = row " - | - | - | - | - |"; continue }
                            p = (parent[i] != "") ? best[parent[i], m, n] : ""
                            first = best[stage[1], m, n]
                            row = row " " bestname[s, m, n] " | " rate(b) " |"
                            row = row " " ((p != "" && p > 0) ? ratio(b / p) : "-") " |"
                            if (kind == "gpu") {
                                row = row " " (ref[s, m, "copy", n] > 0 ? ratio(b / ref[s, m, "copy", n]) : "-") " |"
                                row = row " " (ref[s, m, "cub", n] > 0 ? ratio(b / ref[s, m, "cub", n]) : "-") " |"
                            } else {
                                # x 01: against the scalar loop, the scalar reference row of the same run where
                                # the CSV has one (older CSVs have none), else the best of stage 01 on this machine
                                one = (ref[s, m, "scalar", n] > 0) ? ref[s, m, "scalar", n] : first
                                row = row " " (one > 0 ? ratio(b / one) : "-") " |"
                                row = row " " (ref[s, m, "stream", n] > 0 ? ratio(b / ref[s, m, "stream", n]) : "-") " |"
                            }
                        }
                        print row
                    }
                    print ""
                }
            }'
    done
}
# The stage list in README.md: one line per stage folder, its idea from the first line of its
# Makefile, its status from its committed CSVs.
stage_list() {
    echo "| stage | idea | runs on | measured on |"
    echo "|---|---|---|---|"
    for stage in [0-9][0-9]_*/; do
        stage=${stage%/}
        local idea machines=""
        idea=$(stage_idea "$stage")
        for csv in $(ls "$stage"/results/*.csv 2>/dev/null | sort); do
            machines="$machines${machines:+, }$(grep -v '^#' "$csv" | sed -n 2p | awk -F, '{ gsub(/"/, "", $4); print $4 }')"
        done
        echo "| [$stage]($stage/README.md) | $idea | $([ "$(stage_kind "$stage")" = gpu ] && echo GPU || echo CPU) | ${machines:-not yet measured} |"
    done
}
if grep -qx '<!-- stage list -->' README.md 2>/dev/null; then
    stage_list >"$work/stages"
    check_or_write README.md "$work/stages" '<!-- stage list -->' '<!-- end stage list -->'
fi
if grep -qx '<!-- course tables -->' README.md 2>/dev/null; then
    course_tables >"$work/course"
    [ -s "$work/course" ] || echo "No measurement committed yet." >"$work/course"
    check_or_write README.md "$work/course" '<!-- course tables -->' '<!-- end course tables -->'
fi
if [ "${failed:-0}" = 1 ]; then exit 1; fi
[ "$mode" = write ] || echo "tables: every README table agrees with its CSV"
