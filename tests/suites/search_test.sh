#!/bin/sh
# search_test.sh: the search kind from the command line (CPU backend): the planted wrong exp is
# found and VIOLATED (exit 1) with its input; a run of glibc variants exits 0 with "at least"
# figures; two shards merged and resumed, a run spread over 3 workers, and a run cut by SIGINT and
# resumed each give the whole run's result; merges and resumes of another seed, other functions
# or another list are refused naming the field; --resume of a finished run changes nothing; the arch record's search part names a
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
# shards: blocks 0..7 and 8..15 sampled, merged (the local search pending), then the merged file
# resumed: the local search runs once, and the result is the whole run's, field for field
"$U" run search.exp.glibc --backend cpu --to 0xf --shard 0/2 --threads 2 --json "$T/s0.json" --quiet >/dev/null 2>&1
"$U" run search.exp.glibc --backend cpu --to 0xf --shard 1/2 --threads 2 --json "$T/s1.json" --quiet >/dev/null 2>&1
expect 0 "the local search is pending" merge "$T/s0.json" "$T/s1.json" --json "$T/merged.json"
check "merged shards sample the 16 blocks once, no local search yet" python3 -c "
import json
m = json.load(open('$T/merged.json')); r = m['results'][0]
assert r['sampled'] == 16 * 65536 and r['local'] == 0 and m['search']['local_search'] == 'pending', r
"
expect 0 "search.exp.glibc: at least" run search.exp.glibc --backend cpu --to 0xf --threads 2 --resume "$T/merged.json" \
  --json "$T/mres.json"
check "merged shards resumed are the whole run" python3 - "$T/whole.json" "$T/mres.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert a["search"] == b["search"] and a["search"]["local_search"] == "done", (a["search"], b["search"])
assert a["results"] == b["results"], (a["results"][0]["max"], b["results"][0]["max"])
assert a["results"][0]["local"] == 8 * 32 * 256  # the CPU's local search: 8 walks of 32 rounds of 256 neighbours
PY
# a file written before the field local_search (each range searched whole) reads as done
python3 -c "
import json; d = json.load(open('$T/whole.json')); del d['search']['local_search']; json.dump(d, open('$T/old.json', 'w'))"
expect 0 "search.exp.glibc: at least" merge "$T/old.json"
# the sampling spread over 3 workers (the CPU's stand-in for 3 devices: the same claiming and
# folding code as --devices) gives the one-worker result, field for field
ULPCERT_SEARCH_WORKERS=3 "$U" run search.exp.glibc search.powf.glibc --backend cpu --to 0xf --threads 2 --quiet \
  --json "$T/w3.json" >/dev/null 2>&1
ULPCERT_SEARCH_WORKERS=1 "$U" run search.exp.glibc search.powf.glibc --backend cpu --to 0xf --threads 2 --quiet \
  --json "$T/w1.json" >/dev/null 2>&1
