# Exercise 3: tile 0 publishes AGGREGATE instead of PREFIX.
needs gpu
claim "one-thread walks past tile 0: memcheck reports an invalid global access (t wrapped to 2^32 - 1); warp, whose lanes before tile 0 read a PREFIX of 0, still passes"
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
build 9 || exit 1
REPORT=$(CK_FORK=no timeout 300 "$sanitizer" --tool memcheck build/09_gpu_lookback/test --small \
    --variant one-thread --case sizes_powers_of_two 2>&1)
printf '%s\n' "$REPORT" | grep -m 3 -E 'Invalid __global__|ERROR SUMMARY|CUDA error' | sed 's/^/  /'
agree "one-thread: memcheck reports an invalid global access" grep -q 'Invalid __global__' <<<"$REPORT"
tests 9 --small --variant warp
agree "warp: the tests pass" [ $? -eq 0 ]
