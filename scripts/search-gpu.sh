#!/bin/sh
# search-gpu.sh OUT_DIR [BLOCKS]: the search kind's campaign on one GPU: every CUDA double
# function (and powf, atan2f, hypotf), each in a run of its own over BLOCKS blocks of 65536 inputs
# (default 1525879: 10^11 inputs) and the local search, its result in OUT_DIR/<variant>.json and
# its wall time in OUT_DIR/times.tsv. docs/search.md says what the results mean.
set -eu
U=${ULPCERT:-build/ulpcert}
out=$1
blocks=${2:-1525879}
mkdir -p "$out"
to=$(printf '0x%08x' $((blocks - 1)))
printf 'variant\tblocks\tseconds\texit\n' >"$out/times.tsv"
for v in $("$U" list | sed -n 's/^  \(search\.[a-z0-9]*\.cuda\)$/\1/p'); do
  s=$(date +%s.%N)
  rc=0
  "$U" run "$v" --backend gpu --to "$to" --quiet --json "$out/$v.json" >"$out/$v.txt" 2>&1 || rc=$?
  e=$(date +%s.%N)
  printf '%s\t%s\t%.1f\t%s\n' "$v" "$blocks" "$(echo "$e - $s" | bc)" "$rc" >>"$out/times.tsv"
  head -2 "$out/$v.txt"
done
