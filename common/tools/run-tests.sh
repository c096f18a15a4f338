#!/bin/bash
# Runs the test binaries of the stages given as arguments and prints one closing line.
# Each argument is STAGE=BINARY, or STAGE=skip:REASON for a stage that was not built here.
# Exit status 77 from a test binary means "nothing of this stage can run here" (no GPU).
# EMULATOR, when set, is put before each binary (qemu-user, for a cross build). Under it the tests
# run in one process (CK_FORK=no): Debian 12's qemu-user 7.2 leaves Check's forked child spinning
# without end on some hosts (seen on an AMD EPYC), while the same tests pass in under a second
# unforked. A crash then ends the whole binary instead of one case; it still fails the run.
# SKIPPED_STATUS, when set, is the exit status where every stage skipped (make stage-N: its quick
# benchmark would only skip again).
set -u
[ -z "${EMULATOR:-}" ] || export CK_FORK=no
passed=0 failed=0 skipped=0 failed_names=""
declare -A skipped_for # reason -> the units skipped for it, printed once at the end
reasons=()
for arg in "$@"; do
    stage=${arg%%=*} what=${arg#*=}
    if [[ $what == skip:* ]]; then
        why=${what#skip:}
        [ -n "${skipped_for[$why]:-}" ] || reasons+=("$why")
        skipped_for[$why]="${skipped_for[$why]:-}${skipped_for[$why]:+, }${stage##*/}"
        skipped=$((skipped + 1))
        continue
    fi
    echo "== $stage"
    ${EMULATOR:-} "$what"
    rc=$?
    if [ $rc -eq 0 ]; then
        passed=$((passed + 1))
    elif [ $rc -eq 77 ]; then
        skipped=$((skipped + 1))
    else
        echo "FAIL: $stage (exit status $rc)"
        failed=$((failed + 1)) failed_names="$failed_names $stage"
    fi
done
for why in "${reasons[@]+"${reasons[@]}"}"; do
    echo "SKIP: $why:"
    echo "${skipped_for[$why]}" | fold -s -w 96 | sed 's/^/  /'
done
echo
echo "stages and steps: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ] || { echo "failed:$failed_names"; exit 1; }
[ -z "${SKIPPED_STATUS:-}" ] || [ $passed -gt 0 ] || [ $skipped -eq 0 ] || exit "$SKIPPED_STATUS"
