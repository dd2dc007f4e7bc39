# tests/gpu/binary32.sh: sourced by tests/gpu/gpu_test.sh (GPU_TEST_ONLY=binary32 runs it alone); uses
# $U, $T, check, same and $ndev from there.
# binary32 on the GPU: chunking, device reduction and references, library variants,
# expressions, bound clauses, several GPUs, certify, selftest, the intrinsics rounded in a mode.

# Results do not depend on chunk size or thread count (range crossing the sign, NaNs, infinities).
"$U" run tanh --backend gpu --from 0x7f000000 --to 0x80ffffff --chunk 4096 --threads 2 --no-cache --quiet --json "$T/a.json" >/dev/null
"$U" run tanh --backend gpu --from 0x7f000000 --to 0x80ffffff --chunk 1048576 --no-cache --quiet --json "$T/b.json" >/dev/null
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
# the host: src/kinds/binary32/device/ref_kernel.cuh) equal the host's MPFR-only values: an odd reference across
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
# "both": the table and what it leaves around the pole (the device's balls or the host's MPFR)
assert t["fast_hits"] > 0 and (t["mpfr_calls"] == 0 if sys.argv[2] == "table" else t["mpfr_calls"] + t["ball_hits"] > 0), t
PY
done
# The ball evaluator on the device (src/kinds/binary32/device/balls.cu: what the table
# leaves) gives the host's MPFR-only values: expressions and ranges where the balls decide
# (cancellations near 0, a deviation below every binary64 gap, a value beyond binary64's
# range), each run against the same run with --no-fast-path (no table, no balls: MPFR).
cat >"$T/xb.cu" <<'CU'
__device__ float omc(float x) { return 1.0f - cosf(x); }
__device__ float silu(float x) { return x / (1.0f + expf(-x)); }
__device__ float expinv(float x) { return expf(-1.0f / (x * x)); }
__device__ float dsig(float x) { float s = 1.0f / (1.0f + expf(-x)); return s * (1.0f - s); }
CU
for r in "omc 1-cos(x) 0x00000000 0x0000ffff" "omc 1-cos(x) 0x2f000000 0x2f00ffff" \
  "silu x/(1+exp(-x)) 0x44800000 0x4480ffff" "expinv exp(-1/x^2) 0x3c000000 0x3c00ffff" \
  "dsig sigmoid(x)*(1-sigmoid(x)) 0x44400000 0x4440ffff"; do
  set -- $r
  "$U" run --source "$T/xb.cu" --function $1 --ref "$2" --backend gpu --from $3 --to $4 \
    --no-cache --quiet --json "$T/xb.json" >/dev/null
  "$U" run --source "$T/xb.cu" --function $1 --ref "$2" --backend gpu --from $3 --to $4 \
    --no-cache --quiet --no-fast-path --json "$T/xbnf.json" >/dev/null
  check same "$T/xb.json" "$T/xbnf.json"
  check python3 - "$T/xb.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["timing"]
assert t["device_references"] and t["ball_hits"] + t["fast_hits"] > 0, t
PY
done

# bench --expressions on the device (the 34 kernels through NVRTC) over 2^12 inputs
# across 2^8: every input decided, the written-out forms equal to their named references.
"$U" bench --expressions --backend gpu --from 0x437ff800 --to 0x438007ff --json "$T/bx.json" >/dev/null
check python3 - "$T/bx.json" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))["expressions"]
assert len(rows) == 34, rows
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
  R="arch record --backend gpu --kinds convert,h16,arith16 --from 0x3f800000 --to 0x3f9fffff --quiet"
  "$U" $R --devices 0 --out "$T/s1.json" >/dev/null
  "$U" $R --out "$T/sall.json" >"$T/sall.txt"
  check python3 scripts/record-equal.py "$T/s1.json" "$T/sall.json"
  check python3 - "$T/s1.json" "$T/sall.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
def strip(v):  # a variant's seconds are no statistic
    return [{f: x for f, x in e.items() if f != "seconds"} if isinstance(e, dict) else e for e in v]
for k in ("convert", "h16", "arith16", "half"):
    assert k in a and strip(a[k]) == strip(b[k]), k
assert [k for k in a if k in ("convert", "h16", "arith16", "half")] == [k for k in b if k in ("convert", "h16", "arith16", "half")]
PY
  check test "$(grep -Ec '^(convert|h16|arith16): [0-9]+ variants in [0-9.]+ s on 1 GPU$' "$T/sall.txt")" = 3
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
