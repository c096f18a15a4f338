#!/bin/bash
# Shows what stage N changed, as one unified diff: each of its kernel files (unit_kernel_files in
# common/tools/course.sh) against the same file in its parent, or, for a file the parent does not have,
# in the nearest earlier stage of its line that has it; a file new to the course shows whole. The
# classroom kit's SOLUTION markers are left out: they are not part of the lesson.
#
#   common/tools/diff.sh N        (make diff-N)
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
. common/tools/course.sh
stage=$(unit_dir "${1:-}") || exit 2
parent=$(unit_parent "$stage")
if [ -z "$parent" ]; then
    echo "$stage has no parent stage: it starts $([ "$(unit_kind "$stage")" = gpu ] && echo "the GPU half" || echo "the course"); read its README"
    exit 0
fi

lesson() { grep -v 'SOLUTION \(BEGIN\|END\)' "$1"; }

# The nearest stage on the line parent, grandparent, ... whose folder has this file, or nothing.
ancestor_with() { # file
    local s=$parent
    while [ -n "$s" ]; do
        [ -f "$s/$1" ] && { echo "$s"; return; }
        s=$(unit_parent "$s")
    done
}

for file in $(unit_kernel_files "$stage"); do
    name=${file#"$stage"/}
    from=$(ancestor_with "$name")
    if [ -z "$from" ]; then
        echo "# $name: new in $stage"
        diff -u --label /dev/null --label "$file" /dev/null <(lesson "$file")
    elif lesson "$from/$name" | cmp -s - <(lesson "$file"); then
        echo "# $name: carried from $from unchanged"
    else
        [ "$from" = "$parent" ] || echo "# $name: $parent has none; against $from, where it was last"
        diff -u --label "$from/$name" --label "$file" <(lesson "$from/$name") <(lesson "$file")
    fi
done
for file in $(unit_kernel_files "$parent"); do
    name=${file#"$parent"/}
    [ -f "$stage/$name" ] || echo "# $name: not carried from $parent (no variant of $stage uses it)"
done
exit 0
