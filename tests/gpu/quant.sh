# tests/gpu/quant.sh: sourced by tests/gpu/gpu_test.sh (GPU_TEST_ONLY=quant runs it alone); uses
# $U, $T, check from there.
# The block quantizers on the GPU: every CUDA quantizer of a 16-bit source, whole (65536
# elements x every scale), on the device and on the host (the headers' software paths):
# (and binary32's first 65536 patterns): their counts, classes, first differences and scale results must agree (on sm_90 FP8
# converts with cvt instructions, FP6 and FP4 with the same software path as the host; a
# disagreement is a difference between the instruction and the header's host code, worth
# reporting either way). Then one binary32 quantizer over all 2^32 elements x 255 scales,
# timed (the target is 30 s on one H100).
"$U" run quant --to 0xffff --backend gpu --quiet --json "$T/qg.json" >"$T/qg.txt" 2>&1
check test $? -le 1
"$U" run quant --to 0xffff --backend cpu --quiet --json "$T/qc.json" >"$T/qc.txt" 2>&1
check test $? -le 1
check python3 - "$T/qg.json" "$T/qc.json" <<'PY'
import json, sys
g, c = ({r["quantizer"]: r for r in json.load(open(p))["results"]} for p in sys.argv[1:3])
assert sorted(g) == sorted(c) and len(g) == 36, sorted(g)
for k in g:
    assert g[k]["path"] == "device" and c[k]["path"] == "host software path", k
    for f in ("pairs", "nan_any", "wrong", "classes", "first", "scale"):
        assert g[k][f] == c[k][f], (k, f, g[k][f], c[k][f])
    assert abs(g[k]["max_rel_error"] - c[k]["max_rel_error"]) == 0, k
PY
t0=$(date +%s)
"$U" run mxfp8-e4m3.f32.cuda --backend gpu --quiet --json "$T/q32.json" >"$T/q32.txt" 2>&1
check test $? -le 1
echo "quant: mxfp8-e4m3.f32.cuda, 2^32 x 255 pairs on the GPU: $(($(date +%s) - t0)) s"
check python3 - "$T/q32.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
assert r["pairs"] == (1 << 32) * 255 and r["scale"]["counts"][0] == 1 << 31, (r["pairs"], r["scale"]["counts"])
PY
# the arch record's part: every CUDA quantizer of a 16-bit source, as run writes it (less its seconds,
# so that records of two ranges merge); a compare
# on the same GPU is identical
"$U" arch record --kinds quant --backend gpu --quiet --out "$T/qrec.json" >"$T/qrec.txt" 2>&1
check test $? -eq 0
check python3 - "$T/qrec.json" "$T/qg.json" <<'PY'
import json, sys
rec = {r["quantizer"]: r for r in json.load(open(sys.argv[1]))["quant"]}
run = {r["quantizer"]: r for r in json.load(open(sys.argv[2]))["results"]}
assert len(rec) == 24, sorted(rec)
for k, r in rec.items():
    assert {a: b for a, b in r.items() if a != "seconds"} == {a: b for a, b in run[k].items() if a != "seconds"}, k
PY
"$U" arch compare "$T/qrec.json" --kinds quant --backend gpu --quiet >"$T/qcmp.txt" 2>&1
check test $? -eq 0
check grep -q '^mxfp4.bf16.cuda  *identical' "$T/qcmp.txt"
