#!/bin/sh
# gpu_test.sh: tests that need a GPU. Skipped, with a message, where none is usable
# (CI); run on the GPU machine. Needs $ULPCERT.
set -u
U=${ULPCERT:-build/ulpcert}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
if ! "$U" run tanh.approx --backend gpu --from 0 --to 0 --no-cache --quiet >"$T/probe" 2>&1; then
  echo "gpu: SKIPPED (no usable GPU: $(tail -1 "$T/probe"))"
  echo "gpu: 0 passed, 0 failed, 1 skipped"
  exit 0
fi
pass=0
fail=0
check() { if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $*"; fi; }

# Results do not depend on chunk size or thread count (range crossing the sign, NaNs, infinities).
"$U" run tanh --backend gpu --from 0x7f000000 --to 0x80ffffff --chunk 4096 --threads 2 --no-cache --quiet --json "$T/a.json" >/dev/null
"$U" run tanh --backend gpu --from 0x7f000000 --to 0x80ffffff --chunk 1048576 --no-cache --quiet --json "$T/b.json" >/dev/null
same() {
  python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p))["results"] for p in sys.argv[1:3])
sys.exit(0 if a == b else 1)
PY
}
check same "$T/a.json" "$T/b.json"

# The device reduction gives the host reduction's results bit for bit: a range with
# NaNs, infinities, zeros, subnormals, monotonicity violations (tanh.approx) and the
# ordinary path; then the whole line.
"$U" run tanh --backend gpu --from 0x7f000000 --to 0x80ffffff --no-cache --quiet --reduce host --json "$T/h.json" >/dev/null
check same "$T/a.json" "$T/h.json"
"$U" run tanh --backend gpu --from 0x3d000000 --to 0x3f7fffff --no-cache --quiet --reduce host --json "$T/h2.json" >/dev/null
"$U" run tanh --backend gpu --from 0x3d000000 --to 0x3f7fffff --no-cache --quiet --reduce gpu --json "$T/g2.json" >/dev/null
check same "$T/h2.json" "$T/g2.json"

# Reference values computed on the device (shortcut, table, the undecided ones by MPFR on
# the host: src/kinds/binary32/device/refkern.cuh) equal the host's MPFR-only values: an odd reference across
# the sign, NaNs and infinities, small chunks; an asymmetric one (exp) on both signs.
"$U" run tanh --backend gpu --from 0x7f000000 --to 0x80ffffff --chunk 4096 --no-cache --quiet --no-fast-path --json "$T/nf.json" >/dev/null
check same "$T/a.json" "$T/nf.json"
"$U" run tanh --backend gpu --from 0x3d000000 --to 0x3f7fffff --no-cache --quiet --no-fast-path --json "$T/nf2.json" >/dev/null
check same "$T/g2.json" "$T/nf2.json"
check python3 - "$T/g2.json" "$T/nf2.json" <<'PY'
import json, sys
a, b = (json.load(open(p))["timing"] for p in sys.argv[1:3])
assert a["device_references"] and not b["device_references"], (a, b)
assert a["mpfr_calls"] < 1000 and b["mpfr_calls"] > 10**6, (a["mpfr_calls"], b["mpfr_calls"])
PY
for r in "0x42a00000 0x42bfffff" "0xc2a00000 0xc2cfffff" "0x3f000000 0x3f7fffff"; do
  set -- $r
  "$U" run exp --backend gpu --from "$1" --to "$2" --chunk 65536 --no-cache --quiet --json "$T/e1.json" >/dev/null
  "$U" run exp --backend gpu --from "$1" --to "$2" --chunk 65536 --no-cache --quiet --no-fast-path --json "$T/e2.json" >/dev/null
  check same "$T/e1.json" "$T/e2.json"
done
# A host library's function on the GPU backend (its outputs computed on the host, copied to
# the device, referenced and reduced there) gives the CPU backend's results bit for bit:
# NaN outputs for negative inputs, infinities, small chunks; subnormal and zero results of expf.
for r in "logf.host 0x7f000000 0x80ffffff 65536" "expf.host 0xc2000000 0xc2ffffff 4194304"; do
  set -- $r
  "$U" run $1 --backend gpu --from $2 --to $3 --chunk $4 --no-cache --quiet --json "$T/hg.json" >/dev/null
  "$U" run $1 --backend cpu --from $2 --to $3 --no-cache --quiet --json "$T/hc.json" >/dev/null
  check same "$T/hg.json" "$T/hc.json"
done
# The device's fast path against MPFR on whole binades (refcheck --fast-path).
# sin, cos and tan of huge arguments: the shortcut's argument reduction on the device.
for spec in "tanh 0x3e000000 0x3e7fffff" "tanh 0xbf000000 0xbf7fffff" "exp 0x3f800000 0x3fffffff" \
  "sin 0x44800000 0x4487ffff" "cos 0x7f000000 0x7f0fffff" "tan 0x6f700000 0x6f7fffff" "sin 0xfe800000 0xfe8fffff"; do
  set -- $spec
  check "$U" refcheck "$1" --fast-path --backend gpu --from "$2" --to "$3" --quiet
done

# Expressions and the activation references on the device: their tables and shortcuts
# against MPFR; then runs with an expression reference whose device references match the
# host's (MPFR alone): below 8 the device's table decides x erf(x) from its polynomials,
# from 8.5 on (x erfc(x) below 2^-100 of x) from its anchored bound (x minus something
# positive below any binary64 gap); across the pole of 1/(x-1) the table leaves the
# blocks around 1, and the device sends those inputs back to the expression engine on
# the host.
for spec in "x/(1+exp(-x)) 0xbf800000 0xbfffffff" "silu 0xc0000000 0xc07fffff" "sigmoid 0x30800000 0x30ffffff" \
  "mish 0x80000000 0x807fffff" "gelu_tanh 0x40000000 0x407fffff" "elu 0xc0000000 0xc07fffff"; do
  set -- $spec
  check "$U" refcheck "$1" --fast-path --backend gpu --from "$2" --to "$3" --quiet
