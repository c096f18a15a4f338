# Step 04a's diagram: avx2's single pass on the inputs 1..16 (two registers of 8 lanes). Two in-lane
# shift-and-add steps give each 128-bit half its prefix; the cross-lane step adds the low half's
# total to the high half, which finishes the register; the carry (the total of everything before
# it, in every lane) is added, and grows by the register's own total: one add from register to
# register (red). Drawn by `make diagrams`.
set terminal svg size 860,380 font "Helvetica,12" background rgb "white"
set output "diagram.svg"
unset border; unset tics; unset key
set termoption noenhanced
set margins 0, 0, 0, 0
set xrange [0:860]; set yrange [0:380]

grey = "#566573"; half = "#fcf3cf"; full = "#fad7a0"; res = "#d6eaf8"; chain = "#c0392b"

w = 38; h = 26
cx(c) = 170 + c * w + (c >= 8 ? 24 : 0) + (c % 8 >= 4 ? 6 : 0) + w / 2.0
yin = 320; yhalf = 260; yfull = 200; yout = 120

set label 1 "first register: elements 1..8" at (cx(0) + cx(7)) / 2, yin + 30 center tc rgb grey
set label 2 "second register: elements 9..16" at (cx(8) + cx(15)) / 2, yin + 30 center tc rgb grey
set label 3 "in" at 20, yin left
set label 4 "two in-lane steps" at 20, yhalf left
set label 5 "+ low half's total" at 20, yfull + 8 left
set label 6 "to the high half" at 20, yfull - 8 left
set label 7 "out = prefix + carry" at 20, yout left

do for [c = 0:15] {
    e = c + 1
    b = c < 8 ? 0 : 8                  # the register's first element - 1
    l = c % 4                          # the lane inside its half
    hs = c - l                         # the half's first lane
    inl = (hs + 1 + c + 1) * (c - hs + 1) / 2          # the half's prefix
    fl = (b + 1 + c + 1) * (c - b + 1) / 2             # the register's prefix
    out = e * (e + 1) / 2
    set object (10 + c) rect center cx(c), yin size w - 4, h fc rgb "#ffffff" fs solid border rgb grey
    set label (100 + c) sprintf("%d", e) at cx(c), yin center
    set object (30 + c) rect center cx(c), yhalf size w - 4, h fc rgb half fs solid border rgb grey
    set label (130 + c) sprintf("%d", inl) at cx(c), yhalf center
    set object (50 + c) rect center cx(c), yfull size w - 4, h fc rgb full fs solid border rgb grey
    set label (150 + c) sprintf("%d", fl) at cx(c), yfull center
    set object (70 + c) rect center cx(c), yout size w - 4, h fc rgb res fs solid border rgb (c == 7 || c == 15 ? chain : grey) lw (c == 7 || c == 15 ? 2 : 1)
    set label (170 + c) sprintf("%d", out) at cx(c), yout center
}
# the cross-lane step: lane 3's total (10, 42) to lanes 4..7
set arrow 1 from cx(3), yhalf - h / 2 to cx(5), yfull + h / 2 + 1 head size 6, 25 lc rgb "#ca6f1e" lw 2
set arrow 12 from cx(11), yhalf - h / 2 to cx(13), yfull + h / 2 + 1 head size 6, 25 lc rgb "#ca6f1e" lw 2
set label 8 "lane 3 to lanes 4..7" at cx(5) + 14, (yhalf + yfull) / 2 - 4 left tc rgb "#ca6f1e"

# the carry: 36 (the first register's total) broadcast to every lane of the second
yc = yout - h / 2 - 22
set arrow 2 from cx(7), yout - h / 2 to cx(7), yc nohead lc rgb chain lw 2.5
set arrow 3 from cx(7), yc to cx(15) + w / 2.0 + 14, yc nohead lc rgb chain lw 2.5
set label 9 "carry = 36 in every lane; then carry + 100 = 136, one add on the chain" at (cx(7) + cx(15)) / 2, yc - 14 center tc rgb chain

set label 10 "Each register is finished in registers and stored once; the carry grows by the register's own total," at 20, 32 left tc rgb grey
set label 11 "which needs its inputs only, so from register to register the chain is one add (red)" at 20, 14 left tc rgb grey

plot NaN notitle
