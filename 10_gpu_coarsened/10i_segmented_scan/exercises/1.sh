# Exercise 1: the segmented scan's look-back joined by the butterfly (COMMUTE true).
needs gpu
claim "lane 0 of the butterfly joins a window newest tile first, so the oldest head in it wins and the sums of the newer tiles after that head are lost. One tile (sizes 0 to 70) has no look-back and passes. With many tiles the scan fails, first past the first two tiles (tile 1 looks back at tile 0 alone, which publishes its PREFIX at once); only the elements before their tile's first head take the carry, so under 30% of them go wrong"
tests 10i --variant segmented-sum --case sizes_0_to_70
agree "one tile passes (sizes 0 to 70)" [ $? -eq 0 ]
tests 10i --variant segmented-sum --case many_tiles
agree "many tiles fail" [ $? -ne 0 ]
first=$(grep -o 'first wrong index [0-9]*' <<<"$OUTPUT" | head -n 1 | grep -o '[0-9]*$')
agree "the first wrong element, index ${first:-none}, lies past the first two tiles (4096 elements each)" more "${first:-0}" 8191
wrong=$(grep -o '[0-9]* of [0-9]* elements wrong' <<<"$OUTPUT" | head -n 1)
share=$(awk '{ printf "%.3f", $1 / $3 }' <<<"${wrong:-0 of 1}")
agree "${wrong:-none wrong}: $share of them, under 0.3" less "$share" 0.3
