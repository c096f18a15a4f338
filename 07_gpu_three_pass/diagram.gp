# Stage 07's diagram: the three passes on 16 elements in tiles of 4 (the stage's tiles hold 512).
# Pass 1 scans every tile on its own and writes its total to tile_sums; pass 2 scans tile_sums
# (inclusively; recursively when they fill more than one tile); pass 3 adds tile_sums[b - 1] to
# every element of tile b > 0. Passes 1 and 3 each read and write the whole array.
# Drawn by `make diagrams`.
set terminal svg size 930,400 font "Helvetica,12" background rgb "white"
set output "diagram.svg"
unset border; unset tics; unset key
set termoption noenhanced
set margins 0, 0, 0, 0
set xrange [0:930]; set yrange [0:400]

grey = "#566573"; inc = "#ffffff"; loc = "#d6eaf8"; sumc = "#fcf3cf"; fin = "#d5f5e3"
add = "#c0392b"; traffic = "#1f618d"

array vin[16] = [3, 1, 2, 0, 1, 1, 4, 2, 0, 2, 2, 1, 5, 0, 1, 1]
array vloc[16] = [3, 4, 6, 6, 1, 2, 6, 8, 0, 2, 4, 5, 5, 5, 6, 7]
array vfin[16] = [3, 4, 6, 6, 7, 8, 12, 14, 14, 16, 18, 19, 24, 24, 25, 26]
array vs1[4] = [6, 8, 5, 7]
array vs2[4] = [6, 14, 19, 26]

w = 30; h = 26; gap = 16; xl = 200
cx(i) = xl + i * w + int(i / 4) * gap + w / 2.0     # element i (0..15)
tx(b) = (cx(4 * b) + cx(4 * b + 3)) / 2.0           # the middle of tile b
yin = 360; y1 = 290; ys1 = 225; ys2 = 160; y3 = 80

set label 1 "in" at 15, yin left
set label 2 "pass 1: scan each tile" at 15, y1 left
set label 3 "the tiles' totals: tile_sums" at 15, ys1 left
set label 4 "pass 2: scan tile_sums" at 15, ys2 + 8 left
set label 32 "(inclusive; recursive)" at 15, ys2 - 8 left tc rgb grey
set label 5 "pass 3: tile b adds" at 15, y3 + 8 left
set label 6 "tile_sums[b - 1]" at 15, y3 - 8 left
do for [b = 0:3] {
    set label (7 + b) sprintf("tile %d", b) at tx(b), yin + 24 center tc rgb grey
}

do for [i = 1:16] {
    set object (10 + i) rect center cx(i - 1), yin size w - 3, h fc rgb inc fs solid border rgb grey
    set label (100 + i) sprintf("%d", vin[i]) at cx(i - 1), yin center
    set object (30 + i) rect center cx(i - 1), y1 size w - 3, h fc rgb loc fs solid border rgb grey
    set label (130 + i) sprintf("%d", vloc[i]) at cx(i - 1), y1 center
    set object (50 + i) rect center cx(i - 1), y3 size w - 3, h fc rgb fin fs solid border rgb grey
    set label (150 + i) sprintf("%d", vfin[i]) at cx(i - 1), y3 center
}
do for [b = 0:3] {
    set object (70 + b) rect center tx(b), ys1 size w + 6, h fc rgb sumc fs solid border rgb grey
    set label (170 + b) sprintf("%d", vs1[b + 1]) at tx(b), ys1 center
    set object (80 + b) rect center tx(b), ys2 size w + 6, h fc rgb sumc fs solid border rgb grey
    set label (180 + b) sprintf("%d", vs2[b + 1]) at tx(b), ys2 center
    # the tile's total, from its last element
    set arrow (10 + b) from cx(4 * b + 3), y1 - h / 2 to tx(b) + 8, ys1 + h / 2 head size 5, 25 lc rgb grey
    if (b < 3) {
        # pass 3: tile_sums[b] is added to tile b + 1
        set arrow (20 + b) from tx(b) + 10, ys2 - h / 2 to tx(b + 1) - 2 * w + 4, y3 + h / 2 + 2 head size 6, 25 lc rgb add lw 2
        set label (190 + b) sprintf("+%d", vs2[b + 1]) at (tx(b) + tx(b + 1)) / 2.0 - 22, (ys2 + y3) / 2.0 + 4 center tc rgb add
    }
}
do for [b = 0:3] {
    set arrow (31 + b) from tx(b), ys1 - h / 2 - 2 to tx(b), ys2 + h / 2 + 2 head size 5, 25 lc rgb grey
}

xr = cx(15) + w
set label 40 "reads in, writes out:" at xr, y1 + 8 left tc rgb traffic
set label 45 "8 bytes/element" at xr, y1 - 8 left tc rgb traffic
set label 41 "one word per tile:" at xr, (ys1 + ys2) / 2.0 + 8 left tc rgb traffic
set label 46 "almost nothing" at xr, (ys1 + ys2) / 2.0 - 8 left tc rgb traffic
set label 42 "reads and writes out:" at xr, y3 + 8 left tc rgb traffic
set label 43 "8 bytes/element again" at xr, y3 - 8 left tc rgb traffic
set label 44 "16 bytes per element in all; a scan needs 8 (one read, one write)" at xl, 22 left tc rgb traffic

plot NaN notitle
