#!/bin/bash
# Shows what stage N changed, as one unified diff: each of its kernel files (unit_kernel_files in
# common/tools/course.sh) against the same file in its parent, or, for a file the parent does not have,
# in the nearest earlier stage of its line that has it; a file new to the course shows whole. The
# classroom kit's SOLUTION markers are left out: they are not part of the lesson.
#
#   common/tools/diff.sh N        (make diff-N)
#
# A unit carries only the code its own variants run, so it drops what only its parent's variants
# ran. The diff shows each such block (a function, struct, enum or macro of three code lines or
# more whose name none of the unit's kernel files uses, with the comments above it that the unit
# does not keep) as one line, "# removed: NAME (N lines): not used by this step", in place of its
# N removed lines: a diff's length is its idea's. Every other line is the plain unified diff, and
# the hunks' line numbers are the parent file's own.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
. common/tools/course.sh
stage=$(unit_dir "${1:-}") || exit 2
parent=$(unit_parent "$stage")
if [ -z "$parent" ]; then
    echo "$stage has no parent stage: it starts $([ "$(unit_kind "$stage")" = gpu ] && echo "the GPU half" || echo "the course"); read its README"
    exit 0
fi
[ -f "$parent/Makefile" ] || { echo "$stage/Makefile names PARENT := $parent, which is no stage or step folder" >&2; exit 2; }

lesson() { grep -v 'SOLUTION \(BEGIN\|END\)' "$1"; }

# The nearest stage on the line parent, grandparent, ... whose folder has this file, or nothing.
ancestor_with() { # file
    local s=$parent
    while [ -n "$s" ]; do
        [ -f "$s/$1" ] && { echo "$s"; return; }
        s=$(unit_parent "$s")
    done
}

work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
for file in $(unit_kernel_files "$stage"); do lesson "$file"; done >"$work/unit"

