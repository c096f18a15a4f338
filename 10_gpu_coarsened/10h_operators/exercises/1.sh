# Exercise 1: the float sum's look-back joined by the butterfly (REGROUP true); the patch also adds
# a case of whole numbers (test.c's whole_numbers).
needs gpu
claim "the butterfly joins a window up to the first PREFIX it finds, and where that lies the timing decides: float sums, rounded in another grouping on each run, change from run to run. The repeatable case (one input of 2000 tiles scanned 30 times) fails within three runs of the tests, on an output that differs from the first run's while every output keeps within the error bound. Whole numbers whose sums stay below 2^24 pass: each partial sum is exact, in any grouping"
failed_on=0
for run in 1 2 3; do
    if ! tests 10h --variant float-sum --case repeatable; then
        failed_on=$run
        break
    fi
done
agree "repeatable fails (on run $failed_on of the tests; 0: it passed three times)" [ "$failed_on" -ne 0 ]
agree "on a difference from the first run, the error bound holding" grep -q 'differs from the first run' <<<"$OUTPUT"
tests 10h --variant float-sum --case whole_numbers
agree "whole numbers pass (1000 tiles, each out-of-place scan run twice, 10 times over)" [ $? -eq 0 ]
