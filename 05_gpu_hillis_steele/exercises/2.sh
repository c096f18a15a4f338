# Exercise 2: smem-one-buffer without the barrier between its reads and its writes.
needs gpu
claim "wrong sums: the tests of smem-one-buffer fail; racecheck reports the shared-memory hazard"
tests 5 --small --variant smem-one-buffer
status=$?
agree "the tests fail" [ $status -ne 0 ]
agree "with wrong sums" grep -q 'first wrong index' <<<"$OUTPUT"
# racecheck on one launch of a few tiles (the benchmark's checked run; it stops there, wrong)
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
RACES=$("$sanitizer" --tool racecheck build/05_gpu_hillis_steele/bench --sizes 4096 --budget 0.01 \
    --max-reps 1 --variant smem-one-buffer 2>&1 | grep 'RACECHECK SUMMARY')
echo "  racecheck: ${RACES:-no summary}"
agree "racecheck reports a hazard" grep -qE 'SUMMARY: [1-9][0-9]* hazard' <<<"$RACES"
