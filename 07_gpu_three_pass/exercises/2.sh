# Exercise 2: pass 3 adds what the article's exclusive pass 2 leaves at b - 1 (tile_sums[b - 2] here).
needs gpu
claim "the first array of two tiles fails: n = 513, at index 512, the first element of tile 1"
tests 7 --variant shuffle --case sizes_powers_of_two
status=$?
agree "the tests fail" [ $status -ne 0 ]
agree "first at n = 513, index 512" grep -q 'first wrong index 512 of n=513:' <<<"$OUTPUT"
