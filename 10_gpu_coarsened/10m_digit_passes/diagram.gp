# Step 10m's diagram: why a digit pass is one exclusive scan (digits.cuh, section 8) on a toy of
# 3 tiles and 4 bins (the real pass has 256 bins and a tile of 7680 keys): each tile's counts,
# laid out bin by bin, counts[b * tiles + t], and their exclusive scan, the place in out of tile
# t's first key of bin b. Drawn with objects, arrows and labels only (make diagrams).
set terminal svg size 900,380 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border; unset tics; unset key
set lmargin at screen 0; set rmargin at screen 1
set bmargin at screen 0; set tmargin at screen 1
set xrange [0:100]; set yrange [0:50]

edge = "#555555"
binc(b) = b == 0 ? "#a6c8e8" : b == 1 ? "#f6c85f" : b == 2 ? "#8cc084" : "#e6a0a0"
# counts[t][b] for tiles 0..2, bins 0..3 (each tile has 8 keys)
cnt(t, b) = word("3 1 2 2  1 4 0 3  2 2 3 1", 4*t + b + 1) + 0
bw = 5.2; h = 4; gx = 24
set label "each tile counts its digits (8a)" at 1,47 left font ",10" tc rgb edge
do for [t=0:2] {
    set label sprintf("tile %d", t) at gx-1,40-t*5+h/2 right font ",10"
    do for [b=0:3] {
        set object rect from gx+b*bw,40-t*5 to gx+(b+1)*bw-0.3,40-t*5+h fc rgb binc(b) fs solid 1 border lc rgb edge
        set label sprintf("%d", cnt(t, b)) at gx+b*bw+bw/2,40-t*5+h/2 center
    }
}
do for [b=0:3] { set label sprintf("bin %d", b) at gx+b*bw+bw/2,46 center font ",10" tc rgb edge }

# laid out bin by bin, then scanned
lx = 8; ly = 19; sy = 9
set label "counts[b * tiles + t]" at lx,ly+h+1.5 left font ",10" tc rgb edge
set label "their exclusive scan (8b): where each tile's first key of each bin goes" at lx,sy-2.2 left font ",10" tc rgb edge
run = 0
do for [b=0:3] {
    do for [t=0:2] {
        j = 3*b + t
        set object rect from lx+j*bw*1.25,ly to lx+(j+1)*bw*1.25-0.3,ly+h fc rgb binc(b) fs solid 1 border lc rgb edge
        set label sprintf("%d", cnt(t, b)) at lx+j*bw*1.25+bw*0.625,ly+h/2 center
        set object rect from lx+j*bw*1.25,sy to lx+(j+1)*bw*1.25-0.3,sy+h fc rgb binc(b) fs solid 0.5 border lc rgb edge
        set label sprintf("%d", run) at lx+j*bw*1.25+bw*0.625,sy+h/2 center
        run = run + cnt(t, b)
    }
}
set arrow from gx+2*bw,29 to gx+2*bw,ly+h+3.5 head filled size 1,25 lc rgb edge lw 1.2
set label "tile 1's first key of bin 1 goes to out[7]:" at 50,42 left font ",10" tc rgb edge
set label "after the 6 keys of bin 0 and tile 0's one of bin 1" at 50,39 left font ",10" tc rgb edge
set label "256 scans side by side, one per bin," at 50,33 left font ",10" tc rgb edge
set label "laid end to end: one exclusive scan" at 50,30 left font ",10" tc rgb edge
set label "then each tile ranks its keys by digit on chip (7) and scatters them from those places (8c)" at 1,1.2 left font ",10" tc rgb edge

plot NaN notitle
