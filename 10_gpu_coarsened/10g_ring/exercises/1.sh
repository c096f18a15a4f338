# Exercise 1: ring+bulk with 6 slots in 1 block a multiprocessor against its 3 slots in each of 2,
# from the development run that measured the ring's shapes on the H100
# (results/development/nvidia-h100-80gb-hbm3-ring-shapes.csv: ring[+bulk]-THREADSxVECS-sSTAGESbMIN_BLOCKS).
claim "at 2^28, 6 slots in one block (ring+bulk-256x8-s6b1) reach 0.848 of copy, against 0.958 for 3 slots in each of two blocks (ring+bulk-256x8-s3b2, this step's ring+bulk) and 0.989 for one-launch+prefetch"
csv=10_gpu_coarsened/10g_ring/results/development/nvidia-h100-80gb-hbm3-ring-shapes.csv
of_copy() { awk -v a="$(value $csv "$1" 268435456 gb_s)" -v c="$(value $csv copy 268435456 gb_s)" 'BEGIN { printf "%.3f", a / c }'; }
for v in ring+bulk-256x8-s6b1 ring+bulk-256x8-s3b2 one-launch+prefetch; do
    echo "  $v: $(of_copy $v) of copy at 2^28"
done
agree "0.848 for 6 slots in one block" [ "$(of_copy ring+bulk-256x8-s6b1)" = 0.848 ]
agree "0.958 for 3 slots in each of two" [ "$(of_copy ring+bulk-256x8-s3b2)" = 0.958 ]
agree "0.989 for one-launch+prefetch" [ "$(of_copy one-launch+prefetch)" = 0.989 ]
