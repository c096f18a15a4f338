#!/bin/bash
# Gradescope's autograder for one unit, and a local trial of it:
#
#   common/grade/classroom/gradescope/autograder.sh N            (make autograder STAGE=N)
#       build/autograder-N/: setup.sh, run_autograder (grading unit N) and reference/ (this tree);
#       zipped into build/autograder-N.zip where `zip` is installed: the file to upload as the
#       assignment's autograder
#   common/grade/classroom/gradescope/autograder.sh N DIR        (make autograder STAGE=N SUBMISSION=dir)
#       the same, then DIR graded as Gradescope would: copied to a submission folder beside it and
#       run_autograder run, inside a container of GRADESCOPE_MEMORY (768M) and GRADESCOPE_CPUS
#       (0.5) where this machine can make one (container.sh); its results.json printed
set -euo pipefail
cd "$(dirname "$0")/../../../.."
. common/tools/course.sh
stage=$(unit_dir "${1:-}") || exit 2
id=$(unit_id "$stage") dest=build/autograder-$id
rm -rf "$dest" && mkdir -p "$dest/source/reference"
tree_files | tar --null -T - -cf - | tar -xf - -C "$dest/source/reference"
sed "s/^STAGE=\${GRADE_STAGE:-[0-9a-z]*}/STAGE=\${GRADE_STAGE:-$id}/" common/grade/classroom/gradescope/run_autograder >"$dest/run_autograder"
cp common/grade/classroom/gradescope/setup.sh "$dest/"
chmod +x "$dest/run_autograder" "$dest/setup.sh"
if command -v zip >/dev/null; then
    (cd "$dest" && rm -f "../autograder-$id.zip" && zip -qr "../autograder-$id.zip" setup.sh run_autograder source)
    echo "autograder: build/autograder-$id.zip (setup.sh, run_autograder grading $stage, and reference/): upload it as the assignment's autograder"
else
    echo "autograder: $dest/ (setup.sh, run_autograder grading $stage, and source/reference/); zip it with: (cd $dest && zip -r ../autograder-$id.zip .) (apt-get install zip)"
fi
[ -n "${2:-}" ] || exit 0
[ -d "$2" ] || { echo "autograder: SUBMISSION=$2 is not a folder" >&2; exit 2; }
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/submission" "$root/results" "$root/source"
cp -RP "$2"/. "$root/submission/"
mv "$dest/source/reference" "$root/source/"
container=() size="as this machine runs it"
if common/grade/classroom/gradescope/container.sh --check >/dev/null 2>&1; then
    container=(common/grade/classroom/gradescope/container.sh "${GRADESCOPE_MEMORY:-768M}" "${GRADESCOPE_CPUS:-0.5}")
    size="in a container of ${GRADESCOPE_MEMORY:-768M} and ${GRADESCOPE_CPUS:-0.5} CPU"
fi
echo "autograder: grading $2 as Gradescope would, $size"
started=$SECONDS
AUTOGRADER_ROOT=$root "${container[@]}" "$dest/run_autograder" || true
mv "$root/source/reference" "$dest/source/"
echo "autograder: results.json after $((SECONDS - started)) s:"
cat "$root/results/results.json"
