# Exercise 1: the bound of 16 bytes an element, from the copy row at 2^28 (the H100's CSV).
claim "copy moves 8 bytes an element in 0.715 ms (3003 GB/s); 16 bytes take at least 1.43 ms, 1502 GB/s in the table's units; smem (888) and shuffle (964) take 2.42 and 2.23 ms, 0.59 and 0.64 of that bound"
csv=07_gpu_three_pass/results/nvidia-h100-80gb-hbm3.csv
n=268435456
near() { awk -v a="$1" -v b="$2" -v tol="$3" 'BEGIN { exit !(a - b <= tol && b - a <= tol) }'; }
copy_ms=$(value $csv copy $n ms_median) copy_gb=$(value $csv copy $n gb_s)
bound_gb=$(awk -v g="$copy_gb" 'BEGIN { printf "%.0f", g / 2 }')
echo "  copy: $copy_ms ms, $copy_gb GB/s; 16 bytes an element: at least $(awk -v t="$copy_ms" 'BEGIN { print 2 * t }') ms, at most $bound_gb GB/s"
agree "copy in 0.715 ms; the bound 1.43 ms, 1502 GB/s" near "$copy_ms" 0.715 0.0005
near2() { near "$1" "$2" 0.005 && near "$3" "$4" 0.005; }
row() { # variant, its ms and its share of the bound as the answer gives them
    local ms gb share
    ms=$(value $csv $1 $n ms_median) gb=$(value $csv $1 $n gb_s)
    share=$(awk -v g="$gb" -v b="$copy_gb" 'BEGIN { printf "%.3f", g / (b / 2) }')
    echo "  $1: $ms ms, $gb GB/s: $share of the bound"
    agree "$1: $2 ms, $3 of the bound" near2 "$ms" "$2" "$share" "$3"
}
row smem 2.42 0.59
row shuffle 2.23 0.64
