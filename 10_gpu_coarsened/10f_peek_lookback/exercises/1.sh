# Exercise 1: where the peek's extra round trip loses, from this step's CSV (and the development
# run's polls CSV, whose ql-first is the peek on one block a tile).
claim "small arrays: with one block a tile the peek is behind at 2^16 and 2^17 (90 against 97, 180 against 188 GB/s), in the loop at every size from 2^15 to 2^19 (683 against 718 at 2^19); from 2^24 up one block a tile gains at every size, up to 1.3% (2^29); the polls CSV agrees (ql-first 90 against 96 at 2^16, ahead from 2^22 up)"
csv=10_gpu_coarsened/10f_peek_lookback/results/nvidia-h100-80gb-hbm3.csv
polls=10_gpu_coarsened/10f_peek_lookback/results/development/nvidia-h100-80gb-hbm3-polls.csv
rate() { awk -v r="$(value "$1" "$2" "$3" gb_s)" 'BEGIN { printf "%.0f", r }'; }
gain() { awk -v a="$(value "$1" "$2" "$4" gb_s)" -v b="$(value "$1" "$3" "$4" gb_s)" 'BEGIN { printf "%+.2f", (a / b - 1) * 100 }'; }
sizes() { awk -F, -v lo="$2" -v hi="$3" '$3 == "variant" && $5 >= lo && $5 <= hi && !seen[$5]++ { print $5 }' "$1"; }
all() { # csv, peeking row, its parent, from, to, sign: + (every size ahead) or - (every size behind)
    local n g ok=1
    for n in $(sizes "$1" "$4" "$5"); do
        g=$(gain "$1" "$2" "$3" "$n")
        echo "    $2 at $n: $g%"
        [ "${g:0:1}" = "$6" ] || ok=0
    done
    [ $ok = 1 ]
}
agree "one block a tile: 90 against 97 at 2^16, 180 against 188 at 2^17" \
    [ "$(rate $csv quiet-lookback+peek 65536) $(rate $csv quiet-lookback 65536) $(rate $csv quiet-lookback+peek 131072) $(rate $csv quiet-lookback 131072)" = "90 97 180 188" ]
agree "the loop: behind at every size from 2^15 to 2^19" all $csv one-launch+prefetch+peek one-launch+prefetch 32768 524288 -
agree "683 against 718 at 2^19" [ "$(rate $csv one-launch+prefetch+peek 524288) $(rate $csv one-launch+prefetch 524288)" = "683 718" ]
agree "one block a tile: ahead at every size from 2^24 up" all $csv quiet-lookback+peek quiet-lookback 16777216 1e12 +
best=$(for n in $(sizes $csv 16777216 1e12); do echo "$(gain $csv quiet-lookback+peek quiet-lookback $n) $n"; done | sort -g | tail -n 1)
echo "  the largest gain from 2^24 up: $best"
agree "up to 1.3%, at 2^29" [ "$(awk -v g="${best% *}" 'BEGIN { printf "%.1f", g }') ${best#* }" = "1.3 536870912" ]
agree "the polls CSV: ql-first 90 against 96 at 2^16" [ "$(rate $polls ql-first 65536) $(rate $polls quiet-lookback 65536)" = "90 96" ]
agree "ahead from 2^22 up" all $polls ql-first quiet-lookback 4194304 1e12 +
