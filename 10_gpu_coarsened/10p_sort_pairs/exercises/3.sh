# Exercise 3: the pair sort at three blocks a multiprocessor (the patch), then at two, as the step
# builds it: ptxas's report for its pass, with 32-bit descriptors (below 2^29 keys) and 64-bit.
needs nvcc
claim "22 keys, 22 ranks and 22 values are 66 values a thread; at three blocks ptxas fits the pass in 56 registers and spills 180 bytes a thread (172 with 64-bit descriptors), where at two blocks it spills 24 (32) at 80"
narrow='onesweep_passI14onesweep_pairsj' wide='onesweep_passI14onesweep_pairsy'
ptxas 10p >/dev/null || exit 1
three="$(registers $narrow) registers, $(spills $narrow) bytes spilled ($(spills $wide) with 64-bit descriptors)"
echo "  three blocks: $three"
sed -i 's/KEYS = 22, MIN_BLOCKS = 3;/KEYS = 22, MIN_BLOCKS = 2;/' 10_gpu_coarsened/10p_sort_pairs/scan.cu
ptxas 10p >/dev/null || exit 1
two="$(registers $narrow) registers, $(spills $narrow) bytes spilled ($(spills $wide) with 64-bit descriptors)"
echo "  two blocks: $two"
agree "three blocks: 56 registers, 180 bytes spilled (172)" [ "$three" = "56 registers, 180 bytes spilled (172 with 64-bit descriptors)" ]
agree "two blocks: 80 registers, 24 bytes spilled (32)" [ "$two" = "80 registers, 24 bytes spilled (32 with 64-bit descriptors)" ]
