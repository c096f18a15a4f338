# Exercise 4: what max's extra shuffle costs (INVERTIBLE false): the kernels' shuffles in the PTX,
# their registers from ptxas, and the H100 CSV's rows.
needs nvcc
claim "16 shuffles more in max's kernel than in the sum's (one a row of a thread's 16 vectors), in the same registers, and no cost that shows: max is within 2% of inclusive-sum, either way, at every size of the H100 CSV: the scan waits on memory, not on shuffles"
unit=10_gpu_coarsened/10h_operators
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
mkdir -p build/exercise
"$nvcc" -O3 -std=c++17 -arch="${GPU_ARCH:-sm_90}" -Icommon/contract -Icommon/core -Icommon/apps \
    -ptx "$unit/scan.cu" -o build/exercise/scan.ptx || exit 1
shuffles() { awk -v re="$1" '/\.entry / { on = $0 ~ re } on && /shfl\.sync/ { n++ } END { print n + 0 }' build/exercise/scan.ptx; }
max_shuffles=$(shuffles '6max_opLb1') sum_shuffles=$(shuffles '6sum_opLb1')
agree "max's kernel has $max_shuffles shuffles, the sum's $sum_shuffles: 16 more" [ $((max_shuffles - sum_shuffles)) -eq 16 ]
ptxas 10h >/dev/null || exit 1
max_registers=$(registers '6max_opLb1') sum_registers=$(registers '6sum_opLb1')
agree "in the same registers ($max_registers and $sum_registers)" [ "$max_registers" = "$sum_registers" ]
csv=$unit/results/nvidia-h100-80gb-hbm3.csv
ratios=$(awk -F, '!/^#/ && $2 == "inclusive-sum" { s[$5] = $10 } !/^#/ && $2 == "max" { m[$5] = $10 }
    END { for (n in s) printf "%s %.3f\n", n, m[n] / s[n] }' "$csv" | sort -n)
printf '%s\n' "$ratios" | awk '{ printf "  max / inclusive-sum at %s: %s\n", $1, $2 }'
agree "max within 2% of inclusive-sum at every size" awk '$2 < 0.98 || $2 > 1.02 { bad = 1 } END { exit bad }' <<<"$ratios"
