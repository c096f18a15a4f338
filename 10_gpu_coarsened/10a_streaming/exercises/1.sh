# Exercise 1: the hints in the PTX: each kernel's global loads and stores, by kind.
needs nvcc
claim "every 16-byte load and store of streaming's kernels carries .cs (ld.global.cs.v4.u32, st.global.cs.v4.u32), and so do the 4-byte loads of its kernel for an in misaligned with out (ld.global.cs.u32); the partial vectors at the array's ends stay plain (ld.global.u32, st.global.u32); no kernel of ipt12 or ipt16 has a .cs"
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
mkdir -p build
"$nvcc" -O3 -std=c++17 -arch=${GPU_ARCH:-sm_90} -Icommon/contract -Icommon/core -Icommon/apps -ptx \
    10_gpu_coarsened/10a_streaming/scan.cu -o build/scan.ptx || exit 1
# "count kernel instruction" for every global load and store of every kernel
ACCESSES=$(awk '/\.entry/ { name = $0; sub(/.*\.entry /, "", name); sub(/\(.*/, "", name) }
    match($0, /(ld|st)\.global[.a-z0-9]*/) { n[name " " substr($0, RSTART, RLENGTH)]++ }
    END { for (k in n) print n[k], k }' build/scan.ptx | sort -k2)
printf '%s\n' "$ACCESSES" | sed 's/^/  /'
count() { printf '%s\n' "$ACCESSES" | awk -v k="$1" -v i="$2" '$2 ~ k && $3 ~ i { s += $1 } END { print s + 0 }'; }
agree "streaming: 16-byte loads and stores with .cs" [ "$(count 'I9streamingLb1' 'ld.global.cs.v4')" -gt 0 -a "$(count 'I9streaming' 'st.global.cs.v4')" -gt 0 ]
agree "streaming: no 16-byte load or store without it" [ "$(count 'I9streaming' '^(ld|st)\.global\.v4')" -eq 0 ]
agree "streaming, in misaligned with out: 4-byte loads with .cs" [ "$(count 'I9streamingLb0' 'ld.global.cs.u32')" -gt 0 ]
agree "the partial vectors stay plain" [ "$(count 'I9streaming' '^ld.global.u32')" -gt 0 -a "$(count 'I9streaming' '^st.global.u32')" -gt 0 ]
agree "ipt12 and ipt16: no .cs" [ "$(count 'I5ipt1[26]' '\.cs')" -eq 0 ]
