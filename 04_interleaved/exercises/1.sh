# Exercise 1: what an array shorter than LAG runs, read from the machine code beside stage 02's.
needs avx2
claim "stage 02's two passes, avx2+sse: below LAG both interleave() calls are empty, so all the prefixes run, then all the accumulates; the wind-down is 02's accumulate loop instruction for instruction, and the start-up 02's prefix8 pass, which gcc unrolls (it runs at most LAG / 8 = 16 times); the tests run every size from 0 to 70 through it"
loops() { objdump -d --no-show-raw-insn "$1" | awk -v fn="$2" -f 01_scalar/exercises/loops.awk; }
mnemonics() { # every instruction of a function, in order, on one line
    objdump -d --no-show-raw-insn "$1" | awk -v fn="$2" '$0 ~ "<" fn ">:$" { on = 1; next } /^$/ { on = 0 }
        on { split($0, f, "\t"); split(f[2], w, " "); printf "%s ", w[1] }'
}
tests 4 --variant interleaved --case sizes_0_to_70
agree "sizes 0 to 70 pass" [ $? = 0 ]
build 2 || exit 1
pass1=$(loops build/02_sse/scan.o scan_avx2_sse | sed -n 1p)
pass2=$(loops build/02_sse/scan.o scan_avx2_sse | sed -n 2p)
echo "  02's prefix8 pass:  $pass1"
echo "  02's accumulate:    $pass2"
body=$(sed 's/^[0-9]*: //; s/ add cmp jb$//' <<<"$pass1") # one register's prefix8, without the loop's counter
copies=$(mnemonics build/04_interleaved/scan.o scan_interleaved | grep -o "$body" | wc -l)
ours=$(loops build/04_interleaved/scan.o scan_interleaved)
agree "04's interleaved has 02's accumulate loop" grep -qxF "$pass2" <<<"$ours"
agree "and $copies copies of 02's prefix8 body ($body), the start-up unrolled" [ "$copies" = 16 ]
