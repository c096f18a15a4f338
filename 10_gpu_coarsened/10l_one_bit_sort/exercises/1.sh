# Exercise 1: the sort's time against the split's, from their bytes and from the committed H100 CSV.
claim "12 bytes a key a split, 260 the sort: 21.7 splits' bytes, not 32; the H100 CSV has 24.1 at 2^28 (30.2783 ms against 1.25776) and 21.5 to 27.0 over the sizes"
csv=10_gpu_coarsened/10l_one_bit_sort/results/nvidia-h100-80gb-hbm3.csv
bytes=$(awk 'BEGIN { printf "%.1f", (4 + 32 * 8) / (4 + 4 + 4) }')
echo "  from the bytes: (4 + 32 x 8) / 12 = $bytes"
lo=100 hi=0
for n in $(awk -F, '!/^#/ && $1 != "stage" && $2 == "sort" { print $5 }' "$csv"); do
    r=$(awk -v a="$(value "$csv" sort "$n" ms_median)" -v b="$(value "$csv" split "$n" ms_median)" 'BEGIN { printf "%.1f", a / b }')
    echo "  n = $n: sort / split = $r"
    less "$r" "$lo" && lo=$r
    more "$r" "$hi" && hi=$r
done
at28=$(awk -v a="$(value "$csv" sort 268435456 ms_median)" -v b="$(value "$csv" split 268435456 ms_median)" 'BEGIN { printf "%.1f", a / b }')
agree "21.7 splits' bytes" [ "$bytes" = 21.7 ]
agree "24.1 at 2^28" [ "$at28" = 24.1 ]
agree "21.5 to 27.0 over the sizes" [ "$lo-$hi" = 21.5-27.0 ]
