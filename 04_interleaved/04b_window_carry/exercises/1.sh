# Exercise 1: `left` shifted in by shift_in8 for every register, none loaded.
needs avx2
claim "two more shuffles for every register but the first of an iteration (shift_in8 by 1 is a vperm2i128 and a vpalignr): 40 per 64 elements instead of 26, for one load less; shuffles are what limits the loop in the caches, so at 2^14 avx2+window's speed over avx2's, each measured in one run, falls by more than a tenth"
loops() { objdump -d --no-show-raw-insn "$1" | awk -v fn="$2" -f 01_scalar/exercises/loops.awk; }
shuffles() { # in the AVX2 window loop, 64 elements an iteration
    loops build/04_interleaved/04b_window_carry/scan.o 'scan_avx2_pass[.a-z0-9]*' |
        awk -F: '$1 > 50 && /vperm2i128/' | grep -oE 'vperm2i128|vpalignr' | wc -l
}
lead() { # avx2+window's speed over avx2's at 2^14, from each row's fastest batch
    bench 4b --sizes 2^14 --budget 0.2 --variant avx2 --variant avx2+window >/dev/null || return 1
    awk -v a="$(value "$CSV" avx2 16384 ms_min)" -v b="$(value "$CSV" avx2+window 16384 ms_min)" 'BEGIN { printf "%.2f", a / b }'
}
build 4b || exit 1
shifted=$(shuffles) shifted_lead=$(lead) || exit 1
GIT_CEILING_DIRECTORIES=$(dirname "$PWD") git apply -R 04_interleaved/04b_window_carry/exercises/1.patch || exit 1
build 4b || exit 1
loaded=$(shuffles) loaded_lead=$(lead) || exit 1
echo "  shuffles per 64 elements: $loaded with left loaded, $shifted with left shifted in"
echo "  avx2+window's speed over avx2's at 2^14: $loaded_lead with left loaded, $shifted_lead shifted in"
agree "26 shuffles per 64 elements with left loaded, 40 shifted in" [ "$loaded $shifted" = "26 40" ]
agree "avx2+window's speed over avx2's falls by more than a tenth" \
    less "$(awk -v a="$shifted_lead" -v b="$loaded_lead" 'BEGIN { print a / b }')" 0.9
