# Exercise 1: one wave in elements (multiprocessors, from the CSV's sms=, x blocks a multiprocessor,
# from ptxas's registers for one_wave's 256 threads, x 8192), and where one-wave stops being the
# fastest of the three schedules in this step's CSV.
needs nvcc
claim "on the H100, 132 x 4 x 8192 elements, just over 2^22: one-wave is the fastest schedule at 2^22 (2729 against 2540 GB/s) and behind at 2^23 (2013 against 2360); the second switch, at 24 waves of the loop (24 x 132 x 4 x 6144, about 2^26.2), changes nothing measurable: the two look-back rows are within 1% from 2^27 up"
csv=10_gpu_coarsened/10e_schedule_by_size/results/nvidia-h100-80gb-hbm3.csv
ptxas 10e >/dev/null || exit 1
blocks() { awk -v r="$1" -v w="$2" 'BEGIN { print int(int(65536 / (int((r * 32 + 255) / 256) * 256)) / w) }'; }
sms=$(sed -n '1s/.* sms=\([0-9]*\).*/\1/p' $csv)
wave_blocks=$(blocks "$(registers 'one_wave_scanI8one_waveLb1')" 8)
loop_blocks=$(blocks "$(registers 'cooperative_prefetch_scanI19one_launch_prefetchLb1')" 4)
wave=$((sms * wave_blocks * 8192)) loop24=$((24 * sms * loop_blocks * 6144))
echo "  one wave: $sms x $wave_blocks x 8192 = $wave elements; 24 waves of the loop: $loop24"
fastest() { # the fastest of the three schedules at n, and its rate and the next best's
    awk -F, -v n="$1" '$5 == n && ($2 == "one-wave" || $2 == "one-launch+prefetch" || $2 == "quiet-lookback") {
        r[$2] = $10 } END { for (v in r) if (r[v] > b) { s = b; b = r[v]; f = v } else if (r[v] > s) s = r[v]
        printf "%s %.0f %.0f", f, b, s }' $csv
}
echo "  fastest at 2^22: $(fastest 4194304); at 2^23: $(fastest 8388608)"
agree "one wave is 132 x 4 x 8192, just over 2^22" [ "$sms $wave_blocks" = "132 4" -a $wave -gt 4194304 -a $wave -lt 8388608 ]
agree "one-wave fastest at 2^22 (2729 against 2540)" [ "$(fastest 4194304)" = "one-wave 2729 2540" ]
rate() { awk -v r="$(value $csv "$1" "$2" gb_s)" 'BEGIN { printf "%.0f", r }'; }
agree "behind at 2^23 (2013 against 2360)" [ "$(rate one-wave 8388608) $(fastest 8388608)" = "2013 one-launch+prefetch 2360 2096" ]
agree "24 waves of the loop: about 2^26.2" [ "$(awk -v x=$loop24 'BEGIN { printf "%.1f", log(x) / log(2) }')" = 26.2 ]
within1() { awk -F, '$3 == "variant" && $5 >= 134217728 { r[$5, $2] = $10; n[$5] = 1 } END { for (k in n) {
    q = r[k, "quiet-lookback"] / r[k, "one-launch+prefetch"]; if (q < 0.99 || q > 1.01) exit 1 } }' $csv; }
agree "the two look-back rows within 1% from 2^27 up" within1
