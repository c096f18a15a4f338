# Exercise 3: where the one sweep is behind CUB at 2^28 (the committed H100 CSV), and the passes
# the profile against CUB (a committed record) has behind.
claim "behind on few values (0.99), top byte only (0.98) and all-equal keys (0.95), ahead on random and sorted keys (1.05 each): the three inputs where every tile of some passes holds one digit; the profile has each such pass 1.2 to 1.3 times CUB's, each random pass within 5%"
unit=10_gpu_coarsened/10o_onesweep
csv=$unit/results/nvidia-h100-80gb-hbm3.csv
n=268435456
behind=""
for input in "" @few-values @high-bits @all-equal @sorted; do
    x=$(awk -v a="$(value "$csv" "cub-sort$input" $n ms_median)" -v b="$(value "$csv" "sort+onesweep$input" $n ms_median)" 'BEGIN { printf "%.2f", a / b }')
    echo "  sort+onesweep${input:-@random}: $x x cub-sort"
    less "$x" 1 && behind="$behind ${input#@}"
done
agree "behind CUB on few-values, high-bits and all-equal keys only" [ "$behind" = " few-values high-bits all-equal" ]
# The profile's table of each kernel's time at the GPU's own clock: "keys  ours X CUB Y  pass/pass ...".
record=$unit/results/development/nvidia-h100-80gb-hbm3-ncu-vs-cub.txt
passes() { # input: each pass's ours / CUB
    awk -v k="$1" '$1 == "#" && $2 == k && $3 == "ours" { for (i = 7; i <= NF; i++) { split($i, t, "/"); printf "%.2f ", t[1] / t[2] } }' "$record"
}
for input in random few-values all-equal sorted high-bits; do echo "  profile, $input: passes $(passes $input)x CUB's"; done
one_digit="$(passes all-equal) $(passes few-values | cut -d' ' -f2-4) $(passes high-bits | cut -d' ' -f1-3)"
agree "each one-digit pass 1.2 to 1.3 times CUB's" awk -v l="$one_digit" 'BEGIN { n = split(l, r, " "); for (i = 1; i <= n; i++) if (r[i] < 1.2 || r[i] > 1.3) exit 1; exit n != 10 }'
agree "each random pass within 5% of CUB's" awk -v l="$(passes random)" 'BEGIN { n = split(l, r, " "); for (i = 1; i <= n; i++) if (r[i] > 1.05) exit 1; exit n != 4 }'
