# Exercise 1: the time of a tile at 2^26 (65,536 tiles of 1024 elements), and what a barrier saved
# is worth, from the committed CSVs' ms_median.
claim "on the H200 at 2^26: 1023, 768 and 506 ns a tile; smem's 10 barriers fewer save 255 ns, 25.5 ns each; shuffle's 9 fewer save 261 ns more, 29 ns each; the H100's tiles within 1% of these"
h200=05_gpu_hillis_steele/results/nvidia-h200.csv
h100=05_gpu_hillis_steele/results/nvidia-h100-80gb-hbm3.csv
ns_a_tile() { awk -v ms="$(value "$1" "$2" 67108864 ms_median)" 'BEGIN { printf "%.1f", ms * 1e6 / 65536 }'; }
near() { awk -v a="$1" -v b="$2" -v tol="$3" 'BEGIN { exit !(a - b <= tol && b - a <= tol) }'; }
one=$(ns_a_tile $h200 smem-one-buffer) two=$(ns_a_tile $h200 smem) shuffle=$(ns_a_tile $h200 shuffle)
smem_each=$(awk -v a="$one" -v b="$two" 'BEGIN { printf "%.1f", (a - b) / 10 }')
shuffle_each=$(awk -v a="$two" -v b="$shuffle" 'BEGIN { printf "%.1f", (a - b) / 9 }')
echo "  H200: smem-one-buffer $one ns a tile (22 barriers), smem $two (12), shuffle $shuffle (3):"
echo "  $smem_each ns a barrier saved by smem, $shuffle_each by shuffle"
agree "1023 ns a tile for smem-one-buffer" near "$one" 1023 0.5
agree "768 for smem" near "$two" 768 0.5
agree "506 for shuffle" near "$shuffle" 506 0.5
agree "25.5 ns a barrier saved by smem" near "$smem_each" 25.5 0.05
agree "29 ns a barrier saved by shuffle" near "$shuffle_each" 29 0.05
for v in smem-one-buffer smem shuffle; do
    ratio=$(awk -v a="$(ns_a_tile $h100 $v)" -v b="$(ns_a_tile $h200 $v)" 'BEGIN { printf "%.4f", a / b }')
    echo "  $v: the H100's tile takes $ratio times the H200's"
    agree "the H100's $v within 1%" near "$ratio" 1 0.01
done
