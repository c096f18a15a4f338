# Exercise 1: NT8_MIN = 1, the AVX2 pass streaming its stores at every size.
needs avx2
claim "where in and out fit in a cache, avx2+window+nt drops below avx2+window, under 0.9 of its speed at 2^16 and 2^20: each repetition finds nothing of out in the caches and writes it all to memory"
bench 4c --sizes 2^16,2^20 --budget 0.1 --variant avx2+window --variant avx2+window+nt || exit 1
for n in 65536 1048576; do
    r=$(awk -v a="$(value "$CSV" avx2+window "$n" ms_min)" -v b="$(value "$CSV" avx2+window+nt "$n" ms_min)" 'BEGIN { printf "%.2f", a / b }')
    agree "at n = $n avx2+window+nt runs $r times avx2+window's speed" less "$r" 0.9
done
