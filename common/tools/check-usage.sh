#!/bin/bash
# Checks the command line of every binary given: --help and -h print the usage line and exit 0;
# an unknown argument prints it too and exits 2. Part of `make check` (make check-usage alone).
#
#   common/tools/check-usage.sh BINARY...      (EMULATOR, when set, is put before each: qemu-user)
set -u
failed=0 checked=0
expect() { # binary wanted-status argument
    local out rc
    out=$(${EMULATOR:-} "$1" "$3" 2>&1)
    rc=$?
    if [ $rc -ne "$2" ] || ! grep -q '^usage: ' <<<"$out"; then
        echo "FAIL: $1 $3: exit status $rc (want $2)$(grep -q '^usage: ' <<<"$out" || echo ', no usage line')"
        failed=$((failed + 1))
    fi
    checked=$((checked + 1))
}
for binary in "$@"; do
    expect "$binary" 0 --help
    expect "$binary" 0 -h
    expect "$binary" 2 --no-such-argument
done
echo "usage: $checked command lines of $# binaries checked, $failed wrong"
[ $failed -eq 0 ]
