# Stage 01's diagram: the scalar loop's chain. Each add needs the sum of the one before, so the
# adds run one after another; the loads of in[] do not wait for them. Drawn by `make diagrams`.
set terminal svg size 680,290 font "Helvetica,12" background rgb "white"
set output "diagram.svg"
unset border; unset tics; unset key
set termoption noenhanced
set margins 0, 0, 0, 0
set xrange [0:680]; set yrange [0:290]

chain = "#c0392b"; load = "#2e86c1"; box = "#f2f3f4"
in_v  = "3 1 7 0 4 1 6 3"
out_v = "3 4 11 11 15 16 22 25"
x0 = 120; dx = 68

set label 1 "in"  at 20, 230 left
set label 2 "sum" at 20, 150 left
set label 3 "out" at 20, 70 left

do for [i = 0:7] {
    x = x0 + i * dx
    # in[i], its add, out[i]
    set object (10 + i) rect center x, 230 size 44, 28 fc rgb box fs solid border rgb "#566573"
    set label (10 + i) word(in_v, i + 1) at x, 230 center
    set object (20 + i) circle at x, 150 size 15 fc rgb "white" fs solid border rgb chain lw 2
    set label (20 + i) "+" at x, 150 center tc rgb chain font "Helvetica,16"
    set object (30 + i) rect center x, 70 size 44, 28 fc rgb box fs solid border rgb "#566573"
    set label (30 + i) word(out_v, i + 1) at x, 70 center
    set arrow (10 + i) from x, 215 to x, 166 head size 6, 25 lc rgb load lw 1.5
    set arrow (20 + i) from x, 134 to x, 85 head size 6, 25 lc rgb "#566573" lw 1.5
    if (i < 7) {
        set arrow (30 + i) from x + 16, 150 to x + dx - 16, 150 head size 7, 25 lc rgb chain lw 2.5
    }
}

set label 50 "each add waits for the one before it (red): at best one element per cycle" at x0 - 22, 25 left tc rgb chain
set label 51 "the loads of in[i] wait for nothing: the core issues them far ahead" at x0 - 22, 270 left tc rgb load

plot NaN notitle
