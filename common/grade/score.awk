# The score of a grade (common/grade/grade.sh), every weight and threshold named once, here:
#   correctness: CORRECTNESS points, the share of the test cases passed; none at all when the case
#                drawn_sizes fails (sizes drawn from the grade's seed in every range [2^b, 2^(b+1))):
#                a kernel right only where the fixed cases look is not right, and a forgery that
#                skips sizes must score as the blank handout;
#   speed:       SPEED points x min(1, the geometric mean over the timed sizes of the reference's
#                time / the student's, / SPEED_FULL): within 5% of the reference is its speed;
#                given only when every case passed.
# It prints the table, and writes the unit's JSON and Gradescope's results.json. Its variables
# (awk -v): unit stage grade_id seed sandbox replay built graded cases notes scsv rcsv note calls
# json gradescope build_log.
BEGIN {
    CORRECTNESS = 70; SPEED = 30; SPEED_FULL = 0.95; DRAWN = "drawn_sizes"
    read_cases()
    read_times(scsv, mine); read_times(rcsv, theirs)
    while ((getline line < notes) > 0) note_text = note_text line "\n"
    correctness = total > 0 && !drawn_failed ? CORRECTNESS * passed / total : 0
    speed_ratio()
    speed = passed == total && total > 0 && note == "" ? SPEED * (geo < SPEED_FULL ? geo / SPEED_FULL : 1) : 0
    print_table()
    write_json()
    write_gradescope()
}

# One line per case: name, status (pass, fail, hang, memory, missing), message.
function read_cases(   line, f) {
    total = passed = 0
    while ((getline line < cases) > 0) {
        split(line, f, "\t")
        name[++total] = f[1]; status[total] = f[2]; message[total] = f[3]
        passed += f[2] == "pass"
        if (f[1] == DRAWN && f[2] != "pass" && built) drawn_failed = 1
    }
}

