#!/bin/sh
# pair_test.sh: two-argument runs from the command line (CPU backend): shards merged equal
# the whole run, an interrupted run resumed equals the whole run, --pairs re-evaluates the
# pairs where a sweep found its maxima with the same errors, the JSON keeps both operands,
# and bad command lines get their exit codes. Needs $ULPCERT.
set -u
U=${ULPCERT:-build/ulpcert}
pass=0
fail=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

. "$(dirname "$0")/suite.sh" # check, expect

R="--backend cpu --quiet --threads 2 --from 0x40490000 --to 0x40491fff"
V="atan2f.host hypotf.host"
"$U" run $V $R --json "$T/whole.json" >/dev/null
"$U" run $V $R --shard 0/3 --json "$T/s0.json" >/dev/null
"$U" run $V $R --shard 1/3 --json "$T/s1.json" >/dev/null
"$U" run $V $R --shard 2/3 --json "$T/s2.json" >/dev/null
"$U" merge "$T/s2.json" "$T/s0.json" "$T/s1.json" --json "$T/merged.json" >/dev/null

# the statistics of every variant (timing and the command line aside) are the same
same_results() {
  python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert a["kind"] == b["kind"] == "pair", "kind"
assert a["partners"] == b["partners"], "partners"
assert b["complete"], "complete"
assert a["results"] == b["results"], "results differ"
PY
}
check "shards merged equal the whole run" same_results "$T/whole.json" "$T/merged.json"

# an interrupted run (SIGINT after a moment) resumed gives the same result
"$U" run $V $R --chunk 4096 --json "$T/part.json" >/dev/null 2>&1 &
pid=$!
sleep 2
kill -INT $pid 2>/dev/null
wait $pid
rc=$?
if [ "$rc" -eq 130 ]; then
  "$U" run $V $R --chunk 4096 --resume "$T/part.json" --json "$T/resumed.json" >/dev/null
  check "interrupted and resumed equals the whole run" same_results "$T/whole.json" "$T/resumed.json"
else
  check "the run finished before the signal: its result equals the whole run" same_results "$T/whole.json" "$T/part.json"
fi

# the maxima's pairs, re-evaluated from a list, give the same errors
python3 - "$T/whole.json" "$T/list.txt" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
with open(sys.argv[2], "w") as f:
    for r in d["results"]:
        f.write("%s %s\n" % (r["max_ulp_input"], r["max_ulp_partner"]))
PY
"$U" run $V --backend cpu --quiet --pairs "$T/list.txt" --json "$T/list.json" >/dev/null
list_maxima() {
  python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for ra, rb in zip(a["results"], b["results"]):
    assert ra["variant"] == rb["variant"]
    assert rb["inputs"] == 2, rb["inputs"]
    assert rb["max_ulp"] == ra["max_ulp"], (ra["variant"], ra["max_ulp"], rb["max_ulp"])
    assert rb["max_ulp_partner"] == ra["max_ulp_partner"]
assert b["partners"]["list"]["pairs"] == 2
PY
}
check "--pairs reproduces the maxima" list_maxima "$T/whole.json" "$T/list.json"

# --swap sweeps the second argument: pow(b, x) with x the exponent
"$U" run powf.host --backend cpu --quiet --swap --from 0x40000000 --to 0x400003ff --json "$T/swap.json" >/dev/null
swapped() {
  python3 - "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["partners"]["swept"] == "second"
assert d["results"][0]["inputs"] == 1024 * (d["partners"]["adversarial"] + d["partners"]["random"])
PY
}
check "--swap recorded" swapped "$T/swap.json"

printf '0x3f800000 zz\n' >"$T/bad.txt"
expect 2 "not two 32-bit hexadecimal" run powf.host --backend cpu --pairs "$T/bad.txt"
expect 4 "cannot read it" run powf.host --backend cpu --pairs "$T/none.txt"
expect 2 "--shard and --resume do not apply" run powf.host --backend cpu --pairs "$T/list.txt" --shard 0/2
expect 2 "nothing the cpu backend can run" run powf.cuda --backend cpu
expect 2 "at most 4071 random partners" run powf.host --backend cpu --partners 4072
expect 2 "run in separate commands" run powf.host tanhf.host --backend cpu
"$U" run $V --backend cpu --quiet --seed 2 --from 0x40492000 --to 0x404920ff --json "$T/seed2.json" >/dev/null
expect 2 "different partners" merge "$T/whole.json" "$T/seed2.json"
expect 0 "Two-argument variants" run --help
expect 0 "powf.cuda.fastmath" list

echo "pair: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