done
cat >"$T/xerf.cu" <<'CU'
__device__ float xerf(float x) { return x * erff(x); }
__device__ float pole(float x) { return 1.0f / (x - 1.0f); }
CU
for r in "xerf x*erf(x) 0x40ec0000 0x40edffff table" "xerf x*erf(x) 0x41080000 0x41081fff table" \
  "pole 1/(x-1) 0x3f7ff000 0x3f800fff both"; do
  set -- $r
  "$U" run --source "$T/xerf.cu" --function $1 --ref "$2" --backend gpu --from $3 --to $4 \
    --no-cache --quiet --json "$T/xe.json" >/dev/null
  "$U" run --source "$T/xerf.cu" --function $1 --ref "$2" --backend gpu --from $3 --to $4 \
    --no-cache --quiet --no-fast-path --json "$T/xenf.json" >/dev/null
  check same "$T/xe.json" "$T/xenf.json"
  check python3 - "$T/xe.json" $5 <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["timing"]
assert t["device_references"], t
assert t["fast_hits"] > 0 and (t["mpfr_calls"] == 0 if sys.argv[2] == "table" else t["mpfr_calls"] > 0), t
PY
done
# bench --expressions on the device (the 14 kernels through NVRTC) over 2^12 inputs
# across 2^8: every input decided, the written-out forms equal to their named references.
"$U" bench --expressions --backend gpu --from 0x437ff800 --to 0x438007ff --json "$T/bx.json" >/dev/null
check python3 - "$T/bx.json" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))["expressions"]
assert len(rows) == 14, rows
for r in rows:
    assert r["device_references"] and r["undecidable"] == 0 and r["inputs"] == 4096, r
    assert r.get("same_as_named", True), r
PY

# The same for variants with an absolute-error range ([-pi, pi] for __sinf, [-2pi, 2pi]
# for sin.approx), on inputs of both signs across pi and across 2pi: the device and the
# host give the same max_abs, its input, output and reference.
"$U" run sin --backend gpu --from 0x40400000 --to 0x404fffff --no-cache --quiet --reduce host --json "$T/sh.json" >/dev/null
"$U" run sin --backend gpu --from 0x40400000 --to 0x404fffff --no-cache --quiet --reduce gpu --json "$T/sg.json" >/dev/null
check same "$T/sh.json" "$T/sg.json"
"$U" run sin --backend gpu --from 0xc0400000 --to 0xc04fffff --no-cache --quiet --reduce gpu --json "$T/sn.json" >/dev/null
"$U" run sin --backend gpu --from 0xc0400000 --to 0xc04fffff --no-cache --quiet --reduce host --json "$T/snh.json" >/dev/null
check same "$T/sn.json" "$T/snh.json"
"$U" run sin --backend gpu --from 0x40c00000 --to 0x40cfffff --no-cache --quiet --reduce host --json "$T/s2h.json" >/dev/null
"$U" run sin --backend gpu --from 0x40c00000 --to 0x40cfffff --no-cache --quiet --reduce gpu --json "$T/s2g.json" >/dev/null
check same "$T/s2h.json" "$T/s2g.json"
check python3 - "$T/sg.json" "$T/s2g.json" <<'PY'
import json, sys
pi, twopi = [{r["variant"]: r for r in json.load(open(f))["results"]} for f in sys.argv[1:]]
r = pi["__sinf"]
assert float.fromhex(r["max_abs_range"]["hi"]) == float.fromhex("0x1.921fb54442d18p+1")
assert int(r["max_abs_input"], 16) <= 0x40490fda, r["max_abs_input"]       # below pi
r = twopi["sin.approx"]
assert float.fromhex(r["max_abs_range"]["hi"]) == float.fromhex("0x1.921fb54442d18p+2")
assert int(r["max_abs_input"], 16) <= 0x40c90fda, r["max_abs_input"]       # below 2 pi
assert twopi["__sinf"]["max_abs"] is None                                     # beyond pi
PY

# Bound clauses (src/measure/bounds.h) reduced on the device equal the host's: __expf's bound
# growing with |x| on both signs up to overflow and underflow, __logf's outside
# [0.5, 2] and logf's everywhere across 0.5, lg2.approx's relative bound across 0.5,
# and the sin/cos bound over [-100pi, 100pi] across 100pi.
for spec in "exp 0x42800000 0x42bfffff" "exp 0xc2800000 0xc2cfffff" "log 0x3ef00000 0x3f0fffff" \
            "lg2 0x3ef00000 0x3f0fffff" "cos 0x439c0000 0x439dffff" "sin 0xc39c0000 0xc39dffff"; do
  set -- $spec
  "$U" run "$1" --backend gpu --from "$2" --to "$3" --no-cache --quiet --reduce host --json "$T/bh.json" >/dev/null
  "$U" run "$1" --backend gpu --from "$2" --to "$3" --no-cache --quiet --reduce gpu --json "$T/bg.json" >/dev/null
  check same "$T/bh.json" "$T/bg.json"
  check python3 - "$T/bg.json" "$1" <<'PY'
import json, sys
d = {r["variant"]: r for r in json.load(open(sys.argv[1]))["results"]}
want = {"exp": "__expf", "log": "__logf", "lg2": "lg2.approx", "cos": "cos.approx", "sin": "sin.approx"}[sys.argv[2]]
b = d[want]["bounds"]
assert len(b) == 1 and b[0]["inputs"] > 0 and b[0]["max"] is not None, b
assert b[0]["verdict"] in ("HOLDS", "VIOLATED") and (b[0]["over"] > 0) == (b[0]["verdict"] == "VIOLATED"), b
PY
done

