# Facts about the course's units and CSVs, shared by the scripts in common/ (tables, charts,
# grade, handout, diff). Source it: . common/tools/course.sh
# A unit is a stage (NN_name) or a step inside one (NN_name/NNx_name): a folder with a Makefile.
#
#   units              every unit folder, in course order (a stage, then its steps)
#   unit_csvs [ROOT]   every unit's benchmark CSVs, ROOT/UNIT/results/*.csv (ROOT: this tree), in
#                      course order
#   machines [ROOT]    the machines those CSVs were measured on (their names without .csv), sorted
#   unit_dir ID        the folder of unit ID (3, 03, 4a), or the message naming the valid ids
#                      (ids) on stderr and status 2: make, grade and handout accept the same ids
#   ids                the valid ids, for that message: "stages 1 to 10 and steps 4a, 7a, ..."
#   unit_id DIR        the unit's id (03_avx_blocked -> 3, 04a_single_pass -> 4a): the same rule
#                      as unit_id in common/stage.mk, make's side
#   unit_kind DIR      gpu (the unit has a .cu file) or cpu, as unit_kind in common/rules.mk
#   unit_kernel DIR    the unit's kernel file: DIR/scan.c or DIR/scan.cu
#   unit_kernel_files DIR  every file of the unit's kernel code: its headers (*.h, *.cuh), then
#                      the kernel file; what make diff-N compares and make handout blanks
#   unit_idea DIR      the idea, from the first line of DIR/Makefile ("# Stage NN: idea. ...")
#   unit_parent DIR    the parent unit (PARENT in DIR/Makefile), or nothing
#   unit_is_apps DIR   true where the unit links the applications' harness (SCAN_HARNESS := apps
#                      in DIR/Makefile): its CSVs' rows are applications of the scan, not scans
#   headline CSV       the headline of a benchmark CSV: its last variant (role "variant") in the
#                      order of the rows
#   csv_device CSV     the device name of a benchmark CSV's first row
#   unit_sizes KIND    the sizes a unit of KIND (cpu or gpu) is shown and graded at, from the
#                      caches to memory: what a README's table shows and `make grade` times
#   has_gpu            true where nvidia-smi lists an NVIDIA GPU (its driver works)
#   unit_grade_bits KIND  how far a grade's drawn_sizes go for KIND: a size in every
#                      [2^b, 2^(b+1)) up to this b, or as far as the grade's memory allows
#   tree_files         the repository's files as they stand in the working tree, NUL-separated:
#                      git's tracked and not ignored ones, or, outside git, all but build/
#   results_score JSON the total of a Gradescope results.json (its first "score": grade.sh
#                      writes the total first)
#   unit_roof KIND     the roofline row its units are measured against: copy (gpu), stream (cpu)
#   unit_rate_column KIND  the CSV column of its rate: 10 (GB/s, gpu) or 9 (Gelem/s, cpu)
#   AWK_FAMILY         an awk function family(name): a row's family (cub-, copy-, @INPUT, +... cut)
#   AWK_LABEL          an awk function label(n): "2^k" for a power of two, else n
#   AWK_PROVENANCE     an awk function provenance(header): sets commit and date from a CSV's
#                      first line (the benchmark's "# ...; commit X; 2026-...; ..." line)

