# Exercise 2: the three-kernel select-if without its flags kernel: the scan and the scatter compute
# APP_KEEP from the elements (the patch's select-if+2-kernels, beside the three kernels and the
# fused row in one run).
needs gpu
claim "the flags kernel goes (8 bytes an element: the elements read, the flags written) and the scatter reads no flags (4 more): 18 bytes against 30, so about 0.6 of the three kernels' time and 3 times the fused row's (6 bytes): still two passes over the elements where the fused kernel makes one"
bench 10j --sizes 2^28 --budget 0.1 --variant select-if+3-kernels --variant select-if+2-kernels --variant select-if
n=268435456
three=$(value "$CSV" select-if+3-kernels $n ms_median) two=$(value "$CSV" select-if+2-kernels $n ms_median)
fused=$(value "$CSV" select-if $n ms_median)
of_three=$(awk -v a="$two" -v b="$three" 'BEGIN { printf "%.2f", a / b }')
of_fused=$(awk -v a="$two" -v b="$fused" 'BEGIN { printf "%.2f", a / b }')
agree "two kernels: $two ms, $of_three of the three kernels' $three (18/30 = 0.6)" eval 'more "$of_three" 0.5 && less "$of_three" 0.72'
agree "and $of_fused times the fused row's $fused (18/6 = 3)" eval 'more "$of_fused" 2.5 && less "$of_fused" 3.6'
