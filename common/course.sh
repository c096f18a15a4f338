# Facts about the course's stages and CSVs, shared by the scripts in common/ (tables, charts,
# grade, handout). Source it: . common/course.sh
#
#   stage_kind DIR     gpu (the stage has scan.cu) or cpu
#   stage_kernel DIR   the stage's kernel file: DIR/scan.c or DIR/scan.cu
#   stage_kernel_files DIR  every file of the stage's kernel code: its headers (*.h, *.cuh), then
#                      the kernel file; what make diff-N compares and make handout blanks
#   stage_number DIR   the stage's number, without leading zero (03_avx_blocked -> 3)
#   stage_idea DIR     the idea, from the first line of DIR/Makefile ("# Stage NN: idea. ...")
#   stage_parent DIR   the parent stage (PARENT in DIR/Makefile), or nothing
#   csv_device CSV     the device name of a benchmark CSV's first row
#   AWK_LABEL          an awk function label(n): "2^k" for a power of two, else n
#   AWK_PROVENANCE     an awk function provenance(header): sets commit and date from a CSV's
#                      first line (the benchmark's "# ...; commit X; 2026-...; ..." line)

stage_kind() { [ -e "$1/scan.cu" ] && echo gpu || echo cpu; }
stage_kernel() { [ -e "$1/scan.cu" ] && echo "$1/scan.cu" || echo "$1/scan.c"; }
stage_kernel_files() { ls "$1"/*.h "$1"/*.cuh 2>/dev/null | LC_ALL=C sort; stage_kernel "$1"; }
stage_number() { local d=${1##*/}; echo "$((10#${d%%_*}))"; }
stage_idea() { sed -n '1s/^# Stage [0-9]*: *//p' "$1/Makefile" | sed 's/\. .*$//; s/\.$//'; }
stage_parent() { sed -n 's/^PARENT *:= *//p' "$1/Makefile" 2>/dev/null; }
csv_device() { grep -v '^#' "$1" | sed -n 2p | awk -F, '{ gsub(/"/, "", $4); print $4 }'; }
AWK_LABEL='function label(n,   e) { e = 0; while (2 ^ e < n) e++; return (2 ^ e == n) ? "2^" e : n }'
AWK_PROVENANCE='function provenance(header,   parts, i) {
    split(header, parts, "; "); commit = ""; date = ""
    for (i in parts) {
        if (parts[i] ~ /^commit /) commit = substr(parts[i], 8)
        if (parts[i] ~ /^20[0-9][0-9]-/) date = substr(parts[i], 1, 10)
    }
}'
