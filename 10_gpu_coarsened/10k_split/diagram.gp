# Step 10k's diagram: one tile of the split pass (radix.cuh, 6b) on a toy tile of 8 keys (the real
# tile has 4096): which keys have the bit clear, their count scanned as the compaction's is, the
# staging in shared memory (clear keys from the front, the others after them), and the two runs
# the tile writes to out. Drawn with objects, arrows and labels only (make diagrams).
set terminal svg size 900,380 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border; unset tics; unset key
set lmargin at screen 0; set rmargin at screen 1
set bmargin at screen 0; set tmargin at screen 1
set xrange [0:100]; set yrange [0:50]

edge = "#555555"; c0 = "#a6c8e8"; c1 = "#f6c85f"; carry = "#8cc084"
bw = 4.4; h = 4; x0 = 24
keys = "a b c d e f g h"; bits = "1 0 0 1 0 1 1 0"
staged = "b c e h a d f g"; sbits = "0 0 0 0 1 1 1 1"
yK = 40; yS = 27; yO = 10

set label "the tile's keys, bit b" at 1,yK+h/2 left
set label "shared memory" at 1,yS+h/2 left
set label "out" at 1,yO+h/2 left
do for [i=0:7] {
    b = word(bits, i+1) + 0
    set object rect from x0+i*bw,yK to x0+(i+1)*bw-0.3,yK+h fc rgb (b ? c1 : c0) fs solid 1 border lc rgb edge
    set label word(keys, i+1) at x0+i*bw+bw/2,yK+h/2 center
    set label sprintf("%d", b) at x0+i*bw+bw/2,yK-1.8 center font ",9" tc rgb edge
    s = word(sbits, i+1) + 0
    set object rect from x0+i*bw,yS to x0+(i+1)*bw-0.3,yS+h fc rgb (s ? c1 : c0) fs solid 1 border lc rgb edge
    set label word(staged, i+1) at x0+i*bw+bw/2,yS+h/2 center
}
set label "4 keys with b clear: the tile's aggregate" at x0+8*bw+2,yK+h/2 left font ",10"
set label "clear keys at z (clear keys before them), the others at aggregate + (q - z)" at x0,yS-2.6 left font ",10" tc rgb edge
set arrow from x0+4*bw,yK-3.5 to x0+4*bw,yS+h+0.5 head filled size 1,25 lc rgb edge lw 1.2
set label "scan of the counts, look-back: carry = clear keys before the tile" at x0+4*bw+1.5,(yK+yS+h)/2-0.5 left font ",10"

# out: the clear run after the carry, the set run after all clear keys of the array
ox0 = 12; ox1 = 58
set object rect from ox0-2*bw,yO to ox0,yO+h fc rgb "#eeeeee" fs solid 1 border lc rgb "#bbbbbb"
do for [i=0:3] {
    set object rect from ox0+i*bw,yO to ox0+(i+1)*bw-0.3,yO+h fc rgb c0 fs solid 1 border lc rgb edge
    set label word(staged, i+1) at ox0+i*bw+bw/2,yO+h/2 center
    set object rect from ox1+i*bw,yO to ox1+(i+1)*bw-0.3,yO+h fc rgb c1 fs solid 1 border lc rgb edge
    set label word(staged, i+5) at ox1+i*bw+bw/2,yO+h/2 center
}
set label "out[carry ..]" at ox0,yO-2.2 left font ",10" tc rgb edge
set label "out[zeros[b] + (keys before the tile - carry) ..]" at ox1,yO-2.2 left font ",10" tc rgb edge
set arrow from x0+2*bw,yS-4 to ox0+2*bw,yO+h+0.5 head filled size 1,25 lc rgb edge lw 1.2
set arrow from x0+6*bw,yS-4 to ox1+2*bw,yO+h+0.5 head filled size 1,25 lc rgb edge lw 1.2
set label "zeros[b], from the count before the pass: every key of the array with b clear goes first" at 1,2 left font ",10" tc rgb edge

plot NaN notitle
