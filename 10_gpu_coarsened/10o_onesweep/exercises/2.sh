# Exercise 2: 64-bit descriptors at every size. The patch adds the row sort+onesweep-64-bit (kept
# out of the tables), timed in one run beside sort+onesweep (32-bit descriptors below 2^29 keys)
# at 2^28, on random and on all-equal keys.
needs gpu
claim "the 64-bit descriptors cost more on all-equal keys, whose passes wait on the look-back, than on random keys; on all-equal keys more than 2%; the record gives the times"
bench 10o --sizes 2^28 --budget 0.1 --inputs all-equal --variant sort+onesweep-64-bit \
    --variant sort+onesweep || exit 1
n=268435456
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
wide=$(value "$CSV" sort+onesweep-64-bit $n ms_median)
narrow=$(value "$CSV" sort+onesweep $n ms_median)
wide_eq=$(value "$CSV" sort+onesweep-64-bit@all-equal $n ms_median)
narrow_eq=$(value "$CSV" sort+onesweep@all-equal $n ms_median)
random=$(ratio "$wide" "$narrow")
equal=$(ratio "$wide_eq" "$narrow_eq")
echo "  2^28 random: 64-bit $wide ms, 32-bit $narrow ms ($random); x cub-sort $(ratio "$(value "$CSV" cub-sort $n ms_median)" "$wide") and $(ratio "$(value "$CSV" cub-sort $n ms_median)" "$narrow")"
echo "  2^28 all-equal: 64-bit $wide_eq ms, 32-bit $narrow_eq ms ($equal); x cub-sort $(ratio "$(value "$CSV" cub-sort@all-equal $n ms_median)" "$wide_eq") and $(ratio "$(value "$CSV" cub-sort@all-equal $n ms_median)" "$narrow_eq")"
agree "all-equal keys: the 64-bit descriptors more than 2% slower" more "$equal" 1.02
agree "they cost more on all-equal keys than on random keys" more "$equal" "$random"
