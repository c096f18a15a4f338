# Exercise 3: the fused select-if storing each kept element straight from registers (the patch's
# select-if+unstaged, beside select-if in one run).
needs gpu
claim "no faster (within 3%) and at most a tenth slower than the staged row at 2^28: not a collapse. The bytes are the same; only their grouping into 32-byte sectors differs: unstaged, a warp's store spreads its kept words over a row's places, a few in each sector, where the staged run writes 128 consecutive bytes a store"
bench 10j --sizes 2^28 --budget 0.1 --variant select-if+unstaged --variant select-if
n=268435456
unstaged=$(value "$CSV" select-if+unstaged $n ms_median) staged=$(value "$CSV" select-if $n ms_median)
ratio=$(awk -v a="$unstaged" -v b="$staged" 'BEGIN { printf "%.3f", a / b }')
agree "unstaged $unstaged ms against staged $staged: $ratio of its time, above 0.97 and below 1.1" eval 'more "$ratio" 0.97 && less "$ratio" 1.1'
