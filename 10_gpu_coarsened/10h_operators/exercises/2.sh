# Exercise 2: the fold keeps one window of 32 descriptors (FOLD_WINDOWS 1).
needs gpu
claim "far below the sum: float-sum at less than 0.7 of inclusive-sum's speed at 2^28 (the first run of these rows, with one window, measured 0.45 on the H200). A tile whose 32 predecessors hold no PREFIX waits until one does, so the nearest PREFIX is usually more than 32 tiles back: 5 blocks fit on each multiprocessor (the kernel's registers at most 102), hundreds of tiles in flight"
ptxas 10h >/dev/null || exit 1
registers=$(registers 'float_sum_opLb1') spilled=$(spills 'float_sum_opLb1')
agree "float-sum's kernel fits 5 blocks of 128 threads a multiprocessor: $registers registers, 102 at most (65536 / 640)" less "$registers" 103
agree "and spills nothing ($spilled bytes)" [ "$spilled" = 0 ]
bench 10h --sizes 2^28 --budget 0.1 --variant float-sum --variant inclusive-sum
sms=$(sed -n 's/.* sms=\([0-9]*\) .*/\1/p' "$CSV" | head -n 1)
sms=${sms:-0}
agree "$((5 * sms)) tiles in flight on this GPU's $sms multiprocessors, far more than a window of 32" more "$((5 * sms))" 64
float=$(value "$CSV" float-sum 268435456 ms_median) sum=$(value "$CSV" inclusive-sum 268435456 ms_median)
ratio=$(awk -v f="$float" -v s="$sum" 'BEGIN { printf "%.2f", s / f }')
agree "float-sum at $ratio of inclusive-sum's speed at 2^28 ($float ms against $sum), below 0.7" less "$ratio" 0.7
