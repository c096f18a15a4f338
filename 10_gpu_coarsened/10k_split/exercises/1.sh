# Exercise 1: CUB's partition and the best stable split, in copies' time, from the H100 CSV.
claim "cub-split takes 1.50 copies' time at 2^28 (1.07398 ms against copy's 0.716176). A stable split reads every key twice (the count, the pass) and writes it once, 12 bytes a key against a copy's 8: 1.5 copies at best, so it can at most draw level with CUB (1.00x); split measures 1.79 copies (1.27939 ms), 0.84x"
csv=10_gpu_coarsened/10k_split/results/nvidia-h100-80gb-hbm3.csv
n=268435456
copy=$(value "$csv" copy $n ms_median) cub=$(value "$csv" cub-split $n ms_median) split=$(value "$csv" split $n ms_median)
copies() { awk -v t="$1" -v c="$copy" 'BEGIN { printf "%.2f", t / c }'; }
agree "cub-split: $cub ms against copy's $copy, $(copies "$cub") copies" [ "$(copies "$cub")" = 1.50 ]
best=$(awk -v c="$cub" -v k="$copy" 'BEGIN { printf "%.2f", c / (1.5 * k) }')
agree "a count and a pass at a copy's speed, 1.5 copies, would take $best of CUB's time: level" [ "$best" = 1.00 ]
agree "split: $split ms, $(copies "$split") copies, $(awk -v c="$cub" -v s="$split" 'BEGIN { printf "%.2f", c / s }')x CUB" \
    [ "$(copies "$split") $(awk -v c="$cub" -v s="$split" 'BEGIN { printf "%.2f", c / s }')" = "1.79 0.84" ]
