# tests/gpu/formats.sh: sourced by tests/gpu/gpu_test.sh (GPU_TEST_ONLY=formats runs it alone); uses
# $U, $T, check, same and $ndev from there.
# The low-precision kinds on the GPU: h16 (with the PTX half-precision forms, family half),
# arith16 and convert, with their arch records.

# Half precision: every input of each format measured; the arch record carries all
# outputs; a compare with the record is identical, and one planted output is found
# at exactly its input with both values.
# arch compare BASE of this block's kinds into OUT, its status required to be WANT (a status
# other than 0 and 1, an error, shows the compare's last lines)
compare_kinds() {
  "$U" arch compare "$1" --backend gpu --kinds binary32,h16,arith16,convert --no-cache >"$2" 2>&1
  rc=$?
  [ $rc -le 1 ] || tail -3 "$2"
  check test $rc -eq "$3"
}

"$U" run half --json "$T/half.json" >"$T/half.txt" 2>&1
rc=$?
check test "$rc" -le 1
# the kinds this block checks (the others have their own blocks: ff, pair, search, quant)
"$U" arch record --backend gpu --kinds binary32,h16,arith16,convert --from 0x3f800000 --to 0x3f80ffff --no-cache --quiet --out "$T/rec.json" >/dev/null
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
compare_kinds "$T/rec.json" "$T/cmp.txt" 0
check grep -q "tanh.approx.f16 *identical (65536 inputs)" "$T/cmp.txt"
compare_kinds "$T/rec-planted.json" "$T/cmp2.txt" 1
check grep -q "ex2.approx.f16 *DIFFERS on 1 of 65536 inputs" "$T/cmp2.txt"
check grep -q "input 0x3c00 (0x1p+0): baseline 0x4001 .*now 0x4000" "$T/cmp2.txt"

# 16-bit functions (h16): every variant over every input of its format, both lanes of the
# h2 forms; the counts add up; htanh_approx computes what the PTX form tanh.approx.f16
# (family half) does, by the same digest of (input, output) (and the .bf16 ones from
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
compare_kinds "$T/rec.json" "$T/cmp16.txt" 0
check grep -q "h2sin.bf16.fastmath *identical (65536 inputs, both lanes)" "$T/cmp16.txt"
check grep -q "__hdiv.bf16 *identical (4294967296 pairs)" "$T/cmp16.txt"
compare_kinds "$T/rec16.json" "$T/cmp16b.txt" 1
check grep -q "^hexp.f16 *DIFFERS on 1 of 65536 inputs" "$T/cmp16b.txt"
check grep -q "input 0x3c00 (0x1p+0): baseline 0x4171 .*now 0x4170" "$T/cmp16b.txt"

# 16-bit arithmetic (arith16): the counts add up over all 2^32 pairs, each operation within
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
ar = {r["variant"]: r for r in rec["arith16"]}
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
compare_kinds "$T/rec16a.json" "$T/cmp16c.txt" 1
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
compare_kinds "$T/rec-cv.json" "$T/cmp3.txt" 1
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
