# Exercise 2: the cooperative loop with 16 vectors a thread (the row one-launch+prefetch16), beside
# its 12; ptxas's registers and spill stores, sm_90 (65536 registers a multiprocessor).
needs nvcc
claim "cooperative_prefetch_scan goes from 125 and 128 registers a thread to 163 and 164, nothing spilled, so 3 blocks of 128 threads fit a multiprocessor instead of 4"
ptxas 10d || exit 1
blocks() { awk -v r="$1" 'BEGIN { print int(int(65536 / (int((r * 32 + 255) / 256) * 256)) / 4) }'; }
row() { # shape, its registers (aligned and misaligned kernels) and blocks as the answer gives them
    local k regs spill all=""
    for k in 1 0; do
        regs=$(registers "cooperative_prefetch_scanI[0-9]*$1Lb$k") spill=$(spills "cooperative_prefetch_scanI[0-9]*$1Lb$k")
        all="$all $regs/$spill"
    done
    echo "  $1: registers/spill bytes:$all; $(blocks "$regs") blocks"
    agree "$1: $2 and $3 registers, no spill, $4 blocks" [ "$all $(blocks "$regs")" = " $2/0 $3/0 $4" ]
}
row one_launch_prefetch 125 128 4
row one_launch_prefetch16 163 164 3
