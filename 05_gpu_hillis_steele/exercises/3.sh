# Exercise 3: one thread with sixteen loads in flight (the row sequential16, beside sequential).
needs gpu
claim "sequential16 passes the tests, in place too; at 2^16 and 2^18 it runs at least 3 times as fast as sequential, still below smem"
tests 5 --small --variant sequential16
agree "the tests pass (in place too)" [ $? -eq 0 ]
bench 5 --sizes 2^16,2^18 --budget 0.1 --variant sequential --variant sequential16 --variant smem
for n in 65536 262144; do
    one=$(value "$CSV" sequential $n gb_s) sixteen=$(value "$CSV" sequential16 $n gb_s) smem=$(value "$CSV" smem $n gb_s)
    times=$(awk -v a="$sixteen" -v b="$one" 'BEGIN { printf "%.1f", a / b }')
    echo "  n = $n: sequential16 $sixteen GB/s, $times times sequential; smem $smem"
    agree "at least 3 times as fast at $n" more "$times" 3
    agree "below smem at $n" less "$sixteen" "$smem"
done
