# Exercise 2: blocked+prefetch against blocked at 2^12, from the committed CSV and the machine code.
claim "no: below 2 x BLOCK (8192 elements) the prefetch is switched off, and gcc gives blocked+prefetch a copy of the accumulate loop without prefetches, blocked's 11 instructions in another order; the CSV's fastest batches (ms_min) at 2^12 give 5.63 and 5.64 G elements/s: the gap in the medians (5.45 against 4.43) is the VM's noise"
loops() { objdump -d --no-show-raw-insn "$1" | awk -v fn="$2" -f 01_scalar/exercises/loops.awk; }
sorted() { tr ' ' '\n' | grep . | sort | paste -sd' ' -; }
csv=03_avx_blocked/results/intel-xeon-processor-family-6-model-207.csv
g() { awk -v n=4096 -v t="$(value "$csv" "$1" 4096 "$2")" 'BEGIN { printf "%.2f", n / t / 1e6 }'; }
echo "  $csv at 2^12, G elements/s: median $(g blocked ms_median) and $(g blocked+prefetch ms_median), fastest batch $(g blocked ms_min) and $(g blocked+prefetch ms_min)"
agree "the medians: 5.45 against 4.43" [ "$(g blocked ms_median) $(g blocked+prefetch ms_median)" = "5.45 4.43" ]
agree "the fastest batches: 5.63 and 5.64" [ "$(g blocked ms_min) $(g blocked+prefetch ms_min)" = "5.63 5.64" ]
build 3 || exit 1
# the accumulate loops: short loops with a broadcast
plain=$(loops build/03_avx_blocked/scan.o scan_blocked | awk -F: '$1 < 20 && /vbroadcastss/')
copy=$(loops build/03_avx_blocked/scan.o scan_blocked_prefetch | awk -F: '$1 < 20 && /vbroadcastss/ && !/prefetch/')
echo "  blocked's accumulate loop:                    $plain"
echo "  blocked+prefetch's one without a prefetch:    $copy"
agree "blocked's loop has 11 instructions" [ "${plain%%:*}" = 11 ]
agree "blocked+prefetch has a copy without prefetches, the same instructions" \
    eval '[ -n "$copy" ] && [ "$(sorted <<<"${copy#*:}")" = "$(sorted <<<"${plain#*:}")" ]'
