# Stage 02's diagram. Left: the local prefix of four lanes in one register, two shift-and-add
# steps (prefix4). Right: the accumulate pass, the carry s broadcast to four lanes and added to each
# block, the next carry s + p[3]: one add per block on the chain. Drawn by `make diagrams`.
set terminal svg size 1000,360 font "Helvetica,12" background rgb "white"
set output "diagram.svg"
unset border; unset tics; unset key
set termoption noenhanced
set margins 0, 0, 0, 0
set xrange [0:1000]; set yrange [0:360]

grey = "#566573"; shift = "#2e86c1"; chain = "#c0392b"; cell = "#f2f3f4"; carry = "#fadbd8"

# ---- left: the in-register prefix -------------------------------------------------------------
set label 1 "1. prefix4: two shift-and-add steps in one register" at 20, 335 left font "Helvetica,13"
ry(r) = 270 - r * 100
lx(i) = 110 + i * 76
set label 2 "x"      at 15, ry(0) left
set label 3 "step 1" at 15, ry(1) left
set label 4 "step 2" at 15, ry(2) left
do for [r = 0:2] {
    do for [i = 0:3] {
        k = 200 + r * 4 + i
        set object k rect center lx(i), ry(r) size 70, 28 fc rgb cell fs solid border rgb grey
        # the r-th row of rows, lane i
        row = r == 0 ? "a b c d" : r == 1 ? "a a+b b+c c+d" : "a a+b a+b+c a+b+c+d"
        set label k word(row, i + 1) at lx(i), ry(r) center
    }
}
do for [r = 0:1] {
    s = r == 0 ? 1 : 2
    do for [i = 0:3] {
        set arrow (10 + r * 8 + i) from lx(i), ry(r) - 14 to lx(i), ry(r + 1) + 14 head size 6, 25 lc rgb grey lw 1.2
        if (i + s <= 3) {
            set arrow (14 + r * 8 + i) from lx(i) + 8, ry(r) - 14 to lx(i + s) - 8, ry(r + 1) + 14 \
                head size 6, 25 lc rgb shift lw 1.8
        }
    }
}
set label 5 "+ x shifted up" at lx(3) + 46, ry(0) - 42 left tc rgb shift
set label 14 "1 lane (4 bytes)" at lx(3) + 46, ry(0) - 58 left tc rgb shift
set label 6 "+ x shifted up" at lx(3) + 46, ry(1) - 42 left tc rgb shift
set label 15 "2 lanes (8 bytes)" at lx(3) + 46, ry(1) - 58 left tc rgb shift
set label 7 "lanes with nothing to their left add zero" at 20, 30 left tc rgb grey

# ---- right: accumulate -------------------------------------------------------------------------
set label 8 "2. accumulate: one add per block on the chain" at 540, 335 left font "Helvetica,13"
local = "3 4 11 11 4 5 11 14 2 7 7 8"
sums  = "0 0 0 0 11 11 11 11 25 25 25 25"
done  = "3 4 11 11 15 16 22 25 27 32 32 33"
cw = 28; bw = 4 * cw; gap = 22
bx(b) = 610 + b * (bw + gap)
cx(b, i) = bx(b) + (i + 0.5) * cw
ya = 270; yb = 190; yc = 100
set label 9  "pass 1"   at 540, ya left
set label 10 "+ s"      at 540, yb left tc rgb chain
set label 11 "="        at 540, yc left
do for [b = 0:2] {
    do for [i = 0:3] {
        j = b * 4 + i + 1
        set object (100 + j) rect center cx(b, i), ya size cw, 28 fc rgb cell fs solid border rgb grey
        set label  (100 + j) word(local, j) at cx(b, i), ya center
        set object (120 + j) rect center cx(b, i), yb size cw, 28 fc rgb carry fs solid border rgb grey
        set label  (120 + j) word(sums, j) at cx(b, i), yb center
        set object (140 + j) rect center cx(b, i), yc size cw, 28 fc rgb cell fs solid border rgb grey
        set label  (140 + j) word(done, j) at cx(b, i), yc center
    }
    set label (170 + b) sprintf("block %d", b) at bx(b) + bw / 2, ya + 30 center tc rgb grey
    if (b < 2) {
        # the chain: s of block b+1 = s of block b + p[3] of block b
        set arrow (40 + b) from bx(b) + bw, yb to bx(b + 1), yb head size 7, 25 lc rgb chain lw 2.5
        set arrow (45 + b) from cx(b, 3), ya - 14 to bx(b + 1) + 4, yb + 14 head size 7, 25 lc rgb chain lw 1.5 dt 2
    }
}
set label 12 "s is in all four lanes; the next s = s + p[3] (dashed)," at 540, 50 left tc rgb chain
set label 13 "the only dependency from one block to the next" at 540, 30 left tc rgb chain

plot NaN notitle
