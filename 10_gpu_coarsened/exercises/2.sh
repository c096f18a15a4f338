# Exercise 2: the shapes without their whole-tile path (the rows ipt4-checked .. ipt16-checked:
# every vector through load_vector and store_vector), beside the shapes as they are; the registers
# and blocks of 512 threads a multiprocessor as in exercise 1.
needs nvcc
claim "ipt16 goes from 40 to 48 registers a thread: 65536 / (512 x 48) = 2 blocks instead of 3; ipt12, ipt8 and ipt4 (40, 39, 31) change by one register at most and keep their blocks (3, 3, 4)"
ptxas 10 || exit 1
blocks() { awk -v r="$1" 'BEGIN { b = int(int(65536 / (int((r * 32 + 255) / 256) * 256)) / 16); print b < 4 ? b : 4 }'; }
row() { # shape, its registers and blocks with the whole-tile path, then without, as the answer gives them
    local with without
    with=$(registers "coarsened_scanI[0-9]*$1Lb1") without=$(registers "coarsened_scanI7checkedI[0-9]*$1ELb1")
    echo "  $1: $with registers, $(blocks "$with") blocks; without the whole-tile path $without, $(blocks "$without")"
    agree "$1: $2 registers and $3 blocks become $4 and $5" \
        [ "$with $(blocks "$with") $without $(blocks "$without")" = "$2 $3 $4 $5" ]
}
row ipt16 40 3 48 2
row ipt12 40 3 40 3
row ipt8 39 3 39 3
row ipt4 32 4 31 4
