# Step 10i's diagram: the segmented scan (segmented.cuh, 5a and 5b) on 12 elements in three tiles
# of 4 (the real tile has 4096): the heads, each tile's aggregate as a (head, sum) pair, the
# look-back joining the pairs in tile order, and the output that restarts at every head. Drawn
# with objects, arrows and labels only (make diagrams).
set terminal svg size 900,380 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border; unset tics; unset key
set lmargin at screen 0; set rmargin at screen 1
set bmargin at screen 0; set tmargin at screen 1
set xrange [0:100]; set yrange [0:50]

edge = "#555555"; cE = "#a6c8e8"; cH = "#f6c85f"; cP = "#8cc084"
bw = 5; h = 4; x0 = 22; gap = 2
ex(i) = x0 + i*bw + int(i/4)*gap
vals = "3 1 4 1 5 9 2 6 5 3 5 8"; heads = "0 0 1 0 0 0 0 0 0 1 0 0"
outs = "3 4 4 5 10 19 21 27 32 3 8 16"
aggs = "(1, 5)|(0, 22)|(1, 16)"
yI = 39; yA = 27; yO = 9

set label "elements (heads yellow)" at 1,yI+h/2 left
set label "aggregate: (head?, sum)" at 1,yA+h/2 left
set label "out" at 1,yO+h/2 left
do for [i=0:11] {
    hd = word(heads, i+1) + 0
    set object rect from ex(i),yI to ex(i)+bw-0.3,yI+h fc rgb (hd ? cH : cE) fs solid 1 border lc rgb edge
    set label word(vals, i+1) at ex(i)+bw/2,yI+h/2 center
    set object rect from ex(i),yO to ex(i)+bw-0.3,yO+h fc rgb (hd ? cH : cE) fs solid 0.5 border lc rgb edge
    set label word(outs, i+1) at ex(i)+bw/2,yO+h/2 center
}
do for [t=0:2] {
    set object rect from ex(4*t),yA to ex(4*t)+4*bw-0.3,yA+h fc rgb cP fs solid 0.6 border lc rgb edge
    set label system(sprintf("echo '%s' | cut -d'|' -f%d", aggs, t+1)) at ex(4*t)+2*bw,yA+h/2 center
    set label sprintf("tile %d", t) at ex(4*t)+2*bw,yI+h+2 center font ",10" tc rgb edge
}
set label "combine((fa, a), (fb, b)) = fb ? (1, b) : (fa, a + b): the later head wins, else the sums add; not commutative" at x0,yA-3 left font ",10" tc rgb edge
set label "tile 1's carry: tile 0's (1, 5); tile 2's: combine((1, 5), (0, 22)) = (1, 27), joined oldest first" at x0,yA-6.5 left font ",10" tc rgb edge
set label "the sum restarts at every head; elements before a tile's first head add the carry's sum" at x0,yO-3 left font ",10" tc rgb edge

plot NaN notitle
