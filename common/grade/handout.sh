#!/bin/bash
# Makes a student's copy of the repository with one stage's solution blanked:
#
#   common/grade/handout.sh STAGE DEST        (make handout STAGE=N DEST=dir)
#
# In every kernel file of the stage (scan.c or scan.cu and the headers beside it), each region
# between
#     /* SOLUTION BEGIN: what the student writes */
#     ... the reference solution ...
#     /* SOLUTION END */                 or   /* SOLUTION END, stub: CODE */
# becomes one TODO comment with that text (and CODE, where the region needs a stand-in to compile,
# such as a return value). In the stage's README, each region between <!-- SOLUTION BEGIN --> and
# <!-- SOLUTION END --> (the code blocks that would give the solution away) becomes a note that the
# code is the student's to write. Markers are removed from every other file, solutions kept.
#
# The copy holds the stages up to this one: later stages carry this stage's code forward (stage
# 07 keeps 05's block scans, 10 keeps 09's look-back), so they would hand the solution over. The
# copy builds without warnings; the blanked stage's tests fail without hanging (outputs stay
# unwritten); every other stage passes. Last, the copy is searched for every line of the solution
# it blanked: a line found anywhere in it stops the handout with an error.
# DEST/.handout records the unit, so that `make grade` there points to the reference.
set -euo pipefail
usage() { echo "usage: make handout STAGE=N DEST=dir   (N: a stage or step, e.g. 2, 09 or 4a; dir: a new folder outside the repository)" >&2; exit 2; }
[ $# -eq 2 ] && [ -n "$1" ] && [ -n "$2" ] || usage
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
. common/tools/course.sh

stage=$(unit_dir "$1") || usage
num=$(unit_id "$stage")
kernels=$(unit_kernel_files "$stage")
# shellcheck disable=SC2086
grep -q 'SOLUTION BEGIN' $kernels || {
    echo "handout: $stage marks no solution (no SOLUTION BEGIN in $(echo $kernels)): nothing to blank; put the markers around the code the student should write" >&2
    exit 2
}

# DEST is checked before anything is created: a refused DEST leaves nothing behind.
dest=$(realpath -m -- "$2")
case "$dest/" in "$top"/*)
    echo "handout: DEST must be outside the repository (the copy is a repository of its own); try DEST=../students/$(basename "$stage")" >&2
    exit 2 ;;
esac
if [ -e "$dest" ] && { [ ! -d "$dest" ] || [ -n "$(ls -A "$dest" 2>/dev/null)" ]; }; then
    echo "handout: $2 exists and is not an empty folder; name a new folder, or empty this one first" >&2
    exit 2
fi
mkdir -p "$dest"

# The repository's files (tree_files), without the units after this one: later stages and steps
# carry this unit's code forward (07 keeps 05's block scans, 10 keeps 09's look-back), so they would
# hand the solution over. A stage's own steps come after it.
mapfile -t all_units < <(units)
later=() earlier=() seen=0
for u in "${all_units[@]}"; do
    if [ "$u" = "$stage" ]; then seen=1
    elif [ $seen = 1 ]; then later+=("$u")
    else earlier+=("$u")
    fi
done
keep() { # file list on stdin, NUL-separated: drop the later units' files
    local f skip
    while IFS= read -r -d '' f; do
        skip=0
        for dir in "${later[@]+"${later[@]}"}"; do case "$f" in "$dir"/*) skip=1 ;; esac; done
        case "$f" in "$stage"/exercises/*) skip=1 ;; esac # (its exercises change the solution)
        [ $skip = 1 ] || [ ! -f "$f" ] || printf '%s\0' "$f"
    done
}
tree_files | keep | tar --null -T - -cf - | tar -xf - -C "$dest"

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
blank_readme='
    $0 == "<!-- SOLUTION BEGIN -->" {
        print "> *This code is yours to write in this assignment: see the TODO comments in the stage'"'"'s"
        print "> kernel files. It comes back when you compare your work with the reference solution.*"
        inside = 1; next
    }
    inside && $0 == "<!-- SOLUTION END -->" { inside = 0; next }
    !inside { print }'
strip='!/SOLUTION BEGIN/ && !/SOLUTION END/ { print }'
is_kernel() { local k; for k in $kernels; do [ "$1" = "$k" ] && return 0; done; return 1; }
while IFS= read -r -d '' file; do
    rel=${file#"$dest"/}
    grep -q 'SOLUTION \(BEGIN\|END\)' "$file" || continue
    if is_kernel "$rel"; then
        awk "$blank" "$file" >"$file.tmp"
    elif [ "$rel" = "$stage/README.md" ]; then
        awk "$blank_readme" "$file" >"$file.tmp"
    else
        awk "$strip" "$file" >"$file.tmp"
    fi
    mv "$file.tmp" "$file"
done < <(find "$dest" \( -name '*.c' -o -name '*.cu' -o -name '*.cuh' -o -name '*.h' -o -name '*.md' \) -print0)

# The README tables list the stages the copy holds, and the README says what this copy is.
(cd "$dest" && common/tools/tables.sh write >/dev/null)
{
    echo "> **A handout of stage $stage.** Its solution is blanked (the TODO comments in its kernel"
    echo "> files), and the stages after it are left out: they carry its code forward. \`make test-$num\`"
    echo "> fails until the TODOs are done; every other stage passes."
    echo ">"
    echo "> **How it is graded.** Only your kernel files in $stage/ ($(unit_kernel_files "$stage" | sed 's|.*/||' | paste -sd' ' - | sed 's/ /, /g')) are"
    echo "> taken, built and run by the reference's grader on your teacher's machine: 70 points for correctness,"
    echo "> the share of the test cases you pass, none if \`drawn_sizes\` fails (sizes drawn anew at every"
    echo "> grade); 30 for speed against the reference, when every case passes. \`make test-$num\` runs the"
    echo "> same cases, \`drawn_sizes\` too; \`make test-$num SEED=s\` replays the sizes of a grade's seed."
    echo
    cat "$dest/README.md"
} >"$dest/README.md.tmp" && mv "$dest/README.md.tmp" "$dest/README.md"
# GitHub Classroom's workflow for this unit: one step per test case and three of speed.
mkdir -p "$dest/.github/workflows"
common/grade/classroom/workflow.sh "$num" >"$dest/.github/workflows/classroom.yml"

