# Exercise 2: pass 1 with a plain reduction (the row reduce-then-scan+plain-reduce).
needs gpu
claim "memory: the plain reduction passes the tests; at 2^27 and 2^28, where reduce-then-scan runs at 0.9 or more of the bound its 12 bytes allow (two thirds of copy in the run), the plain reduction's rate is within 2% of it"
tests 7b --small --variant reduce-then-scan+plain-reduce
agree "the tests pass" [ $? -eq 0 ]
bench 7b --sizes 2^27,2^28 --budget 0.1 --variant reduce-then-scan --variant reduce-then-scan+plain-reduce
for n in 134217728 268435456; do
    plain=$(value "$CSV" reduce-then-scan+plain-reduce $n gb_s) block=$(value "$CSV" reduce-then-scan $n gb_s)
    copy=$(value "$CSV" copy $n gb_s)
    share=$(awk -v a="${block:-0}" -v c="${copy:-1}" 'BEGIN { printf "%.3f", a / (c * 2 / 3) }')
    ratio=$(awk -v a="${plain:-0}" -v b="${block:-1}" 'BEGIN { printf "%.3f", a / b }')
    echo "  n = $n: reduce-then-scan at $share of its bound; the plain reduction at $ratio times its rate"
    agree "at $n, reduce-then-scan at 0.9 of its bound or more" awk -v s="$share" 'BEGIN { exit !(s >= 0.9) }'
    agree "at $n, the plain reduction within 2%" awk -v r="$ratio" 'BEGIN { exit !(r > 0.98 && r < 1.02) }'
done
