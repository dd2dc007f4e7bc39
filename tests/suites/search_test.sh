#!/bin/sh
# search_test.sh: the search kind from the command line (CPU backend): the planted wrong exp is
# found and VIOLATED (exit 1) with its input; a run of glibc variants exits 0 with "at least"
# figures; two shards merged count every input of the whole run once and keep its largest error
# at least; --resume of a finished run changes nothing; the arch record's search part names a
# function whose digest changed; a listed input (--pairs FILE) is evaluated and seeds the local
# search; the report's tables; bad command lines get their exit codes. Needs $ULPCERT.
set -u
U=${ULPCERT:-build/ulpcert}
pass=0
fail=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

. "$(dirname "$0")/suite.sh" # check, expect

# the planted exp: one ulp too large on [1.5, 1.5 + 2^-8]; its bound of 0.75 ulp is VIOLATED there
expect 1 "VIOLATED \(0.75 ulp documented\): 1\.[0-9]+ ulp, [0-9]+ steps? from the correctly rounded result, at x = 0x1\.80" \
  run search.planted --backend cpu --to 0xf --threads 2
# glibc's exp and hypotf: figures are lower bounds, no bound to violate
expect 0 "search.exp.glibc: at least 0\.[0-9]+ ulp \(at x = .*; 1114112 inputs searched\)" \
  run search.exp.glibc --backend cpu --to 0xf --threads 2 --json "$T/whole.json"
# shards: blocks 0..7 and 8..15, merged: 16 blocks sampled, the local search of each shard
"$U" run search.exp.glibc --backend cpu --to 0xf --shard 0/2 --threads 2 --json "$T/s0.json" --quiet >/dev/null 2>&1
"$U" run search.exp.glibc --backend cpu --to 0xf --shard 1/2 --threads 2 --json "$T/s1.json" --quiet >/dev/null 2>&1
expect 0 "search.exp.glibc: at least" merge "$T/s0.json" "$T/s1.json" --json "$T/merged.json"
check "merged shards sample the 16 blocks once" python3 -c "
import json, sys
w = json.load(open('$T/whole.json'))['results'][0]
m = json.load(open('$T/merged.json'))['results'][0]
assert m['sampled'] == w['sampled'] == 16 * 65536, (m['sampled'], w['sampled'])
assert m['local'] == 2 * w['local']
# every candidate of the whole run's sampling is in a shard: the merged maximum is at least
# the sampled maximum of the whole run up to what the local searches add
assert float.fromhex(m['max']['ulp_error']) > 0.5
"
expect 0 "search.exp.glibc: at least" run search.exp.glibc --backend cpu --to 0xf --threads 2 --resume "$T/whole.json" \
  --json "$T/resumed.json"
