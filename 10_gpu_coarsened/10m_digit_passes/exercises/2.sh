# Exercise 2: the peers by eight ballots in C, beside __match_any_sync: the patch adds them
# (ballot_peers) and the row sort+ballots-in-c, kept out of the tables; the sed below makes
# rank_keys() call them where the tile says BALLOTS (a line of the student's part of the lesson,
# which a patch would quote). digit_scatter's machine instructions are counted in the cubin, its
# registers and spills read from ptxas.
needs nvcc
sed -i 's/= __match_any_sync(FULL_WARP, digit);/= C::BALLOTS ? ballot_peers(digit) : __match_any_sync(FULL_WARP, digit);/' \
    10_gpu_coarsened/10m_digit_passes/digits.cuh
grep -q 'ballot_peers(digit)' 10_gpu_coarsened/10m_digit_passes/digits.cuh || { echo "  the ranking's match was not found"; exit 1; }
claim "digit_scatter goes from 1248 machine instructions to 2288 with nvcc 13.0: 52 more a key (its 20 keys are unrolled), at 80 registers without a spill"
# The machine instructions of the first kernel whose (mangled) name matches $2 in unit $1's cubin
# for sm_90: its .text section's bytes, 16 an instruction (the padding to 128 bytes included).
instructions() {
    local nvcc cubin
    nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
    cubin=$(mktemp --suffix .cubin)
    "$nvcc" -O3 -std=c++17 -arch=sm_90 -Icommon/contract -Icommon/core -Icommon/apps -cubin \
        "$(unit_dir "$1")/scan.cu" -o "$cubin" || return 1
    readelf -S -W "$cubin" 2>/dev/null | awk -v k="$2" '
        { for (i = 1; i < NF; i++) if ($i ~ /^[.]text[.]/ && $i ~ k) { print $(i + 4); exit } }' |
        { read -r size && echo $((16#$size / 16)); }
    rm -f "$cubin"
}
ptxas 10m >/dev/null || exit 1
match=$(instructions 10m 'digit_scatterI10digit_tile')
ballots=$(instructions 10m 'digit_scatterI12ballots_in_c')
echo "  digit_scatter: __match_any_sync $match instructions, $(registers 'digit_scatterI10digit_tile') registers, $(spills 'digit_scatterI10digit_tile') bytes spilled"
echo "  digit_scatter: eight ballots in C $ballots instructions, $(registers 'digit_scatterI12ballots_in_c') registers, $(spills 'digit_scatterI12ballots_in_c') bytes spilled"
per_key=$(awk -v a="$match" -v b="$ballots" 'BEGIN { printf "%.0f", (b - a) / 20 }')
echo "  $per_key more a key"
agree "the ballots add 40 to 60 instructions a key" awk -v k="$per_key" 'BEGIN { exit !(k >= 40 && k <= 60) }'
agree "80 registers with the ballots" [ "$(registers 'digit_scatterI12ballots_in_c')" = 80 ]
agree "no spill with the ballots" [ "$(spills 'digit_scatterI12ballots_in_c')" = 0 ]
