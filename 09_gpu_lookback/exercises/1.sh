# Exercise 1: the time a tile takes at 2^30 (2,097,152 tiles), against stage 08's hop at 2^28
# (524,288 tiles), from the H100's CSVs.
claim "at 2^30: 34.4 ms make 16.4 ns a tile for one-thread, 12.8 ms 6.1 ns for warp; stage 08's chain takes 570 ms at 2^28, 1.09 microseconds a hop"
near() { awk -v a="$1" -v b="$2" -v tol="$3" 'BEGIN { exit !(a - b <= tol && b - a <= tol) }'; }
a_tile() { awk -v ms="$(value "$1" "$2" "$3" ms_median)" -v tiles="$4" 'BEGIN { printf "%.2f", ms * 1e6 / tiles }'; }
lookback=09_gpu_lookback/results/nvidia-h100-80gb-hbm3.csv
chain=08_gpu_chained/results/nvidia-h100-80gb-hbm3.csv
one=$(a_tile $lookback one-thread 1073741824 2097152) warp=$(a_tile $lookback warp 1073741824 2097152)
hop=$(a_tile $chain chained 268435456 524288)
echo "  ns a tile: one-thread $one, warp $warp; stage 08: $hop ns a hop"
agree "16.4 ns a tile for one-thread" near "$one" 16.4 0.05
agree "6.1 ns for warp" near "$warp" 6.1 0.05
agree "1.09 microseconds a hop" near "$hop" 1090 5
