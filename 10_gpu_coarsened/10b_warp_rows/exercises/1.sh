# Exercise 1: one tile's scan per thread, for 128 threads of 12 vectors in each layout (the rows
# exchange-128x12 and warp-rows-128x12), counted in the kernels' PTX (every loop there unrolled).
needs nvcc
claim "the exchange: 48 vector accesses to shared memory (each vector written and read twice) and 5 words in its block scan, 10 shuffles (5 in every warp, 5 more in warp 0), 3 barriers in the block scan and 2 in the exchange; warp rows: 60 shuffles for the 12 row scans, 12 for the row totals, 7 to join the warps, one shared store and one load, one barrier"
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
mkdir -p build
"$nvcc" -O3 -std=c++17 -arch=${GPU_ARCH:-sm_90} -Icommon/contract -Icommon/core -Icommon/apps -ptx \
    10_gpu_coarsened/10b_warp_rows/scan.cu -o build/scan.ptx || exit 1
# a kernel's count of one kind of instruction (the kernel for an aligned in)
count() { awk -v k="$1" -v i="$2" '/\.entry/ { on = $0 ~ k } on && $0 ~ i { n++ } END { print n + 0 }' build/scan.ptx; }
# What both kernels share, not the tile's scan: claim_tile and tile_carry (a shared word stored,
# a barrier, the word loaded, each) and the look-back's 5 shuffles.
scan_part() { # kernel: shared vectors, shared words, shuffles, barriers of its tile scan
    echo "$(count "$1" '(ld|st)\.shared\.v4') $(( $(count "$1" '(ld|st)\.shared\.u32') - 4 ))" \
        "$(( $(count "$1" 'shfl\.sync') - 5 )) $(( $(count "$1" 'bar\.sync') - 2 ))"
}
exchange=$(scan_part 'I15exchange_128x12Lb1') rows=$(scan_part 'I16warp_rows_128x12Lb1')
echo "  shared vectors, shared words, shuffles, barriers: exchange $exchange; warp rows $rows"
echo "  warp rows' shuffles: $(count 'I16warp_rows_128x12Lb1' 'shfl\.sync\.up') up (12 row scans and 1 join of 5), $(count 'I16warp_rows_128x12Lb1' 'shfl\.sync\.idx') from one lane (12 row totals, 2 in the join)"
agree "the exchange: 48, 5, 10, 5" [ "$exchange" = "48 5 10 5" ]
agree "warp rows: 0, 2, 79, 1" [ "$rows" = "0 2 79 1" ]
agree "warp rows' shuffles: 60 + 5 up, 12 + 2 from one lane" [ "$(count 'I16warp_rows_128x12Lb1' 'shfl\.sync\.up') $(count 'I16warp_rows_128x12Lb1' 'shfl\.sync\.idx')" = "65 14" ]
