#!/bin/sh
# Makes sure the packages the course needs are here: `common/tools/need.sh check gnuplot` (either or
# both). Installs what is missing with apt-get (through sudo when not root), or stops with the
# exact command to run. For a cross compiler (CC=aarch64-linux-gnu-gcc), Check is the target's
# (check:arm64, Debian's multiarch): adding an architecture to dpkg changes the system for good,
# so that is only printed, unless CROSS_INSTALL=1 asks for it.
set -u
[ $# -gt 0 ] || { echo "usage: $0 check|gnuplot ..." >&2; exit 2; }
missing="" pkgs="" foreign=""
for what in "$@"; do
    case $what in
    check)
        # Compiled and linked as the tests are (statically), with the compiler that builds them.
        printf '#include <check.h>\nint main(void) { return srunner_ntests_run(0); }\n' |
            ${CC:-cc} -x c - -o /dev/null -Wl,-Bstatic -lcheck -lsubunit -Wl,-Bdynamic -lrt -lm -pthread \
                >/dev/null 2>&1 && continue
        target=$(${CC:-cc} -dumpmachine 2>/dev/null | cut -d- -f1)
        case $target in aarch64) target=arm64 ;; x86_64) target=amd64 ;; esac
        if command -v dpkg >/dev/null 2>&1 && [ -n "$target" ] && [ "$target" != "$(dpkg --print-architecture)" ]; then
            foreign=$target
            missing="$missing${missing:+, }Check for $target (the unit-test library)"
            pkgs="$pkgs check:$target libsubunit-dev:$target"
        else
            missing="$missing${missing:+, }Check (the unit-test library)"
            pkgs="$pkgs check libsubunit-dev"
        fi ;;
    gnuplot)
        command -v gnuplot >/dev/null 2>&1 && continue
        missing="$missing${missing:+, }gnuplot (it draws the charts)"
        pkgs="$pkgs gnuplot-nox" ;;
    *)
        echo "usage: $0 check|gnuplot ..." >&2; exit 2 ;;
    esac
done
[ -n "$missing" ] || exit 0
pkgs=${pkgs# }
command="${foreign:+sudo dpkg --add-architecture $foreign && sudo apt-get update && }sudo apt-get install -y $pkgs"

if [ -n "$foreign" ] && [ "${CROSS_INSTALL:-0}" != 1 ]; then
    echo "missing $missing; install it with:" >&2
    echo "    $command" >&2
    echo "(or run make again with CROSS_INSTALL=1 to let it do that)" >&2
    exit 1
fi
if [ "$(id -u)" = 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo="sudo -n"
else
    echo "missing $missing; install it with:" >&2
    echo "    $command" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "missing $missing; install the packages $pkgs with your system's package manager" >&2
    exit 1
fi
echo "installing $missing: ${foreign:+dpkg --add-architecture $foreign, }apt-get install -y $pkgs"
[ -z "$foreign" ] || $sudo dpkg --add-architecture "$foreign" || exit 1
if $sudo apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $pkgs >/dev/null; then
    exit 0
fi
echo "could not install $missing; install it with:" >&2
echo "    $command" >&2
exit 1
