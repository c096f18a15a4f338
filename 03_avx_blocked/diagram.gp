# Stage 03's diagram: time runs to the right. 02_sse makes pass 1 over the whole array, then pass 2
# over the whole array again; 03_avx_blocked makes both passes over one block of 4096 elements while
# it is in L1, hands the carry s to the next block, and (blocked+prefetch) asks for the next block
# during pass 2. Drawn by `make diagrams`.
set terminal svg size 860,320 font "Helvetica,12" background rgb "white"
set output "diagram.svg"
unset border; unset tics; unset key
set termoption noenhanced
set margins 0, 0, 0, 0
set xrange [0:860]; set yrange [0:320]

p1 = "#aed6f1"; p2 = "#f9e79f"; grey = "#566573"; chain = "#c0392b"; pf = "#1e8449"
x0 = 170; x1 = 845; h = 30

# ---- 02_sse: two passes over the whole array ---------------------------------------------------
y = 280
set label 1 "02_sse" at 15, y left font "Helvetica,13"
xm = (x0 + x1) / 2
set object 1 rect from x0, y - h / 2 to xm, y + h / 2 fc rgb p1 fs solid border rgb grey
set label 2 "pass 1 (prefix8) over all of in -> out" at (x0 + xm) / 2, y center
set object 2 rect from xm, y - h / 2 to x1, y + h / 2 fc rgb p2 fs solid border rgb grey
set label 3 "pass 2 (accumulate) over all of out, again" at (xm + x1) / 2, y center
set label 4 "from RAM, out crosses the memory bus twice" at x0, y - 30 left tc rgb grey

# ---- 03_avx_blocked: both passes per block ----------------------------------------------------
y = 150
set label 5 "03_avx_blocked" at 15, y left font "Helvetica,13"
nb = 5
bw = (x1 - x0) / nb
do for [b = 0:nb - 1] {
    xa = x0 + b * bw; xb = xa + bw * 0.45; xc = xa + bw
    set object (10 + 2 * b) rect from xa, y - h / 2 to xb, y + h / 2 fc rgb p1 fs solid border rgb grey
    set object (11 + 2 * b) rect from xb, y - h / 2 to xc, y + h / 2 fc rgb p2 fs solid border rgb grey
    set label (10 + 2 * b) "pass 1" at (xa + xb) / 2, y center
    set label (11 + 2 * b) "pass 2" at (xb + xc) / 2, y center
    set label (30 + b) sprintf("block %d", b) at (xa + xc) / 2, y - h / 2 - 26 center tc rgb grey
    if (b < nb - 1) {
        # the carry s goes on to the next block's pass 2
        set arrow (10 + b) from xc - 6, y - h / 2 - 7 to xc + bw * 0.45 + 6, y - h / 2 - 7 \
            head size 6, 25 lc rgb chain lw 2
        # blocked+prefetch: during pass 2, ask for the next block (in and out)
        set arrow (20 + b) from (xb + xc) / 2, y + h / 2 to xc, y + h / 2 + 22 nohead lc rgb pf lw 1.5 dt 2
        set arrow (25 + b) from xc, y + h / 2 + 22 to xc + bw * 0.22, y + h / 2 + 2 \
            head size 6, 25 lc rgb pf lw 1.5 dt 2
    }
}
set label 40 "blocked+prefetch: during pass 2, prefetch the next block's in and out (dashed)" at x0, y + 55 left tc rgb pf
set label 41 "the carry s (red) is all a block needs from the blocks before it" at x0, y - 72 left tc rgb chain
set label 42 "a block is 4096 elements: 16 KiB of in and 16 KiB of out, in L1 while both passes run" at x0, y - 94 left tc rgb grey
set label 43 "time ->" at x1, 15 right tc rgb grey

plot NaN notitle
