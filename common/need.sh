#!/bin/sh
# Makes sure a package the course needs is here: `common/need.sh check` or `common/need.sh gnuplot`.
# Installs it with apt-get (through sudo when not root) or stops with the exact command to run.
set -u
foreign=""
case "${1:-}" in
check)
    # Compiled and linked as the tests are (statically), with the compiler that builds them.
    printf '#include <check.h>\nint main(void) { return srunner_ntests_run(0); }\n' |
        ${CC:-cc} -x c - -o /dev/null -Wl,-Bstatic -lcheck -lsubunit -Wl,-Bdynamic -lrt -lm -pthread \
            >/dev/null 2>&1 && exit 0
    what="Check, the unit-test library"; pkgs="check libsubunit-dev"
    # A cross compiler (CC=aarch64-linux-gnu-gcc) links the target's Check: Debian's multiarch
    # packages of that architecture (check:arm64), once dpkg knows the architecture.
    target=$(${CC:-cc} -dumpmachine 2>/dev/null | cut -d- -f1)
    case $target in aarch64) target=arm64 ;; x86_64) target=amd64 ;; esac
    if command -v dpkg >/dev/null 2>&1 && [ -n "$target" ] && [ "$target" != "$(dpkg --print-architecture)" ]; then
        foreign=$target
        what="Check for $target, the unit-test library"; pkgs="check:$target libsubunit-dev:$target"
    fi ;;
gnuplot)
    command -v gnuplot >/dev/null 2>&1 && exit 0
    what="gnuplot, which draws the charts"; pkgs="gnuplot-nox" ;;
*)
    echo "usage: $0 check|gnuplot" >&2; exit 2 ;;
esac
command="${foreign:+sudo dpkg --add-architecture $foreign && sudo apt-get update && }sudo apt-get install -y $pkgs"

if [ "$(id -u)" = 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo="sudo -n"
else
    echo "missing $what; install it with: $command" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "missing $what; install the packages $pkgs with your system's package manager" >&2
    exit 1
fi
echo "installing $what: ${foreign:+dpkg --add-architecture $foreign, }apt-get install -y $pkgs"
[ -z "$foreign" ] || $sudo dpkg --add-architecture "$foreign" || exit 1
if $sudo apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $pkgs >/dev/null; then
    exit 0
fi
echo "could not install $what; install it with: $command" >&2
exit 1
