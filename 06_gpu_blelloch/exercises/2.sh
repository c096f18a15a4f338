# Exercise 2: __syncwarp() where warp 0 alone works (blelloch-padded+syncwarp), and, wrongly, at the
# up-sweep's d = 32 as well (blelloch-padded+syncwarp-at-32).
needs gpu
claim "blelloch-padded+syncwarp passes the tests and racecheck, and runs more than 2% faster than blelloch-padded at 2^20 but less than twice as fast; with d = 32 a warp barrier too, racecheck reports the hazard on what warp 1 wrote"
between() { more "$1" "$2" && less "$1" "$3"; }
tests 6 --small --variant blelloch-padded+syncwarp
agree "the tests pass" [ $? -eq 0 ]
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
races() { # racecheck's summary of the benchmark's runs of variant $1 on two tiles
    "$sanitizer" --tool racecheck build/06_gpu_blelloch/bench --sizes 4096 --budget 0.01 --max-reps 1 \
        --variant "$1" 2>&1 | grep -o 'RACECHECK SUMMARY: [0-9]* hazard' | head -n 1
}
good=$(races blelloch-padded+syncwarp) bad=$(races blelloch-padded+syncwarp-at-32)
echo "  racecheck, +syncwarp: ${good:-no summary}; +syncwarp-at-32: ${bad:-no summary}"
agree "racecheck clean with the warp barriers at d <= 16 (up) and d <= 32 (down)" grep -q 'SUMMARY: 0 hazard' <<<"$good"
agree "racecheck reports a hazard with a warp barrier at the up-sweep's d = 32" grep -qE 'SUMMARY: [1-9]' <<<"$bad"
bench 6 --sizes 2^20 --budget 0.1 --variant blelloch-padded --variant blelloch-padded+syncwarp
speedup=$(awk -v a="$(value "$CSV" blelloch-padded 1048576 ms_median)" \
    -v b="$(value "$CSV" blelloch-padded+syncwarp 1048576 ms_median)" 'BEGIN { if (b) printf "%.3f", a / b }')
echo "  at 2^20, blelloch-padded+syncwarp is $speedup times as fast as blelloch-padded"
agree "more than 2% faster, less than twice as fast" between "${speedup:-0}" 1.02 2
