# Step 10a's diagram: the L2 cache (scan.cu, section 1) as a row of lines, oldest use on the left,
# with plain loads and stores (the stream's lines push the descriptors out) and with evict-first
# hints (the stream's own lines are dropped first, the descriptors and the counter stay). Not to
# scale: the real L2 holds hundreds of thousands of lines. Drawn with objects, arrows and labels
# only (make diagrams).
set terminal svg size 900,300 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border; unset tics; unset key
set lmargin at screen 0; set rmargin at screen 1
set bmargin at screen 0; set tmargin at screen 1
set xrange [0:100]; set yrange [0:40]

edge = "#555555"; cD = "#f6c85f"; cS = "#a6c8e8"; cE = "#c0392b"
bw = 5.2; h = 4; x0 = 22
bx(i) = x0 + i*bw
# one character a line of L2: D a descriptor or the counter, S a line of the stream
plain = "D S S D S S S S S S S S"
hint = "D S S D S S S S S S S S"
fill(c) = c eq "D" ? cD : cS
name(c) = c eq "D" ? "desc" : "data"

do for [r=0:1] {
    y = r == 0 ? 26 : 8
    s = r == 0 ? plain : hint
    set label (r == 0 ? "plain loads and stores" : "evict-first (__ldcs, __stcs)") at 1,y+h/2 left noenhanced
    do for [i=0:11] {
        c = word(s, i+1)
        set object rect from bx(i),y to bx(i)+bw,y+h fc rgb fill(c) fs solid 1 border lc rgb edge
        set label name(c) at bx(i)+bw/2,y+h/2 center font ",10"
    }
    set label "new data line" at bx(12)+1.5,y+h+2.5 left font ",10"
    set arrow from bx(12)+4,y+h+1.5 to bx(11)+bw/2+1,y+h+0.2 head filled size 0.8,25 lc rgb edge
}
# plain: the least recently used line goes, a descriptor among the oldest
set object rect from bx(0),26 to bx(0)+bw,26+h fs empty border lc rgb cE lw 2
set label "evicted: the oldest line, here a descriptor a later look-back needs" at bx(0),26-3 left font ",10" tc rgb cE
# evict-first: the stream's lines go first
set object rect from bx(1),8 to bx(1)+bw,8+h fs empty border lc rgb cE lw 2
set label "evicted: the oldest data line, marked evict-first, before the older descriptor" at bx(0),8-3 left font ",10" tc rgb cE
set label "oldest use" at bx(0),36 left font ",10" tc rgb edge
set label "latest use" at bx(11)+bw,36 right font ",10" tc rgb edge
set arrow from bx(2),36 to bx(10),36 head filled size 0.8,25 lc rgb edge
plot NaN notitle
