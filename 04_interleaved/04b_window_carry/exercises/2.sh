# Exercise 2: the first register's `left` loaded from memory too.
needs avx2
claim "every case fails, out of place as well as in place: the first iteration reads in[-1]"
tests 4b --variant avx2+window --case sizes_0_to_70
status=$?
agree "the tests fail" [ $status -ne 0 ]
agree "an out-of-place case fails" grep -q 'out offset' <<<"$OUTPUT"
