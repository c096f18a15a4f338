# Exercise 1: ROWS set to 2, then 8 (tiles of 2048 and 8192 elements), beside this step's 4: each
# built and timed in turn.
needs gpu
claim "at 2^28 the three tile sizes come within 3% of one another, each at 0.9 or more of the bound its 16 bytes allow (half of copy in its run)"
rates=""
for rows in 4 2 8; do
    sed -i "s/COARSE_THREADS = 256, ROWS = [0-9]*;/COARSE_THREADS = 256, ROWS = $rows;/" \
        07_gpu_three_pass/07a_coarsened_tiles/scan.cu
    grep -q "ROWS = $rows;" 07_gpu_three_pass/07a_coarsened_tiles/scan.cu || exit 1
    echo "  ROWS = $rows:"
    rm -f build/exercise-bench.csv
    bench 7a --sizes 2^20,2^28 --budget 0.1 --variant shuffle+coarsened
    rate=$(value "$CSV" shuffle+coarsened 268435456 gb_s) copy=$(value "$CSV" copy 268435456 gb_s)
    share=$(awk -v r="${rate:-0}" -v c="${copy:-1}" 'BEGIN { printf "%.3f", r / (c / 2) }')
    echo "  ROWS = $rows at 2^28: $rate GB/s, $share of the bound"
    agree "ROWS = $rows: at least 0.9 of the bound" awk -v s="$share" 'BEGIN { exit !(s >= 0.9) }'
    rates="$rates ${rate:-0}"
done
echo "  at 2^28, ROWS = 4, 2, 8:$rates GB/s"
agree "within 3% of one another at 2^28" awk -v r="$rates" 'BEGIN { k = split(r, v, " "); lo = hi = v[1]
    for (i = 2; i <= k; i++) { if (v[i] < lo) lo = v[i]; if (v[i] > hi) hi = v[i] }
    exit !(lo > 0 && hi / lo < 1.03) }'
