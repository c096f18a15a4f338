# Exercise 1: local_prefix() once over the whole array, stage 02's two passes, as the variant
# one-block beside the blocks.
needs avx2
claim "from RAM one-block runs well below blocked+prefetch, under 0.8 of its speed: its second pass fetches every line of out from memory again, 20 bytes per element against the blocks' 12"
bench 3 --sizes 2^26 --budget 0.1 --variant one-block --variant blocked --variant blocked+prefetch || exit 1
r=$(awk -v a="$(value "$CSV" blocked+prefetch 67108864 ms_min)" -v b="$(value "$CSV" one-block 67108864 ms_min)" 'BEGIN { printf "%.2f", a / b }')
agree "at 2^26 one-block runs $r times blocked+prefetch's speed" less "$r" 0.8
