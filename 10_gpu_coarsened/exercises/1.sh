# Exercise 1: each variant's registers and shared memory (ptxas, sm_90), and the blocks of 512
# threads a multiprocessor holds: 2048 threads, 65536 registers and 228 KiB of shared memory (1 KiB
# of it kept back a block) on sm_90.
needs nvcc
claim "ipt4: 32 registers, 8 KiB of shared memory: 4 blocks, where threads and registers bind alike (4 x 512 x 32 = 65536); ipt8 39, ipt12 and ipt16 40 registers: 3 blocks, registers bind; shared memory (at most 32 KiB a block) binds for none"
ptxas 10 || exit 1
smem() { printf '%s\n' "$PTXAS" | awk -v re="$1" '/Compiling entry function/ { on = $0 ~ re }
    on && /bytes smem/ { s = $0; sub(/ bytes smem.*/, "", s); sub(/.* /, "", s); print s; exit }'; }
# blocks of THREADS a multiprocessor: by threads, by registers (a warp's in units of 256), by shared memory
limits() { awk -v r="$1" -v s="$2" -v t="$3" 'BEGIN { w = t / 32; per_warp = int((r * 32 + 255) / 256) * 256
    printf "%d %d %d", 2048 / t, int(int(65536 / per_warp) / w), int(233472 / (s + 1024)) }'; }
row() { # variant, its registers, and the limit the answer says binds
    local regs bytes threads by_regs by_smem blocks
    regs=$(registers "coarsened_scanI[0-9]*$1Lb1") bytes=$(smem "coarsened_scanI[0-9]*$1Lb1")
    read -r threads by_regs by_smem <<<"$(limits "$regs" "$bytes" 512)"
    blocks=$(printf '%s\n' "$threads" "$by_regs" "$by_smem" | sort -n | head -n 1)
    echo "  $1: $regs registers, $bytes bytes of shared memory: $blocks blocks (threads allow $threads, registers $by_regs, shared memory $by_smem)"
    agree "$1: $2 registers, $3 blocks" [ "$regs $blocks" = "$2 $3" ]
    agree "$1: shared memory does not bind" [ "$by_smem" -gt "$blocks" ]
}
row ipt4 32 4
row ipt8 39 3
row ipt12 40 3
row ipt16 40 3