# Every GPU variant ran and was accounted on every input; CUDA's tanhf keeps its
# documented 2 ulp bound on [0.5, 2).
"$U" run tanh --backend gpu --from 0x3f000000 --to 0x3fffffff --no-cache --quiet --json "$T/c.json" >/dev/null
check python3 - "$T/c.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
names = [r["variant"] for r in d["results"]]
assert names == ["tanh.approx", "tanh.ex2rcp", "tanh.minimax", "tanhf.cuda", "tanhf.cuda.ftz",
                 "tanhf.cuda.fastmath"], names
for r in d["results"]:
    assert r["inputs"] == 1 << 24
cuda = d["results"][3]
assert cuda["max_ulp"] <= 2.0, cuda["max_ulp"]
assert d["device"]["kind"] == "gpu" and d["device"]["name"]
PY

# Several GPUs (where the machine has them): identical results to one.
ndev=$(nvidia-smi -L 2>/dev/null | wc -l)
if [ "${ndev:-0}" -ge 2 ]; then
  "$U" run tanh --backend gpu --from 0x3d000000 --to 0x3f7fffff --no-cache --quiet --devices 0,1 --json "$T/d2.json" >/dev/null
  "$U" run tanh --backend gpu --from 0x3d000000 --to 0x3f7fffff --no-cache --quiet --devices 0 --json "$T/d1.json" >/dev/null
  check same "$T/d1.json" "$T/d2.json"
  # binary32 reference groups at once, one device each: the record equals one device's
  R="arch record --backend gpu --kinds binary32 --from 0x3f800000 --to 0x3f9fffff --no-cache --quiet"
  "$U" $R --devices 0 --out "$T/r1.json" >/dev/null
  "$U" $R --out "$T/rall.json" >"$T/rall.txt"
  check python3 scripts/record-equal.py "$T/r1.json" "$T/rall.json"
  check grep -Eq "^binary32: [0-9]+ variants in [0-9.]+ s on $ndev GPUs" "$T/rall.txt"
  # the kinds that run on one device, at once on several (one device each, their parts
  # joined in the table's order): the record equals one device's, part for part
  R="arch record --backend gpu --kinds convert,h16,h16arith,half --from 0x3f800000 --to 0x3f9fffff --quiet"
  "$U" $R --devices 0 --out "$T/s1.json" >/dev/null
  "$U" $R --out "$T/sall.json" >"$T/sall.txt"
  check python3 scripts/record-equal.py "$T/s1.json" "$T/sall.json"
  check python3 - "$T/s1.json" "$T/sall.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
def strip(v):  # a variant's seconds are no statistic
    return [{f: x for f, x in e.items() if f != "seconds"} if isinstance(e, dict) else e for e in v]
for k in ("convert", "h16", "h16arith", "half"):
    assert k in a and strip(a[k]) == strip(b[k]), k
assert [k for k in a if k in ("convert", "h16", "h16arith", "half")] == [k for k in b if k in ("convert", "h16", "h16arith", "half")]
PY
  check test "$(grep -Ec '^(convert|h16|h16arith|half): [0-9]+ variants in [0-9.]+ s on 1 GPU$' "$T/sall.txt")" = 4
else
  echo "gpu: one device: the two-device comparison is skipped"
fi

# A device context kept from one reference group to the next (gpu_pool_begin): sin's group,
# scanned in the context tanh's group used first, equals sin scanned in a new one.
"$U" run tanh sin --backend gpu --from 0x3f000000 --to 0x40ffffff --no-cache --quiet --devices 0 --json "$T/ts.json" >/dev/null
"$U" run sin --backend gpu --from 0x3f000000 --to 0x40ffffff --no-cache --quiet --devices 0 --json "$T/s.json" >/dev/null
check python3 scripts/record-equal.py "$T/s.json" "$T/ts.json"

# certify on the GPU: the project's kernels (built-in) on a range, and a user's CUDA
# function compiled through NVRTC.
"$U" certify functions/tanh/tanh_seed.cuh --backend gpu --from 0x3f000000 --to 0x3fffffff --no-cache --quiet >"$T/cert.txt" 2>&1
rc=$?
check test $rc -le 1
check grep -q "my_tanhf maxulperr = 1.81484: " "$T/cert.txt"
"$U" certify tests/data/user_tanh.cu --backend gpu --from 0x3f000000 --to 0x3f7fffff --no-cache --quiet >"$T/user.txt" 2>&1
check grep -q "user_tanh maxulperr = 1000.00000: LOOSE" "$T/user.txt"
cat "$T/cert.txt" "$T/user.txt"

# The selftest's mutants on the GPU backend (device evaluation and reduction).
check "$U" selftest --backend gpu

# Float-float: the GPU's plain flavour (-fmad=false) and the CPU's IEEE code agree bit
# for bit, statistics and first failures included, on ranges with zeros, subnormals,
# huge operands (split overflow) and ordinary ones.
ffsame() {
  python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p))["results"] for p in sys.argv[1:3])
sys.exit(0 if a == b else 1)
PY
}
for r in "0x00000000 0x00003fff" "0x3f800000 0x3f803fff" "0xf3000000 0xf3003fff"; do
  set -- $r
  "$U" run ff eft dw sum2 --backend cpu --from $1 --to $2 --quiet --json "$T/ffc.json" >/dev/null
  "$U" run ff eft dw sum2 --backend gpu --from $1 --to $2 --quiet --json "$T/ffg_all.json" >/dev/null
  python3 - "$T/ffg_all.json" "$T/ffg.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["results"] = [v for v in d["results"] if v["flavour"] == "plain"]
