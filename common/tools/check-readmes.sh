#!/bin/bash
# Fails where a README names something the repository no longer has, so that a renamed variant,
# file or function cannot leave the lessons behind:
#
#   common/tools/check-readmes.sh        (make check-readmes; part of make check)
#
# What it checks, in README.md, common/'s pages and every unit's README.md and NOTES.md (outside
# fenced code blocks):
#   - a name in backticks that is a variant name somewhere in the course (in a stage's variant
#     table, `stage_variants[]` in scan.c or scan.cu, or in the variant column of a committed CSV)
#     must be in a variant table AND have rows in a CSV; the CSVs' reference rows (`memcpy`,
#     `copy`, `cub`, ...) count as names too;
#   - a path in backticks (a file name with a source, data or chart extension, or a folder of the
#     course followed by more) must exist: next to the README, from the top folder, or, for a bare
#     file name, anywhere in a stage folder or common/, or among the files common/'s scripts write;
#     paths under build/ (build output), a bare extension (`.cu`) and a one-word folder that is not
#     the course's (`reference/`, a name in an example) are not checked;
#   - a function in backticks (`name(...)` or `name()`) must occur in the stage's kernel files or
#     in common/ (for the top README: in any stage); names that begin with an underscore (compiler
#     intrinsics and builtins) and the CUDA runtime's and libraries' names are not the course's own
#     and are not checked (name an article's functions without parentheses: `ScanChainedKernel`);
#   - a link [text](target) to a file must reach it, and a link to a #section of a README must
#     name one of that README's headings (GitHub's anchors: lower case, punctuation dropped,
#     spaces to hyphens).
# And every unit's exercises have their answers: the numbered items (lines "1. ", "2. ", ...)
# of its README's "## Exercises" section, two to four, numbered from 1 in order, and as many
# numbered items, numbered alike, under its NOTES.md's one "## Answers to the exercises" heading.
# Words in backticks that are none of these (flags, expressions, sizes) are left alone. In a
# handout copy (make handout), which leaves out the stages after the handed-out one, paths into
# those stages' folders and bare file names that no remaining stage has are not checked.
set -eu  # no pipefail: `... | head` ends pipelines early on purpose
export LC_ALL=C
cd "$(dirname "$0")/../.."
. common/tools/course.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The variant names of every unit's table (stage_variants[] or app_variants[] in its kernel file),
# and the names in every committed CSV (variant and side-step rows, then reference rows and the
# rows on other inputs, ROW@INPUT, which are names of the CSVs' only, as references are); the
# development CSVs' names too, so that a lesson cannot name a variant that only ever existed
# during development.
for unit in $(units); do
    awk '/(stage|app)_variants\[\] *=/ { inside = 1; next }
         inside && /^};/ { inside = 0 }
         inside && match($0, /"[^"]*"/) { print substr($0, RSTART + 1, RLENGTH - 2) }' \
        "$(unit_kernel "$unit")"
done | sort -u >"$work/tables"
cat /dev/null $(unit_csvs) |
    awk -F, '!/^#/ && $1 != "stage" && NF > 3 { print ($3 == "reference" || $3 == "distribution" ? "ref" : "var"), $2 }' |
    sort -u >"$work/csv"
