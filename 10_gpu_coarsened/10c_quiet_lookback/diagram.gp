# Step 10c's diagram: the quiet poll (lookback.cuh, section 3, lookback_warp<C>, C::QUIET) on one
# window: lane i reads the descriptor of tile t - 1 - i; after the first round, the lanes the
# warp needs run up to the first PREFIX, and only those of them still INVALID poll again (stage
# 09 polls all 32). 12 of the 32 lanes drawn. Drawn with objects, arrows and labels only (make
# diagrams).
set terminal svg size 900,360 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border; unset tics; unset key
set lmargin at screen 0; set rmargin at screen 1
set bmargin at screen 0; set tmargin at screen 1
set xrange [0:100]; set yrange [0:48]

edge = "#555555"; cA = "#a6c8e8"; cP = "#8cc084"; cI = "#d9d9d9"; poll = "#c0392b"
bw = 4.6; h = 3.6; x0 = 23
bx(i) = x0 + i*bw                       # lanes 0..11, then "..." and lane 31
st1 = "A A I A P A I A A I A A"         # what each lane read in the first round
fill(c) = c eq "A" ? cA : c eq "P" ? cP : cI
name(c) = c eq "A" ? "AGG" : c eq "P" ? "PRE" : "INV"

yL = 43; y1 = 36; yU = 31.5; y9 = 25; yQ = 19; y2 = 10
set label "lane" at 1,yL left font ",10" tc rgb edge
set label "first round: all 32 read" at 1,y1+h/2 left
set label "needed" at 1,yU left
set label "polls again, stage 09" at 1,y9+h/2 left
set label "polls again, quiet" at 1,yQ+h/2 left
set label "second round" at 1,y2+h/2 left

do for [i=0:12] {
    if (i < 12) { l = i; c = word(st1, i+1) } else { l = 31; c = "A" }
    x = i < 12 ? bx(i) : bx(12) + 3
    set label sprintf("%d", l) at x+bw/2,yL center font ",10" tc rgb edge
    set object rect from x,y1 to x+bw,y1+h fc rgb fill(c) fs solid 1 border lc rgb edge
    set label name(c) at x+bw/2,y1+h/2 center font ",9"
    # stage 09: every lane polls again while any needed lane is INVALID
    set object circle at x+bw/2,y9+h/2 size 0.9 fc rgb poll fs solid 1 noborder
    # quiet: only lane 2, needed and INVALID
    if (l == 2) { set object circle at x+bw/2,yQ+h/2 size 0.9 fc rgb poll fs solid 1 noborder }
    # second round: lane 2 reads again (now AGGREGATE); the others keep what they read
    c2 = l == 2 ? "A" : c
    set object rect from x,y2 to x+bw,y2+h fc rgb fill(c2) fs solid (l == 2 ? 1 : 0.35) border lc rgb edge
    set label name(c2) at x+bw/2,y2+h/2 center font ",9" tc rgb (l == 2 ? "#000000" : "#888888")
}
set label "..." at bx(12)+1.5,y1+h/2 center
set label "..." at bx(12)+1.5,y2+h/2 center

# the needed lanes: 0 up to the first PREFIX (lane 4)
set arrow from bx(0),yU to bx(5),yU heads size 0.6,90 lc rgb edge lw 1.2
set label "lanes 0 to 4: up to the first PREFIX" at bx(5)+1,yU left font ",10"
set label "32 atomics" at bx(13)+4,y9+h/2 left font ",10"
set label "1 atomic" at bx(13)+4,yQ+h/2 left font ",10"
set label "lane 6 is INVALID too, but not needed" at bx(5)+1,yQ-2.6 left font ",10" tc rgb edge
set label "every needed lane valid: the warp adds lanes 0 to 4 and stops at the PREFIX" at x0,y2-3.4 left font ",10"

set label "AGG, PRE, INV: a descriptor read as AGGREGATE, PREFIX, INVALID; lane i reads tile t - 1 - i" at 1,2 left font ",10" tc rgb edge

plot NaN notitle
