# Step 07b's diagram: the bytes each element costs, pass by pass. Scan-then-propagate (stage 07's
# order, kept by 07a's shuffle+coarsened) reads and writes the array in pass 1 and again in pass 3: 16
# bytes. Reduce-then-scan only reads in pass 1 and reads in and writes out once in pass 3: 12
# bytes. copy reads and writes once: 8, the floor. Pass 2 moves one word per tile and is left out.
# Drawn by `make diagrams`.
set terminal svg size 910,250 font "Helvetica,12" background rgb "white"
set output "diagram.svg"
unset border; unset tics; unset key
set termoption noenhanced
set margins 0, 0, 0, 0
set xrange [0:910]; set yrange [0:250]

grey = "#566573"; rd = "#d6eaf8"; wr = "#fad7a0"; note = "#1f618d"
x0 = 228; u = 32; h = 32            # u pixels per byte
bx(b) = x0 + b * u

# the scale: bytes per element
ya = 222
set arrow 1 from bx(0), ya to bx(16), ya nohead lc rgb grey
do for [b = 0:16:4] {
    set arrow (2 + b) from bx(b), ya - 4 to bx(b), ya + 4 nohead lc rgb grey
    set label (2 + b) sprintf("%d", b) at bx(b), ya + 13 center tc rgb grey
}
set label 1 "bytes per element" at 15, ya + 2 left tc rgb grey

# the rows: 4 bytes per segment, reads blue, writes orange
array what[9] = ["pass 1: read in", "write out", "pass 3: read out", "write out", \
                 "pass 1: read in", "pass 3: read in", "write out", \
                 "read in", "write out"]
array rowof[9] = [1, 1, 1, 1, 2, 2, 2, 3, 3]
array slot[9] = [0, 1, 2, 3, 0, 1, 2, 0, 1]
ry(r) = r == 1 ? 175 : r == 2 ? 115 : 55
do for [i = 1:9] {
    y = ry(rowof[i]); s = slot[i]
    c = strstrt(what[i], "write") ? wr : rd
    set object (30 + i) rect from bx(4 * s), y - h / 2 to bx(4 * s + 4), y + h / 2 fc rgb c fs solid border rgb grey
    set label (30 + i) what[i] at bx(4 * s + 2), y center font "Helvetica,11"
}
set label 60 "scan, then propagate" at 15, 175 + 8 left
set label 61 "(shuffle+coarsened, step 07a)" at 15, 175 - 8 left tc rgb grey font "Helvetica,11"
set label 62 "reduce, then scan" at 15, 115 + 8 left
set label 63 "(reduce-then-scan)" at 15, 115 - 8 left tc rgb grey font "Helvetica,11"
set label 64 "copy: the floor" at 15, 55 left

set label 65 "16 bytes: at best" at bx(16) + 10, 175 + 8 left tc rgb note
set label 69 "1/2 of copy's speed" at bx(16) + 10, 175 - 8 left tc rgb note
set label 66 "12 bytes: at best" at bx(12) + 10, 115 + 8 left tc rgb note
set label 70 "2/3 of copy's speed" at bx(12) + 10, 115 - 8 left tc rgb note
set label 67 "8" at bx(8) + 10, 55 left tc rgb note
set label 68 "pass 2 reads and writes one word per tile: left out" at x0, 14 left tc rgb grey

plot NaN notitle
