# Exercise 1: a tile's polls (atomics) with and without QUIET, counted by this step's lookback.cuh
# run on the CPU (1.cc: 32 threads play the warp's lanes over scripted descriptors).
claim "a window costs 32 atomics a round. Nearest PREFIX 1 back: 32 with or without QUIET. 10 back, one needed lane INVALID for 5 rounds: 6 rounds, 192 atomics, against 32 + 5 = 37 quiet. 40 back: 192 against 37 for the first window, plus 32 for the second, 224 against 69"
cxx=$(command -v g++ || command -v c++) || { echo "SKIP: this exercise needs a C++ compiler (g++), which this machine lacks"; exit 77; }
mkdir -p build
"$cxx" -std=c++20 -O1 -pthread -I10_gpu_coarsened/10c_quiet_lookback \
    10_gpu_coarsened/10c_quiet_lookback/exercises/1.cc -o build/lookback-polls || exit 1
for case in "1 32 32" "10 192 37" "40 224 69"; do
    read -r back loud quiet <<<"$case"
    got=$(build/lookback-polls "$back" 5)
    echo "  nearest PREFIX $back back, tile - 5 INVALID for 5 rounds: $got atomics (without QUIET, with it)"
    agree "$back back: $loud without QUIET, $quiet with it" [ "$got" = "$loud $quiet" ]
done
