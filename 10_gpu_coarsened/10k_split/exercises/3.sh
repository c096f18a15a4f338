# Exercise 3: the count with one atomic a warp and bit, for the split's one bit and for all 32 (the
# first run's count), beside split in one run (the patch's variants).
needs gpu
claim "for the split's one bit, one atomic a warp makes 8 times as many atomics (8192 at 2^28, from the count's 1024 blocks of 8 warps): split+warp-atomics stays within 3% of split. Counting 32 bits is what cost the first run: split+32-bit-count takes more than 1.3 times split's time, and one atomic a warp adds less to it than the 31 extra bits do"
bench 10k --sizes 2^28 --budget 0.1 --variant split+warp-atomics --variant split+32-bit-count \
    --variant split+32-bit-count+warp-atomics --variant split
n=268435456
split=$(value "$CSV" split $n ms_median) warp=$(value "$CSV" split+warp-atomics $n ms_median)
bits=$(value "$CSV" split+32-bit-count $n ms_median) both=$(value "$CSV" split+32-bit-count+warp-atomics $n ms_median)
of() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
agree "split+warp-atomics: $warp ms against split's $split, $(of "$warp" "$split") of its time, within 3%" \
    awk -v r="$(of "$warp" "$split")" 'BEGIN { exit !(r > 0.97 && r < 1.03) }'
agree "split+32-bit-count: $bits ms, $(of "$bits" "$split") of split's time, above 1.3" more "$(of "$bits" "$split")" 1.3
agree "with one atomic a warp: $both ms; the atomics add $(awk -v a="$both" -v b="$bits" 'BEGIN { printf "%.3f", a - b }') ms, the 31 bits $(awk -v a="$bits" -v b="$split" 'BEGIN { printf "%.3f", a - b }')" \
    awk -v a="$both" -v b="$bits" -v s="$split" 'BEGIN { exit !(a - b < b - s) }'