# No line of the solution may be left anywhere in the copy (code or prose), except a line that the
# student has anyway in the code of the harness or of an earlier stage (a loop header, an index
# computation). Lines shorter than 24 characters (a brace, `return s;`, `__syncthreads();`) say
# nothing on their own and are skipped, and so are comments.
trimmed() { sed 's/^[ \t]*//; s/[ \t]*$//' "$@"; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for k in $kernels; do
    awk '/SOLUTION BEGIN/ { inside = 1; next } /SOLUTION END/ { inside = 0; next }
         inside { line = $0; gsub(/^[ \t]+|[ \t]+$/, "", line); if (length(line) >= 24 && line !~ /^\/?\*/) print line }' "$k"
done | sort -u >"$work/solution"
given=(common/*/*.c common/*/*.h common/*/*.cu)
for dir in "${earlier[@]+"${earlier[@]}"}"; do given+=($(unit_kernel_files "$dir")); done
(cd "$dest" && trimmed "${given[@]}") | sort -u >"$work/given"
comm -23 "$work/solution" "$work/given" >"$work/secret"
leaks=0
while IFS= read -r line; do
    if hits=$(grep -rlF -- "$line" "$dest"); then
        echo "handout: a line of the solution is still in the copy: '$line' in ${hits//$'\n'/, }" >&2
        leaks=1
    fi
done <"$work/secret"
[ $leaks = 0 ] || { echo "handout: $dest gives the solution away; mark those places with SOLUTION markers" >&2; exit 1; }

echo "stage=$stage" >"$dest/.handout"
todos=""
for k in $kernels; do
    count=$(grep -c 'TODO:' "$dest/$k" || true)
    [ "$count" = 0 ] || todos="$todos${todos:+, }$count in ${k#"$stage"/}"
done
left=""
if [ ${#later[@]} -eq 1 ]; then
    left="; ${later[0]} left out"
elif [ ${#later[@]} -gt 1 ]; then
    left="; the ${#later[@]} units after it left out (${later[0]##*/} to ${later[${#later[@]}-1]##*/})"
fi
echo "handout: $dest, with $stage blanked (TODOs: $todos)$left"
echo "  the student runs: make test-$num (fails until done), make stage-$num, make diff-$num"
echo "  the teacher grades, from this repository: make grade STAGE=$num STUDENT=$dest"
