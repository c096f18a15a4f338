# Exercise 1: running-sum unrolled by hand four times, as the variant running-sum-x4 beside it.
claim "no faster: the unrolled loop runs 12 instructions per four elements instead of 20, but each of its four adds still waits for the one before, and that chain sets the pace: in the caches (2^12, 2^16) the two variants stay within a fifth of each other"
[ "$(uname -m)" = x86_64 ] || { echo "SKIP: this exercise counts x86-64 instructions"; exit 77; }
within_a_fifth() { more "$1" 0.83 && less "$1" 1.2; }
loops() { objdump -d --no-show-raw-insn "$1" | awk -v fn="$2" -f 01_scalar/exercises/loops.awk; }
tests 1 --variant running-sum-x4 || { echo "the unrolled loop fails the tests"; exit 1; }
once=$(loops build/01_scalar/scan.o scan_running_sum | head -n 1)
unrolled=$(loops build/01_scalar/scan.o scan_running_sum_x4 | head -n 1)
echo "  running-sum's loop:    $once"
echo "  running-sum-x4's loop: $unrolled"
agree "running-sum's loop is 5 instructions per element" [ "${once%%:*}" = 5 ]
agree "the unrolled loop is 12 instructions per four elements" [ "${unrolled%%:*}" = 12 ]
bench 1 --sizes 2^12,2^16 --budget 0.1 --variant running-sum --variant running-sum-x4 || exit 1
for n in 4096 65536; do
    # the speed of running-sum-x4 over running-sum's, from each point's fastest batch
    r=$(awk -v a="$(value "$CSV" running-sum "$n" ms_min)" -v b="$(value "$CSV" running-sum-x4 "$n" ms_min)" 'BEGIN { printf "%.2f", a / b }')
    agree "at n = $n, running-sum-x4 runs $r times running-sum's speed, within a fifth" within_a_fifth "$r"
done