units() { ls -d [0-9][0-9]_*/Makefile [0-9][0-9]_*/[0-9][0-9][a-z]_*/Makefile 2>/dev/null | sed 's|/Makefile$||' | LC_ALL=C sort; }
unit_csvs() {
    local u f
    for u in $(units); do
        for f in ${1:+$1/}$u/results/*.csv; do [ -f "$f" ] && echo "$f"; done
    done
    return 0
}
machines() { unit_csvs "${1:-}" | sed 's|.*/||; s|\.csv$||' | LC_ALL=C sort -u; }
unit_kind() { ls "$1"/*.cu >/dev/null 2>&1 && echo gpu || echo cpu; }
unit_kernel() { [ -e "$1/scan.cu" ] && echo "$1/scan.cu" || echo "$1/scan.c"; }
unit_kernel_files() { ls "$1"/*.h "$1"/*.cuh 2>/dev/null | LC_ALL=C sort; unit_kernel "$1"; }
unit_id() { local d=${1##*/} id; id=${d%%_*}; echo "${id#0}"; }
unit_idea() { sed -n '1s/^# \(Stage\|Step\) [0-9a-z]*: *//p' "$1/Makefile" | sed 's/\. .*$//; s/\.$//'; }
unit_parent() { sed -n 's/^PARENT *:= *//p' "$1/Makefile" 2>/dev/null; }
unit_dir() {
    local want=${1:-} u
    want=${want#0}
    if [[ $want =~ ^[0-9]{1,2}[a-z]?$ ]]; then
        for u in $(units); do
            [ "$(unit_id "$u")" = "$want" ] && { echo "$u"; return 0; }
        done
    fi
    echo "no stage or step '${1:-}': the course has $(ids)" >&2
    return 2
}
ids() {
    local u stages=() steps=()
    for u in $(units); do
        if [ "$u" = "${u##*/}" ]; then stages+=("$(unit_id "$u")"); else steps+=("$(unit_id "$u")"); fi
    done
    printf 'stages %s to %s' "${stages[0]}" "${stages[${#stages[@]} - 1]}"
    [ ${#steps[@]} -eq 0 ] || printf ' and step%s %s' "$([ ${#steps[@]} -eq 1 ] || echo s)" \
        "$(printf '%s, ' "${steps[@]}" | sed 's/, $//; s/\(.*\), /\1 and /')"
    echo
}
unit_is_apps() { grep -q '^SCAN_HARNESS *:= *apps' "$1/Makefile"; }
headline() { grep -v '^#' "$1" | tail -n +2 | awk -F, '$3 == "variant" && !seen[$2]++ { last = $2 } END { print last }'; }
csv_device() { grep -v '^#' "$1" | sed -n 2p | awk -F, '{ gsub(/"/, "", $4); print $4 }'; }
# GPU: from launch-bound to 2 GiB in and out. CPU: from L1 to 2^26 elements (512 MiB in and out),
# which lives in memory on any CPU today, so a student's code is graded out of the caches too.
unit_sizes() { [ "$1" = gpu ] && echo "65536 1048576 16777216 268435456" || echo "4096 65536 1048576 67108864"; }
has_gpu() { nvidia-smi -L 2>/dev/null | grep '^GPU' >/dev/null; } # (grep -q would cut the pipe: pipefail)
unit_grade_bits() { [ "$1" = gpu ] && echo 28 || echo 26; }
tree_files() {
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do
            [ ! -e "$f" ] || printf '%s\0' "$f"
        done
    else
        find . -path ./build -prune -o -type f -print0 | sed -z 's|^\./||'
    fi
}
results_score() { sed -n 's/^ *"score": *\([0-9.]*\),*$/\1/p' "$1" | head -n 1; }
unit_roof() { [ "$1" = gpu ] && echo copy || echo stream; }
unit_rate_column() { [ "$1" = gpu ] && echo 10 || echo 9; }
AWK_FAMILY='function family(name) { sub(/^(cub|copy)-/, "", name); sub(/@.*/, "", name); sub(/[+].*/, "", name); return name }'
AWK_LABEL='function label(n,   e) { e = 0; while (2 ^ e < n) e++; return (2 ^ e == n) ? "2^" e : n }'
AWK_PROVENANCE='function provenance(header,   parts, i) {
    split(header, parts, "; "); commit = ""; date = ""
    for (i in parts) {
        if (parts[i] ~ /^commit /) commit = substr(parts[i], 8)
        if (parts[i] ~ /^20[0-9][0-9]-/) date = substr(parts[i], 1, 10)
    }
}'
