#!/bin/bash
# Runs the GPU stages' tests under compute-sanitizer's memcheck, racecheck and synccheck, on small
# sizes (--small), in one process (CK_FORK=no) so that the sanitizer sees every kernel.
#   common/sanitize-gpu.sh build/05_gpu_hillis_steele/test ...
set -u
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
[ -x "$sanitizer" ] || { echo "SKIP: compute-sanitizer not found (it ships with the CUDA Toolkit)"; exit 0; }
logs=${SANITIZE_LOG_DIR:-/tmp}
passed=0 failed=0 skipped=0
for test in "$@"; do
    stage=$(basename "$(dirname "$test")")
    for tool in memcheck racecheck synccheck; do
        echo "== $stage: compute-sanitizer --tool $tool"
        extra=""
        [ $tool = memcheck ] && extra="--leak-check full"
        CK_FORK=no CK_TIMEOUT_MULTIPLIER=20 "$sanitizer" --tool $tool $extra --error-exitcode 99 \
            "$test" --small >"$logs/sanitize-$stage-$tool.log" 2>&1
        rc=$?
        tail -n 3 "$logs/sanitize-$stage-$tool.log"
        if [ $rc -eq 0 ]; then passed=$((passed + 1))
        elif grep -q "^SKIP" "$logs/sanitize-$stage-$tool.log"; then skipped=$((skipped + 1))
        else failed=$((failed + 1)); echo "FAIL: $stage under $tool (exit status $rc); log: $logs/sanitize-$stage-$tool.log"
        fi
    done
done
echo
echo "sanitizer runs: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
