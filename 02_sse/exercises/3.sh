# Exercise 3: stage 02 with AVX2 hidden from the variants' check (SCAN_HIDE_CPU=avx2).
claim "avx2+sse is skipped with one line (SKIP: variant avx2+sse needs avx2, which SCAN_HIDE_CPU hides); the table keeps sse and the reference rows scalar, memcpy and stream, and the tests check sse alone, 1 of 2 variants"
build 2 || exit 1
table=$(SCAN_HIDE_CPU=avx2 build/02_sse/bench --sizes 2^12 --budget 0.05 --csv build/hidden.csv 2>&1)
printf '%s\n' "$table" | grep -v '^writing '
rows=$(grep -v '^#' build/hidden.csv | awk -F, 'NR > 1 { printf "%s%s", sep, $2; sep = " " }')
agree "one SKIP line for avx2+sse" eval '[ "$(grep -c "^SKIP: variant avx2+sse needs avx2, which SCAN_HIDE_CPU hides" <<<"$table")" = 1 ]'
agree "the rows: $rows" [ "$rows" = "sse scalar memcpy stream" ]
SCAN_HIDE_CPU=avx2 tests 2
status=$?
agree "the tests pass, checking 1 of 2 variants" eval '[ $status = 0 ] && grep -q "1 of 2 variants" <<<"$OUTPUT"'
