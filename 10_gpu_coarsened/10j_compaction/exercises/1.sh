# Exercise 1: the three kernels' bytes against the fused row's, and the H100 CSV at 2^28.
claim "the flags: 4 bytes read, 4 written; their exclusive scan: 4 read, 4 written; the scatter: flag, place and element read (12), half an element written (2): 30 bytes an element against the fused row's 6, so about a fifth of its speed. The H100 CSV has 3.05891 ms against 0.596384 at 2^28, 1/5.13"
csv=10_gpu_coarsened/10j_compaction/results/nvidia-h100-80gb-hbm3.csv
n=268435456
bytes=$(value "$csv" select-if $n bytes_per_element)
predicted=$(awk -v b="$bytes" 'BEGIN { printf "%.2f", (4 + 4 + 4 + 4 + 12 + 4 * (b - 4) / 4) / b }')
agree "the fused row moves $bytes bytes an element (half kept): the three kernels $predicted times as many" eval 'more "$predicted" 4.9 && less "$predicted" 5.1'
three=$(value "$csv" select-if+3-kernels $n ms_median) fused=$(value "$csv" select-if $n ms_median)
measured=$(awk -v t="$three" -v f="$fused" 'BEGIN { printf "%.2f", t / f }')
agree "select-if+3-kernels takes $three ms against $fused: $measured times, within a tenth of the bytes' $predicted" \
    awk -v m="$measured" -v p="$predicted" 'BEGIN { exit !(m > 0.9 * p && m < 1.1 * p) }'