check "3 workers give the one-worker result" python3 - "$T/w1.json" "$T/w3.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert len(a["results"]) == 2 and a["results"] == b["results"], "differ"
PY
ULPCERT_SEARCH_WORKERS=17 expect 2 "ULPCERT_SEARCH_WORKERS=17: not a number of workers" run search.exp.glibc --backend cpu --to 0x0
# a run cut by SIGINT keeps its completed blocks (complete: false) and, resumed, gives the uncut run
# (512 blocks: long enough, a second or more on an idle 2-core machine, to be cut after 1 s)
"$U" run search.exp.glibc --backend cpu --to 0x1ff --threads 2 --quiet --json "$T/uncut.json" >/dev/null 2>&1
"$U" run search.exp.glibc --backend cpu --to 0x1ff --threads 2 --quiet --json "$T/cut.json" >/dev/null 2>&1 &
pid=$!
sleep 1
kill -INT $pid
wait $pid
check "the interrupted run kept part of the blocks" python3 -c "
import json
d = json.load(open('$T/cut.json')); r = d['results'][0]
assert not d['complete'] and 0 < r['sampled'] < 512 * 65536 and d['search']['local_search'] == 'pending', (d['complete'], r['sampled'])
"
"$U" run search.exp.glibc --backend cpu --to 0x1ff --threads 2 --quiet --resume "$T/cut.json" --json "$T/rescut.json" >/dev/null 2>&1
check "the resumed run is the uncut run" python3 - "$T/uncut.json" "$T/rescut.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert b["complete"] and a["results"] == b["results"], (a["results"][0]["max"], b["results"][0]["max"])
PY
# results of another seed, other functions or another --pairs list neither merge nor resume
"$U" run search.exp.glibc --backend cpu --from 0x10 --to 0x10 --seed 2 --quiet --json "$T/seed2.json" >/dev/null 2>&1
"$U" run search.exp.glibc --backend cpu --from 0x10 --to 0x10 --quiet --json "$T/b16.json" >/dev/null 2>&1
"$U" run search.log.glibc --backend cpu --from 0x10 --to 0x10 --quiet --json "$T/log16.json" >/dev/null 2>&1
expect 2 "differ in the field search.seed" merge "$T/whole.json" "$T/seed2.json"
expect 2 "differ in the field results' variants" merge "$T/whole.json" "$T/log16.json"
expect 2 "differ in the field search.seed" run search.exp.glibc --backend cpu --to 0xf --resume "$T/whole.json" --seed 2
# report: the lower-bound tables in ACCURACY.md, "≥" figures, the planted VIOLATED
"$U" run search.planted --backend cpu --to 0xf --threads 2 --quiet --json "$T/planted.json" >/dev/null 2>&1
"$U" report "$T/whole.json" "$T/planted.json" --out "$T/rep" --quiet >/dev/null 2>&1
check "report: searched functions' tables" grep -q "^## Searched functions: binary64" "$T/rep/ACCURACY.md"
check "report: glibc exp a lower bound" grep -Eq '^\| `exp` \| binary64 \| — \| — \| ≥ 0\.5[0-9]+ \(1 step\) \|' "$T/rep/ACCURACY.md"
# search.csv: a row per variant whose largest error, input and verdict are the result file's (read
# here from the JSON, independently of the report's code)
check "report: search.csv rows equal the results' largest errors" python3 -c "
import csv, json
rows = {r['variant']: r for r in csv.DictReader(open('$T/rep/search.csv'))}
assert set(rows) == {'search.exp.glibc', 'search.exp.planted'}, rows.keys()
for f in ('$T/whole.json', '$T/planted.json'):
    for v in json.load(open(f))['results']:
        best = max((c for c in v['candidates'] if c['measured']), key=lambda c: float.fromhex(c['ulp_error']))
        r = rows[v['variant']]
        assert float(r['at_least_ulp']) == float.fromhex(best['ulp_error']), (r, best)
        assert float.fromhex(r['x']) == float.fromhex(best['x']) and int(r['steps']) == best['steps'], (r, best)
        assert r['verdict'] == v['verdict'] and int(r['inputs_searched']) == v['sampled'] + v['local'] + v['listed']
assert rows['search.exp.planted']['verdict'].startswith('VIOLATED') and rows['search.exp.glibc']['binary32_cuda_max_ulp'] == ''
"
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
# with shards, the list is evaluated once, by the local search of the merged shards (run --resume)
"$U" run search.exp.glibc --backend cpu --to 0x1 --shard 0/2 --pairs "$T/list.txt" --threads 2 --quiet --json "$T/l0.json" >/dev/null 2>&1
"$U" run search.exp.glibc --backend cpu --to 0x1 --shard 1/2 --pairs "$T/list.txt" --threads 2 --quiet --json "$T/l1.json" >/dev/null 2>&1
"$U" merge "$T/l0.json" "$T/l1.json" --json "$T/lm.json" >/dev/null 2>&1
"$U" run search.exp.glibc --backend cpu --to 0x1 --pairs "$T/list.txt" --threads 2 --quiet --resume "$T/lm.json" --json "$T/lmr.json" >/dev/null 2>&1
check "a list with shards is evaluated once" python3 -c "
import json; r = json.load(open('$T/lmr.json'))['results'][0]; assert r['listed'] == 2 and r['sampled'] == 2 * 65536, r"
printf '2.5\n' >"$T/list1.txt"
"$U" run search.exp.glibc --backend cpu --to 0x1 --shard 1/2 --pairs "$T/list1.txt" --threads 2 --quiet --json "$T/l1b.json" >/dev/null 2>&1
expect 2 "differ in the field search.list" merge "$T/l0.json" "$T/l1b.json"
expect 2 "differ in the field search.list" run search.exp.glibc --backend cpu --to 0x1 --resume "$T/lm.json"
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
