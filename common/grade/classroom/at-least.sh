#!/bin/bash
# Exits 0 when the last `make grade` scored at least T of 100, else 1: one step of the GitHub
# Classroom workflow (common/grade/classroom/classroom.yml), whose command grader gives a step's points
# only on exit status 0.
#
#   common/grade/classroom/at-least.sh T
#
# Only this grade's result counts: results.json must carry the id of this grade, GRADE_ID where
# it is set, else GitHub's run and attempt (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT: each step of the
# workflow sees the same), else the id the last grade wrote into build/grade/grade-id. A result
# left by another grade (another student's, on a machine that grades many) fails.
set -u
[[ ${1:-} =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "usage: $0 T   (T: the least total, 0 to 100, that passes)" >&2; exit 2; }
. "$(dirname "$0")/../../tools/course.sh"
grade=$(dirname "$0")/../../../build/grade
results=$grade/results.json
if [ ! -f "$results" ]; then
    echo "no grade: make grade wrote no $results (see the log of the step that ran it)"
    exit 1
fi
want=${GRADE_ID:-${GITHUB_RUN_ID:+github-$GITHUB_RUN_ID-${GITHUB_RUN_ATTEMPT:-1}}}
[ -n "$want" ] || want=$(cat "$grade/grade-id" 2>/dev/null)
got=$(sed -n 's/^ *"grade_id": *"\([^"]*\)",*$/\1/p' "$results" | head -n 1)
if [ -z "$want" ] || [ "$got" != "$want" ]; then
    echo "no grade: $results is not this grade's (its id is '${got:-none}', this grade's '${want:-unknown}')"
    exit 1
fi
total=$(results_score "$results")
[ -n "$total" ] || { echo "no total score in $results"; exit 1; }
if awk -v total="$total" -v least="$1" 'BEGIN { exit !(total + 0 >= least + 0) }'; then
    echo "make grade: $total of 100, at least $1"
else
    echo "make grade: $total of 100, less than $1"
    exit 1
fi
