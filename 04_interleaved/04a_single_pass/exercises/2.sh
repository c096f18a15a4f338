# Exercise 2: the AVX2 pass without its head, the loop starting at out wherever it points.
needs avx2
claim "every case that puts out at an element offset that is not a multiple of 8 crashes with signal 11: _mm256_store_si256 is vmovdqa, an aligned store, which faults at an address that is not a multiple of 32 bytes; no result is wrong, and the cases with out at offset 0 (sizes_0_to_70, the powers of two, the tile sizes) still pass"
tests 4a --variant avx2
status=$?
crashed=$(grep -o ':E:[a-z0-9_]*:.*Received signal 11' <<<"$OUTPUT" | cut -d: -f3 | sort | paste -sd' ' -)
echo "  crashed: $crashed"
agree "the tests fail" [ $status -ne 0 ]
agree "no result is wrong: every failure is a crash" eval '! grep -q ":F:" <<<"$OUTPUT"'
agree "the cases with out at an offset crash" \
    [ "$crashed" = "avx2_head_and_tail element_offsets head_and_tail input_patterns lag_edges prefetch_edges" ]
pass=$(objdump -d build/04_interleaved/04a_single_pass/scan.o | awk '/<scan_avx2_pass>:/ { on = 1; next } /^$/ { on = 0 } on')
agree "the body's stores are vmovdqa" grep -q 'vmovdqa %ymm[0-9]*,.*(%r' <<<"$pass"
