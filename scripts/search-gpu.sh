#!/bin/sh
# search-gpu.sh OUT_DIR [BLOCKS]: the search kind's campaign: every CUDA double function (and
# powf, atan2f, hypotf), each in a run of its own over BLOCKS blocks of 65536 inputs (default
# 1525879: 10^11 inputs) and the local search, its result in OUT_DIR/<variant>.json and its wall
# time, inputs searched and sampling rate in OUT_DIR/times.tsv. DEVICES (default 0) is the run's
# --devices: "all" spreads each run over the host's GPUs. docs/search.md says what the results
# mean and how long they take.
set -eu
U=${ULPCERT:-build/ulpcert}
out=$1
blocks=${2:-1525879}
devices=${DEVICES:-0}
mkdir -p "$out"
to=$(printf '0x%08x' $((blocks - 1)))
printf 'variant\tblocks\tdevices\tseconds\tinputs_searched\tinputs_per_s\texit\n' >"$out/times.tsv"
for v in $("$U" list | sed -n 's/^  \(search\.[a-z0-9]*\.cuda\)$/\1/p'); do
  s=$(date +%s.%N)
  rc=0
  "$U" run "$v" --backend gpu --devices "$devices" --to "$to" --quiet --json "$out/$v.json" >"$out/$v.txt" 2>&1 || rc=$?
  e=$(date +%s.%N)
  n=$(python3 -c "
import json, sys
try:
    r = json.load(open('$out/$v.json'))['results'][0]; print(r['sampled'] + r['local'] + r['listed'])
except Exception:
    print(0)")
  # awk, not bc: a GPU machine may lack bc
  awk -v v="$v" -v b="$blocks" -v d="$devices" -v s="$s" -v e="$e" -v n="$n" -v rc="$rc" \
    'BEGIN { printf "%s\t%s\t%s\t%.1f\t%s\t%.3g\t%s\n", v, b, d, e - s, n, n / (e - s), rc }' >>"$out/times.tsv"
  head -2 "$out/$v.txt"
done
