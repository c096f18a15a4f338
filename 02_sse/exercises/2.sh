# Exercise 2: avx2+sse against the benchmark's scalar row (01's loop), in one run.
needs avx2
claim "in the caches (2^12) avx2+sse leads scalar; from RAM (2^26) it falls below it, under 0.85 of its speed, toward 12/20: the scalar loop moves 12 bytes per element out of place, the two passes 20"
bench 2 --sizes 2^12,2^26 --budget 0.1 --variant avx2+sse || exit 1
speed() { # avx2+sse's speed over scalar's at n, from each point's fastest batch
    awk -v a="$(value "$CSV" scalar "$1" ms_min)" -v b="$(value "$CSV" avx2+sse "$1" ms_min)" 'BEGIN { printf "%.2f", a / b }'
}
cache=$(speed 4096) ram=$(speed 67108864)
agree "at 2^12 avx2+sse runs $cache times scalar's speed: it leads" more "$cache" 1.05
agree "at 2^26 it runs $ram times scalar's speed: below it (12/20 = 0.60)" less "$ram" 0.85