json.dump(d, open(sys.argv[2], "w"))
PY
  check ffsame "$T/ffc.json" "$T/ffg.json"
  python3 - "$T/ffc.json" "$T/ffg.json" <<'PY'
import json, sys
a, b = (json.load(open(p))["results"] for p in sys.argv[1:3])
for x, y in zip(a, b):
    for k in x:
        if x[k] != y.get(k):
            print("differs:", x["name"], k, str(x[k])[:300], "|", str(y.get(k))[:300])
PY
done
# Float-float shards on the GPU merge into the single GPU run (3 chunks of 2^26 high
# words there, one per shard).
F="--backend gpu --from 0x3c000000 --to 0x47ffffff --quiet"
for k in 0 1 2; do "$U" run eft.twosum dw.mul.dw.fmad $F --shard $k/3 --json "$T/ffs$k.json" >/dev/null; done
"$U" run eft.twosum dw.mul.dw.fmad $F --json "$T/ffs.json" >/dev/null
"$U" merge "$T/ffs2.json" "$T/ffs0.json" "$T/ffs1.json" --json "$T/ffm.json" >/dev/null
check ffsame "$T/ffs.json" "$T/ffm.json"
# The published worst cases on the device: the plain and .fmad builds of DWPlusFP and
# AccurateDWPlusDW at the high word 1 and at 2^-28 (where the full runs found them) report
# 2u^2 / (1 + 3u - 2u^2) and (3u^2 - 2u^3) / (1 + 3u - 3u^2 + 2u^3) (Python fractions), to
# the documented 2^-49, at partner 21.
for xb in 0x3f800000 0x31800000; do
  "$U" run dw.add.fp dw.add.fp.fmad dw.add.accurate dw.add.accurate.fmad --backend gpu --from $xb --to $xb --quiet \
    --json "$T/ffw.json" >/dev/null
  check python3 - "$T/ffw.json" $xb <<'PY'
import json, sys
from fractions import Fraction as Q
d, xb = json.load(open(sys.argv[1])), int(sys.argv[2], 16)
u = Q(1, 2**24)
want = {"dw.add.fp": 2*u**2 / (1 + 3*u - 2*u**2),
        "dw.add.accurate": (3*u**2 - 2*u**3) / (1 + 3*u - 3*u**2 + 2*u**3)}
assert len(d["results"]) == 4 and d["backend"] == "gpu", d["backend"]
for r in d["results"]:
    f = want[r["operation"]]
    for k in ("max_rel_hex", "max_rel_domain_hex"):
        assert abs(Q(float.fromhex(r[k])) - f) <= f / 2**49, (r["variant"], k, r[k])
    assert r["max_rel_domain_key"] == xb * 32 + 21, (r["variant"], r["max_rel_domain_key"])
PY
done

# Flush to zero breaks TwoSum (subnormal partners), and only the .ftz flavour does.
"$U" run eft.twosum eft.twosum.ftz --backend gpu --from 0x3f800000 --to 0x3f8003ff --quiet --json "$T/ftz.json" >/dev/null
check python3 - "$T/ftz.json" <<'PY'
import json, sys
r = {v["variant"]: v for v in json.load(open(sys.argv[1]))["results"]}
sys.exit(0 if r["eft.twosum"]["inexact"] == 0 and r["eft.twosum.ftz"]["failure_classes"]["underflow/flush"] > 0 else 1)
PY

# Half precision: every input of each format measured; the arch record carries all
# outputs; a compare with the record is identical, and one planted output is found
# at exactly its input with both values.
"$U" run half --json "$T/half.json" >"$T/half.txt" 2>&1
rc=$?
check test "$rc" -le 1
"$U" arch record --backend gpu --from 0x3f800000 --to 0x3f80ffff --no-cache --quiet --out "$T/rec.json" >/dev/null
check python3 - "$T/half.json" "$T/rec.json" "$T/rec-planted.json" <<'PY'
import json, sys
run = {r["variant"]: r for r in json.load(open(sys.argv[1]))["results"]}
rec = json.load(open(sys.argv[2]))
half = {r["variant"]: r for r in rec["half"]}
assert sorted(run) == sorted(half) == sorted(["tanh.approx.f16", "tanh.approx.bf16", "ex2.approx.f16",
                                              "ex2.approx.ftz.bf16"]), (sorted(run), sorted(half))
for k, r in half.items():
    assert r["inputs"] == 65536 and len(r["outputs"]) == 4 * 65536, k
    assert {a: b for a, b in r.items() if a != "outputs"} == run[k], k
out = half["ex2.approx.f16"]["outputs"]
assert out[4 * 0x3c00: 4 * 0x3c01] == "4000", out[4 * 0x3c00: 4 * 0x3c01]   # 2^1 = 2 exactly
half["ex2.approx.f16"]["outputs"] = out[:4 * 0x3c00] + "4001" + out[4 * 0x3c01:]
json.dump(rec, open(sys.argv[3], "w"))
PY
"$U" arch compare "$T/rec.json" --backend gpu --no-cache >"$T/cmp.txt" 2>&1
check test $? -eq 0
check grep -q "tanh.approx.f16 *identical (65536 inputs)" "$T/cmp.txt"
"$U" arch compare "$T/rec-planted.json" --backend gpu --no-cache >"$T/cmp2.txt" 2>&1
check test $? -eq 1
check grep -q "ex2.approx.f16 *DIFFERS on 1 of 65536 inputs" "$T/cmp2.txt"
check grep -q "input 0x3c00 (0x1p+0): baseline 0x4001 .*now 0x4000" "$T/cmp2.txt"

