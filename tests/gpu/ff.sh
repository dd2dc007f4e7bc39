# tests/gpu/ff.sh: sourced by tests/gpu/gpu_test.sh (GPU_TEST_ONLY=ff runs it alone); uses
# $U, $T, check, same and $ndev from there.
# float-float on the GPU: plain flavour against the CPU, shards, published worst cases, flushes.

# Float-float: the GPU's plain flavour (-fmad=false) and the CPU's IEEE code agree bit
# for bit, statistics and first failures included, on ranges with zeros, subnormals,
# huge operands (split overflow) and ordinary ones.
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
  check same "$T/ffc.json" "$T/ffg.json"
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
check same "$T/ffs.json" "$T/ffm.json"
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
