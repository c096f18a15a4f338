# Step 10h's diagram: how the look-back joins one window (8 of its 32 lanes drawn), lane i holding
# the descriptor of tile t - 1 - i: the butterfly (lookback.cuh, 3), which pairs lanes in a
# grouping set by the timing, for an operator that regroups; the fold (operators.cuh, 5c), left
# to right from the PREFIX, for one that does not (float addition). Drawn with objects, arrows and
# labels only (make diagrams).
set terminal svg size 900,400 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border; unset tics; unset key
set lmargin at screen 0; set rmargin at screen 1
set bmargin at screen 0; set tmargin at screen 1
set xrange [0:100]; set yrange [0:52]

edge = "#555555"; cA = "#a6c8e8"; cP = "#8cc084"; cX = "#e6e6e6"; cF = "#f6c85f"
bw = 7; h = 4; x0 = 22
st = "A A A A A P A A"
fill(c, i) = i > 5 ? cX : c eq "P" ? cP : cA
yW = 42; yB = 27; yF = 10

set label "lane (tile t - 1 - lane)" at 1,yW+h+2 left font ",10" tc rgb edge
set label "one window" at 1,yW+h/2 left
set label "butterfly: sum, max" at 1,yB+h/2 left
set label "fold: float addition" at 1,yF+h/2 left
do for [i=0:7] {
    c = word(st, i+1)
    set label sprintf("%d", i) at x0+i*bw+bw/2,yW+h+2 center font ",10" tc rgb edge
    set object rect from x0+i*bw,yW to x0+(i+1)*bw-0.4,yW+h fc rgb fill(c, i) fs solid 1 border lc rgb edge
    set label (i > 5 ? "-" : c eq "P" ? "PREFIX" : "AGG") at x0+i*bw+bw/2-0.2,yW+h/2 center font ",9"
}
set label "lanes past the first PREFIX are not needed" at x0+6*bw,yW-2 left font ",9" tc rgb edge

# butterfly: pairs at distance 1, then 2, then 4 (drawn for lanes 0..5)
do for [i=0:5] { set object rect from x0+i*bw,yB to x0+(i+1)*bw-0.4,yB+h fc rgb (i == 5 ? cP : cA) fs solid 1 border lc rgb edge }
set label "a5 (PRE)" at x0+5*bw+bw/2,yB+h/2 center font ",9"
do for [i=0:4] { set label sprintf("a%d", i) at x0+i*bw+bw/2,yB+h/2 center font ",9" }
do for [p=0:2] {
    set arrow from x0+(2*p)*bw+bw/2,yB+h+0.5 to x0+(2*p+1)*bw+bw/2,yB+h+0.5 heads size 0.6,90 lc rgb edge
}
set label "a tree, e.g. ((a0 + a1) + (a2 + a3)) + (a4 + a5): __shfl_xor_sync pairs the lanes, 5 steps" at x0,yB-2.6 left font ",10" tc rgb edge noenhanced

# fold: from the PREFIX (lane 5) down to lane 0, one shuffle and one add a tile
do for [i=0:5] { set object rect from x0+i*bw,yF to x0+(i+1)*bw-0.4,yF+h fc rgb (i == 5 ? cP : cF) fs solid 1 border lc rgb edge }
set label "a5 (PRE)" at x0+5*bw+bw/2,yF+h/2 center font ",9"
do for [i=0:4] { set label sprintf("a%d", i) at x0+i*bw+bw/2,yF+h/2 center font ",9" }
do for [i=1:5] {
    set arrow from x0+i*bw+1,yF+h+1.2 to x0+(i-1)*bw+bw-1,yF+h+1.2 head filled size 0.8,25 lc rgb "#b8860b" lw 1.2
}
set label "((((a5 + a4) + a3) + a2) + a1) + a0: oldest first, the same grouping on every run" at x0,yF-2.6 left font ",10" tc rgb edge
set label "AGG: a tile's aggregate; PREFIX: everything up to its end. By induction from tile 0, every PREFIX is the same left fold." at 1,2 left font ",10" tc rgb edge

plot NaN notitle