# 16-bit functions (h16): every variant over every input of its format, both lanes of the
# h2 forms; the counts add up; htanh_approx computes what the PTX form tanh.approx.f16
# (the half kind) does, by the same digest of (input, output) (and the .bf16 ones from
# sm_90 on); the record made above carries every output, a compare with it is identical,
# and an output planted in it is found at its input, also in the variants recorded as
# the same array.
"$U" run h16 --json "$T/h16.json" >"$T/h16.txt" 2>&1
check test $? -le 1
check python3 - "$T/h16.json" "$T/half.json" "$T/rec.json" "$T/rec16.json" <<'PY'
import json, sys
run = {r["variant"]: r for r in json.load(open(sys.argv[1]))["results"]}
half = {r["variant"]: r for r in json.load(open(sys.argv[2]))["results"]}
rec = json.load(open(sys.argv[3]))
assert len(run) == 144, len(run)
for k, r in run.items():
    assert r["inputs"] == (131072 if r["form"] == "h2" else 65536), k
    assert r["exact"] + sum(r["mismatches"].values()) == r["inputs"], k
assert run["__habs.f16"]["verdict"] == run["__habs2.bf16"]["verdict"] == "HOLDS"
assert run["htanh_approx.f16"]["digest"] == half["tanh.approx.f16"]["digest"]
if "tanh.approx.bf16" in half:
    assert run["htanh_approx.bf16"]["digest"] == half["tanh.approx.bf16"]["digest"]
h16 = {r["variant"]: r for r in rec["h16"]}
assert sorted(h16) == sorted(run)
for k, r in h16.items():
    assert {a: b for a, b in r.items() if a not in ("outputs", "outputs_high")} == run[k], k
out = h16["hexp.f16"]["outputs"]
assert out[4 * 0x3c00: 4 * 0x3c01] == "4170", out[4 * 0x3c00: 4 * 0x3c01]   # e^1: 1391.76 ulps of 2^-9, 2.71875 (0x4170)
h16["hexp.f16"]["outputs"] = out[:4 * 0x3c00] + "4171" + out[4 * 0x3c01:]
json.dump(rec, open(sys.argv[4], "w"))
PY
"$U" arch compare "$T/rec.json" --backend gpu --no-cache >"$T/cmp16.txt" 2>&1
check test $? -eq 0
check grep -q "h2sin.bf16.fastmath *identical (65536 inputs, both lanes)" "$T/cmp16.txt"
check grep -q "__hdiv.bf16 *identical (4294967296 pairs)" "$T/cmp16.txt"
"$U" arch compare "$T/rec16.json" --backend gpu --no-cache >"$T/cmp16b.txt" 2>&1
check test $? -eq 1
check grep -q "^hexp.f16 *DIFFERS on 1 of 65536 inputs" "$T/cmp16b.txt"
check grep -q "input 0x3c00 (0x1p+0): baseline 0x4171 .*now 0x4170" "$T/cmp16b.txt"

# 16-bit arithmetic (h16arith): the counts add up over all 2^32 pairs, each operation within
# the target of 2 s; two shards merged give the whole run's statistics; the record's
# moments locate one planted change exactly (__hmul.f16 at (1, 1): 1, planted 0x3c01).
"$U" run arith16 --json "$T/ar.json" >"$T/ar.txt" 2>&1
check test $? -le 1
"$U" run __hdiv.bf16 __hfma_sat.f16.residual --shard 0/2 --json "$T/ar0.json" >/dev/null 2>&1
"$U" run __hdiv.bf16 __hfma_sat.f16.residual --shard 1/2 --json "$T/ar1.json" >/dev/null 2>&1
"$U" merge "$T/ar0.json" "$T/ar1.json" --json "$T/ar01.json" >/dev/null 2>&1
check python3 - "$T/ar.json" "$T/ar01.json" "$T/rec.json" "$T/rec16a.json" <<'PY'
import json, sys
full = {r["variant"]: r for r in json.load(open(sys.argv[1]))["results"]}
assert len(full) == 46, len(full)
for k, r in full.items():
    assert r["pairs"] == 2**32 and r["exact"] + sum(r["mismatches"].values()) == 2**32, k
    assert r["seconds"] < 2.0, (k, r["seconds"])
    print("%-28s %6.3f s  exact %d  %s" % (k, r["seconds"], r["exact"], r["verdict"]))
for r in json.load(open(sys.argv[2]))["results"]:
    a, b = dict(r), dict(full[r["variant"]])
    a.pop("seconds"), b.pop("seconds")
    assert a == b, r["variant"]
rec = json.load(open(sys.argv[3]))
ar = {r["variant"]: r for r in rec["h16arith"]}
assert sorted(ar) == sorted(full)
M = (1 << 61) - 1
def mix(z):
    z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & (2**64 - 1)
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & (2**64 - 1)
    return z ^ (z >> 31)
