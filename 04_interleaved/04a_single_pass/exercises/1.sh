# Exercise 1: why the two passes win at 2^12 and only there, from the committed CSV (an AMD Zen 4)
# and the machine code.
claim "at 2^12 in and out together fill this Zen 4's 32 KiB L1 (the CSV's l1d), so the second pass's extra loads and stores stay in L1 and cost little, while avx2 spends 4 shuffles per 8 elements against 2; from 2^13 on the second pass's traffic goes to L2 and beyond, and avx2 leads at every size up to 2^27"
loops() { objdump -d --no-show-raw-insn "$1" | awk -v fn="$2" -f 01_scalar/exercises/loops.awk; }
csv=04_interleaved/04a_single_pass/results/amd-epyc-family-25-model-17.csv
g() { awk -v n="$2" -v t="$(value "$csv" "$1" "$2" ms_median)" 'BEGIN { printf "%.2f", n / t / 1e6 }'; }
l1=$(sed -n 's/.* l1d=\([0-9]*\) .*/\1/p' "$csv" | head -n 1)
agree "the CSV's L1 data cache, $l1 bytes, is what 2^12 elements of in and out fill (8 bytes each)" [ "$l1" = $((4096 * 8)) ]
echo "  at 2^12: interleaved+prefetch $(g interleaved+prefetch 4096), avx2 $(g avx2 4096) G elements/s"
agree "at 2^12 the two passes lead, 8.32 against 7.66" [ "$(g interleaved+prefetch 4096) $(g avx2 4096)" = "8.32 7.66" ]
behind=""
for k in $(seq 13 27); do
    n=$((1 << k))
    more "$(g avx2 $n)" "$(g interleaved+prefetch $n)" || behind="$behind 2^$k"
done
agree "avx2 leads at every size from 2^13 to 2^27${behind:+ (not at$behind)}" [ -z "$behind" ]
build 4a || exit 1
o=build/04_interleaved/04a_single_pass/scan.o
two=$(loops $o scan_interleaved_prefetch | awk -F: '$1 < 30 && /prefetcht0/' | grep -oE 'vpslldq|vpermd' | wc -l)
one=$(loops $o scan_avx2_pass | head -n 1 | grep -oE 'vpslldq|vpermd' | wc -l)
echo "  shuffles: $two per 8 elements in the two passes' loop, $one per 64 in avx2's"
agree "2 shuffles per 8 elements against 4" [ "$two $((one / 8))" = "2 4" ]
