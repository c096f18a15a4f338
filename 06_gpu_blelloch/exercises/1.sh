# Exercise 1: slot(i) = i + i / 32 + i / 1024 (the row blelloch-padded-twice).
claim "one round per warp access at every level, counted from the indices; ncu then finds under 1.01 shared-load wavefronts per shared load (blelloch-padded: about 1.06), and the time changes by less than 3%"
# The lesson's table, counted from the indices: the most distinct words a bank holds (the rounds)
# among the warp accesses of each up-sweep level, for each slot().
rounds() { # padding words: 0 none, 1 after every 32, 2 after every 32 and every 1024
    awk -v k="$1" 'function slot(i) { return k == 0 ? i : k == 1 ? i + int(i / 32) : i + int(i / 32) + int(i / 1024) }
    BEGIN { o = 1
        for (d = 1024; d > 0; d = int(d / 2)) {
            worst = 0
            for (w = 0; w < d; w += 32) for (side = 1; side <= 2; side++) {
                split("", words); split("", count)
                for (t = w; t < w + 32 && t < d; t++) {
                    s = slot(o * (2 * t + side) - 1)
                    if (!(s in words)) { words[s] = 1; if (++count[s % 32] > worst) worst = count[s % 32] }
                }
            }
            printf "%s%d", d == 1024 ? "" : " ", worst; o *= 2
        }
        print "" }'
}
echo "  rounds at offsets 1 .. 1024: blelloch $(rounds 0); blelloch-padded $(rounds 1); blelloch-padded-twice $(rounds 2)"
agree "the lesson's padded row, from the indices" [ "$(rounds 1)" = "1 1 1 1 1 2 2 2 2 2 1" ]
agree "one round at every level with the second padding" [ "$(rounds 2)" = "1 1 1 1 1 1 1 1 1 1 1" ]
[ $DISAGREED = 0 ] || exit 1
needs gpu
build 6 || exit 1
ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
M=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_inst_executed_op_shared_ld.sum
for v in blelloch-padded blelloch-padded-twice; do
    per_load=$("$ncu" --clock-control none -k regex:single_block_scan -c 1 --metrics $M \
        build/06_gpu_blelloch/bench --sizes 2^20 --budget 0.01 --variant $v 2>&1 | awk '
        $1 ~ /wavefronts_mem_shared_op_ld/ { gsub(",", "", $NF); w = $NF }
        $1 ~ /inst_executed_op_shared_ld/ { gsub(",", "", $NF); i = $NF }
        END { if (w && i) printf "%.3f", w / i }')
    echo "  $v: ${per_load:-no ncu count} shared-load wavefronts per shared load"
    [ $v = blelloch-padded ] && padded=$per_load || twice=$per_load
done
agree "blelloch-padded: about 1.06 wavefronts a load" more "${padded:-0}" 1.03
agree "blelloch-padded-twice: under 1.01" less "${twice:-9}" 1.01
bench 6 --sizes 2^20 --budget 0.1 --variant blelloch-padded --variant blelloch-padded-twice
ratio=$(awk -v a="$(value "$CSV" blelloch-padded-twice 1048576 ms_median)" \
    -v b="$(value "$CSV" blelloch-padded 1048576 ms_median)" 'BEGIN { if (b) printf "%.3f", a / b }')
echo "  blelloch-padded-twice takes $ratio times blelloch-padded's time at 2^20"
between() { more "$1" "$2" && less "$1" "$3"; }
agree "less than 3% apart" between "${ratio:-0}" 0.97 1.03
