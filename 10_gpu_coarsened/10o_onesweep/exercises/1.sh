# Exercise 1: the one sweep chained, as stage 08's scan: no tile publishes AGGREGATE, so each
# waits for the PREFIX of the tile before it. The patch adds the row sort+onesweep-chained (kept
# out of the tables); the sed below keeps its AGGREGATE unpublished (a line of the student's part
# of the lesson, which a patch would quote). Timed in one run beside sort+onesweep, 2^26 random keys.
needs gpu
sed -i 's/^\( *\)\(publish<W>(descriptors, tile, bin, STATUS_AGGREGATE\)/\1if (!C::CHAINED) \2/' \
    10_gpu_coarsened/10o_onesweep/onesweep.cuh
grep -q 'if (!C::CHAINED) publish' 10_gpu_coarsened/10o_onesweep/onesweep.cuh || { echo "  the publish of AGGREGATE was not found"; exit 1; }
claim "the chained pass is more than twice as slow: the tiles' look-backs run one after another, where with the counts published at once a walk adds them and goes on; the record gives the times"
bench 10o --sizes 2^26 --budget 0.1 --inputs none --variant sort+onesweep-chained \
    --variant sort+onesweep || exit 1
n=67108864
chained=$(value "$CSV" sort+onesweep-chained $n ms_median)
decoupled=$(value "$CSV" sort+onesweep $n ms_median)
cub=$(value "$CSV" cub-sort $n ms_median)
echo "  2^26: chained $chained ms, decoupled $decoupled ms ($(awk -v a="$chained" -v b="$decoupled" 'BEGIN { printf "%.1f", a / b }')x); cub-sort $cub ms"
agree "the chained pass more than twice as slow" more "$chained" "$(awk -v b="$decoupled" 'BEGIN { print 2 * b }')"
