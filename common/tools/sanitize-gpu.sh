#!/bin/bash
# Runs the GPU stages' tests under compute-sanitizer's memcheck, racecheck and synccheck, on small
# sizes (--small), in one process (CK_FORK=no) so that the sanitizer sees every kernel. racecheck
# is far slower than the others on kernels with many barriers (a whole --small suite of stage 05
# takes over ten minutes on an H200), so it runs the cases where tiles meet: sizes_around_tiles
# and, where the stage has it, many_tiles.
#   common/tools/sanitize-gpu.sh build/05_gpu_hillis_steele/test ...
set -u
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
[ -x "$sanitizer" ] || { echo "SKIP: compute-sanitizer not found (it ships with the CUDA Toolkit)"; exit 0; }
logs=${SANITIZE_LOG_DIR:-/tmp}
passed=0 failed=0 skipped=0
for test in "$@"; do
    stage=$(basename "$(dirname "$test")")
    for tool in memcheck racecheck synccheck; do
        echo "== $stage: compute-sanitizer --tool $tool"
        extra="" cases=("")
        [ $tool = memcheck ] && extra="--leak-check full"
        [ $tool = racecheck ] && cases=($("$test" --list | grep -x -e sizes_around_tiles -e many_tiles))
        rc=0
        : >"$logs/sanitize-$stage-$tool.log"
        for c in "${cases[@]}"; do
            CK_FORK=no CK_TIMEOUT_MULTIPLIER=20 "$sanitizer" --tool $tool $extra --error-exitcode 99 \
                "$test" --small ${c:+--case "$c"} >>"$logs/sanitize-$stage-$tool.log" 2>&1 || rc=$?
        done
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
