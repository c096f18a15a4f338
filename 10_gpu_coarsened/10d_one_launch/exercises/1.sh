# Exercise 1: where the next tile in flight pays, from this step's CSV: one-launch+prefetch against
# quiet-lookback at each size, and one wave of the loop (the sizes below it give each block one
# tile, nothing to prefetch): multiprocessors (the CSV's sms=) x blocks (ptxas's registers) x 6144.
needs nvcc
claim "mid-sized arrays: past one wave of the loop (132 x 4 x 6144 elements, about 2^21.6), the gain is largest at 2^23 (2367 against 2120 GB/s, +11.7%), +6.8% at 2^24 and at most 1% from 2^27 up; below one wave each block has one tile, and the gains there (up to +31% at 2^12) are the launch's: no memset, no counter"
csv=10_gpu_coarsened/10d_one_launch/results/nvidia-h100-80gb-hbm3.csv
ptxas 10d >/dev/null || exit 1
regs=$(registers 'cooperative_prefetch_scanI19one_launch_prefetchLb1')
blocks=$(awk -v r="$regs" 'BEGIN { print int(int(65536 / (int((r * 32 + 255) / 256) * 256)) / 4) }')
sms=$(sed -n '1s/.* sms=\([0-9]*\).*/\1/p' $csv)
wave=$((sms * blocks * 6144))
echo "  one wave: $sms multiprocessors x $blocks blocks ($regs registers) x 6144 = $wave elements"
GAINS=$(awk -F, '/^#/ || $1 == "stage" { next } { n[$5] = 1; g[$2, $5] = $10 }
    END { for (k in n) printf "%d %.1f %.1f %+.1f\n", k, g["one-launch+prefetch", k], g["quiet-lookback", k],
        (g["one-launch+prefetch", k] / g["quiet-lookback", k] - 1) * 100 }' $csv | sort -n)
printf '%s\n' "$GAINS" | awk '{ printf "  n = %d: %s against %s GB/s, %s%%\n", $1, $2, $3, $4 }'
largest() { printf '%s\n' "$GAINS" | awk -v lo="$1" -v hi="$2" '$1 >= lo && $1 <= hi && (b == "" || $4 + 0 > b + 0) { b = $4; n = $1 } END { print n, b }'; }
gain() { printf '%s\n' "$GAINS" | awk -v n="$1" '$1 == n { print $4 }'; }
agree "one wave: 132 x 4 x 6144" [ "$wave" = $((132 * 4 * 6144)) ]
agree "past one wave, the largest gain: 2^23, +11.7%" [ "$(largest $wave 1e12)" = "8388608 +11.7" ]
agree "+6.8% at 2^24" [ "$(gain 16777216)" = +6.8 ]
agree "at most 1% from 2^27 up" [ "$(largest 134217728 1e12 | awk '{ print ($2 + 0 <= 1) }')" = 1 ]
agree "below one wave, up to +31%, at 2^12" [ "$(largest 1 $wave)" = "4096 +30.5" ]
