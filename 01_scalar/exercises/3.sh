# Exercise 3: the running sum of 8-bit elements beside the 32-bit loop (01_scalar/exercises/3.c,
# built with the stage's flags).
claim "about the same G elements/s: both loops are the same five instructions per element with one add on the chain, so the 8-bit loop runs within a fifth of the 32-bit loop's elements per second, and moves a quarter of its bytes"
[ "$(uname -m)" = x86_64 ] || { echo "SKIP: this exercise counts x86-64 instructions"; exit 77; }
within_a_fifth() { more "$1" 0.83 && less "$1" 1.2; }
loops() { objdump -d --no-show-raw-insn "$1" | awk -v fn="$2" -f 01_scalar/exercises/loops.awk; }
mkdir -p build
cc -std=c11 -D_GNU_SOURCE -O3 $(sed -n 's/^SCAN_CFLAGS *:= *//p' 01_scalar/Makefile) \
    01_scalar/exercises/3.c -o build/widths || exit 1
bytes=$(loops build/widths running_sum8 | head -n 1)
words=$(loops build/widths running_sum32 | head -n 1)
echo "  uint8_t's loop:  $bytes"
echo "  uint32_t's loop: $words"
agree "both loops are five instructions per element" [ "${bytes%%:*}/${words%%:*}" = 5/5 ]
OUTPUT=$(build/widths) || exit 1
printf '%s\n' "$OUTPUT"
r=$(printf '%s\n' "$OUTPUT" | awk '{ g[$1] = $2 } END { printf "%.2f", g["uint8_t"] / g["uint32_t"] }')
agree "uint8_t runs $r times uint32_t's G elements/s, within a fifth" within_a_fifth "$r"
