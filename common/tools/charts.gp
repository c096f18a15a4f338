# The course's charts. common/tools/charts.sh chooses what a chart shows and how each line looks,
# writes the points into one data file, and calls this once per chart with these variables
# (gnuplot -e "name='value'; ..."):
#
#   out      the SVG to write
#   title    the chart's title
#   subtitle its second line: what the chart compares, and from which run
#   ylabel   the y axis's label
#   data     the points: one block of lines "n y" per line of the chart, blocks apart by two
#            blank lines, in the order of series
#   series   the lines, separated by spaces, each "TITLE:COLOUR:DASH:WIDTH:POINT": the key's title,
#            an "#rrggbb" colour, gnuplot's dash type (1 solid, 2 dashed, 3 dotted, 4 dash-dot,
#            5 dash-dot-dot), the width, and a point type (0: a line with no points)
#   marks    vertical marks, each "n:label", separated by spaces
#
# In series and marks, '~' stands for a space.
# The x axis is n on a log2 scale; the y axis is logarithmic, so that a scan at a hundredth of a
# copy and one at a copy's speed both read.
set datafile separator whitespace
set terminal svg size 860,480 dynamic font "Helvetica,12" background rgb "white"
set output out
set xlabel "n (elements)"
set logscale x 2
set logscale y 10
set format x "2^{%L}"
set format y "%g"
# (labels at 2 and 5 in each decade too, for a chart that spans less than one)
do for [e = -6:6] { set ytics add (2 * 10.0**e, 5 * 10.0**e) }
set xtics 4
set mxtics 4
# y: from the lowest point to the highest, a little room above and below
set autoscale yfix
set offsets 0, 0, graph 0.04, graph 0.04
set grid xtics ytics mytics lc rgb "#e4e4e4"
set key outside right top noenhanced spacing 1.1

# '~' to ' ', and the i-th part of "a:b:c".
spaced(s) = strstrt(s, "~") ? s[1:strstrt(s, "~") - 1] . " " . spaced(s[strstrt(s, "~") + 1:]) : s
part(s, i) = i == 1 ? (strstrt(s, ":") ? s[1:strstrt(s, ":") - 1] : s) : part(s[strstrt(s, ":") + 1:], i - 1)

set title title . "\n" . subtitle noenhanced
set ylabel ylabel noenhanced

do for [m in marks] {
    x = real(part(m, 1))
    set arrow from x, graph 0 to x, graph 1 nohead lc rgb "#bbbbbb" dt 2
    set label spaced(part(m, 2)) at x, graph 1 center offset 0, 0.6 font ",9" tc rgb "#777777" noenhanced
}

style(i, k) = part(word(series, i), k)
pointed(i) = int(style(i, 5)) > 0
plot for [i = 1:words(series)] data index (i - 1) using 1:(pointed(i) ? $2 : NaN) \
         with linespoints lc rgb style(i, 2) dt int(style(i, 3)) lw real(style(i, 4)) \
         pt int(style(i, 5)) ps 0.6 title (pointed(i) ? spaced(style(i, 1)) : ""), \
     for [i = 1:words(series)] data index (i - 1) using 1:(pointed(i) ? NaN : $2) \
         with lines lc rgb style(i, 2) dt int(style(i, 3)) lw real(style(i, 4)) \
         title (pointed(i) ? "" : spaced(style(i, 1)))
