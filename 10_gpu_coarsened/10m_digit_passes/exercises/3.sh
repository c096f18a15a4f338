# Exercise 3: the tile at 23 keys a thread (the patch), then at 22: what ptxas says of
# digit_scatter, the kernel that stages the tile in shared memory.
needs nvcc
claim "at 23 keys ptxas refuses digit_scatter: it uses too much shared data (0xc220 bytes, 0xc000 max: 49,696 against 49,152); at 22 it needs 48,160 bytes and 80 registers, no spill: shared memory stops a thread first"
unit=10_gpu_coarsened/10m_digit_passes
if ptxas 10m >/dev/null; then at23=built; else at23=refused; fi
printf '%s\n' "$PTXAS" | grep -i 'too much shared data' | sed 's/^/  23 keys: /'
agree "23 keys: ptxas refuses the kernel" [ $at23 = refused ]
agree "for too much shared data, 0xc220 bytes" grep -q "digit_scatter.*too much shared data (0xc220 bytes, 0xc000 max)" <<<"$PTXAS"
sed -i 's/KEYS = 23, MIN_BLOCKS = 2;/KEYS = 22, MIN_BLOCKS = 2;/' "$unit/scan.cu"
ptxas 10m >/dev/null || exit 1
smem=$(printf '%s\n' "$PTXAS" | awk '/Compiling entry function .*digit_scatter/ { on = 1 } on && /bytes smem/ { sub(/ bytes smem.*/, ""); sub(/.* /, ""); print; exit }')
echo "  22 keys: $smem bytes of shared memory, $(registers digit_scatter) registers, $(spills digit_scatter) bytes spilled"
agree "22 keys: 48,160 bytes of shared memory" [ "$smem" = 48160 ]
agree "22 keys: 80 registers" [ "$(registers digit_scatter)" = 80 ]
agree "22 keys: no spill" [ "$(spills digit_scatter)" = 0 ]
