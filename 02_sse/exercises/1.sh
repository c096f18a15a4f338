# Exercise 1: a third shift-and-add step, by 16 bytes, in prefix8().
needs avx2
claim "the tests still pass: _mm256_slli_si256 shifts each 128-bit half by its whole 16 bytes, so only zeros come in and the add adds zero; but gcc does not know it: pass 1's loop grows from 9 instructions per eight elements to 11, a third shift and a third add"
loops() { objdump -d --no-show-raw-insn "$1" | awk -v fn="$2" -f 01_scalar/exercises/loops.awk; }
tests 2 --variant avx2+sse
agree "the tests pass" [ $? = 0 ]
third=$(loops build/02_sse/scan.o scan_avx2_sse | head -n 1)
GIT_CEILING_DIRECTORIES=$(dirname "$PWD") git apply -R 02_sse/exercises/1.patch && build 2 || exit 1
two=$(loops build/02_sse/scan.o scan_avx2_sse | head -n 1)
echo "  pass 1, two steps:   $two"
echo "  pass 1, three steps: $third"
agree "two steps: 9 instructions per eight elements" [ "${two%%:*}" = 9 ]
agree "three steps: 11, with a third shift" eval '[ "${third%%:*}" = 11 ] && [ "$(grep -o vpslldq <<<"$third" | wc -l)" = 3 ]'
