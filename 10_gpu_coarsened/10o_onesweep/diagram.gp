# Step 10o's diagram: one pass of the one-sweep sort (digits.cuh 7, onesweep.cuh 9) on a toy
# tile of 16 keys and 4 bins (the real tile has 7680 keys and 256 bins): the tile's keys and their
# digits, the counts it publishes at once, its keys ranked by digit in shared memory, the
# descriptors of the tiles before it and each bin's walk back to a PREFIX, and the runs it writes
# to out. Drawn with objects, arrows and labels only (make diagrams).
set terminal svg size 900,500 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border; unset tics; unset key
set lmargin at screen 0; set rmargin at screen 1
set bmargin at screen 0; set tmargin at screen 1
set xrange [0:100]; set yrange [0:68]

edge = "#555555"; prefix = "#8cc084"; aggregate = "#a6c8e8"; invalid = "#e6e6e6"
bin_colour(d) = d == 0 ? "#f6c85f" : d == 1 ? "#e8a0c8" : d == 2 ? "#9fd4cf" : "#c9b3e6"
h = 3.6                              # a row's height

# The toy tile: keys a..p and their digits; the same keys ranked (stable: in order within a bin).
digits = "2 0 3 1 0 2 2 3 1 0 3 2 0 1 2 3"
ranked = "bejmdinafglochkp"
ranked_digits = "0 0 0 0 1 1 1 2 2 2 2 2 3 3 3 3"
bw = 2.4; x0 = 19                    # a key's box, the first box
kx(i) = x0 + i*bw

yA = 59; yB = 50; yC = 41; yD = 8
set label "tile t's keys" at 1,yA+h/2+0.9 left font ",11"
set label "(digits below)" at 1,yA+h/2-1.4 left font ",10" tc rgb edge
set label "its counts (7c)," at 1,yB+h/2+0.9 left font ",11"
set label "as AGGREGATE" at 1,yB+h/2-1.4 left font ",11"
set label "ranked by digit" at 1,yC+h/2+0.9 left font ",11"
set label "in shared memory" at 1,yC+h/2-1.4 left font ",11"
set label "out" at 1,yD+h/2 left font ",11"

do for [i=0:15] {
    d = int(word(digits, i+1))
    set object rect from kx(i),yA to kx(i)+bw,yA+h fc rgb bin_colour(d) fs solid 1 border lc rgb edge
    set label substr("abcdefghijklmnop", i+1, i+1) at kx(i)+bw/2,yA+h/2 center
    set label sprintf("%d", d) at kx(i)+bw/2,yA-1.3 center font ",10" tc rgb edge
    r = int(word(ranked_digits, i+1))
    set object rect from kx(i),yC to kx(i)+bw,yC+h fc rgb bin_colour(r) fs solid 1 border lc rgb edge
    set label substr(ranked, i+1, i+1) at kx(i)+bw/2,yC+h/2 center
    set label sprintf("%d", i) at kx(i)+bw/2,yC-1.3 center font ",9" tc rgb edge
}
set label "rank" at x0-0.5,yC-1.3 right font ",9" tc rgb edge

# The counts of bins 0..3 and their starts in the tile.
counts = "4 3 5 4"; starts = "0 4 7 12"
cw = 8.4
do for [b=0:3] {
    set object rect from x0+b*(cw+1.2),yB to x0+b*(cw+1.2)+cw,yB+h fc rgb bin_colour(b) fs solid 1 border lc rgb edge
    set label sprintf("bin %d: %s", b, word(counts, b+1)) at x0+b*(cw+1.2)+cw/2,yB+h/2 center font ",10"
    set label sprintf("starts at %s", word(starts, b+1)) at x0+b*(cw+1.2)+cw/2,yB-1.4 center font ",9" tc rgb edge
}

