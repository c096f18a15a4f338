# Exercise 2: one_wave as 256 threads of 4 vectors, from the development run that measured it
# (results/development/nvidia-h100-80gb-hbm3-one-wave-tiles.csv: one-wave-256x4 beside one-wave).
claim "at 2^20, 0.600 of copy against 0.672: slower, though faster at 2^16 and 2^18 (116 against 109 GB/s at 2^16), where more blocks find work"
csv=10_gpu_coarsened/10e_schedule_by_size/results/development/nvidia-h100-80gb-hbm3-one-wave-tiles.csv
of_copy() { awk -v a="$(value $csv "$1" "$2" gb_s)" -v c="$(value $csv copy "$2" gb_s)" 'BEGIN { printf "%.3f", a / c }'; }
rate() { awk -v r="$(value $csv "$1" "$2" gb_s)" 'BEGIN { printf "%.0f", r }'; }
for n in 65536 262144 1048576; do
    echo "  n = $n: one-wave-256x4 $(rate one-wave-256x4 $n) GB/s ($(of_copy one-wave-256x4 $n) of copy), one-wave $(rate one-wave $n) ($(of_copy one-wave $n))"
done
agree "at 2^20: 0.600 of copy against 0.672" [ "$(of_copy one-wave-256x4 1048576) $(of_copy one-wave 1048576)" = "0.600 0.672" ]
agree "faster at 2^16 (116 against 109) and 2^18" [ "$(rate one-wave-256x4 65536) $(rate one-wave 65536)" = "116 109" -a \
    "$(rate one-wave-256x4 262144)" -gt "$(rate one-wave 262144)" ]