r = ar["__hmul.f16"]
i, k = 0x3c003c00, 0x3c
bins = r["bins"]
dg, m0, m1 = (int(bins[48 * k + 16 * j: 48 * k + 16 * j + 16], 16) for j in range(3))
j1 = (i & 0xffffff) + 1
dg = (dg - mix((i << 16) | 0x3c00) + mix((i << 16) | 0x3c01)) % 2**64
m0, m1 = (m0 + 1) % M, (m1 + j1) % M
r["bins"] = bins[:48 * k] + "%016x%016x%016x" % (dg, m0, m1) + bins[48 * k + 48:]
json.dump(rec, open(sys.argv[4], "w"))
PY
"$U" arch compare "$T/rec16a.json" --backend gpu --no-cache >"$T/cmp16c.txt" 2>&1
check test $? -eq 1
check grep -q "^__hmul.f16 *DIFFERS in 1 of 256 bins" "$T/cmp16c.txt"
check grep -q "pair (0x3c00, 0x3c00): baseline 0x3c01, now 0x3c00" "$T/cmp16c.txt"
# Conversions (src/kinds/convert) in the same record: every binary32 conversion with its
# 256 bin digests, every small domain with all its outputs; a compare with the record is
# identical, and a planted bin digest and a planted output are named (the bin, the input
# with both outputs).
check grep -q "cvt.f16.f32.rn *identical" "$T/cmp.txt"
check grep -q "cvt.f16.e4m3 *identical" "$T/cmp.txt"
check python3 - "$T/rec.json" "$T/rec-cv.json" <<'PY'
import json, sys
rec = json.load(open(sys.argv[1]))
cv = {r["variant"]: r for r in rec["convert"]}
e = cv["cvt.e4m3.f32.satfinite"]
assert e["range"] == ["0x3f800000", "0x3f80ffff"] and len(e["bins"]) == 256 and e["inputs"] == 65536, e["range"]
b = cv["cvt.f16.e4m3"]
assert b["outputs"][4 * 0x38: 4 * 0x39] == "3c00", b["outputs"][4 * 0x38: 4 * 0x39]  # E4M3 1.0 is binary16 1.0
b["outputs"] = b["outputs"][:4 * 0x38] + "3c01" + b["outputs"][4 * 0x39:]
e["bins"][0x3f] = "%016x" % (int(e["bins"][0x3f], 16) ^ 1)
json.dump(rec, open(sys.argv[2], "w"))
PY
"$U" arch compare "$T/rec-cv.json" --backend gpu --no-cache >"$T/cmp3.txt" 2>&1
check test $? -eq 1
check grep -q "cvt.e4m3.f32.satfinite *DIFFERS" "$T/cmp3.txt"
check grep -q "bin 0x3f (inputs 0x3f000000..0x3fffffff) differs" "$T/cmp3.txt"
check grep -q "input 0x38: baseline 0x3c01, now 0x3c00" "$T/cmp3.txt"

# The conversions' device pipeline against the host's: the CUDA headers' software paths
# run on the device (the .emul flavour, or the default one where it is software there) and
# in their host build on the CPU, the same code: the same statistics and digests, field for
# field, on ranges with NaNs, infinities, overflows, ties, binade crossings and
# subnormals, and on every small domain. The CPU side is most of the conversions' time
# here (2^25 + 2^25 + 5 2^24 inputs of 18 binary32 conversions, about 23 ns of CPU time
# each): it takes every core of the host; the part's wall time is printed.
t_conv=$(date +%s)
CV="convert.bf16 convert.fp8 convert.fp6 convert.fp4 convert.e8m0"
for rg in "0x7f000000 0x80ffffff" "0x3e000000 0x3fffffff" "0x43000000 0x47ffffff"; do
  set -- $rg
  "$U" run $CV --backend gpu --from $1 --to $2 --no-cache --quiet --json "$T/cv-g.json" >/dev/null
  "$U" run $CV --backend cpu --from $1 --to $2 --no-cache --quiet --json "$T/cv-c.json" >/dev/null
  check python3 - "$T/cv-g.json" "$T/cv-c.json" <<'PY'
import json, sys
g = {r["variant"]: r for r in json.load(open(sys.argv[1]))["results"]}
c = {r["variant"]: r for r in json.load(open(sys.argv[2]))["results"]}
skip = ("variant", "flavour", "path", "compiled_for", "seconds")
n = 0
for name, rc in c.items():
    if not rc["ran"]:
        continue
    rg = g.get(name + ".emul")
    if rg is None:
        rg = g.get(name)
        if rg is None or rg.get("path") != "software":
            continue
    assert rg["ran"], name
    a = {k: v for k, v in rg.items() if k not in skip}
    b = {k: v for k, v in rc.items() if k not in skip}
    assert a == b, (name, [k for k in a if a[k] != b.get(k)])
    n += 1
assert n >= 30, n
PY
done

# Every conversion over all its inputs (the device checks all 2^32 binary32 inputs of
# each where they are computed): the default and .emul flavours run, every x2 form on
# every input; the .family flavour runs where the GPU runs sm_100f/sm_110f/sm_120f code
# and is reported as not run elsewhere, as are the forms that need a newer architecture.
"$U" run convert --backend gpu --json "$T/conv.json" >"$T/conv.txt" 2>&1
check test $? -le 1
check python3 - "$T/conv.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
major = int(d["device"]["compute_capability"].split(".")[0])
for r in d["results"]:
    if r["flavour"] == "family" and major < 10:
        assert not r["ran"] and "no code for this GPU" in r["why"], r["variant"]
        continue
    if not r["ran"]:
        assert "needs sm_" in r["why"], (r["variant"], r["why"])
        continue
    n = 2 ** 32 if r["source"] == "f32" else {"f16": 65536, "bf16": 65536, "e2m3": 64, "e3m2": 64, "e2m1": 16}.get(r["source"], 256)
    assert r["inputs"] == n and r["exact"] + r["nan_other_encoding"] + r["mismatches"] == n, r["variant"]
    assert r["x2"] is None or r["x2"]["lanes"] == n, r["variant"]
    if r["source"] == "f32":
        print("%-40s %6.3f s" % (r["variant"], r["seconds"]))
PY
echo "conversions (device against host on three ranges, then every conversion whole): $(($(date +%s) - t_conv)) s"