# The descriptors of tiles t-3 .. t, one per bin, and each bin's walk (9c): thread b goes up its
# column from tile t - 1, adding counts, and stops at the first PREFIX.
tx = 68.5; tw = 7.2; tg = 0.5
colx(b) = tx + b*(tw + tg)
rowy(r) = 59 - r*6.2                # r = 0: tile t - 3, ..., r = 3: tile t
set label "descriptors (9a)" at tx+2*(tw+tg)-tg/2,66 center
do for [b=0:3] { set label sprintf("bin %d", b) at colx(b)+tw/2,rowy(0)+h+1.4 center font ",10" tc rgb edge }
set label "tile t - 3" at tx-0.8,rowy(0)+h/2 right font ",10"
set label "tile t - 2" at tx-0.8,rowy(1)+h/2 right font ",10"
set label "tile t - 1" at tx-0.8,rowy(2)+h/2 right font ",10"
set label "tile t" at tx-0.8,rowy(3)+h/2 right font ",10"
cells = "P37 P121 P214 P318 P41 A2 A6 P322 A3 A5 A4 I P48 P131 P229 P328"
do for [r=0:3] {
    do for [b=0:3] {
        c = word(cells, 4*r + b + 1)
        kind = substr(c, 1, 1)
        shade = kind eq "P" ? prefix : kind eq "A" ? aggregate : invalid
        caption = kind eq "I" ? "INVALID" : (kind eq "P" ? "PREFIX " : "AGGR. ") . substr(c, 2, strlen(c))
        set object rect from colx(b),rowy(r) to colx(b)+tw,rowy(r)+h fc rgb shade fs solid 1 border lc rgb edge
        set label caption at colx(b)+tw/2,rowy(r)+h/2 center font ",8"
    }
}
# Each walk: from tile t's cell up to the PREFIX it stops at (bins 0 and 3: t - 2; 1 and 2: t - 3).
stop = "1 0 0 1"
do for [b=0:3] {
    set arrow from colx(b)+tw-0.9,rowy(3)+h to colx(b)+tw-0.9,rowy(int(word(stop, b+1)))+0.2 head filled size 0.8,25 lc rgb "#b8860b" lw 1.6
}
set label "places: bin 0: 3 + 41 = 44;  bin 1: 5 + 2 + 121 = 128;" at tx-8,rowy(3)-2.2 left font ",9"
set label "bin 2: 4 + 6 + 214 = 224;  bin 3 waits on INVALID" at tx-8,rowy(3)-4.4 left font ",9"
set label "until AGGREGATE 2 appears: 2 + 322 = 324" at tx-8,rowy(3)-6.6 left font ",9"
set label "thread b walks up bin b's column from tile t - 1," at tx-8,rowy(3)-10 left font ",10"
set label "adding counts up to the first PREFIX: the place of" at tx-8,rowy(3)-12.2 left font ",10"
set label "the tile's first key of bin b; then it publishes" at tx-8,rowy(3)-14.4 left font ",10"
set label "PREFIX, place + count, in its own cell" at tx-8,rowy(3)-16.6 left font ",10"

# The scatter (7e): each bin's run of the staged tile to out[place + (rank - start)].
runs = "44 128 224 324"; run_first = "0 4 7 12"; run_count = "4 3 5 4"
ox(b) = word("19 31.6 41.8 56.8", b+1) + 0
do for [b=0:3] {
    first = int(word(run_first, b+1)); k = int(word(run_count, b+1)); place = int(word(runs, b+1))
    do for [j=0:k-1] {
        set object rect from ox(b)+j*bw,yD to ox(b)+(j+1)*bw,yD+h fc rgb bin_colour(b) fs solid 1 border lc rgb edge
        set label substr(ranked, first+j+1, first+j+1) at ox(b)+j*bw+bw/2,yD+h/2 center
    }
    set label sprintf("%d .. %d", place, place+k-1) at ox(b)+k*bw/2,yD-1.5 center font ",9" tc rgb edge
    if (b < 3) { set label "..." at ox(b)+k*bw+0.4,yD+h/2 left tc rgb edge }
    set arrow from kx(first)+k*bw/2,yC-2.6 to ox(b)+k*bw/2,yD+h+0.4 head filled size 0.8,25 lc rgb edge lw 1.1
}
set label "after a barrier: out[place + (rank - start)], consecutive threads, consecutive places" at 19,yD-5 left font ",10"

plot NaN notitle
