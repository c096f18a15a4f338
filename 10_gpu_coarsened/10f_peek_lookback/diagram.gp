# Step 10f's diagram: the peek (lookback.cuh, section 4, C::PEEK) in two cases: the predecessor
# has published its PREFIX (lane 0's one poll is the carry), or not yet (one more round trip,
# then the warp's look-back of 32 polls, as in 10c). Drawn with objects, arrows and labels only
# (make diagrams).
set terminal svg size 900,300 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border; unset tics; unset key
set lmargin at screen 0; set rmargin at screen 1
set bmargin at screen 0; set tmargin at screen 1
set xrange [0:100]; set yrange [0:40]

edge = "#555555"; cA = "#a6c8e8"; cP = "#8cc084"; cI = "#d9d9d9"; poll = "#c0392b"
bw = 5.0; h = 3.6; x0 = 30
bx(i) = x0 + i*bw                       # tiles t - 1, t - 2, ... from the left
fill(c) = c eq "A" ? cA : c eq "P" ? cP : cI
name(c) = c eq "A" ? "AGG" : c eq "P" ? "PRE" : "INV"

do for [r=0:1] {
    y = r == 0 ? 27 : 9
    s = r == 0 ? "P A A P A A A A A A P A" : "A A P A I A A A A A P A"
    set label (r == 0 ? "predecessor done:" : "predecessor not done:") at 1,y+h/2 left
    do for [i=0:11] {
        c = word(s, i+1)
        set object rect from bx(i),y to bx(i)+bw,y+h fc rgb fill(c) fs solid 1 border lc rgb edge
        set label name(c) at bx(i)+bw/2,y+h/2 center font ",10"
        if (r == 0) { set label sprintf("t-%d", i+1) at bx(i)+bw/2,y+h+1.5 center font ",9" tc rgb edge }
    }
    set object rect from bx(0),y to bx(0)+bw,y+h fs empty border lc rgb poll lw 2
}
set label "lane 0 polls tile t - 1 alone: a PREFIX, so it is the carry; 1 atomic, no warp look-back" at 1,22 left font ",10" tc rgb poll
set label "lane 0's poll finds no PREFIX: the warp polls t - 1 .. t - 32 as in 10c; 1 + 32 atomics" at 1,4 left font ",10" tc rgb poll
set object rect from bx(0),8.2 to bx(11)+bw,9+h+0.8 fs empty border lc rgb edge dt 2

plot NaN notitle
