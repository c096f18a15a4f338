# Exercise 1: the bounds of 16 and 12 bytes an element, from the copy row at 2^28 (this step's CSV).
claim "copy moves 3003 GB/s (8 bytes an element); 16 bytes allow 1501 and 12 bytes 2002 in the table's units; shuffle+coarsened's 1474 is 0.98 of its bound, reduce-then-scan's 1996 is 1.00 of its own"
csv=07_gpu_three_pass/07b_reduce_then_scan/results/nvidia-h100-80gb-hbm3.csv
n=268435456
near() { awk -v a="$1" -v b="$2" -v tol="$3" 'BEGIN { exit !(a - b <= tol && b - a <= tol) }'; }
both() { near "$1" "$2" 0.5 && near "$3" "$4" 0.005; }
copy=$(value $csv copy $n gb_s)
echo "  copy: $copy GB/s"
row() { # variant, the bytes it moves an element, the bound and the share the answer gives
    local gb bound share
    gb=$(value $csv $1 $n gb_s)
    bound=$(awk -v c="$copy" -v b="$2" 'BEGIN { printf "%.0f", c * 8 / b }')
    share=$(awk -v g="$gb" -v b="$bound" 'BEGIN { printf "%.3f", g / b }')
    echo "  $1: $gb GB/s against the $bound its $2 bytes allow: $share"
    agree "$1: a bound of $3, $4 of it" both "$bound" "$3" "$share" "$4"
}
row shuffle+coarsened 16 1501 0.98
row reduce-then-scan 12 2002 1.00
