# Step 04c's diagram: the memory traffic per element of a pass past the caches. A cached store to
# a line that is not in the cache first reads it (read for ownership), then writes it back when it
# is evicted: 12 bytes per element. A non-temporal (streaming) store writes the whole aligned line
# without reading it: 8 bytes. Drawn by `make diagrams`.
set terminal svg size 860,260 font "Helvetica,12" background rgb "white"
set output "diagram.svg"
unset border; unset tics; unset key
set termoption noenhanced
set margins 0, 0, 0, 0
set xrange [0:860]; set yrange [0:260]

grey = "#566573"; rd = "#d6eaf8"; rfo = "#f1948a"; wr = "#fad7a0"
u = 40                                  # pixels per byte of traffic
x0 = 300; h = 34
y1 = 185; y2 = 105

set label 1 "cached store (_mm256_store_si256)" at 20, y1 + 8 left
set label 2 "12 bytes per element" at 20, y1 - 10 left tc rgb grey
set label 3 "streaming store (_mm256_stream_si256)" at 20, y2 + 8 left
set label 4 "8 bytes per element" at 20, y2 - 10 left tc rgb grey

set object 1 rect from x0, y1 - h / 2 to x0 + 4 * u, y1 + h / 2 fc rgb rd fs solid border rgb grey
set label 11 "read in" at x0 + 2 * u, y1 center
set object 2 rect from x0 + 4 * u, y1 - h / 2 to x0 + 8 * u, y1 + h / 2 fc rgb rfo fs solid border rgb grey
set label 12 "read out's line first" at x0 + 6 * u, y1 center
set object 3 rect from x0 + 8 * u, y1 - h / 2 to x0 + 12 * u, y1 + h / 2 fc rgb wr fs solid border rgb grey
set label 13 "write out" at x0 + 10 * u, y1 center

set object 4 rect from x0, y2 - h / 2 to x0 + 4 * u, y2 + h / 2 fc rgb rd fs solid border rgb grey
set label 21 "read in" at x0 + 2 * u, y2 center
set object 5 rect from x0 + 4 * u, y2 - h / 2 to x0 + 8 * u, y2 + h / 2 fc rgb wr fs solid border rgb grey
set label 22 "write out" at x0 + 4 * u + 2 * u, y2 center

set label 9 "Past the caches memory bandwidth is the limit: a streaming store writes a whole aligned line without" at 20, 40 left tc rgb grey
set label 10 "reading it, but pushes it out of the caches, a loss while in and out would still fit there (the threshold)" at 20, 22 left tc rgb grey

plot NaN notitle
