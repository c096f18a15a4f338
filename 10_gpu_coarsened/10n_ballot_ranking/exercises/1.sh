# Exercise 1: digit_peers() in C beside CUB's PTX (the patch adds the row sort+ballots-in-c, kept
# out of the tables); digit_scatter's machine instructions counted in the cubin, its registers and
# spills from ptxas.
needs nvcc
claim "with nvcc 13.0, digit_scatter takes 1760 machine instructions with the PTX ballots and 2328 with the same ballots in C: 28 more a key (its 20 keys are unrolled), where ptxas tests each bit apart; both fit 56 registers without a spill. (__match_any_sync's, at two blocks: 1248.)"
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
ptxas 10n >/dev/null || exit 1
for kernel in 'digit_scatterI10digit_tile' 'digit_scatterI11ballot_tile' 'digit_scatterI12ballots_in_c'; do
    echo "  $kernel: $(instructions 10n "$kernel") instructions, $(registers "$kernel") registers, $(spills "$kernel") bytes spilled"
done
ptx=$(instructions 10n 'digit_scatterI11ballot_tile')
in_c=$(instructions 10n 'digit_scatterI12ballots_in_c')
per_key=$(awk -v a="$ptx" -v b="$in_c" 'BEGIN { printf "%.0f", (b - a) / 20 }')
echo "  the ballots in C: $per_key more a key"
agree "the ballots in C take 20 to 35 more instructions a key" awk -v k="$per_key" 'BEGIN { exit !(k >= 20 && k <= 35) }'
agree "56 registers, no spill, in PTX" [ "$(registers 'digit_scatterI11ballot_tile')/$(spills 'digit_scatterI11ballot_tile')" = 56/0 ]
agree "56 registers, no spill, in C" [ "$(registers 'digit_scatterI12ballots_in_c')/$(spills 'digit_scatterI12ballots_in_c')" = 56/0 ]
