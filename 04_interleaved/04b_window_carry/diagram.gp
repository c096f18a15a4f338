# Step 04b's diagram: the window carry of avx2+window, on the inputs 1..16 (two registers of 8
# lanes). s8, the sum of the 8 inputs ending at each lane, depends on inputs only; each lane's
# result is the result 8 lanes back plus s8, so the only dependence from register to register is
# one add per lane (red). Lane 3 of the second register is traced: 10 + 68 = 78.
# Drawn by `make diagrams`.
set terminal svg size 860,350 font "Helvetica,12" background rgb "white"
set output "diagram.svg"
unset border; unset tics; unset key
set termoption noenhanced
set margins 0, 0, 0, 0
set xrange [0:860]; set yrange [0:350]

grey = "#566573"; win = "#fad7a0"; sums = "#fcf3cf"; res = "#d6eaf8"; chain = "#c0392b"
hot = "#f1948a"

w = 42; h = 28
cx(c) = 150 + c * w + (c >= 8 ? 14 : 0) + w / 2.0    # cell c: 0..7 the previous register, 8..15 this one
yin = 262; ys = 187; yout = 117

set label 1 "previous register: elements 1..8" at (cx(0) + cx(7)) / 2, yin + 32 center tc rgb grey
set label 2 "this register: elements 9..16" at (cx(8) + cx(15)) / 2, yin + 32 center tc rgb grey
set label 3 "in" at 20, yin left
set label 4 "s8 = sum of the 8 inputs" at 20, ys + 8 left
set label 5 "ending at each lane" at 20, ys - 8 left
set label 6 "out" at 20, yout left

do for [c = 0:15] {
    e = c + 1
    out = e * (e + 1) / 2
    cin = (c >= 4 && c <= 11) ? win : "#ffffff"
    set object (10 + c) rect center cx(c), yin size w - 4, h fc rgb cin fs solid border rgb grey
    set label (100 + c) sprintf("%d", e) at cx(c), yin center
    cout = c == 11 ? hot : res
    set object (40 + c) rect center cx(c), yout size w - 4, h fc rgb cout fs solid border rgb (c == 3 || c == 11 ? chain : grey) lw (c == 3 || c == 11 ? 2 : 1)
    set label (140 + c) sprintf("%d", out) at cx(c), yout center
    if (c >= 8) {
        s8 = 8 * e - 28
        set object (70 + c) rect center cx(c), ys size w - 4, h fc rgb (c == 11 ? win : sums) fs solid border rgb grey
        set label (170 + c) sprintf("%d", s8) at cx(c), ys center
    }
}
# the window of lane 3: inputs 5..12
set arrow 1 from cx(4) - w / 2.0 + 2, yin - h / 2 - 6 to cx(11) + w / 2.0 - 2, yin - h / 2 - 6 nohead lc rgb "#ca6f1e" lw 2
set arrow 2 from cx(11), yin - h / 2 - 6 to cx(11), ys + h / 2 + 1 head size 6, 25 lc rgb "#ca6f1e" lw 2
set label 7 "5 + 6 + ... + 12 = 68" at cx(4) - w / 2.0, yin - h / 2 - 18 left tc rgb "#ca6f1e"

# the chain: out[j] = out[j-8] + s8[j]
set arrow 3 from cx(11), ys - h / 2 - 1 to cx(11), yout + h / 2 + 1 head size 6, 25 lc rgb "#ca6f1e" lw 2
yc = yout - h / 2 - 16
set arrow 4 from cx(3), yout - h / 2 to cx(3), yc nohead lc rgb chain lw 2.5
set arrow 5 from cx(3), yc to cx(11), yc nohead lc rgb chain lw 2.5
set arrow 6 from cx(11), yc to cx(11), yout - h / 2 - 1 head size 7, 25 lc rgb chain lw 2.5
set label 8 "out[j] = out[j-8] + s8[j]:  10 + 68 = 78" at (cx(3) + cx(11)) / 2, yc - 13 center tc rgb chain

set label 9 "s8 needs inputs only (s2, s4, s8: three shift-and-add steps over this register and the last one's sums)," at 20, 32 left tc rgb grey
set label 10 "so the core computes it ahead; from register to register, each lane waits for one add (red)" at 20, 14 left tc rgb grey

plot NaN notitle
