#!/bin/sh
# kernel-object.sh KERNEL.o OUT.o: the kernel's object, every global symbol of it made local but
# the contract's (common/contract/) and C++'s, which only C++ code names, and the compiler's
# DW.ref. helpers, which other objects share: no function of the kernel stands in for one of the
# runner's or the C library's (a read() of its own). The grader links its runner from OUT.o.
set -eu
nm -g --defined-only "$1" |
    awk 'NF == 3 && $3 !~ /^(_Z|DW[.]ref[.])/ && $3 !~ /^(stage_variants|stage_variant_count|stage_variant_missing|stage_constants|stage_constant_count|app_variants|app_variant_count)$/ { print $3 }' >"$2.local"
if [ -s "$2.local" ]; then objcopy --localize-symbols="$2.local" "$1" "$2"; else cp "$1" "$2"; fi