# The intrinsics rounded in a named mode are correctly rounded in it, on ranges with
# subnormal and overflowing results (1/x below 2^-128 and above 2^126, x / 2^-130 from
# 2^-2, x / 2^127 below 2), on the device reduction and the host one alike, and give the
# host's operations under fesetround bit for bit (equal digests) wherever no output is a
# NaN (NaN payloads differ between the GPU and x86: NaN inputs, sqrt of negatives).
R="--no-cache --quiet --threads 2"
for rg in "0x00000000 0x00ffffff" "0x7e000000 0x7f800000" "0x3e000000 0x40ffffff" "0x80000000 0x80ffffff"; do
  set -- $rg
  "$U" run __frcp_rz __frcp_ru __frcp_rd __fsqrt_rz __fsqrt_ru __fsqrt_rd __fdiv_rz.2^-130 __fdiv_ru.2^-130 \
    __fdiv_rd.2^-130 __fdiv_rd.2^127 __fdiv_ru.3 --backend gpu --from $1 --to $2 $R --json "$T/dir-g.json" >/dev/null
  "$U" run __frcp_rd --backend gpu --from $1 --to $2 $R --reduce host --json "$T/dir-h.json" >/dev/null
  "$U" run rcp.host.rz rcp.host.ru rcp.host.rd sqrtf.host.rz sqrtf.host.ru sqrtf.host.rd div.host.rz.2^-130 \
    div.host.ru.2^-130 div.host.rd.2^-130 div.host.rd.2^127 div.host.ru.3 --backend cpu --from $1 --to $2 $R \
    --json "$T/dir-c.json" >/dev/null
  check python3 - "$T/dir-g.json" "$T/dir-h.json" "$T/dir-c.json" "$1" <<'PY'
import json, sys
g, h, c = (json.load(open(p))["results"] for p in sys.argv[1:4])
for r in g:
    assert r["verdict"] == "HOLDS" and r["correctly_rounded"] == r["inputs"], (r["variant"], r["correctly_rounded"])
assert [r for r in g if r["variant"] == "__frcp_rd"][0] == h[0]
for a, b in zip(g, c):
    assert a["correctly_rounded"] == b["correctly_rounded"] and a["histogram"] == b["histogram"], a["variant"]
    if not sys.argv[4].startswith("0x8"):  # negative inputs: sqrt gives NaNs
        assert a["digest"] == b["digest"], (a["variant"], b["variant"])
PY
done

# Two-argument functions on the device: __fdiv_rn and fmodf are exact on every pair (the
# partners hold the hard cases: subnormal divisors, quotients near 2^24, zeros, infinities,
# NaNs), the device and the host (IEEE division) agree on every pair but NaN payloads, and
# the result does not depend on the chunk.
"$U" run div.rn fmodf.cuda --backend gpu --from 0x3f000000 --to 0x3f00ffff --quiet --json "$T/pg.json" >/dev/null
"$U" run div.rn fmodf.cuda --backend gpu --from 0x3f000000 --to 0x3f00ffff --chunk 4096 --quiet --json "$T/pg2.json" >/dev/null
"$U" run div.host --backend cpu --from 0x3f000000 --to 0x3f00ffff --quiet --json "$T/pc.json" >/dev/null
pair_exact() {
  python3 - "$1" "$2" <<'PY'
import json, sys
g, c = (json.load(open(p))["results"] for p in sys.argv[1:3])
for r in g:
    assert r["correctly_rounded"] == r["inputs"], (r["variant"], r["correctly_rounded"], r["inputs"])
assert g[0]["histogram"] == c[0]["histogram"] and g[0]["max_ulp"] == c[0]["max_ulp"]
PY
}
check pair_exact "$T/pg.json" "$T/pc.json"
check same "$T/pg.json" "$T/pg2.json"

# The device pipeline of two-argument functions (pairs, fast references and reduction on the
# device, MPFR for the pairs left undecided) against the host path on the same device outputs
# (MPFR references, host reduction: --no-fast-path): the same statistics, field for field,
# for every family, across a bin edge, into the infinities and NaNs, the negative subnormals,
# and with the swept operand second.
for fam in divide fmod remainder fdim hypot rhypot pow atan2; do
  for rg in "0x3f7ff000 0x3f800fff" "0x7f7ff800 0x7f8007ff" "0x807ff800 0x808007ff --swap"; do
    set -- $rg
    "$U" run $fam --backend gpu --from $1 --to $2 ${3:-} --quiet --json "$T/pp-f.json" >/dev/null
    "$U" run $fam --backend gpu --from $1 --to $2 ${3:-} --no-fast-path --quiet --json "$T/pp-m.json" >/dev/null
    check same "$T/pp-f.json" "$T/pp-m.json"
  done
done