# The parent's file with each block the unit drops replaced by one line (\001 and its first line's
# number), and a map "LINE FIRST LAST MESSAGE" from each line of it to the parent's lines.
REDUCE='
function strip(s,    out, c, i) {  # a line without its comments and literals (incomment: across lines)
    out = ""
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (incomment) { if (substr(s, i, 2) == "*/") { incomment = 0; i++ } continue }
        if (substr(s, i, 2) == "/*") { incomment = 1; i++; continue }
        if (substr(s, i, 2) == "//") break
        if (c == "\"" || c == "\047") {
            for (i++; i <= length(s) && substr(s, i, 1) != c; i++) if (substr(s, i, 1) == "\\") i++
            out = out " "
            continue
        }
        out = out c
    }
    return out
}
FNR == 1 { file++; incomment = 0 }
file == 1 {  # the unit: every name its code uses, and its comments, each whole
    n = split(strip($0), w, /[^A-Za-z0-9_]+/)
    for (i = 1; i <= n; i++) used[w[i]] = 1
    t = $0; sub(/^[ \t]+/, "", t)
    if (!open && t ~ /^\/\//) kept[$0 "\n"] = 1
    if (!open && t ~ /^\/\*/) { comment = ""; open = 1 }
    if (open) { comment = comment $0 "\n"; if (t ~ /\*\//) { kept[comment] = 1; open = 0 } }
    next
}
{
    line[FNR] = $0; codeof[FNR] = strip($0); nl = FNR
    t = codeof[FNR]; gsub(/[ \t]/, "", t)
    raw = $0; gsub(/[ \t]/, "", raw)
    kind[FNR] = raw == "" ? "blank" : t == "" ? "comment" : "code"
}
END {
    # the top-level blocks: from a code line at depth 0 to the line that brings the depth back to
    # 0 and ends in } or ; (a #define: to its last continued line)
    depth = 0; start = 0
    for (r = 1; r <= nl; r++) {
        if (kind[r] != "code") continue
        c = codeof[r]
        if (!start && depth == 0 && c ~ /^[ \t]*#/) {
            if (c ~ /^[ \t]*#[ \t]*define/ && c ~ /\\[ \t]*$/) {
                e = r; while (e < nl && codeof[e] ~ /\\[ \t]*$/) e++
                block(r, e, c); r = e
            }
            continue
        }
        if (!start) { start = r; head = "" }
        if (head !~ /[{;]/) head = head " " c
        depth += gsub(/{/, "{", c) - gsub(/}/, "}", c)
        if (depth == 0 && c ~ /[};][ \t]*$/) { block(start, r, head); start = 0 }
    }
    out = 0
    for (r = 1; r <= nl; r++) {
        if (r in drop_to) {
            printf "\001%d\n", r
            print ++out, r, drop_to[r], "# removed: " drop_name[r] " (" drop_to[r] - r + 1 " lines): not used by this step" >map
            r = drop_to[r]
            continue
        }
        print line[r]
        print ++out, r, r >map
    }
}
# A block the unit drops: its names in none of the unit'"'"'s code, three code lines or more; the
# comments right above it that the unit does not keep, and the blank line above them, go with it.
function block(s, e, head,    name, names, i, codes, from, b, text) {
    name = name_of(head)
    if (name == "") return
    split(name, names, ", ")
    for (i in names) if (names[i] in used) return
    codes = 0
    for (i = s; i <= e; i++) if (kind[i] == "code") codes++
    if (codes < 3) return
    from = s
    while (from > 1 && kind[from - 1] == "comment") {
        b = from - 1
        while (b > 1 && kind[b - 1] == "comment" && line[b] !~ /^[ \t]*\/[*\/]/) b--
        text = ""
        for (i = b; i < from; i++) text = text line[i] "\n"
        if (text in kept) break
        from = b
    }
    if (from > 1 && kind[from - 1] == "blank") from--
    drop_to[from] = e; drop_name[from] = name
}
# The name a block defines: a #define'"'"'s, a struct'"'"'s, union'"'"'s, class'"'"'s or enum'"'"'s (an
# anonymous enum'"'"'s constants), a function'"'"'s, or a variable'"'"'s.
function name_of(h,    m) {
    gsub(/template[ \t]*<[^>]*>/, " ", h)
    gsub(/__attribute__[ \t]*\(\([^)]*\)\)/, " ", h)
    gsub(/(__launch_bounds__|__align__|alignas)[ \t]*\([^)]*\)/, " ", h)
    if (match(h, /#[ \t]*define[ \t]+[A-Za-z_][A-Za-z0-9_]*/) ||
        match(h, /^[^(=]*(struct|union|enum|class)[ \t]+[A-Za-z_][A-Za-z0-9_]*/)) {
        m = substr(h, RSTART, RLENGTH); sub(/.*[ \t]/, "", m); return m
    }
    if (match(h, /^[^(=]*enum[ \t]*{[^}]*/)) {
        m = substr(h, RSTART, RLENGTH); sub(/.*{/, "", m); gsub(/=[^,]*/, "", m); gsub(/[ \t]/, "", m)
        gsub(/,/, ", ", m); sub(/, $/, "", m); return m
    }
    if (match(h, /[A-Za-z_][A-Za-z0-9_]*[ \t]*[(\[=;{]/)) {
        m = substr(h, RSTART, RLENGTH); sub(/[ \t]*[(\[=;{]$/, "", m); return m
    }
    return ""
}'
# The diff of the reduced file, with each placeholder line as its message and each hunk's numbers
# for the parent's lines (a placeholder's line counts as all the lines it stands for).
HUNKS='
FNR == 1 { file++ }
file == 1 { first[$1] = $2; last[$1] = $3; m = $0; sub(/^[0-9]+ [0-9]+ [0-9]+ ?/, "", m); message[$1] = m; next }
/^@@ / {
    flush(); inhunk = 1; header = $0; nh = 0
    split(substr($2, 2), o, ","); ostart = o[1] + 0; ocount = (2 in o) ? o[2] + 0 : 1
    r = ostart; span = 0; next
}
!inhunk { print; next }
{
    c = substr($0, 1, 1)
    if (c == " " || c == "-") {
        span += last[r] - first[r] + 1
        if (c == "-" && message[r] != "") { hunk[++nh] = message[r]; r++; next }
        r++
    }
    hunk[++nh] = $0
}
END { flush() }
function flush(   i, rest) {
    if (!inhunk) return
    rest = header; sub(/^@@ -[0-9,]+/, "", rest)
    print "@@ -" (ocount > 0 ? first[ostart] : ostart == 0 ? 0 : last[ostart]) (span == 1 ? "" : "," span) rest
    for (i = 1; i <= nh; i++) print hunk[i]
    inhunk = 0
}'
# diff -u of the parent's file FROM against the unit's FILE, the dropped blocks summarised.
summarised_diff() { # from file
    lesson "$1" | awk -v map="$work/map" "$REDUCE" "$work/unit" - >"$work/reduced"
    diff -u --label "$1" --label "$2" "$work/reduced" <(lesson "$2") | awk "$HUNKS" "$work/map" -
}

for file in $(unit_kernel_files "$stage"); do
    name=${file#"$stage"/}
    from=$(ancestor_with "$name")
    if [ -z "$from" ]; then
        echo "# $name: new in $stage"
        diff -u --label /dev/null --label "$file" /dev/null <(lesson "$file")
    elif lesson "$from/$name" | cmp -s - <(lesson "$file"); then
        echo "# $name: carried from $from unchanged"
    else
        [ "$from" = "$parent" ] || echo "# $name: $parent has none; against $from, where it was last"
        summarised_diff "$from/$name" "$file"
    fi
done
for file in $(unit_kernel_files "$parent"); do
    name=${file#"$parent"/}
    [ -f "$stage/$name" ] || echo "# $name: not carried from $parent (no variant of $stage uses it)"
done
exit 0
