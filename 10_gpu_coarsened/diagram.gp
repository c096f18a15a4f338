# Stage 10's diagram: the coarsened tile (scan.cu, section 2, exchange_scan) on a toy tile of 4
# threads of 3 vectors (the article's has 512 threads of 1 to 4): striped loads, the exchange
# through shared memory to a blocked layout, the scan in the thread, the block scan of the thread
# totals, and the way back. A box is a 16-byte vector, numbered by its place in the tile and
# coloured by the thread that holds it (in shared memory: the thread that wrote it). Drawn with
# objects, arrows and labels only (make diagrams).
set terminal svg size 900,500 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border; unset tics; unset key
set lmargin at screen 0; set rmargin at screen 1
set bmargin at screen 0; set tmargin at screen 1
set xrange [0:100]; set yrange [0:75]

edge = "#555555"; total = "#f6c85f"; before = "#fbe3a6"
col(t) = t == 0 ? "#a6c8e8" : t == 1 ? "#8cc084" : t == 2 ? "#f4a582" : "#c9b3e0"
T = 4; V = 3                          # threads, vectors a thread
bw = 4.2; gap = 2.2; x0 = 25; h = 3.6 # a box; the gap between threads; the first box; a row
run(q) = x0 + q*bw                    # tile order: vector q
grp(t, v) = x0 + t*(V*bw + gap) + v*bw  # thread t's v-th vector
gw = V*bw                             # a thread's group

yA = 69; yB = 56; yC = 44; yD = 32; yE = 21; yF = 11
set label "in (one tile)" at 1,yA+h/2 left
set label "registers, striped" at 1,yB+h/2 left
set label "shared memory" at 1,yC+h/2 left
set label "registers, blocked" at 1,yD+h/2 left
set label "scan in the thread" at 1,yE+h/2 left
set label "block scan" at 1,yF+h/2 left

do for [q=0:T*V-1] {
    set object rect from run(q),yA to run(q)+bw,yA+h fc rgb col(q % T) fs solid 1 border lc rgb edge
    set label sprintf("%d", q) at run(q)+bw/2,yA+h/2 center
    set object rect from run(q),yC to run(q)+bw,yC+h fc rgb col(q % T) fs solid 1 border lc rgb edge
    set label sprintf("%d", q) at run(q)+bw/2,yC+h/2 center
}
do for [t=0:T-1] {
    do for [v=0:V-1] {
        set object rect from grp(t,v),yB to grp(t,v)+bw,yB+h fc rgb col(t) fs solid 1 border lc rgb edge
        set label sprintf("%d", v*T + t) at grp(t,v)+bw/2,yB+h/2 center
        set object rect from grp(t,v),yD to grp(t,v)+bw,yD+h fc rgb col(t) fs solid 1 border lc rgb edge
        set label sprintf("%d", t*V + v) at grp(t,v)+bw/2,yD+h/2 center
    }
    set label sprintf("thread %d", t) at grp(t,0)+gw/2,yB+h+1.6 center font ",10" tc rgb edge
    set object rect from grp(t,0),yE to grp(t,0)+gw,yE+h fc rgb total fs solid 1 border lc rgb edge
    set label sprintf("total s%d", t) at grp(t,0)+gw/2,yE+h/2 center font ",11"
    set object rect from grp(t,0),yF to grp(t,0)+gw,yF+h fc rgb before fs solid 1 border lc rgb edge
    set arrow from grp(t,0)+gw/2,yE-0.3 to grp(t,0)+gw/2,yF+h+0.3 head filled size 0.8,25 lc rgb edge
}
set label "0" at grp(0,0)+gw/2,yF+h/2 center font ",11"
set label "s0" at grp(1,0)+gw/2,yF+h/2 center font ",11"
set label "s0+s1" at grp(2,0)+gw/2,yF+h/2 center font ",11"
set label "s0+s1+s2" at grp(3,0)+gw/2,yF+h/2 center font ",11"

# What happens between the rows, to the right of the arrows.
ax = x0 + 2; tx = ax + 2
set arrow from ax,yA-0.4 to ax,yB+h+2.8 head filled size 1,25 lc rgb edge lw 1.2
set label "16-byte loads, striped: thread t takes vectors t, t + 4, t + 8" at tx,yA-3.0 left font ",10"
set arrow from ax,yB-0.4 to ax,yC+h+0.4 head filled size 1,25 lc rgb edge lw 1.2
set label "vector v of thread t to slot v * THREADS + t; a barrier" at tx,yB-4.4 left font ",10" noenhanced
set arrow from ax,yC-0.4 to ax,yD+h+2.8 head filled size 1,25 lc rgb edge lw 1.2
set label "thread t reads exchange[t * VECS + v]: consecutive vectors" at tx,yC-3.4 left font ",10" noenhanced
set label "scan4 in each vector, a running sum across the thread's vectors" at tx,yD-3.2 left font ",10" noenhanced

set label "exclusive: the sum" at grp(3,0)+gw+1.5,yF+h+1.2 left font ",10"
set label "of the threads before" at grp(3,0)+gw+1.5,yF+h-1.4 left font ",10"
set label "then + before in every vector, and back the same way: shared memory, striped 16-byte stores" at x0,yF-5 left font ",10"

plot NaN notitle
