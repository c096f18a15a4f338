# Exercise 1: the short circuit's values loaded one by one, each behind its key's store. The patch
# adds the row sort-pairs+one-by-one (kept out of the tables); the sed below keeps that row from
# loading them all before the barrier (a line of the student's part of the lesson, which a patch
# would quote). Timed in one run beside sort-pairs+onesweep at 2^26, random and all-equal keys.
needs gpu
sed -i "/load the tile's values/{n;s/if (C::PAIRS)\$/if (C::PAIRS \&\& !C::ONE_BY_ONE)/}" \
    10_gpu_coarsened/10p_sort_pairs/onesweep.cuh
grep -q 'if (C::PAIRS && !C::ONE_BY_ONE)$' 10_gpu_coarsened/10p_sort_pairs/onesweep.cuh || { echo "  the values' loads were not found"; exit 1; }
claim "on all-equal keys, where every tile takes the short circuit, the values loaded one by one make the pair sort more than 10% slower; on random keys, where none does, the two are within 3%; the record gives the times"
bench 10p --sizes 2^26 --budget 0.1 --inputs all-equal --variant sort-pairs+one-by-one \
    --variant sort-pairs+onesweep || exit 1
n=67108864
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
for input in "" @all-equal; do
    one=$(value "$CSV" "sort-pairs+one-by-one$input" $n ms_median)
    kept=$(value "$CSV" "sort-pairs+onesweep$input" $n ms_median)
    cub=$(value "$CSV" "cub-sort-pairs$input" $n ms_median)
    echo "  2^26${input:- random}: one by one $one ms, all at once $kept ms ($(ratio "$one" "$kept")); x cub-sort-pairs $(ratio "$cub" "$one") and $(ratio "$cub" "$kept")"
    eval "r${input:+_eq}=$(ratio "$one" "$kept")"
done
agree "all-equal keys: more than 10% slower one by one" more "$r_eq" 1.10
agree "random keys: within 3%" awk -v r="$r" 'BEGIN { exit !(r > 0.97 && r < 1.03) }'
