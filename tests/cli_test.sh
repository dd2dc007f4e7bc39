#!/bin/sh
# cli_test.sh: every bad command line gets its message and exit code; --help works
# everywhere; the JSON is complete and written atomically. Needs $ULPCERT.
set -u
U=${ULPCERT:-build/ulpcert}
pass=0
fail=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# expect CODE PATTERN -- ARGS...: exit code CODE and PATTERN (grep -E) in stderr+stdout
expect() {
  code=$1 pat=$2
  shift 3
  "$U" "$@" >"$T/out" 2>&1
  rc=$?
  if [ "$rc" -eq "$code" ] && grep -Eq -- "$pat" "$T/out"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: ulpcert $* -> exit $rc (want $code), output:"
    sed 's/^/    /' "$T/out" | head -5
  fi
}

expect 2 "usage: ulpcert COMMAND" --
expect 0 "usage: ulpcert COMMAND" -- --help
expect 0 "MPFR" -- --version
expect 2 "unknown command 'frobnicate'" -- frobnicate
expect 0 "usage: ulpcert list" -- list --help
expect 0 "usage: ulpcert run" -- run --help
expect 0 "usage: ulpcert bench" -- bench --help
expect 0 "usage: ulpcert refcheck" -- refcheck --help
expect 2 "list takes no arguments" -- list extra
expect 0 "tanh.minimax" -- list
expect 2 "needs at least one variant" -- run
expect 2 "unknown variant or family 'tanh.nope'" -- run tanh.nope
expect 2 "--from: '0xg' is not a 32-bit" -- run tanhf.host --from 0xg
expect 2 "--to: '0x100000000' is not a 32-bit" -- run tanhf.host --to 0x100000000
expect 2 "--from: '-1' is not a 32-bit" -- run tanhf.host --from -1
expect 2 "empty range" -- run tanhf.host --from 0x10 --to 0x0f
expect 2 "--threads: '0' is not" -- run tanhf.host --threads 0
expect 2 "--threads: 'many' is not" -- run tanhf.host --threads many
expect 2 "--chunk: '1000' is not a power of two" -- run tanhf.host --chunk 1000
expect 2 "--backend must be gpu or cpu" -- run tanhf.host --backend tpu
expect 2 "unknown or needs a value" -- run tanhf.host --bogus
expect 2 "unknown or needs a value" -- run tanhf.host --json
expect 2 "has nothing the cpu backend can run" -- run tanh.approx --backend cpu
expect 2 "unknown reference 'cosh'" -- refcheck cosh
expect 4 "cannot write /nonexistent-dir/r.json" -- run tanhf.host --backend cpu --from 0 --to 0xff --json /nonexistent-dir/r.json --quiet
if ! "$U" run tanh.approx --backend gpu --from 0 --to 0 --no-cache >/dev/null 2>&1; then
  expect 3 "--backend gpu: " -- run tanh.approx --backend gpu --from 0 --to 0
fi

# a good run: JSON complete, no temporary file left behind
"$U" run tanh --backend cpu --from 0x3f800000 --to 0x3f80ffff --json "$T/r.json" --quiet --no-cache >"$T/table" 2>&1
rc=$?
if [ $rc -eq 0 ] && python3 - "$T/r.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for k in ("tool", "version", "command", "backend", "device", "domain", "results"):
    assert k in d, k
assert d["domain"] == {"from": "0x3f800000", "to": "0x3f80ffff", "count": 65536}, d["domain"]
r = d["results"][0]
for k in ("variant", "reference", "inputs", "max_ulp", "max_ulp_input", "max_ulp_output", "max_ulp_reference",
          "max_rel", "max_rel_input", "correctly_rounded", "faithful", "above_1ulp", "nonfinite", "flushed",
          "special_mismatches", "histogram"):
    assert k in r, k
assert r["variant"] == "tanhf.host" and r["inputs"] == 65536
assert sum(b["count"] for b in r["histogram"]) + r["nonfinite"] == r["inputs"] - r["special_mismatches"]
assert r["correctly_rounded"] <= r["faithful"] <= r["inputs"]
PY
then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: JSON of a CPU run"; cat "$T/table"; fi
if ls "$T" | grep -q tmp; then fail=$((fail + 1)); echo "FAIL: temporary file left behind"; else pass=$((pass + 1)); fi
if grep -q "| tanhf.host |" "$T/table"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: table"; fi

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
