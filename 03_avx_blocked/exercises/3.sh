# Exercise 3: every block prefetches the next, the last ones past the arrays too.
needs avx2
claim "the tests still pass: a prefetch is a hint and never faults, even at an address past the arrays; the condition keeps the requests inside the arrays, and gives arrays under two blocks blocked's loop: without it blocked+prefetch keeps only the accumulate loop with the prefetches"
loops() { objdump -d --no-show-raw-insn "$1" | awk -v fn="$2" -f 01_scalar/exercises/loops.awk; }
tests 3 --variant blocked+prefetch
agree "the tests pass" [ $? = 0 ]
accumulate=$(loops build/03_avx_blocked/scan.o scan_blocked_prefetch | awk -F: '$1 < 20 && /vbroadcastss/')
printf '  blocked+prefetch'"'"'s accumulate loops:\n%s\n' "$(sed 's/^/    /' <<<"$accumulate")"
agree "one accumulate loop, with the prefetches" eval '[ "$(wc -l <<<"$accumulate")" = 1 ] && grep -q prefetcht0 <<<"$accumulate"'
