# tests/gpu/libm.sh: sourced by tests/gpu/gpu_test.sh (GPU_TEST_ONLY=libm runs it alone); uses
# $U, $T, check, same and $ndev from there.
# The C math libraries on the GPU backend (where the build links them).

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