# The C math libraries (src/libm/libm.h): each library's family on the GPU backend (outputs from
# the host's threads, references and reduction on the device) gives the CPU backend's results
# bit for bit; LLVM libc agrees with the device's references, in the four modes.
if "$U" list | grep -q '^sinf\.llvm '; then
  for fam in libm.llvm libm.musl libm.sleef; do
    "$U" run $fam --backend gpu --from 0x3f7ff000 --to 0x3f800fff --chunk 4096 --no-cache --quiet --json "$T/lg.json" >/dev/null
    "$U" run $fam --backend cpu --from 0x3f7ff000 --to 0x3f800fff --no-cache --quiet --json "$T/lc.json" >/dev/null
    check same "$T/lg.json" "$T/lc.json"
  done
  # two-argument host variants named on their own: the pairs, references and reduction on the
  # device, the outputs from the host, the CPU backend's statistics; over 2^13 x, and over
  # 2^21 x (two blocks of 2^20 x, two units in flight: the host's outputs of one while the
  # device reduces the other, across a bin edge)
  pair_backends_same() { # FROM TO VARIANT...
    pf=$1 pt=$2
    shift 2
    "$U" run "$@" --backend gpu --from $pf --to $pt --quiet --json "$T/ph-g.json" >/dev/null
    "$U" run "$@" --backend cpu --from $pf --to $pt --quiet --json "$T/ph-c.json" >/dev/null
    check same "$T/ph-g.json" "$T/ph-c.json"
  }
  for vs in "atan2f.host atan2f.llvm atan2f.musl atan2f.sleef_u10" "powf.host powf.llvm powf.musl powf.sleef_u10" \
    "hypotf.host hypotf.llvm hypotf.sleef_u05"; do
    pair_backends_same 0x3f7ff000 0x3f800fff $vs
  done
  for vs in "hypotf.host hypotf.llvm hypotf.musl hypotf.sleef_u05 hypotf.sleef_u35" "atan2f.llvm atan2f.sleef_u35"; do
    pair_backends_same 0x3f700000 0x3f8fffff $vs
  done
  # libm.fmod selects the four libraries' variants on the GPU backend too (SLEEF's NaNs
  # where |x/y| is about 2^128 or more counted alike)
  pair_backends_same 0x7e7ff000 0x7e800fff libm.fmod
  check "$U" refcheck --against llvm-libc --backend gpu --from 0x3f800000 --to 0x3f8fffff --quiet
  # the device's references (one- and two-argument) give the host's verdicts, with a planted
  # wrong value found by both
  for b in gpu cpu; do
    "$U" refcheck --against llvm-libc --backend $b --from 0x7f7ff000 --to 0x807fffff --plant 0x7f7ff800 --quiet \
      --json "$T/x-$b.json" >/dev/null
  done
  check python3 - "$T/x-gpu.json" "$T/x-cpu.json" <<'PY'
import json, sys
g, c = (json.load(open(p))["references"] for p in sys.argv[1:3])
keys = ("reference", "inputs", "nan_inputs", "mismatches", "reference_wrong", "library_wrong", "list")
assert [[r[k] for k in keys] for r in g] == [[r[k] for k in keys] for r in c]
assert all(r["reference_wrong"] > 0 for r in g)
PY
fi

# Every two-argument family at once (8 references: 8 units per block through the
# pipeline's two slots and three streams), across a bin edge, against the host path.
"$U" run pair --backend gpu --from 0x3f8ff000 --to 0x3f900fff --quiet --json "$T/pa-f.json" >/dev/null
"$U" run pair --backend gpu --from 0x3f8ff000 --to 0x3f900fff --no-fast-path --quiet --json "$T/pa-m.json" >/dev/null
check same "$T/pa-f.json" "$T/pa-m.json"

# Several GPUs for the two-argument and float-float kinds (where the machine has them):
# identical results to one, over several bins (blocks and units dealt to the devices).
if [ "${ndev:-0}" -ge 2 ]; then
  for spec in "pow 0x3f600000 0x3f9fffff" "pow 0x3f600000 0x3f9fffff --swap" "dw 0x3f000000 0x3fffffff"; do
    set -- $spec
    "$U" run $1 --backend gpu --from $2 --to $3 ${4:-} --quiet --devices 0 --json "$T/m1.json" >/dev/null
    "$U" run $1 --backend gpu --from $2 --to $3 ${4:-} --quiet --json "$T/mall.json" >/dev/null
    check same "$T/m1.json" "$T/mall.json"
  done
fi

# Arch records of the two-argument and float-float parts on the GPU: compare finds every
# variant identical; the float-float plain flavour's bins and statistics equal the CPU's
# (the same code, bit for bit); --reuse of the record takes every statistic. The range
# crosses a bin boundary (0x3f900000): a record's float-float launches split there, and
# their digests and moments (taken with the statistics) must equal compare's, which
# computes them alone.
K="--from 0x3f8f0000 --to 0x3f90ffff --no-cache --quiet --kinds pair,float-float"
"$U" arch record --backend gpu $K --out "$T/arg.json" >/dev/null
"$U" arch compare "$T/arg.json" --backend gpu $K >"$T/argc.txt" 2>&1
check grep -q "dw.mul.dw.fma.ftz *identical" "$T/argc.txt"
check grep -q "powf.cuda.fastmath *identical" "$T/argc.txt"
check sh -c "! grep -q DIFFERS '$T/argc.txt'"
"$U" arch record --backend cpu $K --out "$T/arc.json" >/dev/null
check python3 - "$T/arg.json" "$T/arc.json" <<'PY'
import json, sys
g, c = (json.load(open(p))["float-float"]["results"] for p in sys.argv[1:3])
plain = {r["variant"]: r for r in g if r["flavour"] == "plain"}
assert len(plain) == len(c) == 17
for r in c:
    assert r["outputs"] == plain[r["variant"]]["outputs"], r["variant"]
    assert r["max_rel_hex"] == plain[r["variant"]]["max_rel_hex"] and r["hist_rel_u2"] == plain[r["variant"]]["hist_rel_u2"]
PY
"$U" arch record --backend gpu $K --reuse "$T/arg.json" --out "$T/arg2.json" >"$T/argr.txt" 2>&1
check grep -q "statistics of 72 of 72 two-argument variant sweeps taken" "$T/argr.txt"
check grep -q "statistics of 51 float-float variants taken" "$T/argr.txt"

# bench's multi-GPU rows: both runs compute the same statistics
"$U" bench --backend gpu --from 0x3f800000 --to 0x3f8fffff --only-multi-gpu --multi-gpu pow,dw --quiet >"$T/bm.txt" 2>&1
check grep -Eq "dw family .*\| yes \|" "$T/bm.txt"

echo "gpu: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
