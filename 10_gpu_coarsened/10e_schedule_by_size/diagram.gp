# Step 10e's diagram: the three schedules (scan.cu, sections 3d to 3g) as timelines of three
# blocks, not to scale: one tile a block with a ticket after a memset (quiet-lookback), the
# cooperative loop with the next tile prefetched (one-launch+prefetch), one wave with one grid
# barrier (one-wave). Drawn with objects, arrows and labels only (make diagrams).
set terminal svg size 900,520 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border; unset tics; unset key
set lmargin at screen 0; set rmargin at screen 1
set bmargin at screen 0; set tmargin at screen 1
set xrange [0:100]; set yrange [0:84]

edge = "#555555"; barrier = "#c0392b"
cload = "#a6c8e8"; cscan = "#8cc084"; cwait = "#bdbdbd"; cstore = "#f6c85f"; cclear = "#c9b3e0"
t0 = 17; u = 2.9                        # where time 0 lies; one unit of time
X(t) = t0 + t*u
h = 3.6; L = 4; S = 1.5; St = 4         # a row's height; load, scan and store times
rowy(py, r) = py - 8.4 - r*4.4          # row r of the panel whose title is at py

# The legend.
ly = 80.5
array LC[5] = [cload, cscan, cwait, cstore, cclear]
array LT[5] = ["load", "scan", "wait for the carry (look-back)", "store", "memset / clear"]
array LX[5] = [2, 13, 24, 55, 67]
do for [i=1:5] {
    set object rect from LX[i],ly to LX[i]+3,ly+2.4 fc rgb LC[i] fs solid 1 border lc rgb edge
    set label LT[i] at LX[i]+4,ly+1.2 left font ",10"
}
set arrow from 83,ly to 83,ly+2.4 nohead lc rgb barrier lw 2 dt 2
set label "grid barrier" at 84.5,ly+1.2 left font ",10"

# ---- 1. One tile a block (quiet-lookback): a memset launch, then a ticket per block -----------
py = 75
set label "one tile a block (quiet-lookback): a memset, then each block draws a ticket" at 2,py left font ",11"
set label "a new block starts as soon as one finishes; its tile waits for the carry with its data in registers" at 2,py-3 left font ",10" tc rgb edge
set object rect from X(0),rowy(py,2) to X(2.5),rowy(py,0)+h fc rgb cclear fs solid 1 border lc rgb edge
set label "memset" at X(1.25),(rowy(py,2)+rowy(py,0)+h)/2 center font ",10" rotate by 90
array W1[3] = [0, 1, 2]                 # tile 0 waits for nobody; later tiles wait longer
do for [r=0:2] {
    y = rowy(py, r)
    set label sprintf("blocks %d, %d", r, r + 3) at t0-1,y+h/2 right font ",10" tc rgb edge
    s = 3
    do for [k=0:1] {
        w = W1[r+1] + (k > 0 ? 1 : 0)
        set object rect from X(s),y to X(s+L),y+h fc rgb cload fs solid 1 border lc rgb edge
        set label sprintf("tile %d", r + 3*k) at X(s+L/2),y+h/2 center font ",10"
        set object rect from X(s+L),y to X(s+L+S),y+h fc rgb cscan fs solid 1 border lc rgb edge
        if (w > 0) { set object rect from X(s+L+S),y to X(s+L+S+w),y+h fc rgb cwait fs solid 1 border lc rgb edge }
        set object rect from X(s+L+S+w),y to X(s+L+S+w+St),y+h fc rgb cstore fs solid 1 border lc rgb edge
        set label sprintf("tile %d", r + 3*k) at X(s+L+S+w+St/2),y+h/2 center font ",10"
        s = s + L + S + w + St
    }
}

# ---- 2. The cooperative loop with the next tile prefetched (one-launch+prefetch) --------------
py = 50
set label "one launch, block b scans tiles b, b + 3, ... (one-launch+prefetch)" at 2,py left font ",11"
set label "no memset: the blocks clear the descriptors, then wait at a grid barrier; the next tile's loads cover the wait" at 2,py-3 left font ",10" tc rgb edge
do for [r=0:2] {
    y = rowy(py, r)
    set label sprintf("block %d", r) at t0-1,y+h/2 right font ",10" tc rgb edge
    set object rect from X(0),y to X(1.5),y+h fc rgb cclear fs solid 1 border lc rgb edge
    set object rect from X(1.5),y to X(1.5+L),y+h fc rgb cload fs solid 1 border lc rgb edge
    set label sprintf("tile %d", r) at X(1.5+L/2),y+h/2 center font ",10"
    s = 1.5 + L
    do for [k=0:1] {
        set object rect from X(s),y to X(s+S),y+h fc rgb cscan fs solid 1 border lc rgb edge
        # the next tile's loads go out, and the look-back runs under them
        set object rect from X(s+S),y to X(s+S+L),y+h fc rgb cload fs solid 1 border lc rgb edge
        set object rect from X(s+S),y to X(s+S+1+0.8*r),y+h/2 fc rgb cwait fs solid 1 border lc rgb edge
        set label sprintf("tile %d", r + 3*(k+1)) at X(s+S+L/2),y+3*h/4 center font ",9"
        set object rect from X(s+S+L),y to X(s+S+L+St),y+h fc rgb cstore fs solid 1 border lc rgb edge
        set label sprintf("tile %d", r + 3*k) at X(s+S+L+St/2),y+h/2 center font ",10"
        s = s + S + L + St
    }
}
set arrow from X(1.5),rowy(py,0)+h+0.4 to X(1.5),rowy(py,2)-0.8 nohead lc rgb barrier lw 2 dt 2

# ---- 3. One wave (one-wave): every tile in some block at once -----------------------------------
py = 25
set label "one wave (one-wave): every tile in a block at once, no look-back" at 2,py left font ",11"
set label "each block writes its aggregate; one grid barrier; each adds the aggregates before its own, all at once" at 2,py-3 left font ",10" tc rgb edge
do for [r=0:2] {
    y = rowy(py, r)
    set label sprintf("block %d", r) at t0-1,y+h/2 right font ",10" tc rgb edge
    set object rect from X(0),y to X(L),y+h fc rgb cload fs solid 1 border lc rgb edge
    set label sprintf("tile %d", r) at X(L/2),y+h/2 center font ",10"
    set object rect from X(L),y to X(L+S),y+h fc rgb cscan fs solid 1 border lc rgb edge
    set object rect from X(L+S+0.6),y to X(L+S+1.6),y+h fc rgb "#ffffff" fs solid 1 border lc rgb edge
    set label "+" at X(L+S+1.1),y+h/2 center font ",10"
    set object rect from X(L+S+1.6),y to X(L+S+1.6+St),y+h fc rgb cstore fs solid 1 border lc rgb edge
    set label sprintf("tile %d", r) at X(L+S+1.6+St/2),y+h/2 center font ",10"
}
set arrow from X(L+S+0.3),rowy(py,0)+h+0.4 to X(L+S+0.3),rowy(py,2)-0.8 nohead lc rgb barrier lw 2 dt 2
set label "+: round_sums" at X(L+S+1.6+St)+1.5,rowy(py,1)+h/2 left font ",10" noenhanced

set arrow from X(0),1.5 to X(27),1.5 head filled size 1,20 lc rgb edge
set label "time, not to scale" at t0-1,1.5 right font ",10" tc rgb edge

plot NaN notitle
