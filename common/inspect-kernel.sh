#!/bin/bash
# Inspects a student's compiled kernel before the grader runs it, against the reference's object of
# the same unit, and prints why it is refused (one line), or nothing:
#
#   common/inspect-kernel.sh STUDENT_OBJ REFERENCE_OBJ      (common/grade.sh runs it on scan.o)
#
# The kernel runs inside the test and benchmark processes, whose results the grader reads, so it
# may not do what writing those results would take:
#   - call a function of files and I/O, the environment, processes, exit handlers, signals or
#     dynamic loading (the lists below), unless the reference's object calls it too: a GPU
#     kernel's CUDA_CHECK prints with fprintf to stderr, and nvcc's registration of the kernels
#     calls atexit, so a GPU kernel may use those three (exit is on no list: a test case that ends
#     its process fails, common/grade.sh sees to that);
#   - register a constructor or destructor (.init_array, .fini_array, .ctors, .dtors) other than the
#     reference's: none in a CPU unit, nvcc's registration of the kernels in a GPU unit;
#   - hold a system call instruction (syscall, sysenter, int $0x80 on x86-64; svc on Arm).
# This is a list of what a forgery needs, not a sandbox: code that computes the address of a
# function it does not name, or that overwrites the test's memory, passes it. common/TEACHING.md
# says what the grader guards against and what it leaves to the teacher.
set -uo pipefail
export LC_ALL=C
[ $# -eq 2 ] && [ -f "$1" ] && [ -f "$2" ] || { echo "usage: $0 STUDENT_OBJ REFERENCE_OBJ" >&2; exit 2; }
student=$1 reference=$2

# C names (nm -u), whole names, as extended regular expressions.
refused_c=(
    # files and I/O (printf and puts too: a kernel prints nothing)
    'open(at)?(64)?' '__open(at)?(64)?_2' 'creat(64)?' 'f(re)?open(64)?' fdopen 'tmpfile(64)?'
    'mk(o)?stemp(s)?(64)?' mkdtemp tmpnam tempnam 'p?write(v)?(64)?' 'pwritev2' 'fwrite(_unlocked)?'
    'fput(s|c|ws)(_unlocked)?' 'putc(har)?(_unlocked)?' puts putw '(v|f|vf|d|vd)?printf' '__.*printf_chk'
    fflush 'dup[23]?' 'fcntl(64)?' ioctl 'mmap(64)?' mprotect 'sendfile(64)?' splice copy_file_range
    'rename(at2?)?' 'unlink(at)?' remove rmdir mkdir 'f?truncate(64)?' 'link(at)?' 'symlink(at)?'
    'f?chmod' 'f?chown' stdin stdout stderr '_IO_.*'
    # the environment
    'environ' '__environ' '(secure_)?getenv' setenv putenv
    # processes, exit handlers, signals, dynamic loading, system calls
    system popen fork vfork _Fork 'clone3?' 'exec.*' fexecve 'posix_spawn.*' 'kill(pg)?' tgkill
    ptrace prctl atexit at_quick_exit on_exit __cxa_atexit '__cxa_thread_atexit.*' signal sigaction
    'dl(m)?open' 'dl(v)?sym' syscall
)
refused_c="^($(IFS='|'; echo "${refused_c[*]}"))\$"
# C++ library names, demangled: streams, files, threads (std::ofstream, std::cout, ...).
refused_cxx='^std::((.*::)?(basic_)?(i|o|io|if|of)?(fstream|stream|filebuf)|(w?(cout|cerr|clog|cin))$|filesystem::|thread|ios_base)'
undefined() { # object [nm flag]: its undefined names, without version suffixes
    nm -u ${2:-} "$1" | sed 's/^ *U //; s/@.*//' | sort -u
}
calls=$(comm -23 <({ undefined "$student" | grep -E "$refused_c"; undefined "$student" -C | grep -E "$refused_cxx"; } | sort -u) \
                 <({ undefined "$reference"; undefined "$reference" -C; } | sort -u) | paste -sd, | sed 's/,/, /g')
if [ -n "$calls" ]; then
    echo "the kernel calls $calls (a kernel touches no file, stream, process or environment; remove the call, debugging output too)"
    exit 0
fi

# The functions an object's constructor and destructor entries name, one a line: a relocation's
# target, or, where it names a section and an offset (.text.startup+0x10), the function there.
registered() { # object
    objdump -r "$1" | awk -v syms=<(objdump -t "$1") '
        function hex(s) { sub(/^(0x)?0*/, "", s); return s == "" ? "0" : s }
        BEGIN {
            while ((getline line < syms) > 0) {
                if (line !~ / F /) continue
                n = split(line, f, /[ \t]+/)  # address, flags, section, size, [.hidden,] name
                fn[f[f[n - 1] == ".hidden" ? n - 3 : n - 2], hex(f[1])] = f[n]
            }
        }
        /^RELOCATION RECORDS FOR / { keep = $0 ~ /\[\.(preinit_array|init_array|fini_array|ctors|dtors)/; next }
        keep && $1 ~ /^[0-9a-f]+$/ {
            target = $3; offset = "0"
            if (match(target, /[+]0x[0-9a-f]+$/)) { offset = hex(substr(target, RSTART + 1)); target = substr(target, 1, RSTART - 1) }
            print ((target, offset) in fn) ? fn[target, offset] : target
        }' | c++filt | sort
}
extra=$(comm -23 <(registered "$student") <(registered "$reference") | paste -sd, | sed 's/,/, /g')
if [ -n "$extra" ]; then
    echo "the kernel registers $extra to run before or after the tests (a constructor or destructor of its own)"
    exit 0
fi

if objdump -d --no-show-raw-insn "$student" | awk -F'\t' '$2 ~ /^(syscall|sysenter|svc)([ \t]|$)|^int +\$0x80/ { found = 1 } END { exit !found }'; then
    echo "the kernel makes system calls of its own (a syscall instruction)"
fi
