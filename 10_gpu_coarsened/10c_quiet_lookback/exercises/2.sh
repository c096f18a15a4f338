# Exercise 2: the waiting lanes sleep 100 ns between polls: first the development run on the H200
# (results/development/nvidia-h200-quiet-polling.csv: patient-nap beside patient, the quiet
# look-back), then this step's change measured here (the row quiet-lookback+nap).
claim "in the development run, 0.70, 0.79 and 0.95 of copy at 2^16, 2^24 and 2^28, with the sleep or without; here, quiet-lookback+nap within 3% of quiet-lookback at each of those sizes"
dev=10_gpu_coarsened/10c_quiet_lookback/results/development/nvidia-h200-quiet-polling.csv
of_copy() { awk -v a="$(value $dev "$1" "$2" gb_s)" -v c="$(value $dev copy "$2" gb_s)" 'BEGIN { printf "%.2f", a / c }'; }
for v in patient patient-nap; do
    shares="$(of_copy $v 65536) $(of_copy $v 16777216) $(of_copy $v 268435456)"
    echo "  $v: $shares of copy at 2^16, 2^24, 2^28"
    agree "$v: 0.70, 0.79, 0.95" [ "$shares" = "0.70 0.79 0.95" ]
done
[ $DISAGREED = 0 ] || exit 1
needs gpu
bench 10c --sizes 2^16,2^24,2^28 --budget 0.1 --variant quiet-lookback --variant quiet-lookback+nap
for n in 65536 16777216 268435456; do
    ratio=$(awk -v a="$(value "$CSV" quiet-lookback+nap $n gb_s)" -v b="$(value "$CSV" quiet-lookback $n gb_s)" \
        'BEGIN { if (b) printf "%.3f", a / b }')
    echo "  n = $n: quiet-lookback+nap at $ratio times quiet-lookback's rate"
    agree "within 3% at $n" awk -v r="${ratio:-0}" 'BEGIN { exit !(r > 0.97 && r < 1.03) }'
done
