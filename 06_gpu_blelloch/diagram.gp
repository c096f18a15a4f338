# Stage 06's diagram: Blelloch's scan on 8 elements. The up-sweep adds each left subtree's sum
# into its right sibling (blue) until the last slot holds the total; the root is cleared; the
# down-sweep moves each node's value to its left child (orange) and adds the left child's old
# value into the right child (blue); adding the input makes the exclusive scan inclusive.
# `make diagrams` runs it here (06_gpu_blelloch/).
set terminal svg size 640,560 font "Helvetica,12" background rgb "white"
set output "diagram.svg"

unset border
unset tics
unset key
set margins 0, 0, 0, 0
set xrange [-2.9:7.6]
set yrange [-1.1:9.1]

N = 8
array v[72] = [3, 1, 7, 0, 4, 1, 6, 3, \
               3, 4, 7, 7, 4, 5, 6, 9, \
               3, 4, 7, 11, 4, 5, 6, 14, \
               3, 4, 7, 11, 4, 5, 6, 25, \
               3, 4, 7, 11, 4, 5, 6, 0, \
               3, 4, 7, 0, 4, 5, 6, 11, \
               3, 0, 7, 4, 4, 11, 6, 16, \
               0, 3, 4, 11, 11, 15, 16, 22, \
               3, 4, 11, 11, 15, 16, 22, 25]
array name[9] = ["in", "up, offset 1", "up, offset 2", "up, offset 4", "root cleared", \
                 "down, offset 4", "down, offset 2", "down, offset 1", "+ in, inclusive"]
array level[9] = [0, 1, 2, 4, 0, 4, 2, 1, 0]   # the offset of each sweep row
array fill[72]
y(r) = 8.2 - 1.0 * r          # the centre of row r (0 = the input)
h = 0.26                      # half a box's height
w = 0.36                      # half a box's width
blue = "#2f6db5"
orange = "#d9822b"
grey = "#999999"
head = "head size 0.12,25"

# Which boxes change in each row, and the arrows into them.
do for [k = 1:72] { fill[k] = "white" }
do for [r = 1:7] {
    o = level[r + 1]
    if (r == 4) {
        fill[8 * r + 8] = "#f6d5d5"
    }
    if (o > 0) {
        do for [t = 0:N / (2 * o) - 1] {
            left = o * (2 * t + 1) - 1
            right = o * (2 * t + 2) - 1
            fill[8 * r + right + 1] = "#dce8f7"
            set arrow from right, y(r - 1) - h to right, y(r) + h lc rgb grey lw 1 head size 0.1,25
            set arrow from left, y(r - 1) - h to right, y(r) + h lc rgb blue lw 1.5 head size 0.12,25
            if (r > 4) {
                fill[8 * r + left + 1] = "#fbe6d0"
                set arrow from right, y(r - 1) - h to left, y(r) + h lc rgb orange lw 1.5 head size 0.12,25
            }
        }
    }
}
do for [i = 0:N - 1] {
    fill[64 + i + 1] = "#dff0d8"
}

do for [r = 0:8] {
    set label name[r + 1] at -0.6, y(r) right
    do for [i = 0:N - 1] {
        set object rect from i - w, y(r) - h to i + w, y(r) + h \
            fc rgb fill[8 * r + i + 1] fs solid 1.0 border lc rgb "#555555"
        set label sprintf("%d", v[8 * r + i + 1]) at i, y(r) center front
    }
}
set label "slot" at -0.6, 8.85 right tc rgb "#555555"
do for [i = 0:N - 1] {
    set label sprintf("%d", i) at i, 8.85 center tc rgb "#555555"
}
set label "blue: added into the box; orange: moved (the down-sweep's swap)" \
    at 2.5, -0.55 center tc rgb "#333333"

plot NaN
