# Exercise 2: out's 16-byte stores made unconditional (out_aligned always true).
needs gpu
claim "the first case that puts out at another offset than in fails with a CUDA error, a misaligned address, not a wrong value"
tests 7a --variant shuffle+coarsened --case skewed_tile_edges
status=$?
agree "the tests fail" [ $status -ne 0 ]
agree "with a CUDA error: misaligned address" grep -q 'CUDA error.*misaligned address' <<<"$OUTPUT"
no_wrong_value() { ! grep -q 'first wrong index' <<<"$OUTPUT"; }
agree "not with a wrong value" no_wrong_value
