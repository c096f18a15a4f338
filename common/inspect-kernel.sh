#!/bin/bash
# Inspects a student's compiled kernel before the grader runs it, against the reference's object of
# the same unit, and prints why it is refused (one line), or nothing:
#
#   common/inspect-kernel.sh STUDENT_OBJ REFERENCE_OBJ      (common/grade.sh runs it on scan.o)
#
# The kernel runs inside the test and benchmark processes, whose results the grader reads, so it
# may not do what writing those results would take:
#   - call a function of files and I/O, the environment, processes, exit handlers, signals, dynamic
#     loading or raw system calls (the list below), unless the reference's object calls it too: a
#     GPU kernel's CUDA_CHECK prints with fprintf to stderr and calls exit, and nvcc's registration
#     of the kernels calls atexit, so a GPU kernel may use those four;
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

# C names (nm -u), whole names; then C++ library names, demangled (std::ofstream, std::cout, ...).
refused_c='^(open|open64|openat|openat64|__open_2|__open64_2|__openat_2|__openat64_2|creat|creat64|fopen|fopen64|freopen|freopen64|fdopen|tmpfile|tmpfile64|mkstemp|mkstemp64|mkostemp|mkostemp64|mkstemps|mkdtemp|tmpnam|tempnam|write|pwrite|pwrite64|writev|pwritev|pwritev2|fwrite|fwrite_unlocked|fputs|fputs_unlocked|fputc|fputc_unlocked|putc|putc_unlocked|putchar|putchar_unlocked|puts|putw|fputws|printf|fprintf|vprintf|vfprintf|dprintf|vdprintf|__.*printf_chk|fflush|dup|dup2|dup3|fcntl|fcntl64|ioctl|mmap|mmap64|mprotect|sendfile|sendfile64|splice|copy_file_range|rename|renameat|renameat2|unlink|unlinkat|remove|rmdir|mkdir|truncate|truncate64|ftruncate|ftruncate64|link|linkat|symlink|symlinkat|chmod|fchmod|chown|fchown|stdin|stdout|stderr|_IO_.*|environ|__environ|getenv|secure_getenv|setenv|putenv|system|popen|fork|vfork|_Fork|clone|clone3|exec.*|fexecve|posix_spawn.*|kill|killpg|tgkill|ptrace|prctl|atexit|at_quick_exit|on_exit|__cxa_atexit|__cxa_thread_atexit.*|signal|sigaction|dlopen|dlmopen|dlsym|dlvsym|syscall)$'
refused_cxx='^std::((.*::)?(basic_)?(i|o|io|if|of)?(fstream|stream|filebuf)|(cout|cerr|clog|cin|wcout|wcerr|wclog|wcin)$|filesystem::|thread|ios_base)'
undefined() { # object [nm flag]: its undefined names, without version suffixes
    nm -u ${2:-} "$1" | sed 's/^ *U //; s/@.*//' | sort -u
}
calls=$(comm -23 <({ undefined "$student" | grep -E "$refused_c"; undefined "$student" -C | grep -E "$refused_cxx"; } | sort -u) \
                 <({ undefined "$reference"; undefined "$reference" -C; } | sort -u) | paste -sd, | sed 's/,/, /g')
if [ -n "$calls" ]; then
    echo "the kernel calls $calls (a kernel does no I/O and starts or ends nothing; debugging output too: remove it)"
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
