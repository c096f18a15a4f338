# Exercise 3: both _mm_sfence() deleted.
needs avx2
claim "the tests still pass, and scan.o has no sfence left: one thread reads its own stores in program order, streamed or not, so no single-threaded test can see the fence; it is there for other threads: non-temporal stores are weakly ordered, and without _mm_sfence a thread that sees a store made after the scan (a flag saying it is done) may still read stale lines of out"
tests 4c --variant avx2+window+nt --variant avx512+window+nt
agree "the tests pass" [ $? = 0 ]
fences=$(objdump -d build/04_interleaved/04c_streaming_stores/scan.o | grep -c sfence)
GIT_CEILING_DIRECTORIES=$(dirname "$PWD") git apply -R 04_interleaved/04c_streaming_stores/exercises/3.patch && build 4c || exit 1
kept=$(objdump -d build/04_interleaved/04c_streaming_stores/scan.o | grep -c sfence)
agree "scan.o has $kept sfence instructions as given, $fences without them" eval '[ "$fences" = 0 ] && [ "$kept" -ge 2 ]'
