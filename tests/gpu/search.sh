# tests/gpu/search.sh: sourced by tests/gpu/gpu_test.sh (GPU_TEST_ONLY=search runs it alone); uses
# $U, $T, check and same from there.
# The search kind on the GPU: the device's sampling is deterministic, the device's dd ranking
# reference (src/kinds/search/dd.h compiled by nvcc) agrees with MPFR at every candidate kept,
# shards merge (and, resumed, give the whole run), --devices all gives the one-device result,
# and the arch record's search part compares equal with itself.

# 64 blocks (2^22 inputs) of every CUDA function, twice: the same candidates
"$U" run search.cuda --backend gpu --to 0x3f --quiet --json "$T/s1.json" >/dev/null
"$U" run search.cuda --backend gpu --to 0x3f --quiet --json "$T/s2.json" >/dev/null
check python3 - "$T/s1.json" "$T/s2.json" <<'PY'
import json, sys
a, b = (json.load(open(p))["results"] for p in sys.argv[1:3])
assert len(a) == 40, len(a)  # the 37 binary64 functions of fns.c with device code, powf, atan2f, hypotf
for u, v in zip(a, b):
    assert u["candidates"] == v["candidates"], (u["variant"], u["candidates"][:2], v["candidates"][:2])
PY
# the device's estimate (dd, or CUDA's double function for powf, atan2f, hypotf) is MPFR's error
# to 2^-20 ulp at every finite candidate
check python3 - "$T/s1.json" <<'PY'
import json, sys, math
for v in json.load(open(sys.argv[1]))["results"]:
    # the local search walks from the first 8 distinct candidates of the sampling, fewer
    # where the 64 blocks' best inputs are fewer distinct ones (search.asinh.cuda on an
    # H100: 2): 64 rounds of 65536 a walk
    walks, rest = divmod(v["local"], 64 * 65536)
    assert v["sampled"] == 64 * 65536 and rest == 0 and 1 <= walks <= 8, (v["variant"], v["sampled"], v["local"], v["unmeasured"], len(v["candidates"]))
    for c in v["candidates"]:
        if not c["checked"] or not c["measured"] or c["steps"] < 0:
            continue
        e, m = float.fromhex(c["estimate"]), float.fromhex(c["ulp_error"])
        if math.isinf(m):  # f = 0 exactly (sinpi at an integer, say) and a nonzero output
            assert e > 2**1000, (v["variant"], c["x"], e)
            continue
        assert abs(e - m) <= 2**-20, (v["variant"], c["x"], c["y"], e, m)
PY
# two shards merged sample every block once
"$U" run search.exp.cuda --backend gpu --to 0x3f --shard 0/2 --quiet --json "$T/h0.json" >/dev/null
"$U" run search.exp.cuda --backend gpu --to 0x3f --shard 1/2 --quiet --json "$T/h1.json" >/dev/null
"$U" merge "$T/h0.json" "$T/h1.json" --json "$T/hm.json" >/dev/null 2>&1
check python3 - "$T/hm.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
assert r["sampled"] == 64 * 65536, r["sampled"]
PY
# arch: the search part of a GPU record, compared with itself
"$U" arch record --backend gpu --kinds search --out "$T/arch-search.json" >/dev/null 2>&1
check "$U" arch compare "$T/arch-search.json" --backend gpu --kinds search --quiet
# the shards' merge resumed does the local search once: the whole run's result, field for field
"$U" run search.exp.cuda --backend gpu --to 0x3f --devices 0 --quiet --json "$T/hw.json" >/dev/null
"$U" run search.exp.cuda --backend gpu --to 0x3f --devices 0 --resume "$T/hm.json" --quiet --json "$T/hmr.json" >/dev/null
check python3 - "$T/hw.json" "$T/hmr.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert a["results"] == b["results"], (a["results"][0]["max"], b["results"][0]["max"])
PY
# every device of the host (when there are several): the one-device result, field for field, over
# 2100 blocks, 0..0x833 (three groups of 1024: the devices take them in turn)
if [ "$(nvidia-smi -L 2>/dev/null | wc -l)" -ge 2 ]; then
  "$U" run search.exp.cuda search.pow.cuda --backend gpu --to 0x833 --devices 0 --quiet --json "$T/d1.json" >/dev/null
  "$U" run search.exp.cuda search.pow.cuda --backend gpu --to 0x833 --devices all --quiet --json "$T/dn.json" >/dev/null
  check python3 - "$T/d1.json" "$T/dn.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert a["results"] == b["results"], "differ"
PY
else
  echo "gpu search: SKIP --devices all against one device: one GPU here"
fi
