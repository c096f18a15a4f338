# Exercise 3: the gain split between the ranking and the tile. The patch adds the ballots at two
# blocks a multiprocessor (the row sort+ballots-two-blocks, kept out of the tables), timed in one
# run beside 10m's match (sort+digit-passes, two blocks) and this step's tile (three blocks), at
# 2^26 random keys.
needs gpu
claim "the ballots are faster than the match at the same two blocks a multiprocessor (the ranking's gain), and three blocks faster again (the tile's); the record gives each time"
bench 10n --sizes 2^26 --budget 0.1 --inputs none --variant sort+digit-passes \
    --variant sort+ballots-two-blocks --variant sort+ballot-ranking || exit 1
n=67108864
match=$(value "$CSV" sort+digit-passes $n ms_median)
two=$(value "$CSV" sort+ballots-two-blocks $n ms_median)
three=$(value "$CSV" sort+ballot-ranking $n ms_median)
cub=$(value "$CSV" cub-sort $n ms_median)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
echo "  2^26: match $match ms, ballots at two blocks $two, at three $three; cub-sort $cub"
echo "  the ranking: $(ratio "$match" "$two")x; the tile: $(ratio "$two" "$three")x; together $(ratio "$match" "$three")x"
echo "  x cub-sort: match $(ratio "$cub" "$match"), ballots at two blocks $(ratio "$cub" "$two"), at three $(ratio "$cub" "$three")"
agree "the ballots faster than the match at two blocks" less "$two" "$match"
agree "three blocks faster than two" less "$three" "$two"
