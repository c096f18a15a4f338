# Exercise 2: one loop, each prefetch under `if (i < fetched)`, instead of section 5's two loops.
needs avx2
claim "nothing: gcc splits the loop itself (-fsplit-loops, on at -O3) into the two loops section 5 writes, 21 instructions per eight elements with the prefetches and 18 without; built with -fno-split-loops, the one loop keeps the test, 23 instructions: a compare and a branch more in every iteration"
loops() { objdump -d --no-show-raw-insn "$1" | awk -v fn="$2" -f 01_scalar/exercises/loops.awk; }
tests 4 --variant interleaved+prefetch
agree "the tests pass" [ $? = 0 ]
split=$(loops build/04_interleaved/scan.o scan_interleaved_prefetch | awk -F: '$1 < 30 && /vpslldq/ && /vbroadcastss/')
printf '  the loops, -O3:\n%s\n' "$(sed 's/^/    /' <<<"$split")"
agree "one of 21 instructions with both prefetches" eval 'grep -q "^21: .*prefetcht0.*prefetcht0" <<<"$split"'
agree "one of 18 without" eval '[ "$(grep -v prefetcht0 <<<"$split" | grep -c "^18: ")" = 1 ]'
cc -std=c11 -D_GNU_SOURCE -O3 -fno-split-loops -Icommon/contract -c 04_interleaved/scan.c -o build/no-split.o || exit 1
one=$(loops build/no-split.o scan_interleaved_prefetch | awk -F: '$1 < 30 && /prefetcht0/')
printf '  the loop, -O3 -fno-split-loops:\n%s\n' "$(sed 's/^/    /' <<<"$one")"
agree "one loop of 23: the 21 and a compare and branch" eval '[ "$(wc -l <<<"$one")" = 1 ] && [ "${one%%:*}" = 23 ]'
