#!/bin/bash
# Runs a command as in Gradescope's container of a given size: in a cgroup of its own with that
# memory and that share of a CPU (cgroup v2's memory.max and cpu.max, or v1's memory and cpu
# controllers), made as root where the machine lets one be made, and removed after.
#
#   common/grade/classroom/gradescope/container.sh --check        what it would make, or exit 2
#   common/grade/classroom/gradescope/container.sh MEMORY CPUS COMMAND...   (MEMORY: 768M, 2G; CPUS: 0.5)
#
# (make autograder STAGE=N SUBMISSION=dir GRADESCOPE_MEMORY=768M GRADESCOPE_CPUS=0.5 grades an
# upload so.) Exit status: the command's, or 2 where no cgroup can be made.
set -u
if [ -w /sys/fs/cgroup/cgroup.subtree_control ] && grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
    v2=1 memory=/sys/fs/cgroup cpu=/sys/fs/cgroup
elif [ -w /sys/fs/cgroup/memory ] && [ -w /sys/fs/cgroup/cpu ]; then
    v2=0 memory=/sys/fs/cgroup/memory cpu=/sys/fs/cgroup/cpu
else
    echo "container.sh: this machine lets no cgroup be made here (as root, with the memory and cpu controllers)" >&2
    exit 2
fi
[ "$(id -u)" = 0 ] || { echo "container.sh: making a cgroup needs root" >&2; exit 2; }
if [ "${1:-}" = --check ]; then echo "a cgroup of 768 MiB and half a CPU (cgroup v$((v2 + 1)))"; exit 0; fi
[ $# -ge 3 ] && [[ $1 =~ ^[0-9]+[KMG]?$ ]] && [[ $2 =~ ^[0-9]*\.?[0-9]+$ ]] || {
    echo "usage: $0 MEMORY CPUS COMMAND...   (MEMORY: 768M; CPUS: 0.5)" >&2; exit 2; }
bytes=$(numfmt --from=iec "$1") quota=$(awk -v c="$2" 'BEGIN { printf "%d", c * 100000 }')
shift 2
name=gradescope-$$
mkdir -p "$memory/$name" "$cpu/$name" || exit 2
trap 'rmdir "$memory/$name" "$cpu/$name" 2>/dev/null' EXIT
limit() { echo "$2" >"$1" || { echo "container.sh: cannot write $2 into $1" >&2; exit 2; }; }
if [ $v2 = 1 ]; then
    echo "+memory +cpu" >/sys/fs/cgroup/cgroup.subtree_control 2>/dev/null
    limit "$memory/$name/memory.max" "$bytes"
    limit "$cpu/$name/cpu.max" "$quota 100000"
    echo 0 >"$memory/$name/memory.swap.max" 2>/dev/null # (where swap is accounted)
else
    limit "$memory/$name/memory.limit_in_bytes" "$bytes"
    limit "$cpu/$name/cpu.cfs_period_us" 100000
    limit "$cpu/$name/cpu.cfs_quota_us" "$quota"
    echo "$bytes" >"$memory/$name/memory.memsw.limit_in_bytes" 2>/dev/null
fi
# (the command starts inside: a shell moves itself in, then becomes the command)
bash -c 'echo $$ >"$1/cgroup.procs" && { [ "$2" = "$1" ] || echo $$ >"$2/cgroup.procs"; } && shift 2 && exec "$@"' \
    container "$memory/$name" "$cpu/$name" "$@"
