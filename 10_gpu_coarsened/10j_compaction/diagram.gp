# Step 10j's diagram: the fused compaction (compaction.cuh, 5a and 5b) on a toy tile of 4 vectors
# (the real tile has 1024): which elements are kept, one count per vector, the tile's scan of
# the counts (how many are kept before each vector), each kept element's place in the tile, the
# staging in shared memory, and the write after the look-back's carry. Drawn with objects, arrows
# and labels only (make diagrams).
set terminal svg size 900,470 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border; unset tics; unset key
set lmargin at screen 0; set rmargin at screen 1
set bmargin at screen 0; set tmargin at screen 1
set xrange [0:100]; set yrange [0:64]

kept = "#8cc084"; dropped = "#e6e6e6"; count = "#a6c8e8"; carry = "#f6c85f"; edge = "#555555"
bw = 3.8; gap = 1.4; x0 = 22         # an element's box; the gap between vectors; the first box
ex(v, k) = x0 + v*(4*bw + gap) + k*bw
vx(v) = ex(v, 0)                     # a vector's left edge
vw = 4*bw                            # a vector's width
h = 3.6                              # a row's height

# The toy tile: 16 elements a..p, the kept ones and each one's place in the tile.
keep(i) = (i == 0 || i == 2 || i == 4 || i == 5 || i == 6 || i == 10 || i == 13 || i == 15)
place(i) = i == 0 ? 0 : i == 2 ? 1 : i == 4 ? 2 : i == 5 ? 3 : i == 6 ? 4 : i == 10 ? 5 : i == 13 ? 6 : 7
name(i) = substr("abcdefghijklmnop", i + 1, i + 1)
counts = "2 3 1 2"; before = "0 2 5 6"

# Row labels, left.
yA = 57; yB = 51; yC = 45; yD = 39; yE = 33; yF = 20; yG = 7
set label "elements (4 vectors)" at 1,yA+h/2 left
set label "kept? (one bit each)" at 1,yB+h/2 left
set label "count per vector" at 1,yC+h/2 left
set label "scan: kept before" at 1,yD+h/2 left
set label "place in the tile" at 1,yE+h/2 left
set label "shared memory" at 1,yF+h/2 left
set label "out" at 1,yG+h/2 left

do for [v=0:3] {
    do for [k=0:3] {
        i = 4*v + k
        set object rect from ex(v,k),yA to ex(v,k)+bw,yA+h fc rgb (keep(i) ? kept : dropped) fs solid 1 border lc rgb edge
        set label name(i) at ex(v,k)+bw/2,yA+h/2 center
        set label (keep(i) ? "1" : "0") at ex(v,k)+bw/2,yB+h/2 center tc rgb (keep(i) ? "#2e6b2a" : "#999999")
        if (keep(i)) { set label sprintf("%d", place(i)) at ex(v,k)+bw/2,yE+h/2 center font ",12" }
    }
    set object rect from vx(v),yC to vx(v)+vw,yC+h fc rgb count fs solid 1 border lc rgb edge
    set label word(counts, v+1) at vx(v)+vw/2,yC+h/2 center
    set object rect from vx(v),yD to vx(v)+vw,yD+h fc rgb count fs solid 0.45 border lc rgb edge
    set label word(before, v+1) at vx(v)+vw/2,yD+h/2 center
    set label sprintf("vector %d", v) at vx(v)+vw/2,yA+h+2 center font ",10" tc rgb edge
}
set label "aggregate 8" at ex(3,3)+bw+1,yD+h/2 left font ",10"
set label "a kept element's place: its vector's scan + the kept elements before it in the vector" at x0,yE-3.2 left font ",10"

# Staged: each kept element to its place in shared memory, then one run out after the carry.
do for [j=0:7] {
    set object rect from x0+j*bw,yF to x0+(j+1)*bw,yF+h fc rgb kept fs solid 1 border lc rgb edge
    set label substr("acefgknp", j+1, j+1) at x0+j*bw+bw/2,yF+h/2 center
    set label sprintf("%d", j) at x0+j*bw+bw/2,yF-1.6 center font ",9" tc rgb edge
}
set object rect from x0-bw,yG to x0,yG+h fc rgb dropped fs solid 1 border lc rgb "#bbbbbb"
set label "36" at x0-bw/2,yG-1.6 center font ",9" tc rgb "#999999"
do for [j=0:7] {
    set object rect from x0+j*bw,yG to x0+(j+1)*bw,yG+h fc rgb kept fs solid 1 border lc rgb edge
    set label substr("acefgknp", j+1, j+1) at x0+j*bw+bw/2,yG+h/2 center
    set label sprintf("%d", 37+j) at x0+j*bw+bw/2,yG-1.6 center font ",9" tc rgb edge
}
set arrow from x0+4*bw,yF-3.2 to x0+4*bw,yG+h+0.4 head filled size 1,25 lc rgb edge lw 1.2
set label "__syncthreads" at x0+4*bw+1.5,(yF+yG+h)/2-0.8 left font ",10" noenhanced
set label "out[carry + i]: consecutive threads" at x0+8*bw+3,yG+h/2+1.3 left font ",10"
set label "write consecutive words" at x0+8*bw+3,yG+h/2-1.3 left font ",10"

# The look-back's carry.
cx = 60
set object rect from cx,yF-6 to 99,yF+h+1 fc rgb carry fs solid 1 border lc rgb edge
set label "the look-back's carry: 37 kept before" at cx+1,yF+h-0.6 left
set label "before it: AGGREGATE 8 published" at cx+1,yF-0.9 left font ",10"
set label "after it: PREFIX 37 + 8 = 45 published" at cx+1,yF-3.8 left font ",10"
set arrow from cx,yF-5 to x0+8*bw+0.4,yG+h+0.4 head filled size 1,25 lc rgb "#b8860b" lw 1.2

plot NaN notitle
