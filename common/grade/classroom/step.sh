#!/bin/bash
# One step of the GitHub Classroom workflow (workflow.sh writes it), whose command grader gives a
# step its points only on exit status 0; it reads the last `make grade`'s result:
#
#   common/grade/classroom/step.sh case NAME   the case passed and counts (its line is printed)
#   common/grade/classroom/step.sh speed P     the speed scored at least P of 30 (its table printed)
#   common/grade/classroom/step.sh total T     the grade is at least T of 100
#
# Only this grade's result counts: results.json must carry the id of this grade, GRADE_ID where
# it is set, else GitHub's run and attempt (each step of a workflow sees the same), else the id the
# last grade wrote into build/grade/grade-id. A result left by another grade (another student's, on
# a machine that grades many) fails every step.
set -u
[[ ${1:-} =~ ^(case|speed|total)$ ]] && [ -n "${2:-}" ] ||
    { echo "usage: $0 case NAME | speed P | total T   (P: points of 30; T: of 100)" >&2; exit 2; }
. "$(dirname "$0")/../../tools/course.sh"
grade=$(dirname "$0")/../../../build/grade
results=$grade/results.json
[ -f "$results" ] || { echo "no grade: make grade wrote no $results (see the log of the step that ran it)"; exit 1; }
want=${GRADE_ID:-${GITHUB_RUN_ID:+github-$GITHUB_RUN_ID-${GITHUB_RUN_ATTEMPT:-1}}}
[ -n "$want" ] || want=$(cat "$grade/grade-id" 2>/dev/null)
got=$(sed -n 's/^ *"grade_id": *"\([^"]*\)",*$/\1/p' "$results" | head -n 1)
if [ -z "$want" ] || [ "$got" != "$want" ]; then
    echo "no grade: $results is not this grade's (its id is '${got:-none}', this grade's '${want:-unknown}')"
    exit 1
fi
# A test entry's score and its output, decoded.
entry() { # name
    awk -v want="$1" 'index($0, "{\"name\": \"" want "\"") {
        score = $0; sub(/.*"score": /, "", score); sub(/,.*/, "", score)
        out = $0; sub(/.*"output": "/, "", out); sub(/"}?,?$/, "", out)
        gsub(/\\n/, "\n", out); gsub(/\\t/, "\t", out); gsub(/\\"/, "\"", out); gsub(/\\\\/, "\\", out)
        print score; printf "%s\n", out; exit }' "$results"
}
case $1 in
case) text=$(entry "correctness: $2") ;;
speed) text=$(entry "speed against the reference") ;;
total) text=$(results_score "$results") ;;
esac
[ -n "$text" ] || { echo "no $1 '$2' in this grade's result"; exit 1; }
score=$(head -n 1 <<<"$text")
tail -n +2 <<<"$text"
case $1 in
case) awk -v s="$score" 'BEGIN { exit !(s + 0 > 0) }' ;;
*) echo "make grade: $score, at least $2?"; awk -v s="$score" -v least="$2" 'BEGIN { exit !(s + 0 >= least - 0.005) }' ;;
esac
