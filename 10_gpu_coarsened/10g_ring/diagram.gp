# Step 10g's diagram: one block of the cooperative loop over time, not to scale: 10d's next tile
# prefetched into registers (one-launch+prefetch), then the ring of three shared-memory slots
# (ring+bulk), whose copies run on under the scan, the wait and the stores. Drawn with objects,
# arrows and labels only (make diagrams).
set terminal svg size 900,360 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border; unset tics; unset key
set lmargin at screen 0; set rmargin at screen 1
set bmargin at screen 0; set tmargin at screen 1
set xrange [0:100]
set clip one; set yrange [9:64]

edge = "#555555"
cload = "#a6c8e8"; cheld = "#e3eef8"; cscan = "#8cc084"; cwait = "#bdbdbd"; cstore = "#f6c85f"
t0 = 19; u = 2.6                        # where time 0 lies; one unit of time
X(t) = t0 + t*u
h = 3.6; L = 9; S = 1.5; W = 3; St = 3  # a row's height; load, scan, wait and store times

# The legend.
ly = 60.5
array LC[5] = [cload, cheld, cscan, cwait, cstore]
array LT[5] = ["loads in flight", "landed, not yet read", "scan", "wait for the carry", "store"]
array LX[5] = [2, 19, 40, 51, 72]
do for [i=1:5] {
    set object rect from LX[i],ly to LX[i]+3,ly+2.4 fc rgb LC[i] fs solid 1 border lc rgb edge
    set label LT[i] at LX[i]+4,ly+1.2 left font ",10"
}

# ---- 1. One tile prefetched into registers (10d's one-launch+prefetch) -----------------------
py = 54
set label "the next tile prefetched into registers (10d): loads in flight during the look-back only" at 2,py left font ",11"
y = py - 8
set label "threads" at t0-1,y+h/2 right font ",10" tc rgb edge
set label "loads" at t0-1,y-h-0.4+h/2 right font ",10" tc rgb edge
s = 0
do for [k=0:2] {
    set object rect from X(s),y to X(s+S),y+h fc rgb cscan fs solid 1 border lc rgb edge
    set object rect from X(s+S),y to X(s+S+W),y+h fc rgb cwait fs solid 1 border lc rgb edge
    set object rect from X(s+S+W),y to X(s+S+W+St),y+h fc rgb cstore fs solid 1 border lc rgb edge
    set label sprintf("tile %d", k) at X(s+S+W+St/2),y+h/2 center font ",9"
    # tile k+1's loads go out after the scan; its scan waits for them to land
    set object rect from X(s+S),y-h-0.4 to X(s+S+L),y-0.4 fc rgb cload fs solid 1 border lc rgb edge
    set label sprintf("tile %d", k + 1) at X(s+S+L/2),y-h/2-0.4 center font ",9"
    s = s + S + L
}
set label "the threads idle until the next tile lands" at X(S+W+St)+0.5,y+h+1.2 left font ",9" tc rgb edge

# ---- 2. A ring of three slots (ring+bulk) ------------------------------------------------------
py = 36
set label "a ring of three slots (ring+bulk): three tiles always on their way while the threads scan, wait and store" at 2,py left font ",11"
y = py - 8
set label "threads" at t0-1,y+h/2 right font ",10" tc rgb edge
P = S + W + St                          # a tile's time at the threads
s = 0
do for [k=0:4] {
    set object rect from X(s),y to X(s+S),y+h fc rgb cscan fs solid 1 border lc rgb edge
    set object rect from X(s+S),y to X(s+S+W),y+h fc rgb cwait fs solid 1 border lc rgb edge
    set object rect from X(s+S+W),y to X(s+P),y+h fc rgb cstore fs solid 1 border lc rgb edge
    set label sprintf("tile %d", k) at X(s+S+W+St/2),y+h/2 center font ",9"
    s = s + P
}
# slot j holds tiles j, j + 3, ...: a refill goes out once the threads have read the slot (after
# the scan of the tile three before), lands L later, and waits in the slot until its scan
do for [j=0:2] {
    ys = y - (j+1)*(h+0.6)
    set label sprintf("slot %d", j) at t0-1,ys+h/2 right font ",10" tc rgb edge
    do for [m=1:2] {
        k = j + 3*m
        a = (k - 3)*P + S
        set object rect from X(a),ys to X(a+L),ys+h fc rgb cload fs solid 1 border lc rgb edge
        set label sprintf("tile %d", k) at X(a+L/2),ys+h/2 center font ",9"
        if (k*P > a + L) { set object rect from X(a+L),ys to X(k*P),ys+h fc rgb cheld fs solid 1 border lc rgb edge }
    }
}

set arrow from X(0),11 to X(30),11 head filled size 1,20 lc rgb edge
set label "time, not to scale" at t0-1,11 right font ",10" tc rgb edge

plot NaN notitle
