#!/bin/bash
# Writes the GitHub Classroom workflow of one unit (make handout puts it into the student's copy
# as .github/workflows/classroom.yml):
#
#   common/grade/classroom/workflow.sh N [--steps]
#
# On every push it checks out the reference solution beside the student's repository and runs the
# reference's grader on it (`make -C .reference grade STUDENT=...`, within 20 minutes): only the
# unit's kernel files come from the student; the tests, the benchmark, the Makefile and the scoring
# are the reference's, and so is step.sh, which reads the score. Then one step per test case (its
# share of the 70 points of correctness, as whole points; its log prints the case's line) and
# three of speed (10 points each at 10, 20 and 30 of 30). --steps prints the steps alone, as
# "NAME|POINTS|COMMAND" lines (common/grade/check-grading.sh runs them so).
# The limit: this file lives in the student's repository, and a student who edits it can change
# what runs. GitHub Classroom does not stop that; review changes to .github/ in the submissions
# (common/TEACHING.md says how), or grade on Gradescope, where the upload holds nothing that runs
# but the kernel.
set -euo pipefail
cd "$(dirname "$0")/../../.."
. common/tools/course.sh
stage=$(unit_dir "${1:-}") || exit 2
gpu=$([ "$(unit_kind "$stage")" = gpu ] && echo 1 || echo 0)
cases=$(make -s --no-print-directory GPU=$gpu "build/$stage/test" >/dev/null 2>&1 && "build/$stage/test" --list --grade 10) ||
    { echo "workflow.sh: cannot list the cases of $stage (its test binary does not build here: make GPU=$gpu build/$stage/test)" >&2; exit 1; }
count=$(wc -w <<<"$cases")
steps() {
    local k=0 c
    for c in $cases; do
        echo "case $c|$((70 / count + (k < 70 % count)))|.reference/common/grade/classroom/step.sh case $c"
        k=$((k + 1))
    done
    for p in 10 20 30; do echo "speed $p|10|.reference/common/grade/classroom/step.sh speed $p"; done
}
if [ "${2:-}" = --steps ]; then steps; exit 0; fi
ids=""
cat <<YML
# GitHub Classroom autograding for $stage of the prefix-sum course, written by
# common/grade/classroom/workflow.sh $(unit_id "$stage"). Set REFERENCE below (and, for a private
# reference, the secret REFERENCE_TOKEN). The limit: this file lives in the student's repository;
# review changes to .github/ in the submissions (common/TEACHING.md says how).
name: Autograding Tests
"on":
  - push
  - repository_dispatch
permissions:
  checks: write
  actions: read
  contents: read
env:
  STAGE: "$(unit_id "$stage")"
  REFERENCE: your-account/prefix-sum-course
jobs:
  run-autograding-tests:
    runs-on: ubuntu-latest
    if: github.actor != 'github-classroom[bot]'
    timeout-minutes: 30
    steps:
      - name: Checkout the student's code
        uses: actions/checkout@v4
      - name: Checkout the reference solution
        uses: actions/checkout@v4
        with:
          repository: \${{ env.REFERENCE }}
          path: .reference
          token: \${{ secrets.REFERENCE_TOKEN || github.token }}
      - name: Install Check
        run: sudo apt-get update -qq && sudo apt-get install -y -qq --no-install-recommends check libsubunit-dev
      - name: make grade
        run: make -C .reference grade STAGE="\$STAGE" STUDENT="\$GITHUB_WORKSPACE"
        timeout-minutes: 20
        # Without a score (a tree that does not build, a failed reference) the steps below give 0.
        continue-on-error: true
YML
while IFS='|' read -r title points command; do
    id=$(tr ' _' '--' <<<"$title")
    ids="$ids${ids:+,}$id"
    echo "      - { name: \"$title\", id: $id, uses: classroom-resources/autograding-command-grader@v1, with: { test-name: \"$title\", command: \"$command\", timeout: 1, max-score: $points } }"
done < <(steps)
echo "      - name: Autograding Reporter"
echo "        uses: classroom-resources/autograding-grading-reporter@v1"
echo "        env:"
for id in ${ids//,/ }; do echo "          $(tr 'a-z-' 'A-Z_' <<<"$id")_RESULTS: \"\${{steps.$id.outputs.result}}\""; done
echo "        with:"
echo "          runners: $ids"
