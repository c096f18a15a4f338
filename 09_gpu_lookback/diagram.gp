# Stage 09's diagram: stage 08's chain beside the decoupled look-back, on the same clock, and one
# step of the warp's look-back (lane i reads tile t-1-i). Idealized: equal tiles, all resident,
# one hop = one trip to L2 and back. Drawn with objects, arrows and labels only (make diagrams).
set terminal svg size 820,480 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border; unset tics; unset key
set lmargin at screen 0; set rmargin at screen 1
set bmargin at screen 0; set tmargin at screen 1
set xrange [0:100]; set yrange [0:70]

scan = "#a6c8e8"; wait = "#e6e6e6"; agg = "#f6c85f"; pre = "#59a14f"; look = "#c9b3e6"
hop = "#c0392b"; edge = "#555555"
tiles = 6
row(t) = 55 - t*3.6           # the top of tile t's row
h = 2.6                       # a row's height
step = 5                      # one hop
s1 = 13                       # every tile's scan ends here (panel-relative)

# --- The legend.
set object rect from 1,66 to 3.5,68.2 fc rgb scan fs solid 1 border lc rgb edge
set label "load + scan" at 4,67.1 left
set object rect from 16,66 to 18.5,68.2 fc rgb wait fs solid 1 border lc rgb edge
set label "wait" at 19,67.1 left
set object rect from 26,66 to 28.5,68.2 fc rgb look fs solid 1 border lc rgb edge
set label "look back" at 29,67.1 left
set object rect from 42,66 to 44.5,68.2 fc rgb agg fs solid 1 border lc rgb edge
set label "AGGREGATE published" at 45,67.1 left
set object rect from 69,66 to 71.5,68.2 fc rgb pre fs solid 1 border lc rgb edge
set label "PREFIX published" at 72,67.1 left

# --- Left: stage 08, the chain (x0 = 8).
x0 = 8
set label "08 chained: tile t waits for tile t-1's PREFIX" at 1,61 left font ",12"
do for [t=0:tiles-1] {
    set label sprintf("tile %d", t) at 1,row(t)-h/2.0 left
    set object rect from x0,row(t)-h to x0+s1-4,row(t) fc rgb scan fs solid 1 border lc rgb edge
    p = x0 + s1 - 4 + t*step
    if (t > 0) {
        set object rect from x0+s1-4,row(t)-h to p,row(t) fc rgb wait fs solid 1 border lc rgb "#bbbbbb"
        set arrow from p-step+1.3,row(t-1)-h to p+0.2,row(t)-0.3 head filled size 1,25 lc rgb hop lw 1.3
    }
    set object rect from p,row(t)-h to p+1.3,row(t) fc rgb pre fs solid 1 border lc rgb edge
}

# --- Right: stage 09, the decoupled look-back (x0 = 58).
x1 = 58
set label "09 look-back: AGGREGATE at once" at 51,61 left font ",12"
do for [t=0:tiles-1] {
    set label sprintf("tile %d", t) at 51,row(t)-h/2.0 left
    set object rect from x1,row(t)-h to x1+s1-4,row(t) fc rgb scan fs solid 1 border lc rgb edge
    a = x1 + s1 - 4
    if (t == 0) {
        set object rect from a,row(t)-h to a+1.3,row(t) fc rgb pre fs solid 1 border lc rgb edge
    } else {
        set object rect from a,row(t)-h to a+1.3,row(t) fc rgb agg fs solid 1 border lc rgb edge
        set object rect from a+1.3,row(t)-h to a+step,row(t) fc rgb look fs solid 1 border lc rgb edge
        set object rect from a+step,row(t)-h to a+step+1.3,row(t) fc rgb pre fs solid 1 border lc rgb edge
    }
}
set arrow from x1+s1-4+2,row(tiles-1)-h/2.0 to x1+s1-4+0.7,row(0)-h-0.1 head filled size 1,25 lc rgb "#7b4fb0" lw 1.2
set label "a warp: tile 5 reads" at x1+s1+5,row(1)-0.6 left font ",11"
set label "tiles 4..0 in one step" at x1+s1+5,row(2)-0.6 left font ",11"
set label "every tile's PREFIX:" at x1+s1+5,row(4)-0.6 left font ",11" tc rgb pre
set label "one hop after its scan" at x1+s1+5,row(5)-0.6 left font ",11" tc rgb pre

# The shared clock under both panels.
set arrow from x0,30.5 to 48,30.5 head filled size 1,25 lc rgb edge lw 1
set label "time" at 48,32 right tc rgb edge font ",11"
set arrow from x1,30.5 to 98,30.5 head filled size 1,25 lc rgb edge lw 1
set label "time" at 98,32 right tc rgb edge font ",11"

# --- Bottom: one step of the warp's look-back for tile t.
set label "one step of the warp look-back for tile t: lane i reads the descriptor of tile t-1-i" at 1,25 left font ",12"
bw = 2.5; bx(i) = 86 - (i+1)*bw   # lane i's box: tile t-1-i, nearest tile t at the right
by0 = 13; by1 = 18
# What the 32 lanes read: lanes 0..4 AGGREGATE, lane 5 the nearest PREFIX, past it whatever.
status(i) = i < 5 ? 1 : i == 5 ? 2 : (i == 9 || i == 17 || i == 23) ? 0 : (i == 12 || i == 28) ? 2 : 1
do for [i=0:31] {
    st = status(i)
    c = st == 2 ? pre : st == 1 ? agg : "#ffffff"
    txt = st == 2 ? "P" : st == 1 ? "A" : "I"
    if (i <= 5) {
        set object rect from bx(i),by0 to bx(i)+bw,by1 fc rgb c fs solid 1 border lc rgb edge
        set label txt at bx(i)+bw/2.0,(by0+by1)/2.0 center font ",10"
    } else {
        set object rect from bx(i),by0 to bx(i)+bw,by1 fc rgb c fs transparent solid 0.3 border lc rgb "#bbbbbb"
        set label txt at bx(i)+bw/2.0,(by0+by1)/2.0 center font ",10" tc rgb "#999999"
    }
}
set object rect from 86.6,by0 to 86.6+bw,by1 fc rgb look fs solid 1 border lc rgb edge lw 2
set label "t" at 86.6+bw/2.0,(by0+by1)/2.0 center font ",10"
set label "lane 0" at bx(0)+bw/2.0,by1+1.3 center font ",10"
set label "lane 5" at bx(5)+bw/2.0,by1+1.3 center font ",10"
set label "lane 31" at bx(31)+bw/2.0,by1+1.3 center font ",10"
set label "tile t-32" at bx(31)+bw/2.0,by0-2.6 center font ",10"
set label "tile t-1" at bx(0)+bw/2.0,by0-2.6 center font ",10"
set label "A = AGGREGATE, P = PREFIX, I = INVALID (not yet published)" at 45,by0-2.6 center font ",10"
# What the warp makes of it.
set object rect from bx(5),by0-1.1 to bx(0)+bw,by0-0.6 fc rgb pre fs solid 1 noborder
set label "__ballot_sync: which lanes hold a PREFIX; __ffs: the first, lane 5 (the nearest);" at 1,6 left font ",11" noenhanced
set label "lanes 0..5 summed in 5 shuffle steps = tile t's exclusive prefix; lanes past 5 are not needed" at 1,2.6 left font ",11" noenhanced

plot NaN notitle