# The graded variant's rows of FILE-1.csv and FILE-2.csv: the fastest sample of each size (the
# least moved by a shared machine's noise, or a container's CPU quota).
function read_times(file, arr,   r, path, line, f, n) {
    for (r = 1; r <= 2; r++) {
        path = file "-" r ".csv"
        while ((getline line < path) > 0) {
            if (line ~ /^#/ || line ~ /^stage,/) continue
            split(line, f, ",")
            if (f[1] != unit || f[2] != graded || f[3] != "variant") continue
            n = f[5]
            if (!(n in arr) || f[8] + 0 < arr[n] + 0) arr[n] = f[8]
        }
        close(path)
    }
}

function label(n,   e) { e = 0; while (2 ^ e < n) e++; return (2 ^ e == n) ? "2^" e : n }

# The sizes the reference was timed at, in order, each one's ratio, and their geometric mean; a
# size timed for the reference and not for the student is named in the note.
function speed_ratio(   n, i, j, t, logsum, gap) {
    ns = 0
    for (n in theirs) sizes[++ns] = n + 0
    for (i = 2; i <= ns; i++) for (j = i; j > 1 && sizes[j] < sizes[j - 1]; j--) { t = sizes[j]; sizes[j] = sizes[j - 1]; sizes[j - 1] = t }
    logsum = 0
    for (i = 1; i <= ns; i++) {
        ratio[i] = mine[sizes[i]] > 0 ? theirs[sizes[i]] / mine[sizes[i]] : 0
        logsum += ratio[i] > 0 ? log(ratio[i]) : log(1e-9)
        if (!(mine[sizes[i]] > 0)) gap = gap (gap == "" ? "" : ", ") label(sizes[i])
    }
    geo = ns ? exp(logsum / ns) : 0
    if (note == "" && passed == total && gap != "") note = "no timed run of yours at n = " gap
    if (note == "" && ns == 0) note = "not measured"
}

function speed_table(   i, t) {
    if (ns == 0) return "speed: not measured (" note ")\n"
    t = sprintf("%-10s %14s %14s %8s\n", "n", "yours (ms)", "reference (ms)", "speed")
    for (i = 1; i <= ns; i++)
        t = t sprintf("%-10s %14s %14.4f %7.2fx\n", label(sizes[i]), mine[sizes[i]] > 0 ? sprintf("%.4f", mine[sizes[i]]) : "-", theirs[sizes[i]], ratio[i])
    t = t sprintf("geometric mean %.2fx the reference: %d x min(1, %.2f / %.2f) points\n", geo, SPEED, geo, SPEED_FULL)
    if (note != "") t = t "speed: " note "\n"
    if (calls != "") t = t "note: the kernel calls or defines " calls ", which a kernel has no need of; read it before you trust its speed\n"
    return t
}

function verdict(i) {
    if (status[i] == "pass") return "pass"
    return (status[i] == "missing" ? "not run: " : "FAIL: ") message[i]
}

function print_table(   i) {
    printf "\n%-28s %s\n", "test case", "result"
    for (i = 1; i <= total; i++) printf "%-28s %s\n", name[i], substr(verdict(i), 1, 220)
    printf "\n%s", speed_table()
    if (drawn_failed) print "correctness: none counts: " (passed + 1 == total ? "the kernel is wrong at a size the fixed cases do not look at (drawn_sizes, above)" : "drawn_sizes failed (above)")
    printf "correctness %5.1f / %d   (%d of %d test cases%s)\n", correctness, CORRECTNESS, passed, total, drawn_failed ? "; drawn_sizes failed" : ""
    printf "speed       %5.1f / %d   (geometric mean %.2fx the reference%s)\n", speed, SPEED, geo, passed == total ? "" : "; given only when every test passes"
    printf "total       %5.1f / 100\n", correctness + speed
    if (passed < total) print "replay: " replay
}

# A JSON string of s (eight backslashes make two in gsub, in mawk and gawk alike).
function js(s) {
    gsub(/\\/, "\\\\\\\\", s); gsub(/"/, "\\\"", s); gsub(/\t/, "\\t", s); gsub(/\r/, "", s); gsub(/\n/, "\\n", s)
    gsub(/[\001-\037]/, "?", s)
    return "\"" s "\""
}

function write_json(   i) {
    printf "{\"stage\": \"%s\", \"grade_id\": \"%s\", \"seed\": %s, \"graded\": true, \"cases_passed\": %d, \"cases_total\": %d, \"drawn_failed\": %s, \"correctness\": %.2f, \"speed\": %.2f, \"speed_ratio\": %.4f, \"speed_note\": %s, \"total\": %.2f, \"sizes\": [", stage, grade_id, seed, passed, total, (drawn_failed ? "true" : "false"), correctness, speed, geo, js(note), correctness + speed > json
    for (i = 1; i <= ns; i++) printf "%s{\"n\": %d, \"ratio\": %.4f}", (i > 1 ? ", " : ""), sizes[i], ratio[i] > json
    printf "], \"cases\": [" > json
    for (i = 1; i <= total; i++) printf "%s{\"name\": \"%s\", \"passed\": %s, \"points\": %.4f}", (i > 1 ? ", " : ""), name[i], (status[i] == "pass" ? "true" : "false"), (status[i] == "pass" && !drawn_failed ? CORRECTNESS / total : 0) > json
    print "]}" > json
}

# Gradescope's shape: every entry visible to the student, the failing ones with their size, index,
# expected and got, and the replay command.
function write_gradescope(   i, log_text, line, share) {
    share = total > 0 ? CORRECTNESS / total : 0
    printf "{\n  \"score\": %.2f,\n  \"grade_id\": \"%s\",\n  \"visibility\": \"visible\",\n  \"stdout_visibility\": \"visible\",\n", correctness + speed, grade_id > gradescope
    printf "  \"output\": %s,\n  \"tests\": [\n", js(sprintf("%s graded against the reference, seed %s (%s): correctness %.1f / %d (%d of %d test cases%s), speed %.1f / %d, total %.1f / 100\n%s%s", stage, seed, sandbox, correctness, CORRECTNESS, passed, total, drawn_failed ? "; drawn_sizes failed, so none counts" : "", speed, SPEED, correctness + speed, note_text, passed < total ? "replay: " replay : "")) > gradescope
    if (!built) {
        while ((getline line < build_log) > 0) log_text = log_text line "\n"
        printf "    {\"name\": %s, \"score\": 0, \"max_score\": 0, \"status\": \"failed\", \"visibility\": \"visible\", \"output\": %s},\n", js(stage " builds"), js(log_text) > gradescope
    }
    for (i = 1; i <= total; i++)
        printf "    {\"name\": %s, \"number\": \"1.%d\", \"score\": %.4f, \"max_score\": %.4f, \"status\": \"%s\", \"visibility\": \"visible\", \"output\": %s},\n", js("correctness: " name[i]), i, status[i] == "pass" && !drawn_failed ? share : 0, share, status[i] == "pass" ? "passed" : "failed", js(verdict(i) (status[i] == "pass" ? "" : "\nreplay: " replay)) > gradescope
    printf "    {\"name\": \"speed against the reference\", \"number\": \"2.1\", \"score\": %.4f, \"max_score\": %d, \"visibility\": \"visible\", \"output\": %s}\n  ]\n}\n", speed, SPEED, js(speed_table()) > gradescope
}
