#!/bin/sh
# conv_paths_test.sh: where the catalogue says a conversion is one cvt instruction (the
# CONV lines' hw field, src/kinds/convert/catalogue.h), checked against the CUDA headers as
# nvcc compiles them: each conversion's wrapper in a kernel of its own, compiled to PTX for
# compute_75 (the .emul flavour), compute_80, compute_89, compute_90 (the H100's default)
# and compute_100f (the .family flavour). Where the catalogue claims an instruction, the
# code a kernel reaches must hold a cvt into or out of the conversion's low-precision format;
# where it claims the header's software path (and no instruction inside it), none. So, on
# sm_90, FP8 under __NV_SATFINITE is one cvt and under __NV_NOSAT the header's code.
# Needs nvcc and the generated lists of a build (make); skipped without nvcc.
# Prints "conv_paths: N passed, M failed".
cd "$(dirname "$0")/../.." || exit 1
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
GEN=$(dirname "${ULPCERT:-build/ulpcert}")/gen
if [ ! -x "$NVCC" ] || [ ! -f "$GEN/conversions.def" ]; then
  echo "conv_paths: SKIPPED (no nvcc, or no build/gen/conversions.def: run make)"
  echo "conv_paths: 0 passed, 0 failed, 1 skipped"
  exit 0
fi
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
cat >"$T/k.cu" <<'CU'
#include "kernels/conv_wrap.cuh"

#include "conversions.cuh"
#include "src/kinds/convert/catalogue.h"
#define CONV(id, name, fam, src, dst, mode, ovf, nan, relu, x2, hw, inner, need, api, doc) \
  extern "C" __global__ void k_##id(uint32_t *p) { p[0] = cv_##id(p[1]); }
#include "conversions.def"
CU
cat >"$T/rows.c" <<'C'
#include "src/kinds/convert/catalogue.h"
#define CONV(id, name, fam, src, dst, mode, ovf, nan, relu, x2, hw, inner, need, api, doc) \
  CONVROW id LOWP_##src LOWP_##dst hw , inner , need
#include "conversions.def"
C
cpp -P -I. -I"$GEN" "$T/rows.c" | grep 'CONVROW' >"$T/rows.txt" || { echo "conv_paths: cannot list the catalogue"; exit 1; }
for a in compute_75 compute_80 compute_89 compute_90 compute_100f; do
  "$NVCC" -ptx -arch=$a -I. -I"$GEN" "$T/k.cu" -o "$T/$a.ptx" || { echo "conv_paths: nvcc -arch=$a failed"; exit 1; }
done
python3 - "$T" <<'PY'
import re, sys
T = sys.argv[1]
HW_ALWAYS, HW_SM80, HW_SM89, HW_SM90, HW_FAM = 1, 2, 4, 8, 16
TOKEN = {"LOWP_F16": ".f16", "LOWP_BF16": ".bf16", "LOWP_TF32": ".tf32", "LOWP_E4M3": ".e4m3x2",
         "LOWP_E5M2": ".e5m2x2", "LOWP_E2M3": ".e2m3x2", "LOWP_E3M2": ".e3m2x2", "LOWP_E2M1": ".e2m1x2",
         "LOWP_E8M0": ".ue8m0x2"}
WIDE = ("LOWP_F32", "LOWP_F16", "LOWP_BF16")
rows = []
for m in re.finditer(r"CONVROW (\w+) (\w+) (\w+) ([^,]*), ([^,]*), (\d+)", open(T + "/rows.txt").read()):
    cid, src, dst = m.group(1), m.group(2), m.group(3)
    hw, inner, need = eval(m.group(4)), eval(m.group(5)), int(m.group(6))
    low = dst if dst not in WIDE else src if src not in WIDE else (dst if dst != "LOWP_F32" else src)
    rows.append((cid, TOKEN[low], hw, inner, need))
archs = {"compute_75": (750, 0), "compute_80": (800, 0), "compute_89": (890, 0), "compute_90": (900, 0),
         "compute_100f": (1000, 1)}
passed = failed = 0
for a, (arch, fam) in archs.items():
    ptx = open("%s/%s.ptx" % (T, a)).read()
    bodies = {}
    for m in re.finditer(r"\.entry (k_\w+)\((.*?)\n}\n", ptx, re.S):
        bodies[m.group(1)] = m.group(2)
    for cid, tok, hw, inner, need in rows:
        body = bodies.get("k_" + cid)
        if body is None:
            print("FAIL: %s: no kernel k_%s" % (a, cid)); failed += 1; continue
        cvts = [l.strip() for l in body.split("\n") if re.search(r"\bcvt\.", l) and tok in l]
        one = (need and arch >= 10 * need) or (not need and (hw & HW_ALWAYS or (hw & HW_SM80 and arch >= 800) or
               (hw & HW_SM89 and arch >= 890) or (hw & HW_SM90 and arch >= 900) or (hw & HW_FAM and fam)))
        if one and not cvts:
            print("FAIL: %s: %s is listed as one cvt, but no cvt with %s is compiled" % (a, cid, tok)); failed += 1
        elif not one and not inner and cvts:
            print("FAIL: %s: %s is listed as software, but %s is compiled" % (a, cid, cvts[0])); failed += 1
        else:
            passed += 1
print("conv_paths: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
