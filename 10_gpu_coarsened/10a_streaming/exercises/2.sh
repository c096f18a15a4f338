# Exercise 2: the smallest n at which streaming leads ipt12 by more than 5% (this step's CSV), and
# whether its data and descriptors fit in the L2 there (the CSV's first line gives l2=).
claim "2^20: 1042 against 940 GB/s (+11%); at 2^19 the lead is 3% (634 against 615); there the data is 4 MiB in and 4 MiB out, and the descriptors 171 tiles of 8 bytes: all of it fits in the H100's 50 MiB L2"
csv=10_gpu_coarsened/10a_streaming/results/nvidia-h100-80gb-hbm3.csv
first=$(awk -F, '/^#/ || $1 == "stage" { next } { n[$5] = 1; g[$2, $5] = $10 }
    END { for (k in n) if (g["streaming", k] > 1.05 * g["ipt12", k] && (best == "" || k + 0 < best)) best = k + 0; print best }' $csv)
lead() { awk -v a="$(value $csv streaming "$1" gb_s)" -v b="$(value $csv ipt12 "$1" gb_s)" 'BEGIN { printf "%+.1f%%", (a / b - 1) * 100 }'; }
l2=$(sed -n '1s/.* l2=\([0-9]*\).*/\1/p' $csv)
tiles=$(( (first + 6143) / 6144 ))
echo "  first lead over 5%: n = $first, $(lead $first); at n / 2: $(lead $((first / 2)))"
echo "  there: $((first * 4 / 1048576)) MiB in, as much out, $tiles descriptors of 8 bytes; the L2: $((l2 / 1048576)) MiB"
agree "n = 2^20" [ "$first" = 1048576 ]
agree "+11% there, +3% at 2^19" [ "$(lead 1048576) $(lead 524288)" = "+10.9% +3.0%" ]
agree "171 descriptors" [ $tiles = 171 ]
agree "all of it fits in the 50 MiB L2" [ $((first * 8 + tiles * 8)) -lt "$l2" -a $((l2 / 1048576)) = 50 ]