cat /dev/null $(for unit in $(units); do ls "$unit"/results/development/*.csv 2>/dev/null; done) |
    awk -F, '!/^#/ && $1 != "stage" && NF > 3 && $3 != "reference" { print "dev", $2 }' |
    sort -u >>"$work/csv"

# Every code span and every link of every README, one per line: file, line, kind, text. A
# paragraph is joined before it is split at backticks, so a code span may cross a line break.
readmes=$({ ls README.md common/*.md; for unit in $(units); do ls "$unit"/*.md; done; } 2>/dev/null)
awk '
    function flush(   n, parts, i, rest, t) {
        if (para == "") return
        n = split(para, parts, "`")
        for (i = 2; i <= n; i += 2)
            if (i < n) printf "%s\t%d\tcode\t%s\n", src, start, parts[i]
        for (i = 1; i <= n; i += 2) {
            rest = parts[i]
            while (match(rest, /\]\([^)[:space:]]+\)/)) {
                t = substr(rest, RSTART + 2, RLENGTH - 3)
                printf "%s\t%d\tlink\t%s\n", src, start, t
                rest = substr(rest, RSTART + RLENGTH)
            }
        }
        para = ""
    }
    FNR == 1 { flush(); fence = 0 }
    /^[ \t]*```/ { flush(); fence = !fence; next }
    fence { next }
    /^[ \t]*$/ { flush(); next }
    para == "" && /^    / { next }  # an indented code block
    { if (para == "") { para = $0; start = FNR; src = FILENAME } else para = para " " $0 }
    END { flush() }' $readmes >"$work/spans"

# What exists: every file and folder of the tree (build output and .git left out), and the words
# of each stage's kernel files and of common/ (where a function must occur).
find . \( -path ./build -o -path ./.git \) -prune -o -print | sed 's|^\./||' >"$work/files"
for unit in $(units); do
    grep -ohw '[A-Za-z_][A-Za-z0-9_]*' $(unit_kernel_files "$unit") | sort -u | sed "s|^|$unit |"
done >"$work/words"
grep -ohw '[A-Za-z_][A-Za-z0-9_]*' common/*/*.c common/*/*.h common/*/*.cu common/*/*.cuh 2>/dev/null |
    sort -u | sed 's|^|common |' >>"$work/words"

# The files the harness writes (build output, or Gradescope's results.json) are named in common/'s
# scripts: a README may name them bare.
grep -rhoE '[A-Za-z0-9_-]+\.(json|tap|log)' common/ 2>/dev/null | sort -u >"$work/written"

awk -F'\t' -v handout="$([ -e .handout ] && echo 1 || echo 0)" '
    FILENAME == ARGV[1] { file[$0] = 1; n = split($0, p, "/"); if (n >= 2 && (p[1] ~ /^[0-9][0-9]_/ || p[1] == "common")) bare[p[n]] = 1; next }
    FILENAME == ARGV[5] { bare[$0] = 1; next }
    FILENAME == ARGV[2] { table[$0] = 1; next }
    FILENAME == ARGV[3] { split($0, w, " "); if (w[1] == "ref") ref[w[2]] = 1; else if (w[1] == "dev") dev[w[2]] = 1; else csv[w[2]] = 1; next }
    FILENAME == ARGV[4] { split($0, w, " "); word[w[1], w[2]] = 1; anystage[w[2]] += (w[1] != "common"); next }

    # a/./b/../c -> a/c
    function norm(path,   n, p, i, out, k, o) {
        n = split(path, p, "/"); k = 0
        for (i = 1; i <= n; i++) {
            if (p[i] == "" || p[i] == ".") continue
            if (p[i] == ".." && k > 0 && o[k] != "..") { k--; continue }
            o[++k] = p[i]
        }
        out = ""
        for (i = 1; i <= k; i++) out = out (i > 1 ? "/" : "") o[i]
        return out == "" ? "." : out
    }
    function dir_of(readme) { return readme ~ /\// ? substr(readme, 1, length(readme) - length(readme_name(readme)) - 1) : "." }
    function readme_name(readme,   parts, n) { n = split(readme, parts, "/"); return parts[n] }
    # A handout copy leaves out the stages after the handed-out one: their folders are not checked.
    function left_out(path,   n, p, i, prefix) {
        if (!handout) return 0
        n = split(path, p, "/"); prefix = ""
        for (i = 1; i <= n; i++) {
            if (p[i] == "." || p[i] == "..") continue
            prefix = prefix (prefix == "" ? "" : "/") p[i]
            if (p[i] ~ /^[0-9][0-9][a-z]?_/ && !(prefix in file)) return 1
        }
        return 0
    }
    function exists(readme, path) {
        sub(/\/$/, "", path)
        if (norm(dir_of(readme) "/" path) in file || norm(path) in file) return 1
        return path !~ /\// && path in bare
    }
    # GitHub anchors of a README: lower case, everything but letters, digits, spaces, hyphens and
    # underscores dropped, spaces to hyphens, -1, -2, ... for repeats.
    function load_anchors(md,   line, h, fence, seen) {
        if (md in loaded) return
        loaded[md] = 1
        while ((getline line < md) > 0) {
            if (line ~ /^[ \t]*```/) { fence = !fence; continue }
            if (fence || line !~ /^#+ /) continue
            h = line; sub(/^#+ +/, "", h); sub(/ +#+ *$/, "", h)
            h = tolower(h); gsub(/[^a-z0-9 _-]/, "", h); gsub(/ /, "-", h)
            if (h in seen) { seen[h]++; anchor[md, h "-" seen[h]] = 1 } else { seen[h] = 0; anchor[md, h] = 1 }
        }
        close(md)
    }
    # The line at or after a paragraph'"'"'s first line where a text occurs (a paragraph is one record).
    function line_of(readme, from, needle,   n, l) {
        if (!(readme in lines)) { while ((getline l < readme) > 0) text_of[readme, ++lines[readme]] = l; close(readme) }
        for (n = from; n <= lines[readme]; n++) if (index(text_of[readme, n], needle)) return n
        return from
    }
    function fail(readme, line, needle, msg) {
        printf "check-readmes: %s:%d: %s\n", readme, line_of(readme, line, needle), msg
        failed = 1
    }

    {
        readme = $1; line = $2; kind = $3; text = $4
        stage = dir_of(readme); if (stage == "." || stage == "common") stage = ""
    }
    kind == "link" {
        if (text ~ /^(https?|mailto):/) next
        path = text; sub(/#.*/, "", path)
        frag = substr(text, length(path) + 2)
        target = readme
        if (path != "") {
            if (left_out(path)) next
            target = norm(dir_of(readme) "/" path)
            if (!(target in file)) { fail(readme, line, path, "links to " path ", which does not exist"); next }
        }
        if (frag != "" && target ~ /\.md$/) {
            load_anchors(target)
            if (!((target, frag) in anchor)) fail(readme, line, "#" frag, "links to #" frag ", which is no heading of " target)
        }
        next
    }
    # A name that only a development CSV has: a lesson speaks of what the course has (the notes may
    # name the rows of their development CSVs). A row on another input that a committed CSV has is no development name.
    text in dev && !(text in table) && !(text in csv) && !(text in ref) && readme ~ /(^|\/)README\.md$/ {
        fail(readme, line, text, "names `" text "`, a variant measured during development that no table has (say what it was instead)")
        next
    }
    # A variant name: in a variant table and in a CSV, or in neither (then it is not a variant).
    text in table || text in csv {
        if (!(text in table)) fail(readme, line, text, "names variant `" text "`, which no unit'"'"'s variant table (stage_variants[] or app_variants[]) has")
        else if (!(text in csv)) fail(readme, line, text, "names variant `" text "`, which no committed CSV has a row for")
        next
    }
    text in ref { next }
    # A function: name(...) or name(). Compiler intrinsics (a leading underscore) and the names of
    # the CUDA runtime, of CUB and of the C++ library are not the course'"'"'s and are not checked.
    match(text, /^([A-Za-z_][A-Za-z0-9_]*::)*[A-Za-z_][A-Za-z0-9_]*(<[^()]*>)?\(.*\)$/) {
        name = text; sub(/[<(].*/, "", name); sub(/.*::/, "", name)
        if (name ~ /^_/ || name ~ /^(cuda|atomic)[A-Z]/ || name ~ /^(if|for|while|switch|return|sizeof)$/) next
        if (text ~ /^(cub|std|cooperative_groups)::/) next
        if (stage != "" ? ((stage, name) in word || ("common", name) in word) : (anystage[name] || ("common", name) in word)) next
        fail(readme, line, name, "names function " name "(), which is in neither " (stage != "" ? stage "'"'"'s kernel files" : "any unit'"'"'s kernel files") " nor common/")
        next
    }
    # A path: a file name with an extension the course uses, or a folder of the course followed by
    # more (so that `GB/s` or `n/8` are not paths). Build output is not checked.
    text ~ /^[A-Za-z0-9_.+-]+(\/[A-Za-z0-9_.+-]*)*$/ &&
    (text ~ /\.(c|h|cu|cuh|sh|mk|md|csv|txt|svg|png|json)$/ || text ~ /(^|\/)Makefile$/ ||
     text ~ /^(\.\.?|common|results|charts|build|\.ci|[0-9][0-9]_[A-Za-z0-9_]+)\/|\/.+\/$/) {
        if (text ~ /^(\.\/)?build\// || text ~ /^\.[a-z]+$/ || left_out(text)) next
        # (a handout may have left out the only stages that have a bare file name)
        if (!exists(readme, text) && !(handout && text !~ /\//)) fail(readme, line, text, "names " text ", which does not exist")
        next
    }
    END { exit failed }
' "$work/files" "$work/tables" "$work/csv" "$work/words" "$work/written" "$work/spans" >"$work/out" || failed=1
# The exercises and their answers: per file, the numbers of the numbered items of one section
# (a "# " or "## " heading ends it; fenced code is skipped), then whether they match.
numbered() { # file heading -> "headings count numbers line" (numbers: "1,2,3", "-" for none)
    [ -f "$1" ] || { echo "none 0 - 0"; return; }
    awk -v want="$2" '
        /^[ \t]*```/ { fence = !fence; next }
        fence { next }
        /^##? / { inside = ($0 == want); if (inside) { headings++; at = FNR }; next }
        inside && /^[0-9]+\. / { n++; nums = nums (nums == "" ? "" : ",") ($1 + 0) }
        END { printf "%d %d %s %d\n", headings, n, nums == "" ? "-" : nums, at }' "$1"
}
in_order() { [ "$2" = "$(seq -s, 1 "$1")" ]; } # count numbers
for unit in $(units); do
    readme=$unit/README.md notes=$unit/NOTES.md
    [ -f "$readme" ] || continue
    read -r eh en enums eat <<<"$(numbered "$readme" '## Exercises')"
    read -r ah an anums aat <<<"$(numbered "$notes" '## Answers to the exercises')"
    if [ "$eh" != 1 ]; then
        echo "check-readmes: $readme: $eh headings '## Exercises' (a lesson has one, with two to four numbered exercises)"
    elif [ "$en" -lt 2 ] || [ "$en" -gt 4 ] || ! in_order "$en" "$enums"; then
        echo "check-readmes: $readme:$eat: exercises numbered $enums (a lesson has two to four, numbered 1, 2, ... in order)"
    elif [ "$ah" = none ]; then
        echo "check-readmes: $readme:$eat: $en exercises, and no $notes for their answers (under '## Answers to the exercises')"
    elif [ "$ah" != 1 ]; then
        echo "check-readmes: $notes: $ah headings '## Answers to the exercises' (want one, with a numbered answer to each of the $en exercises of $readme)"
    elif [ "$an" != "$en" ] || ! in_order "$an" "$anums"; then
        echo "check-readmes: $notes:$aat: answers numbered $anums to the $en exercises of $readme (one numbered answer per exercise: $(seq -s, 1 "$en"))"
    fi
done >>"$work/out"
grep -q . "$work/out" && failed=1
cat "$work/out" >&2
if [ "${failed:-0}" = 1 ]; then
    echo "check-readmes: a README names what is not there (renamed or removed?), or an exercise lacks its answer: fix the README or the NOTES" >&2
    exit 1
fi
echo "check-readmes: every variant, file, function and section the READMEs name exists, and every exercise has its answer"
