# The course's charts, drawn from the benchmark CSVs as they are (gnuplot reads them itself).
# common/tools/charts.sh calls it once per chart with these variables (gnuplot -e "name='value'; ..."):
#
#   out      the SVG to write
#   title    the chart's title
#   rate     the CSV column drawn: 9 (G elements/s, CPU) or 10 (GB/s, GPU)
#   files    the CSVs, separated by spaces
#   lines    the lines, separated by spaces, each "F:VARIANT:TITLE": the rows of VARIANT in file
#            number F, titled TITLE in the key ('_' for a space)
#   refs     the reference rows drawn from the first file, separated by spaces
#   marks    vertical marks, each "n:label" ('_' for a space), separated by spaces
#
# Each line is one variant: the CSV's rows whose variant column names it, n against the rate. The
# y axis is logarithmic, so that a scan at a hundredth of a copy and one at a copy's speed both
# read; the reference rows are black and grey, the roofline (copy, stream) the heaviest.
set datafile separator ","
set datafile missing NaN
set terminal svg size 860,480 dynamic font "Helvetica,12" background rgb "white"
set output out
set title title noenhanced
set xlabel "n (elements)"
set ylabel (rate == 10 ? "GB/s (8 bytes per element)" : "G elements / s")
set logscale x 2
set logscale y 10
set format x "2^{%L}"
set format y "%g"
set xtics 4
set mxtics 4
set grid xtics ytics mytics lc rgb "#e4e4e4"
set key outside right top noenhanced spacing 1.1
set pointsize 0.6

# '_' to ' ', and the parts of "a:b:c".
spaced(s) = strstrt(s, "_") ? s[1:strstrt(s, "_") - 1] . " " . spaced(s[strstrt(s, "_") + 1:]) : s
part(s, i) = i == 1 ? s[1:strstrt(s, ":") - 1] : part(s[strstrt(s, ":") + 1:], i - 1)
last(s) = strstrt(s, ":") ? last(s[strstrt(s, ":") + 1:]) : s

do for [m in marks] {
    x = real(part(m, 1))
    set arrow from x, graph 0 to x, graph 1 nohead lc rgb "#bbbbbb" dt 2
    set label spaced(last(m)) at x, graph 0.97 right offset -0.5, 0 font ",9" tc rgb "#777777" noenhanced
}

# Distinct colours in order; the references: copy and stream black and heavy, cub black and
# dotted, memcpy and scalar grey.
array colour[12] = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", \
                    "#17becf", "#bcbd22", "#393b79", "#637939", "#7f7f7f"]
heavy(r) = r eq "copy" || r eq "stream"
reference_colour(r) = heavy(r) || r eq "cub" ? "#000000" : "#999999"
reference_dash(r) = heavy(r) ? 1 : r eq "cub" ? 3 : 2
reference_width(r) = heavy(r) ? 2.5 : 2

plot for [i = 1:words(lines)] word(files, int(part(word(lines, i), 1))) \
         using 5:(strcol(2) eq part(word(lines, i), 2) ? column(rate) : NaN) \
         with linespoints lw 2 pt (i % 8 + 4) lc rgb colour[(i - 1) % 12 + 1] \
         title spaced(last(word(lines, i))), \
     for [r in refs] word(files, 1) using 5:(strcol(2) eq r ? column(rate) : NaN) \
         with lines lw reference_width(r) lc rgb reference_colour(r) dt reference_dash(r) title r
