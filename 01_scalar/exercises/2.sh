# Exercise 2: stage 01 built without -fno-tree-vectorize -fno-tree-slp-vectorize.
claim "no: without the flags gcc gives scan.o the same machine code, and even with -march=native no instruction names a vector register; each sum needs the one before, a dependency the vectorizer does not break"
build 1 || exit 1
objdump -d --no-show-raw-insn build/01_scalar/scan.o | tail -n +4 >build/without-flags.txt
vector=$(grep -c '%[xyz]mm' build/without-flags.txt)
native=$(cc -std=c11 -O3 -march=native -Icommon/contract -c 01_scalar/scan.c -o build/native.o &&
    objdump -d build/native.o | grep -c '%[xyz]mm')
# the same, with the flags back (the change undone)
GIT_CEILING_DIRECTORIES=$(dirname "$PWD") git apply -R 01_scalar/exercises/2.patch || exit 1
build 1 || exit 1
objdump -d --no-show-raw-insn build/01_scalar/scan.o | tail -n +4 >build/with-flags.txt
agree "no instruction of scan.o names a vector register ($vector)" [ "$vector" = 0 ]
agree "none with -march=native either ($native)" [ "$native" = 0 ]
agree "the machine code is the same with and without the flags" cmp -s build/without-flags.txt build/with-flags.txt
