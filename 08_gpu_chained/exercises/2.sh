# Exercise 2: blockIdx.x as the tile order instead of a ticket.
needs gpu
claim "the tests pass on this GPU, which starts blocks in increasing blockIdx.x: a pass proves nothing CUDA promises"
tests 8 --small
agree "the tests pass" [ $? -eq 0 ]
