# The loops of one function in a disassembly, for the CPU road's exercises that count instructions:
#
#   objdump -d --no-show-raw-insn OBJECT | awk -v fn=FUNCTION -f 01_scalar/exercises/loops.awk
#
# prints one line per loop (a conditional jump back, and the instructions from its target to it),
# in the order of the jumps: the loop's instruction count, a colon, then its mnemonics.
#   5: add mov add cmp jne
# A function that gcc inlined has no symbol of its own: name the variant's function that calls it.
function hex(s,   i, v) {
    v = 0
    s = tolower(s)
    for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
    return v
}
/^[0-9a-f]+ <.*>:$/ { on = ($0 ~ "<" fn ">:$"); next }
on && /^ *[0-9a-f]+:\t/ {
    split($0, field, "\t")
    address = field[1]
    gsub(/[ :]/, "", address)
    n++
    at[n] = hex(address)
    split(field[2], word, " ")
    mnemonic[n] = word[1]
    if (word[1] ~ /^j/ && word[1] != "jmp" && match(field[2], / [0-9a-f]+ </)) {
        target = hex(substr(field[2], RSTART + 1, RLENGTH - 3))
        if (target <= at[n]) { from[++loops] = target; to[loops] = at[n] }
    }
}
END {
    for (l = 1; l <= loops; l++) {
        line = ""
        count = 0
        for (i = 1; i <= n; i++)
            if (at[i] >= from[l] && at[i] <= to[l]) { line = line " " mnemonic[i]; count++ }
        print count ":" line
    }
}
