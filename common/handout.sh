#!/bin/bash
# Makes a student's copy of the repository with one stage's solution blanked:
#
#   common/handout.sh STAGE DEST        (make handout STAGE=N DEST=dir)
#
# In the stage's kernel file, each region between
#     /* SOLUTION BEGIN: what the student writes */
#     ... the reference solution ...
#     /* SOLUTION END */                 or   /* SOLUTION END, stub: CODE */
# becomes one TODO comment with that text (and CODE, where the region needs a stand-in to compile,
# such as a return value). Markers are removed from every other file, solutions kept. The copy
# builds; the blanked stage's tests fail (outputs stay unwritten); every other stage passes.
# DEST/.handout records the stage, so that `make grade` there asks for the reference (REF=path).
set -euo pipefail
usage() { echo "usage: make handout STAGE=N DEST=dir   (N: a stage number, e.g. 2 or 09)" >&2; exit 2; }
[ $# -eq 2 ] && [ -n "$1" ] && [ -n "$2" ] || usage
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. common/course.sh

stage=$(common/stage-dir.sh "$1") || usage
num=$(stage_number "$stage")
kernel=$(stage_kernel "$stage")
grep -q 'SOLUTION BEGIN' "$kernel" || { echo "handout: $kernel has no SOLUTION markers" >&2; exit 2; }

dest=$2
if [ -e "$dest" ] && [ -n "$(ls -A "$dest" 2>/dev/null)" ]; then
    echo "handout: $dest exists and is not empty; give a new folder" >&2
    exit 2
fi
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
case "$dest/" in "$top"/*) echo "handout: DEST must be outside the repository" >&2; exit 2 ;; esac

# The tracked files (or, outside git, everything but build/), as they are in the working tree.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$dest"
else
    tar --exclude=./build -cf - . | tar -xf - -C "$dest"
fi

# Blank the stage's regions; strip the markers everywhere else.
blank='
    /SOLUTION BEGIN/ {
        indent = $0; sub(/[^ \t].*$/, "", indent)
        todo = $0; sub(/.*SOLUTION BEGIN:[ \t]*/, "", todo); sub(/[ \t]*\*\/[ \t]*$/, "", todo)
        print indent "/* TODO: " todo " */"
        inside = 1; next
    }
    inside && /SOLUTION END/ {
        if ($0 ~ /stub:/) { stub = $0; sub(/.*stub:[ \t]*/, "", stub); sub(/[ \t]*\*\/[ \t]*$/, "", stub); print indent stub }
        inside = 0; next
    }
    !inside { print }'
strip='!/SOLUTION BEGIN/ && !/SOLUTION END/ { print }'
while IFS= read -r -d '' file; do
    rel=${file#"$dest"/}
    grep -q 'SOLUTION \(BEGIN\|END\)' "$file" || continue
    if [ "$rel" = "$kernel" ]; then
        awk "$blank" "$file" >"$file.tmp"
    else
        awk "$strip" "$file" >"$file.tmp"
    fi
    mv "$file.tmp" "$file"
done < <(find "$dest" \( -name '*.c' -o -name '*.cu' -o -name '*.cuh' -o -name '*.h' \) -print0)

echo "stage=$stage" >"$dest/.handout"
echo "handout: $dest, with $kernel blanked ($(grep -c 'TODO:' "$dest/$kernel") TODOs)"
echo "  the student runs: make test-$num (fails until done), make stage-$num, make diff-$num"
echo "  the teacher grades: make grade STAGE=$num REF=$top"
