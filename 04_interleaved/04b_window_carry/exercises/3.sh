# Exercise 3: eight lanes against sixteen, from the committed CSV (an AMD Zen 4) and the machine code.
claim "the Zen 4 runs each 512-bit instruction on its 256-bit units in two halves: per 128 elements avx512+window issues 32 valignd, 64 shuffle halves, where avx2+window issues 52 shuffles and loads its left; the CSV has 10.94 against 9.17 G elements/s at 2^14"
loops() { objdump -d --no-show-raw-insn "$1" | awk -v fn="$2" -f 01_scalar/exercises/loops.awk; }
csv=04_interleaved/04b_window_carry/results/amd-epyc-family-25-model-17.csv
g() { awk -v n="$2" -v t="$(value "$csv" "$1" "$2" ms_median)" 'BEGIN { printf "%.2f", n / t / 1e6 }'; }
agree "the CSV's machine is the AMD EPYC (family 25 model 17), a Zen 4" grep -q '^# 04b_window_carry on AMD EPYC (family 25 model 17);' "$csv"
echo "  at 2^14: avx2+window $(g avx2+window 16384), avx512+window $(g avx512+window 16384) G elements/s"
agree "10.94 against 9.17 at 2^14" [ "$(g avx2+window 16384) $(g avx512+window 16384)" = "10.94 9.17" ]
build 4b || exit 1
o=build/04_interleaved/04b_window_carry/scan.o
wide=$(loops $o 'scan_avx512_pass[.a-z0-9]*' | awk -F: '$1 > 50 && !/vpermd/ && !/ret/' | grep -o valignd | wc -l)
narrow=$(loops $o 'scan_avx2_pass[.a-z0-9]*' | awk -F: '$1 > 50 && /vperm2i128/' | grep -oE 'vperm2i128|vpalignr' | wc -l)
echo "  shuffles per iteration: avx512+window $wide valignd (128 elements), avx2+window $narrow (64 elements)"
agree "32 valignd per 128 elements; 26 shuffles per 64, 52 per 128" [ "$wide $((2 * narrow))" = "32 52" ]
