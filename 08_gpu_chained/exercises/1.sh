# Exercise 1: 1024 threads a tile (the row chained-1024), beside this stage's 512.
needs gpu
claim "a hop costs the same and there are half as many: at 2^24 chained-1024 runs at 1.7 to 2.3 times chained's rate"
tests 8 --small --variant chained-1024
agree "the tests pass" [ $? -eq 0 ]
bench 8 --sizes 2^24 --budget 0.1 --variant chained --variant chained-1024
one=$(value "$CSV" chained 16777216 gb_s) two=$(value "$CSV" chained-1024 16777216 gb_s)
times=$(awk -v a="$two" -v b="$one" 'BEGIN { if (b) printf "%.2f", a / b }')
hop() { awk -v ms="$(value "$CSV" "$1" 16777216 ms_median)" -v tiles="$2" 'BEGIN { printf "%.2f", ms * 1e3 / tiles }'; }
echo "  at 2^24: chained $one GB/s, a hop $(hop chained 32768) us; chained-1024 $two GB/s, a hop $(hop chained-1024 16384) us: $times times the rate"
agree "1.7 to 2.3 times the rate" awk -v r="${times:-0}" 'BEGIN { exit !(r >= 1.7 && r <= 2.3) }'
