# Exercise 2: the sort's bytes a key, the copies' time they would take, and what the CSV has.
claim "4 + 32 x 8 = 260 bytes a key, 32.5 copies' time; the H100 CSV has 42.4 at 2^28 (30.2783 ms against 0.713984): 77% of a copy's speed; 8-bit digits: 4 + 4 x 8 = 36 bytes a key"
csv=10_gpu_coarsened/10l_one_bit_sort/results/nvidia-h100-80gb-hbm3.csv
n=268435456
copies=$(awk 'BEGIN { printf "%.1f", (4 + 32 * 8) / 8 }')
measured=$(awk -v a="$(value "$csv" sort $n ms_median)" -v b="$(value "$csv" copy $n ms_median)" 'BEGIN { printf "%.1f", a / b }')
speed=$(awk -v c="$copies" -v m="$measured" 'BEGIN { printf "%.0f", 100 * c / m }')
echo "  bytes: 260 a key, $copies copies; measured at 2^28: $measured copies, $speed% of a copy's speed"
agree "32.5 copies' time at a copy's speed" [ "$copies" = 32.5 ]
agree "42.4 copies' time measured" [ "$measured" = 42.4 ]
agree "77% of a copy's speed" [ "$speed" = 77 ]
agree "8-bit digits: 36 bytes a key" [ $((4 + 4 * 8)) = 36 ]
