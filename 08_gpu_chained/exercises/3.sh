# Exercise 3: no fence between the reader's flag and its prefix load; the repeatable case 5 times.
needs gpu
claim "repeatable (4000 tiles, 30 runs compared bit for bit) passes in each of 5 runs: a passing run proves only that the bad order did not happen in it"
passed=0
for run in 1 2 3 4 5; do
    tests 8 --case repeatable >/dev/null && passed=$((passed + 1))
done
echo "  repeatable passed $passed of 5 runs"
agree "every run passes" [ $passed -eq 5 ]
