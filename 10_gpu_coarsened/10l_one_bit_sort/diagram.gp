# Step 10l's diagram: an LSD sort of one-bit splits (radix.cuh, 6c) on 8 keys of 3 bits (the real
# keys have 32): one count of every bit's zeros, then a stable split by bit 0, 1 and 2, each from
# the last one's output; after the split by bit b the keys are in order of their low b + 1 bits.
# Drawn with objects, arrows and labels only (make diagrams).
set terminal svg size 900,380 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border; unset tics; unset key
set lmargin at screen 0; set rmargin at screen 1
set bmargin at screen 0; set tmargin at screen 1
set xrange [0:100]; set yrange [0:50]

edge = "#555555"; c0 = "#a6c8e8"; c1 = "#f6c85f"
bw = 6.2; h = 4; x0 = 26
# the keys before each split, and after the last (3-bit keys, written as binary)
rows = "5 2 7 0 3 6 1 4|2 0 6 4 5 7 3 1|0 4 5 1 2 6 7 3|0 1 2 3 4 5 6 7"
key(r, i) = word(system(sprintf("echo '%s' | cut -d'|' -f%d", rows, r + 1)), i + 1) + 0
bin(k) = sprintf("%d%d%d", (k >> 2) & 1, (k >> 1) & 1, k & 1)
ys = "40 29 18 7"
labels = "in|after bit 0 (to the buffer)|after bit 1 (to out)|after bit 2 (to the buffer)"

do for [r=0:3] {
    y = word(ys, r + 1) + 0
    set label system(sprintf("echo '%s' | cut -d'|' -f%d", labels, r + 1)) at 1,y+h/2 left font ",11"
    do for [i=0:7] {
        k = key(r, i)
        b = r < 3 ? (k >> r) & 1 : -1
        set object rect from x0+i*bw,y to x0+(i+1)*bw-0.4,y+h fc rgb (b == 0 ? c0 : b == 1 ? c1 : "#e6e6e6") fs solid 1 border lc rgb edge
        set label bin(k) at x0+i*bw+bw/2-0.2,y+h/2 center font ",11"
    }
    if (r < 3) {
        set arrow from x0+8*bw+1,y+h/2 to x0+8*bw+1,y-7+h/2+1 head filled size 1,25 lc rgb edge lw 1.2
        set label sprintf("stable split by bit %d", r) at x0+8*bw+2.5,y-3.5+h/2 left font ",10" tc rgb edge
    }
}
set label "count first: how many keys have each bit clear (4, 4, 4), so every split knows where its set keys start" at 1,47.5 left font ",10" tc rgb edge
set label "blue: the bit the next split reads is clear, yellow: set. 32-bit keys: 32 splits, the last (bit 31) lands in out" at 1,2 left font ",10" tc rgb edge

plot NaN notitle
