# Step 07a's diagram: the coarsened tile in warp rows (scan.cu, sections 3a to 3c), two of its 8
# warps drawn, each with its 4 rows: a row is 32 lanes with one 16-byte vector each (a box, labelled
# with the first of its 4 elements), one coalesced 512-byte load per warp; each row is scanned across the
# warp, the rows are chained by their totals, and an exclusive block scan joins the warps.
# Drawn with objects, arrows and labels only (make diagrams).
set terminal svg size 900,470 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border; unset tics; unset key
set termoption noenhanced
set lmargin at screen 0; set rmargin at screen 1
set bmargin at screen 0; set tmargin at screen 1
set xrange [0:100]; set yrange [0:70]

edge = "#555555"; rowtot = "#f6c85f"; shared = "#e6e6e6"; chain = "#b8860b"
col(w) = w == 0 ? "#a6c8e8" : "#8cc084"
V = 4; h = 3.2; bw = 5.4; x0 = 12
lanes = "0 1 2 . 30 31"                 # the lanes drawn; "." is the gap
bx(k) = x0 + k*bw
rowy(w, v) = 56 - w*25 - v*5
rx = 48; rw = 10.5; wx = 64; ww = 11       # row totals; warp totals

set label "in row r of warp w, lane l loads elements 512w + 128r + 4l .. +3 (a box) as one 16-byte vector: one 512-byte load a row" at 1,67 left font ",10"
set label "each row: 3 adds inside each vector, then warp_inclusive_scan of the vector totals across the 32 lanes (5 shuffles)" at 1,63.5 left font ",10"

do for [k=0:5] {
    l = word(lanes, k+1)
    if (l ne ".") { set label sprintf("lane %s", l) at bx(k)+bw/2,rowy(0,0)+h+1.6 center font ",9" tc rgb edge }
}
do for [w=0:1] {
    set label sprintf("warp %d", w) at 1,rowy(w,1)-1 left
    do for [v=0:V-1] {
        y = rowy(w, v)
        do for [k=0:5] {
            l = word(lanes, k+1)
            if (l eq ".") {
                set label "..." at bx(k)+bw/2,y+h/2 center
            } else {
                e = 512*w + 128*v + 4*int(l)
                set object rect from bx(k),y to bx(k)+bw,y+h fc rgb col(w) fs solid 1 border lc rgb edge
                set label sprintf("%d", e) at bx(k)+bw/2,y+h/2 center font ",10"
            }
        }
        set label sprintf("row %d", v) at x0-1,y+h/2 right font ",10" tc rgb edge
        set arrow from bx(6)+0.6,y+h/2 to rx,y+h/2 head filled size 0.8,25 lc rgb edge
        set object rect from rx,y to rx+rw,y+h fc rgb rowtot fs solid 1 border lc rgb edge
        set label sprintf("row %d total", v) at rx+rw/2,y+h/2 center font ",10"
        if (v > 0) {
            set arrow from rx+rw+0.4,rowy(w,v-1)+h/2 to rx+rw+0.4,y+h/2 head filled size 0.6,30 lc rgb chain
        }
    }
    set object rect from wx,rowy(w,V-1) to wx+ww,rowy(w,V-1)+h fc rgb rowtot fs solid 1 border lc rgb edge
    set label sprintf("warp %d total", w) at wx+ww/2,rowy(w,V-1)+h/2 center font ",10"
    set arrow from rx+rw+0.4,rowy(w,V-1)+h/2 to wx,rowy(w,V-1)+h/2 head filled size 0.6,30 lc rgb chain
}
set label "the carry: each row adds" at rx+rw+1.5,rowy(0,0)+h/2 left font ",10" tc rgb chain
set label "the rows before it" at rx+rw+1.5,rowy(0,0)+h/2-2.5 left font ",10" tc rgb chain
set label "warps 2 to 7: the same, elements 1024 to 4095 of the tile" at 1,3.5 left font ",10" tc rgb edge

# The warps joined by an exclusive block scan of the warp totals.
sy = 3
set object rect from wx,sy to wx+ww+8,sy+h fc rgb shared fs solid 1 border lc rgb edge
set label "block_exclusive_scan" at wx+(ww+8)/2,sy+h/2 center font ",10"
ox = wx + ww + 2
set arrow from wx+ww,rowy(0,V-1)+h/2 to ox,rowy(0,V-1)+h/2 lc rgb edge nohead
set arrow from ox,rowy(0,V-1)+h/2 to ox,sy+h+0.3 head filled size 0.8,25 lc rgb edge
set arrow from wx+ww/2,rowy(1,V-1)-0.3 to wx+ww/2,sy+h+0.3 head filled size 0.8,25 lc rgb edge
tx = wx + ww + 4
set label "each warp adds the totals" at tx,22 left font ",10"
set label "of the warps before it" at tx,19.5 left font ",10"
set label "(and the tile's prefix);" at tx,17 left font ",10"
set label "then every lane stores the" at tx,14.5 left font ",10"
set label "vectors it loaded" at tx,12 left font ",10"

plot NaN notitle
