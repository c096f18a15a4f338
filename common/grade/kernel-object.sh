#!/bin/sh
# kernel-object.sh KERNEL.o OUT.o [HARNESS.o...]: the kernel's object, every global symbol of it made
# local but the contract's (common/contract/) and C++'s, which only C++ code names, and the
# compiler's DW.ref. helpers, which other objects share: no function of the kernel stands in for
# one of the runner's or the C library's (a read() of its own). The grader links its runner from
# OUT.o. A kernel that needs a symbol the runner's harness (HARNESS.o) defines, but the contract's
# scan_cpu_has, is refused (its strong symbols: the device layer's reference rows, CUB's scan among
# them, are not the kernel's).
set -eu
kernel=$1 out=$2
shift 2
if [ $# -gt 0 ]; then
    nm -u "$kernel" | awk '{ print $NF }' | sort -u >"$out.used"
    nm -g --defined-only "$@" | awk 'NF == 3 && $2 ~ /^[TDBRGS]$/ && $3 != "scan_cpu_has" { print $3 }' | sort -u >"$out.harness"
    taken=$(comm -12 "$out.used" "$out.harness" | paste -sd ' ' -)
    rm -f "$out.used" "$out.harness"
    if [ -n "$taken" ]; then
        echo "the kernel uses the harness's $taken: a kernel is given the contract (common/contract/) alone" >&2
        exit 1
    fi
fi
nm -g --defined-only "$kernel" |
    awk 'NF == 3 && $3 !~ /^(_Z|DW[.]ref[.])/ && $3 !~ /^(stage_variants|stage_variant_count|stage_variant_missing|stage_constants|stage_constant_count|app_variants|app_variant_count)$/ { print $3 }' >"$out.local"
if [ -s "$out.local" ]; then objcopy --localize-symbols="$out.local" "$kernel" "$out"; else cp "$kernel" "$out"; fi
