# Stage 04's diagram: one iteration of the interleaved loop, along the array (elements to the
# right, one cell per 8 elements). Iteration i computes the local prefix of elements i..i+7
# (prefix8) and accumulates elements i-128..i-121, LAG = 128 elements (16 iterations) behind, whose
# local prefix is still in L1; interleaved+prefetch also asks for in and out AHEAD = 2048 elements
# ahead. The next iteration moves both 8 elements to the right. Drawn by `make diagrams`.
set terminal svg size 860,270 font "Helvetica,12" background rgb "white"
set output "diagram.svg"
unset border; unset tics; unset key
set termoption noenhanced
set margins 0, 0, 0, 0
set xrange [0:860]; set yrange [0:270]

grey = "#566573"; done = "#d5f5e3"; waiting = "#d6eaf8"; pre = "#5dade2"; acc = "#f7dc6f"
chain = "#c0392b"; pf = "#1e8449"

x0 = 30; w = 24; y = 140; h = 34       # cell g spans x0 + g*w .. x0 + (g+1)*w
cx(g) = x0 + (g + 0.5) * w
A = 5; P = 21; last = 27                # accumulate at cell A, prefix8 at cell P = A + 16
do for [g = 0:last] {
    c = g < A ? done : g == A ? acc : g < P ? waiting : g == P ? pre : "#ffffff"
    set object (10 + g) rect from x0 + g * w, y - h / 2 to x0 + (g + 1) * w, y + h / 2 \
        fc rgb c fs solid border rgb grey
}
# the break, and the cell AHEAD elements on
xb = x0 + (last + 1) * w
set label 1 "//" at xb + 14, y center tc rgb grey font "Helvetica,16"
xf = xb + 70
set object 60 rect from xf, y - h / 2 to xf + w, y + h / 2 fc rgb "#ffffff" fs solid border rgb pf lw 2

# what each region is
set label 2 "finished" at x0 + A * w / 2.0, y + h / 2 + 14 center tc rgb grey
set label 3 "local prefix stored, still in L1" at (cx(A) + cx(P)) / 2, y + h / 2 + 14 center tc rgb grey
set label 4 "not read yet" at x0 + (P + 1) * w + (last - P) * w / 2.0, y + h / 2 + 14 center tc rgb grey

# the two halves of one iteration
set arrow 1 from cx(P), y + 78 to cx(P), y + h / 2 + 2 head size 7, 25 lc rgb "#1f618d" lw 2
set label 5 "prefix8(in + i, out + i): elements i..i+7" at cx(P) - 50, y + 88 left tc rgb "#1f618d"
set arrow 2 from cx(A), y + 78 to cx(A), y + h / 2 + 2 head size 7, 25 lc rgb "#9a7d0a" lw 2
set label 6 "accumulate(out + i - LAG): elements i-128..i-121" at x0, y + 88 left tc rgb "#9a7d0a"

# the lag
yl = y - h / 2 - 18
set arrow 3 from cx(A), yl to cx(P), yl heads size 6, 25 lc rgb grey lw 1.2
set label 7 "LAG = 128 elements = 16 iterations" at (cx(A) + cx(P)) / 2, yl - 14 center tc rgb grey

# the running sum s, carried from accumulate to accumulate
set arrow 4 from x0 + (A - 2) * w, y to x0 + A * w + 3, y head size 6, 25 lc rgb chain lw 2.5
set label 8 "s" at x0 + (A - 1.2) * w, y + 9 center tc rgb chain

# the prefetch
set arrow 5 from cx(P) + 4, y - h / 2 - 4 to xf + w / 2.0, y - h / 2 - 2 head size 6, 25 lc rgb pf lw 1.5 dt 2
set label 9 "interleaved+prefetch: prefetch in and out AHEAD = 2048 elements on" at xf + w, y - h / 2 - 58 right tc rgb pf

# how the loop moves
set label 10 "one cell = 8 elements; the next iteration moves both boxes one cell to the right, the lag stays" at x0, 22 left tc rgb grey

plot NaN notitle
