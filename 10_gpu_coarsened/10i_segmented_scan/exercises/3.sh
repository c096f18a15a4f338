# Exercise 3: the segmented scan's tile at 10h's 16 vectors a thread (the patch), at 4, 3 and 2
# blocks a multiprocessor; then the step's 8 vectors at 4 and 5 blocks.
needs nvcc
claim "at 16 vectors the pairs spill at 4 blocks a multiprocessor (128 registers) and at 3 (168), and fit only at 2 (216 registers, no spill): 2 blocks of 8192 elements put no more elements in flight than 4 blocks of 4096 (16384 a multiprocessor). The step's 8 vectors need 112 registers at 4 blocks, no spill, and spill at 5"
file=10_gpu_coarsened/10i_segmented_scan/scan.cu
kernel=segmented_scanI14segmented_tileLb1ELb1 # (in, out and the heads aligned alike)
tile() { # vectors blocks: registers and spill of the segmented scan's kernel
    sed -i "s/static constexpr int VECS = [0-9]*, MIN_BLOCKS = [0-9]*;/static constexpr int VECS = $1, MIN_BLOCKS = $2;/" "$file"
    ptxas 10i >/dev/null || exit 1
    registers=$(registers "$kernel") spilled=$(spills "$kernel")
    echo "  $1 vectors, $2 blocks: $registers registers, $spilled bytes spilled"
}
tile 16 4
agree "16 vectors spill at 4 blocks" more "$spilled" 0
tile 16 3
agree "and at 3" more "$spilled" 0
tile 16 2
agree "but not at 2" [ "$spilled" = 0 ]
agree "elements in flight a multiprocessor: 2 x 128 x 16 x 4 = 4 x 128 x 8 x 4 = 16384" [ $((2 * 128 * 16 * 4)) = $((4 * 128 * 8 * 4)) ]
tile 8 4
agree "8 vectors fit at 4 blocks ($registers registers, no spill)" [ "$spilled" = 0 ]
tile 8 5
agree "8 vectors spill at 5 blocks" more "$spilled" 0
