# Exercise 2: the first register's `left` loaded from memory too (2.c runs the cases apart).
needs avx2
claim "the tests fail from the first size that reaches the loop, n = 64, out of place as well as in place: the first register's left is then the element before the loop, which the window must not add: without a head, in[-1], outside the array (were it 0, the results would be right); after a head, the head's last input, which the head's total already holds; in place, from the second iteration on, moreover a result instead of an input"
tests 4b --variant avx2+window --case sizes_0_to_70
status=$?
agree "the tests fail, first at n = 64, the first size that reaches the loop, out of place" \
    eval '[ $status -ne 0 ] && grep -q "n=64, input random, .*in offset 0, out offset 0.*first wrong index 0 " <<<"$OUTPUT"'
cc -std=c11 -O2 -Icommon/contract 04_interleaved/04b_window_carry/exercises/2.c \
    build/04_interleaved/04b_window_carry/scan.o build/common/host.o -o build/left || exit 1
cases=$(build/left) || exit 1
printf '%s\n' "$cases" | sed 's/^/  /'
has() { grep -qxF "$1" <<<"$cases"; }
agree "no head: the loop's first result is off by in[-1]" \
    eval 'has "out of place, no head, in[-1] = 1000: first wrong index 0, off by 1000, which is in[-1]"'
agree "no head and in[-1] = 0: all right" has "out of place, no head, in[-1] = 0: every result right"
agree "a head of 3: the loop's first result, at index 3, is off by the head's last input" \
    eval 'grep -qx "out of place, a head of 3: first wrong index 3, off by [0-9]*, which is in\[2\]" <<<"$cases"'
agree "in place, in[-1] = 0: right until the second iteration, index 64, off by a result in place of in[63]" \
    eval 'grep -qx "in place, no head, in\[-1\] = 0: first wrong index 64, off by [0-9]*, which is out\[63\] - in\[63\]" <<<"$cases"'
