# Stage 05's diagram: the Kogge-Stone steps on 8 elements. In the step of offset 1, 2, 4 every
# element adds the value that many places to its left (the blue arrows); the grey boxes have no
# partner that far left and keep their value. `make diagrams` runs it here (05_gpu_hillis_steele/).
set terminal svg size 640,330 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border
unset tics
unset key
set margins 0, 0, 0, 0
set xrange [-1.9:7.6]
set yrange [-0.9:5.3]

N = 8
array v[32] = [3, 1, 7, 0, 4, 1, 6, 3, \
               3, 4, 8, 7, 4, 5, 7, 9, \
               3, 4, 11, 11, 12, 12, 11, 14, \
               3, 4, 11, 11, 15, 16, 22, 25]
array name[4] = ["in", "offset 1", "offset 2", "offset 4"]
y(r) = 4.5 - 1.5 * r          # the centre of row r (0 = the input)
h = 0.28                      # half a box's height
w = 0.36                      # half a box's width
blue = "#2f6db5"

do for [r = 0:3] {
    set label name[r + 1] at -0.6, y(r) right
    offset = r == 0 ? 0 : 2**(r - 1)
    do for [i = 0:N - 1] {
        changed = r > 0 && i >= offset
        set object rect from i - w, y(r) - h to i + w, y(r) + h \
            fc rgb (r == 0 ? "white" : changed ? "#dce8f7" : "#eeeeee") fs solid 1.0 border lc rgb "#555555"
        set label sprintf("%d", v[8 * r + i + 1]) at i, y(r) center front
        if (r > 0) {
            # its own value, from the row above
            set arrow from i, y(r - 1) - h to i, y(r) + h lc rgb "#999999" lw 1 head size 0.12,25
            if (changed) {
                set arrow from i - offset, y(r - 1) - h to i, y(r) + h lc rgb blue lw 1.5 head size 0.15,25
            }
        }
    }
}
set label "element" at -0.6, 5.15 right tc rgb "#555555"
do for [i = 0:N - 1] {
    set label sprintf("%d", i) at i, 5.15 center tc rgb "#555555"
}
set label "blue: the value 1, 2, 4 places back, added; grey: no partner, unchanged" \
    at 2.85, -0.6 center tc rgb "#333333"

plot NaN