check "a finished run resumed is unchanged" python3 -c "
import json
a = json.load(open('$T/whole.json'))['results'][0]; b = json.load(open('$T/resumed.json'))['results'][0]
assert a['sampled'] == b['sampled'] and a['max'] == b['max'], (a['max'], b['max'])
"
# report: the lower-bound tables in ACCURACY.md, "≥" figures, the planted VIOLATED
"$U" run search.planted --backend cpu --to 0xf --threads 2 --quiet --json "$T/planted.json" >/dev/null 2>&1
"$U" report "$T/whole.json" "$T/planted.json" --out "$T/rep" --quiet >/dev/null 2>&1
check "report: searched functions' tables" grep -q "^## Searched functions: binary64" "$T/rep/ACCURACY.md"
check "report: glibc exp a lower bound" grep -Eq '^\| `exp` \| binary64 \| — \| ≥ 0\.5[0-9]+ \(1 step\) \|' "$T/rep/ACCURACY.md"
check "report: the planted row VIOLATED" grep -Eq '^\| `search.exp.planted` \| CPU \| 1114112 \| 1\.[0-9]+ \| [0-9]+ \| x = 0x1\.80[0-9a-f]*p\+0 \| VIOLATED' "$T/rep/ACCURACY.md"
# arch: a changed digest is named
"$U" arch record --backend cpu --kinds search --threads 2 --out "$T/arch.json" >/dev/null 2>&1
check "arch record has the search digests" python3 -c "
import json; d = json.load(open('$T/arch.json'))['search']['digests']; assert 'search.exp.glibc' in d and 'search.powf.glibc' in d"
python3 -c "
import json; p = '$T/arch.json'; d = json.load(open(p)); g = d['search']['digests']
g['search.log.glibc'] = '0x%016x' % (int(g['search.log.glibc'], 16) ^ 1); json.dump(d, open('$T/arch2.json', 'w'))"
expect 1 "search.log.glibc +DIFFERS" arch compare "$T/arch2.json" --backend cpu --kinds search --threads 2
expect 0 "search.exp.glibc +identical" arch compare "$T/arch.json" --backend cpu --kinds search --threads 2
# listed inputs (--pairs FILE): one block misses the planted interval, the list's input there is
# found and seeds the local search (2 listed + 65536 sampled + 65536 local inputs)
printf '# hand-made\n0x1.8000000000001p+0 # in the planted interval\n2.5\n\n' >"$T/list.txt"
expect 1 "131074 inputs searched" run search.planted --backend cpu --from 0x0 --to 0x0 --pairs "$T/list.txt" --threads 2
# with shards, the list goes with the first block only: listed once in the merged result
"$U" run search.exp.glibc --backend cpu --to 0x1 --shard 0/2 --pairs "$T/list.txt" --threads 2 --quiet --json "$T/l0.json" >/dev/null 2>&1
"$U" run search.exp.glibc --backend cpu --to 0x1 --shard 1/2 --pairs "$T/list.txt" --threads 2 --quiet --json "$T/l1.json" >/dev/null 2>&1
"$U" merge "$T/l0.json" "$T/l1.json" --json "$T/lm.json" >/dev/null 2>&1
check "a list with shards is evaluated once" python3 -c "
import json; r = json.load(open('$T/lm.json'))['results'][0]; assert r['listed'] == 2 and r['sampled'] == 2 * 65536, r"
# the committed published hard-to-round cases of exp (reference/search/hardcases/exp.wc: 48 inputs)
expect 0 "131120 inputs searched" run search.exp.glibc --backend cpu --to 0x0 --pairs reference/search/hardcases/exp.wc --threads 2 --json "$T/hc.json"
check "the 48 hard cases of exp are listed" python3 -c "
import json; r = json.load(open('$T/hc.json'))['results'][0]; assert r['listed'] == 48, r"
# LLVM libc's and musl's binary64 functions (where the build links them): the variant calls that
# library, not glibc: on the same 4 blocks glibc's exp reaches 0.504160 ulp, LLVM libc's (which
# rounds correctly) stays at or below 0.5
if "$U" list 2>/dev/null | grep -q "search.exp.llvm"; then
  "$U" run search.exp.llvm search.exp.glibc --backend cpu --to 0x3 --threads 2 --json "$T/llvm.json" >/dev/null 2>&1
  check "LLVM libc's exp is LLVM's (at most 0.5 ulp where glibc's exceeds it)" python3 -c "
import json; r = {v['variant']: float.fromhex(v['max']['ulp_error']) for v in json.load(open('$T/llvm.json'))['results']}
assert r['search.exp.llvm'] <= 0.5 < r['search.exp.glibc'], r"
else
  echo "search: SKIP LLVM libc's binary64 functions: this build does not link LLVM libc"
fi
printf '1.0,2.0\n' >"$T/list2.txt"
expect 2 "list2.txt:1: not one number" run search.exp.glibc --backend cpu --to 0x0 --pairs "$T/list2.txt"
expect 2 "take one and two arguments" run search.exp.glibc search.pow.glibc --backend cpu --to 0x0 --pairs "$T/list2.txt"
# bad command lines
expect 2 "runs on the GPU backend" run search.exp.cuda --backend cpu
expect 2 "block numbers" run search.exp.glibc --backend cpu --to 15.0
expect 2 "empty range" run search.exp.glibc --backend cpu --from 0x10 --to 0x2
expect 0 "Search variants \(family search" run --help
expect 0 "search.pow.sleef_u10" list

echo "search: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
