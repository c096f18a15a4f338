# Stage 08's diagram: the chain. Every tile loads and scans at once; then tile t waits until
# tile t - 1 has published its inclusive prefix, so the publishes form a staircase, one hop per
# tile. Drawn with objects, arrows and labels only (make diagrams).
set terminal svg size 720,330 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border; unset tics; unset key
set lmargin at screen 0; set rmargin at screen 1
set bmargin at screen 0; set tmargin at screen 1
set xrange [0:100]; set yrange [0:46]

scan = "#a6c8e8"; wait = "#e6e6e6"; publish = "#f28e2b"; write = "#8cd17d"; hop = "#c0392b"
tiles = 7
row(t) = 34 - t*4.2           # the top of tile t's row
h = 3                         # a row's height
scan0 = 9; scan1 = 23         # every tile's load and block scan
step = 8                      # one hop of the chain
pub(t) = scan1 + t*step   # when tile t publishes

# The legend.
set object rect from 1,42 to 4,44.5 fc rgb scan fs solid 1 border lc rgb "#555555"
set label "load + scan the tile" at 5,43.2 left
set object rect from 29,42 to 32,44.5 fc rgb wait fs solid 1 border lc rgb "#555555"
set label "wait for tile t-1's flag" at 33,43.2 left
set object rect from 58,42 to 61,44.5 fc rgb publish fs solid 1 border lc rgb "#555555"
set label "publish prefix, flag" at 62,43.2 left
set object rect from 84,42 to 87,44.5 fc rgb write fs solid 1 border lc rgb "#555555"
set label "add, write" at 88,43.2 left

do for [t=0:tiles-1] {
    set label sprintf("tile %d", t) at 1,row(t)-h/2.0 left
    set object rect from scan0,row(t)-h to scan1,row(t) fc rgb scan fs solid 1 border lc rgb "#555555"
    if (t > 0) {
        set object rect from scan1,row(t)-h to pub(t),row(t) fc rgb wait fs solid 1 border lc rgb "#bbbbbb"
        set arrow from pub(t-1)+1.5,row(t-1)-h to pub(t)+0.2,row(t)-0.3 head filled size 1.2,25 lc rgb hop lw 1.5
    }
    set object rect from pub(t),row(t)-h to pub(t)+1.5,row(t) fc rgb publish fs solid 1 border lc rgb "#555555"
    set object rect from pub(t)+1.5,row(t)-h to pub(t)+5,row(t) fc rgb write fs solid 1 border lc rgb "#555555"
}
set label "all tiles scan at once" at scan0,row(tiles-1)-h-2.4 left
set label "the chain: tile t publishes" at 66,row(0)-0.6 left tc rgb hop
set label "t hops after tile 0" at 66,row(0)-3.4 left tc rgb hop
set label "one hop" at pub(2)+5.5,row(2)-0.8 left tc rgb hop font ",11"

# The time axis.
set arrow from scan0,2 to 98,2 head filled size 1.2,25 lc rgb "#555555" lw 1
set label "time" at 98,3.6 right tc rgb "#555555"

plot NaN notitle
