#!/bin/bash
# Exits 0 when the last `make grade` scored at least T of 100, else 1: one step of the GitHub
# Classroom workflow (common/classroom/classroom.yml), whose command grader gives a step's points
# only on exit status 0.
#
#   common/classroom/at-least.sh T
set -u
[[ ${1:-} =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "usage: $0 T   (T: the least total, 0 to 100, that passes)" >&2; exit 2; }
. "$(dirname "$0")/../course.sh"
results=$(dirname "$0")/../../build/grade/results.json
if [ ! -f "$results" ]; then
    echo "no grade: make grade wrote no $results (see the log of the step that ran it)"
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
