# Exercise 2: one look-back's polls (atomics), with and without the peek, counted by this step's
# lookback.cuh run on the CPU (2.cc: 32 threads play the warp's lanes over scripted descriptors).
claim "predecessor done: 1 atomic with the peek, 32 without; nearest PREFIX 10 back, all valid: 33 with the peek (the peek, then the window), 32 without; each round that waits on an INVALID lane adds one more, peek or not (37 and 38 when the descriptor 5 back waits 5 rounds)"
cxx=$(command -v g++ || command -v c++) || { echo "SKIP: this exercise needs a C++ compiler (g++), which this machine lacks"; exit 77; }
mkdir -p build
"$cxx" -std=c++20 -O1 -pthread -I10_gpu_coarsened/10f_peek_lookback \
    10_gpu_coarsened/10f_peek_lookback/exercises/2.cc -o build/lookback-polls || exit 1
for case in "1 0 32 1 the predecessor done" "10 0 32 33 PREFIX 10 back, all valid" \
    "10 5 37 38 PREFIX 10 back, tile - 5 INVALID for 5 rounds"; do
    read -r back wait without with what <<<"$case"
    got=$(build/lookback-polls "$back" "$wait")
    echo "  $what: $got atomics (without the peek, with it)"
    agree "$what: $without without the peek, $with with it" [ "$got" = "$without $with" ]
done
