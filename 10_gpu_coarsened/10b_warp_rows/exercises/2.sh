# Exercise 2: warp_rows with MIN_BLOCKS = 1 and 6 (the rows warp-rows-b1 and warp-rows-b6), beside
# its 5; ptxas's registers and spill stores, sm_90 (65536 registers a multiprocessor).
needs nvcc
claim "the registers follow the bound: 127 with MIN_BLOCKS = 1 (4 blocks of 128 threads fit), 96 with 5 (5 fit), 80 with 6 (6 fit), where ptxas reports 44 to 52 bytes of spill stores; none spill below"
ptxas 10b || exit 1
blocks() { awk -v r="$1" 'BEGIN { print int(int(65536 / (int((r * 32 + 255) / 256) * 256)) / 4) }'; }
row() { # shape, the registers, blocks and bytes of spill stores (aligned, misaligned kernel) the answer gives
    local k regs all=""
    for k in 1 0; do
        regs=$(registers "coarsened_scanI[0-9]*$1Lb$k")
        all="$all $regs/$(blocks "$regs")/$(spills "coarsened_scanI[0-9]*$1Lb$k")"
    done
    echo "  $1: registers/blocks/spill bytes:$all"
    agree "$1: $2 registers, $3 blocks, spill stores of $4 and $5 bytes" [ "$all" = " $2/$3/$4 $2/$3/$5" ]
}
row warp_rows_b1 127 4 0 0
row warp_rows 96 5 0 0
row warp_rows_b6 80 6 44 52
