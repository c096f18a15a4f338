#!/bin/bash
# Prints the folder of stage N (2, 02 and 10 all work), or says why not and exits with status 2.
#   common/stage-dir.sh N
[[ ${1:-} =~ ^[0-9]{1,2}$ ]] || { echo "not a stage number: '${1:-}' (want e.g. 3 or 03)" >&2; exit 2; }
cd "$(dirname "$0")/.." || exit 2
for dir in "$(printf '%02d' "$((10#$1))")"_*/; do
    [ -f "$dir/Makefile" ] && { echo "${dir%/}"; exit 0; }
done
echo "no stage numbered $1" >&2
exit 2
