# Exercise 2: the pair sort's time against the keys-only sort's, from their bytes and from the
# committed H100 CSV, at every size and on every input.
claim "68.5 bytes a key against 36.5: 1.87 times the bytes; the H100 CSV has the pair sort at most 1.83 times the keys-only time at every size and input (1.81 at 2^28 on random keys, 9.6012 ms against 5.3094)"
csv=10_gpu_coarsened/10p_sort_pairs/results/nvidia-h100-80gb-hbm3.csv
bytes=$(awk 'BEGIN { keys = 4 + 4 * (8 + 1024 / 7680); pairs = 4 + 4 * (16 + 1024 / 8448); printf "%.1f %.1f %.2f", pairs, keys, pairs / keys }')
echo "  bytes a key: pairs, keys, ratio: $bytes"
most=$(awk -F, '!/^#/ && $1 != "stage" { ms[$2, $5] = $7; if ($2 ~ /^sort-pairs[+]onesweep/) rows[$2, $5] = 1 }
    END { for (k in rows) { split(k, p, SUBSEP); keys = p[1]; sub(/^sort-pairs/, "sort", keys)
        r = ms[p[1], p[2]] / ms[keys, p[2]]; if (r > m) m = r } printf "%.3f", m }' "$csv")
at28=$(awk -v a="$(value "$csv" sort-pairs+onesweep 268435456 ms_median)" -v b="$(value "$csv" sort+onesweep 268435456 ms_median)" 'BEGIN { printf "%.2f", a / b }')
echo "  the CSV: at most $most times the keys-only time; $at28 at 2^28 on random keys"
agree "1.87 times the bytes" [ "${bytes##* }" = 1.87 ]
agree "at most 1.83 times the time" awk -v m="$most" 'BEGIN { exit !(m > 1.82 && m <= 1.83) }'
agree "1.81 at 2^28 on random keys" [ "$at28" = 1.81 ]
