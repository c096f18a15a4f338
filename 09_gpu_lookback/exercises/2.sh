# Exercise 2: the descriptor in two 32-bit words, with stage 08's fences, and a sleep between the
# publisher's two stores.
needs gpu
claim "many_tiles fails with wrong sums, for both look-backs: a reader loads the status (AGGREGATE), the publisher stores its prefix into the value word, the reader loads the value and adds a prefix as an aggregate"
wrong_sums() { [ "$1" -ne 0 ] && grep -q 'first wrong index' <<<"$OUTPUT"; }
for v in one-thread warp; do
    tests 9 --variant $v --case many_tiles
    agree "$v: the tests fail, with a wrong sum" wrong_sums $?
done
