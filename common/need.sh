#!/bin/sh
# Makes sure a package the course needs is here: `common/need.sh check` or `common/need.sh gnuplot`.
# Installs it with apt-get (through sudo when not root) or stops with the exact command to run.
set -u
case "${1:-}" in
check)
    echo '#include <check.h>' | ${CC:-cc} -E -x c - >/dev/null 2>&1 && exit 0
    what="Check, the unit-test library"; pkgs="check libsubunit-dev" ;;
gnuplot)
    command -v gnuplot >/dev/null 2>&1 && exit 0
    what="gnuplot, which draws the charts"; pkgs="gnuplot-nox" ;;
*)
    echo "usage: $0 check|gnuplot" >&2; exit 2 ;;
esac

if [ "$(id -u)" = 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo="sudo -n"
else
    echo "missing $what; install it with: sudo apt-get install -y $pkgs" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "missing $what; install the packages $pkgs with your system's package manager" >&2
    exit 1
fi
echo "installing $what: apt-get install -y $pkgs"
if $sudo apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $pkgs >/dev/null; then
    exit 0
fi
echo "could not install $what; install it with: sudo apt-get install -y $pkgs" >&2
exit 1
