#!/bin/sh
# h16_test.sh: the 16-bit kinds (h16: functions, arith16: operations) on the command line
# without a GPU: their catalogue in `list`, their refusals, and their result files (made
# here by hand, in the layout the kinds write) read back, merged and reported. The runs
# themselves are in tests/gpu/gpu_test.sh. Needs $ULPCERT.
set -u
U=${ULPCERT:-build/ulpcert}
pass=0
fail=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

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
check() { if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $*"; fi; }

# the catalogue: 18 functions x 2 formats (each in 4 variants), 46 operations
"$U" list >"$T/list" 2>&1
check grep -q "^  hexp.f16  .*reference exp .*documented 0 ulp" "$T/list"
check grep -q "^  h2tanh_approx.bf16 .*documented 1 ulp" "$T/list"
check grep -q "^  __hfma_relu.bf16.residual .*c: residual" "$T/list"
check test "$(sed -n '/^16-bit functions/,/^$/p' "$T/list" | grep -c '^  ')" -eq 72
check test "$(sed -n '/^16-bit arithmetic/,/^$/p' "$T/list" | grep -c '^  __h')" -eq 46

# refusals: no CPU backend, no shards for functions, first operands only, one kind per command
expect 2 "no CPU backend" -- run h16 --backend cpu
expect 2 "no CPU backend" -- run arith16 --backend cpu
expect 2 "do not apply to 16-bit functions" -- run hexp --shard 0/2
expect 2 "first operands, 0x0000 to 0xffff" -- run __hadd.f16 --from 0x10000 --to 0x20000
expect 2 "run in separate commands" -- run hexp.f16 __hadd.f16
expect 2 "unknown variant or family 'hexp.f32'" -- run hexp.f32

# result files as the kinds write them: two shards of arith16 (first operands
# 0x0000..0x7fff and 0x8000..0xffff; the second of kind "h16arith", the name the kind's
# files had before) and an h16 run, then merge and report
V=$("$U" --version | head -1 | cut -d' ' -f2)
python3 - "$T" "$V" <<'PY'
import json, sys
d, ver = sys.argv[1], sys.argv[2]
dev = {"name": "Test GPU", "compute_capability": "9.0", "driver": "1", "toolkit": "13.0"}
def head(kind, lo, hi):
    return {"tool": "ulpcert", "version": ver, "kind": kind, "format": 2, "command": "test", "date": "x",
            "backend": "gpu", "device": dev, "complete": True, "domain": {"from": lo, "to": hi},
            "covered": [{"from": lo, "to": hi}]}
classes = ["nan", "overflow", "zero_sign", "subnormal", "rounding"]
def op(pairs, nan, rnd, first):
    return {"variant": "__hdiv.f16", "operation": "__hdiv", "format": "binary16", "third_operand": "none",
            "clamp": "none", "min_cc": 0, "pairs": pairs, "exact": pairs - nan - rnd,
            "mismatches": dict(zip(classes, [nan, 0, 0, 0, rnd])),
            "first_by_class": {c: (f"0x{first[0]:04x}{first[1]:04x}" if c == "rounding" and rnd else None) for c in classes},
            "first_mismatches": [{"a": f"0x{a:04x}", "b": f"0x{b:04x}", "c": "0x0000", "output": "0x3c01",
                                  "expected": "0x3c00", "class": "rounding", "error_ulps": 1.0} for a, b in [first] * rnd],
            "max_error_ulps": 1.0 if rnd else 0.5, "max_error_at": f"0x{first[0]:04x}{first[1]:04x}",
            "digest": "0x0000000000000001", "verdict": "VIOLATED" if rnd else "HOLDS",
            "documented": "correctly rounded", "source": "test", "seconds": 0.5}
a = head("arith16", "0x00000000", "0x00007fff"); a["results"] = [op(2**31, 0, 1, (0x7000, 0x0005))]
b = head("h16arith", "0x00008000", "0x0000ffff"); b["results"] = [op(2**31, 0, 1, (0x8001, 0x0002))]
json.dump(a, open(d + "/a.json", "w")); json.dump(b, open(d + "/b.json", "w"))
c = head("h16arith", "0x00008000", "0x0000ffff"); c["results"] = [dict(op(2**31, 0, 0, (0, 0)), variant="__hmul.f16")]
json.dump(c, open(d + "/c.json", "w"))
fn = {"variant": "h2sin.bf16.fastmath", "function": "h2sin", "form": "h2", "build": "fastmath", "format": "bfloat16",
      "reference": "sin", "inputs": 131072, "exact": 131000, "mismatches": dict(zip(classes, [0, 0, 2, 0, 70])),
      "first_mismatches": [{"input": "0x3f80", "output": "0x3f58", "expected": "0x3f57", "class": "rounding", "lane": "low"}],
      "max_ulps_from_cr": 3, "max_ulps_from_cr_input": "0x4049", "max_error_ulps": 3.2, "max_error_input": "0x4049",
      "documented_ulps": 0, "source": "test", "verdict": "VIOLATED", "digest": "0x0000000000000002",
      "lanes": {"low_differs_from_scalar": 0, "high_differs_from_scalar": 4, "first_low": None, "first_high": "0x0001"}}
h = head("h16", "0x00000000", "0x0000ffff"); h["results"] = [fn]
json.dump(h, open(d + "/h.json", "w"))
bad = json.load(open(d + "/a.json")); bad["results"][0]["variant"] = "__hdiv.f32"
json.dump(bad, open(d + "/bad.json", "w"))
PY
expect 0 "__hdiv.f16 +binary16 +4294967296 +4294967294 +0 +0 +0 +0 +2 .*\(0x7000, 0x0005\) +VIOLATED" -- \
  merge "$T/a.json" "$T/b.json" --json "$T/m.json"
check python3 - "$T/m.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
r = m["results"][0]
assert m["kind"] == "arith16" and (m["domain"]["from"], m["domain"]["to"]) == ("0x00000000", "0x0000ffff")
assert r["pairs"] == 2**32 and r["mismatches"]["rounding"] == 2, r
assert [(e["a"], e["b"]) for e in r["first_mismatches"]] == [("0x7000", "0x0005"), ("0x8001", "0x0002")]
assert r["first_by_class"]["rounding"] == "0x70000005" and r["verdict"] == "VIOLATED"
PY
expect 2 "hold different 16-bit operations" -- merge "$T/a.json" "$T/c.json"
expect 5 "results\[0\] is not a 16-bit operation's result" -- merge "$T/bad.json" "$T/b.json"
expect 2 "do not merge" -- merge "$T/h.json" "$T/h.json"
# report: the README's two blocks and ACCURACY.md's tables
cat >"$T/README.md" <<'EOF'
<!-- BEGIN generated: 16-bit functions -->
<!-- END generated -->
<!-- BEGIN generated: 16-bit arithmetic -->
<!-- END generated -->
EOF
check "$U" report "$T/m.json" "$T/h.json" --out "$T/rep" --readme "$T/README.md" --quiet
check grep -q "^| bfloat16 | \`h2sin\` | h2, -use_fast_math; lanes differ from the scalar form: low 0, high 4 | Test GPU (sm_90) | 131000 of 131072 | zero_sign 2, rounding 70 | 3 (0) | VIOLATED |$" "$T/README.md"
check grep -q "^| binary16 | \`__hdiv\` | - | Test GPU (sm_90) | 4294967294 of 4294967296 | rounding 2 | VIOLATED |$" "$T/README.md"
check grep -q "^| \`__hdiv\` | - | Test GPU (sm_90) | 4294967296 | 4294967294 | 0 | 0 | 0 | 0 | 2 | 1 | (0x7000, 0x0005, 0x0000) | correctly rounded (to nearest, ties to even) | VIOLATED |$" "$T/rep/ACCURACY.md"
check grep -q "^| \`h2sin\` | h2, -use_fast_math; .* | 0 ulp | 131072 | 131000 | 0 | 0 | 2 | 0 | 70 | 3 (0x4049) | 0x3f80: 0x3f58, 0x3f57 (low) | VIOLATED |$" "$T/rep/ACCURACY.md"

# the PTX half-precision forms' results, of the 16-bit function kind: a committed file of
# the kind "half" (written before the forms joined h16) and the same results as a file of
# h16 reads now, each a row of their table, after the 16-bit arithmetic's; a file holding
# both forms' and functions' results is refused
python3 - reports/results/half-h100.json "$T" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["kind"] == "half"
d["kind"] = "h16"
d["device"]["name"] = "Test GPU"
json.dump(d, open(sys.argv[2] + "/ptx.json", "w"))
PY
check "$U" report reports/results/half-h100.json "$T/ptx.json" "$T/m.json" "$T/h.json" --out "$T/rep2" --quiet
check test "$(grep -c '^| tanh.approx.f16 | \(NVIDIA H100 80GB HBM3\|Test GPU\) (sm_90) | binary16 | abs 2^-10.987 | abs 4.9260e-04 at 0x3e23 | HOLDS |' "$T/rep2/ACCURACY.md")" = 2
check test "$(grep -n '^## \(16-bit functions\|16-bit arithmetic\|Half-precision forms\)' "$T/rep2/ACCURACY.md" | cut -d' ' -f2- | tr '\n' ,)" = \
  "16-bit functions: every input,16-bit arithmetic: every pair of operands,Half-precision forms (MUFU),"
python3 -c 'import json,sys; a,b=(json.load(open(f)) for f in sys.argv[1:3]); a["results"]+=b["results"]; json.dump(a,open(sys.argv[3],"w"))' \
  "$T/h.json" "$T/ptx.json" "$T/mixed.json"
expect 5 "mixed.json: not a 16-bit function result" -- report "$T/mixed.json" --out "$T/rep3"

echo "h16: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
