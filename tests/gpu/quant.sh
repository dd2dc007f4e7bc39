# tests/gpu/quant.sh: sourced by tests/gpu/gpu_test.sh (GPU_TEST_ONLY=quant runs it alone); uses
# $U, $T, check from there.
# The block quantizers on the GPU: every CUDA quantizer of a 16-bit source, whole (65536
# elements x every scale), on the device and on the host (the headers' software paths):
# (and binary32's first 65536 patterns): their counts, classes, first differences and scale results must agree (on sm_90 FP8
# converts with cvt instructions, FP6 and FP4 with the same software path as the host; a
# disagreement is a difference between the instruction and the header's host code, worth
# reporting either way). Then one binary32 quantizer over all 2^32 elements x 255 scales,
# timed (the target is 30 s on one H100). Then users' quantizers (--source) on the GPU.
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
# A user's quantizer from --source on the GPU (NVRTC, the same device scan as CUDA's): the
# CUDA C test quantizers of tests/data/quant (written independently of reference/quant),
# each whole on a 16-bit source, on the device and on the CPU: the same counts, classes,
# first differences and scale results; the planted ones named for what they are (a ceil
# scale, ties away from zero, NaN instead of saturation); the block form (element and
# amax) on a range of amax likewise; cuda_fp8.h's conversions written as a user's quantizer
# equal to the built-in mxfp8-e4m3.bf16.cuda; one binary32 user quantizer whole, timed.
D=tests/data/quant
for f in mxfp4_good:mxfp4 mxfp4_ceil:mxfp4 mxfp4_away:mxfp4 e4m3_nan:mxfp8-e4m3 e4m3_good:mxfp8-e4m3; do
  for b in gpu cpu; do
    "$U" run "${f#*:}.bf16.user" --source "$D/${f%%:*}.cu" --backend $b --quiet --json "$T/u_${f%%:*}_$b.json" \
      >"$T/u_${f%%:*}_$b.txt" 2>&1
    echo $? >"$T/u_${f%%:*}_$b.rc"
  done
  check test "$(cat "$T/u_${f%%:*}_gpu.rc")" -eq "$(cat "$T/u_${f%%:*}_cpu.rc")"
  check python3 - "$T/u_${f%%:*}_gpu.json" "$T/u_${f%%:*}_cpu.json" <<'PY'
import json, sys
g, c = (json.load(open(p))["results"][0] for p in sys.argv[1:3])
assert g["path"] == "device (user, NVRTC)" and c["path"] == "host (user C)", (g["path"], c["path"])
for f in ("pairs", "nan_any", "wrong", "classes", "first", "scale", "max_rel_error"):
    assert g[f] == c[f], (f, g[f], c[f])
PY
done
check test "$(cat "$T/u_mxfp4_good_gpu.rc")" -eq 0
check grep -q "verdict: the specification's quantizer exactly" "$T/u_mxfp4_good_gpu.txt"
check test "$(cat "$T/u_mxfp4_ceil_gpu.rc")" -eq 1
check grep -q 'scale: 32768 amax .*: ceil exactly' "$T/u_mxfp4_ceil_gpu.txt"
check test "$(cat "$T/u_mxfp4_away_gpu.rc")" -eq 1
check grep -q 'elements: matches rna-sat exactly' "$T/u_mxfp4_away_gpu.txt"
check test "$(cat "$T/u_e4m3_nan_gpu.rc")" -eq 1
check grep -q 'elements: matches rne-nan exactly' "$T/u_e4m3_nan_gpu.txt"
check test "$(cat "$T/u_e4m3_good_gpu.rc")" -eq 0
for b in gpu cpu; do
  "$U" run mxfp4.bf16.user-block --source "$D/mxfp4_ceil.cu" --from 0x3f00 --to 0x40ff --backend $b --quiet \
    --json "$T/ub_$b.json" >"$T/ub_$b.txt" 2>&1
  echo $? >"$T/ub_$b.rc"
done
check test "$(cat "$T/ub_gpu.rc")" -eq 1
check grep -q 'matches ceil scale + rne-sat exactly' "$T/ub_gpu.txt"
check python3 - "$T/ub_gpu.json" "$T/ub_cpu.json" <<'PY'
import json, sys
g, c = (json.load(open(p))["results"][0]["block"] for p in sys.argv[1:3])
assert g == c, (g, c)
assert g["pairs"] == sum(2 * (a + 1) for a in range(0x3f00, 0x4100) if a < 0x7f80), g["pairs"]
PY
"$U" run mxfp8-e4m3.bf16.user --source "$D/cuda_e4m3.cu" --backend gpu --quiet --json "$T/u_cuda.json" >"$T/u_cuda.txt" 2>&1
check test $? -le 1
check python3 - "$T/u_cuda.json" "$T/qg.json" <<'PY'
import json, sys
u = json.load(open(sys.argv[1]))["results"][0]
b = {r["quantizer"]: r for r in json.load(open(sys.argv[2]))["results"]}["mxfp8-e4m3.bf16.cuda"]
for f in ("pairs", "nan_any", "wrong", "classes", "first", "scale", "max_rel_error"):
    assert u[f] == b[f], (f, u[f], b[f])
PY
t0=$(date +%s)
"$U" run mxfp4.f32.user --source "$D/mxfp4_f32.cu" --backend gpu --quiet --json "$T/u32.json" >"$T/u32.txt" 2>&1
check test $? -eq 0
echo "quant: mxfp4.f32.user (tests/data/quant/mxfp4_f32.cu, NVRTC), 2^32 x 255 pairs on the GPU: $(($(date +%s) - t0)) s"
check python3 - "$T/u32.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
assert r["pairs"] == (1 << 32) * 255 and r["wrong"][0] == 0, (r["pairs"], r["wrong"])
PY
# Stochastic rounding's hardware form, cvt.rs (sm_100a, sm_103a): on such a GPU, every
# target over binary32 inputs [1, 1 + 2^-7) (2^16 inputs, each with every random value:
# 2^32 outputs for the 16-bit targets), checked against the exact k-bit form; a value that
# is exact in the target must come out unchanged whatever the random bits. Elsewhere the
# run must refuse with "not run: needs sm_100a" (exit 3), and this says it was not run.
"$U" run sr-cvt-rs --from 0x3f800000 --to 0x3f80ffff --backend gpu --quiet --json "$T/srhw.json" >"$T/srhw.txt" 2>&1
rc=$?
if grep -q 'not run: ' "$T/srhw.txt"; then
  check test $rc -eq 3
  echo "quant: cvt.rs NOT RUN here: $(grep -o 'not run: .*' "$T/srhw.txt")"
else
  check test $rc -le 1
  grep -E '^sr-|verdict|random inputs|bias|first' "$T/srhw.txt"
  check python3 - "$T/srhw.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
assert len(r) == 7, [v["variant"] for v in r]
for v in r:
    assert v["inputs"] == 1 << 16 and v["deterministic_wrong"] == 0, v
PY
fi
