# Exercise 1: a pass's bytes a key, kernel by kernel, and the copies' time the sort takes at 2^28
# (read from the committed H100 CSV).
claim "12.53 bytes a key a pass (4.13 + 0.27 + 8.13), 50.1 for four: 6.3 copies' time at a copy's speed; the H100 CSV has 14.0 at 2^28 (10.0667 ms against 0.71816): 2.2 times the bytes' time"
csv=10_gpu_coarsened/10m_digit_passes/results/nvidia-h100-80gb-hbm3.csv
n=268435456
counts=$(awk 'BEGIN { printf "%.4f", 256 * 4 / (384 * 20) }') # a tile's counts, bytes a key
histograms=$(awk -v c="$counts" 'BEGIN { printf "%.2f", 4 + c }')
scan=$(awk -v c="$counts" 'BEGIN { printf "%.2f", 2 * c }')
scatter=$(awk -v c="$counts" 'BEGIN { printf "%.2f", 4 + c + 4 }')
pass=$(awk -v c="$counts" 'BEGIN { printf "%.2f", 8 + 4 * c + 4 }')
best=$(awk -v p="$pass" 'BEGIN { printf "%.1f", 4 * p / 8 }')
sort=$(value "$csv" sort+digit-passes $n ms_median)
copy=$(value "$csv" copy $n ms_median)
copies=$(awk -v s="$sort" -v c="$copy" 'BEGIN { printf "%.1f", s / c }')
over=$(awk -v a="$copies" -v b="$best" 'BEGIN { printf "%.1f", a / b }')
echo "  bytes a key: tile_histograms $histograms, the scan $scan, digit_scatter $scatter: $pass a pass, $(awk -v p="$pass" 'BEGIN { printf "%.1f", 4 * p }') for four: $best copies' time"
echo "  the CSV at 2^28: sort+digit-passes $sort ms, copy $copy ms: $copies copies' time, $over times the bytes' time"
agree "12.53 bytes a key a pass" [ "$pass" = 12.53 ]
agree "6.3 copies' time at a copy's speed" [ "$best" = 6.3 ]
agree "14.0 copies' time measured" [ "$copies" = 14.0 ]
agree "2.2 times the bytes' time" [ "$over" = 2.2 ]
