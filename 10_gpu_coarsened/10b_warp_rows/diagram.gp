# Step 10b's diagram: the tile in warp rows (scan.cu, section 2b, warp_scan_rows and join_warps),
# two warps of 3 vectors a lane drawn (warp-rows has 4 warps of 16): a warp's contiguous
# stretch read as rows of 32 vectors, each row scanned across the warp, the rows chained by their
# totals, the warps joined at one barrier. A box is a 16-byte vector, numbered by its place in
# the tile. Drawn with objects, arrows and labels only (make diagrams).
set terminal svg size 900,470 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border; unset tics; unset key
set lmargin at screen 0; set rmargin at screen 1
set bmargin at screen 0; set tmargin at screen 1
set xrange [0:100]; set yrange [0:70]

edge = "#555555"; rowtot = "#f6c85f"; shared = "#e6e6e6"; chain = "#b8860b"
col(w) = w == 0 ? "#a6c8e8" : "#8cc084"
V = 3; h = 3.4; bw = 4.8; x0 = 14
lanes = "0 1 2 . 30 31"                 # the lanes drawn; "." is the gap
bx(k) = x0 + k*bw
rowy(w, v) = 55 - w*21 - v*6
rx = 46; rw = 10.5; wx = 62; ww = 11       # row totals; warp totals

set label "a warp reads a row of 32 vectors, lanes 0 to 31 (one 512-byte load); its rows follow each other in memory" at 1,67 left font ",10"
set label "each row: scan4 in each vector, then warp_inclusive_scan across the warp (5 shuffles) gives the row's total" at 1,63.5 left font ",10" noenhanced

do for [w=0:1] {
    set label sprintf("warp %d", w) at 1,rowy(w,1)+h/2 left
    do for [v=0:V-1] {
        y = rowy(w, v)
        do for [k=0:5] {
            l = word(lanes, k+1)
            if (l eq ".") {
                set label "..." at bx(k)+bw/2,y+h/2 center
            } else {
                set object rect from bx(k),y to bx(k)+bw,y+h fc rgb col(w) fs solid 1 border lc rgb edge
                set label sprintf("%d", w*32*V + v*32 + int(l)) at bx(k)+bw/2,y+h/2 center font ",11"
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
set label "chained: each row adds" at rx+rw+1.5,rowy(0,0)+h/2 left font ",10" tc rgb chain
set label "the rows before it" at rx+rw+1.5,rowy(0,0)+h/2-2.5 left font ",10" tc rgb chain

# The warps joined: the totals to shared memory, one barrier, every warp scans them.
sy = 5
set object rect from wx,sy to wx+ww,sy+h fc rgb shared fs solid 1 border lc rgb edge
set label "warp_totals[ ]" at wx+ww/2,sy+h/2 center font ",10" noenhanced
ox = wx + ww + 2                          # warp 0's total goes round warp 1's
set arrow from wx+ww,rowy(0,V-1)+h/2 to ox,rowy(0,V-1)+h/2 lc rgb edge nohead
set arrow from ox,rowy(0,V-1)+h/2 to ox,sy+h/2 lc rgb edge nohead
set arrow from ox,sy+h/2 to wx+ww+0.3,sy+h/2 head filled size 0.8,25 lc rgb edge
set arrow from wx+ww/2,rowy(1,V-1)-0.3 to wx+ww/2,sy+h+0.3 head filled size 0.8,25 lc rgb edge
tx = wx + ww + 4
set label "lane 0 of each warp" at tx,22 left font ",10"
set label "writes the warp's total;" at tx,19.5 left font ",10"
set label "__syncthreads, the only" at tx,16 left font ",10" noenhanced
set label "barrier; every warp scans" at tx,13.5 left font ",10"
set label "the totals itself: pending," at tx,11 left font ",10"
set label "the warps before it" at tx,8.5 left font ",10"
set label "the data stays in registers: only one word a warp goes through shared memory" at 1,sy+h/2 left font ",10"

plot NaN notitle
