# Exercise 2: the ranking without its empty asm (the patch); ptxas's report for digit_scatter,
# then the asm put back in the scratch copy, for the report as the step builds it.
needs nvcc
claim "without the asm, digit_scatter at three blocks spills 40 bytes a thread at 56 registers: nvcc takes every key's digit ahead of its step; with it, 56 registers and no spill"
kernel='digit_scatterI11ballot_tile'
ptxas 10n >/dev/null || exit 1
without="$(registers "$kernel") registers, $(spills "$kernel") bytes spilled"
echo "  without the asm: $without"
agree "without the asm: 56 registers, 40 bytes spilled" [ "$without" = "56 registers, 40 bytes spilled" ]
sed -i 's|^        uint32_t key = keys\[u\];$|&\n        if (C::BALLOTS) asm volatile("" : "+r"(key));|' 10_gpu_coarsened/10n_ballot_ranking/digits.cuh
ptxas 10n >/dev/null || exit 1
with="$(registers "$kernel") registers, $(spills "$kernel") bytes spilled"
echo "  with the asm: $with"
agree "with the asm: 56 registers, no spill" [ "$with" = "56 registers, 0 bytes spilled" ]
