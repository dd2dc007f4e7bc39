#!/bin/sh
# quant_test.sh: the block quantizers kind (src/kinds/quant) on the CPU, with quantizers of
# --source written here independently of reference/quant: a table of the element format's
# values (from the OCP formulas), the nearest entry of |x| / 2^k (exact in binary64) with
# the tie rule, and the scale by a loop over k. A correct MXFP4 quantizer must be named
# the specification's (exit 0); planted wrong ones must be named for what they are: a ceil
# scale ("ceil exactly"), ties away from zero ("rna-sat"), NaN instead of saturation in
# E4M3 ("rne-nan"), an NVFP4 scale rounded up ("up exactly"); CUDA's own quantizers run on
# a bf16 slice; results written, read back and merged; stochastic rounding: the built-in
# bfloat16 forms and a user's FP4 one, right and with the wrong set of random values; the
# CUDA C test quantizers of tests/data/quant on the CPU backend; the MX specification's
# sections cited (tests/suites/mx_cites.py). Takes seconds.
set -u
U=${ULPCERT:-build/ulpcert}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
check() { if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $*"; fi; }

# the quantizers: SCALE (floor/ceil; nv: rne/up) and ELEM (AWAY: ties away; NANOVF: NaN on overflow)
cat >"$T/q.h" <<'C'
#include <math.h>
#include <stdint.h>
#include <string.h>
static double bf16v(uint32_t b) {
  uint32_t u = b << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}
/* the magnitudes of a format with EB exponent and MB fraction bits, bias B, codes 0..n-1
 * (the largest finite last), and one more step beyond it at val[n] */
static int table(int eb, int mb, int bias, int n, double *val) {
  for (int c = 0; c <= n; c++) {
    int e = c >> mb, m = c & ((1 << mb) - 1);
    val[c] = e ? ldexp(1 + ldexp(m, -mb), e - bias) : ldexp(ldexp(m, -mb), 1 - bias);
  }
  return n;
}
/* the code of v >= 0 among val[0..n]: nearest, ties to even code (or away); code n is an overflow */
static int nearest(const double *val, int n, double v, int away) {
  if (v >= val[n]) return n;
  int i = 0, j = n; /* val[i] <= v < val[j] */
  while (j - i > 1) {
    int k = (i + j) / 2;
    if (val[k] <= v) i = k;
    else j = k;
  }
  double mid = (val[i] + val[i + 1]) / 2;
  return i + (v > mid || (v == mid && (away || (i & 1))));
}
/* MX floor: floor(log2 v) - emax; ceil: smallest k with v <= max 2^k; clipped to E8M0 */
static uint32_t mx_scale(double v, int emax, double max, int ceil_) {
  if (isnan(v) || isinf(v)) return 255;
  if (v == 0) return 0;
  int k;
  if (!ceil_) {
    frexp(v, &k);
    k = k - 1 - emax;
  } else {
    frexp(v, &k); /* v >= 2^(k-1) > max 2^(k-18) (max < 2^16): start below the answer */
    for (k -= 18; v > ldexp(max, k); k++) {}
  }
  return (uint32_t)((k < -127 ? -127 : k > 127 ? 127 : k) + 127);
}
C
cat >"$T/mxfp4.c" <<'C'
#include "q.h"
uint32_t quant_element(uint32_t x, uint32_t sc) {
  static double val[9];
  static int n;
  if (!n) n = table(2, 1, 1, 7, val);
  double v = bf16v(x);
  if (isnan(v)) return 7;
  uint32_t s = signbit(v) ? 8 : 0;
  int c = nearest(val, 7, ldexp(fabs(v), 127 - (int)sc), AWAY);
  return s | (uint32_t)(c > 7 ? 7 : c);
}
uint32_t quant_scale(uint32_t a) { return mx_scale(bf16v(a), 2, 6, CEIL); }
uint32_t quant_block(uint32_t x, uint32_t a) { return quant_element(x, quant_scale(a)); }
C
cat >"$T/e4m3.c" <<'C'
#include "q.h"
uint32_t quant_element(uint32_t x, uint32_t sc) { /* E4M3: codes 0..0x7e, 480 the step beyond 448 */
  static double val[128];
  static int n;
  if (!n) n = table(4, 3, 7, 127, val);
  double v = bf16v(x);
  uint32_t s = signbit(v) ? 0x80 : 0;
  if (isnan(v)) return s | 0x7f;
  int c = nearest(val, 127, ldexp(fabs(v), 127 - (int)sc), 0);
  return s | (uint32_t)(c >= 127 ? (NANOVF ? 0x7f : 0x7e) : c);
}
uint32_t quant_scale(uint32_t a) { return mx_scale(bf16v(a), 8, 448, 0); }
C
cat >"$T/nvfp4.c" <<'C'
#include "q.h"
static double e4m3(uint32_t c) { /* the E4M3 number of code c */
  int e = (c >> 3) & 15, m = c & 7;
  return e ? ldexp(1 + m / 8.0, e - 7) : ldexp(m / 8.0, -6);
}
uint32_t quant_element(uint32_t x, uint32_t sc) { /* |x| / (s G) against the FP4 values times s G (exact) */
  double v = bf16v(x), s = e4m3(sc) * quant_tensor_scale, g[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  if (isnan(v)) return 7;
  uint32_t sg = signbit(v) ? 8 : 0;
  double a = fabs(v);
  if (a >= 6 * s) return sg | 7;
  int i = 0;
  while (g[i + 1] * s <= a) i++;
  double mid = (g[i] + g[i + 1]) / 2 * s;
  return sg | (uint32_t)(i + (a > mid || (a == mid && (i & 1))));
}
uint32_t quant_scale(uint32_t a) { /* amax / 6 to E4M3: nearest even, or UP */
  double v = bf16v(a);
  if (isnan(v) || isinf(v)) return 0x7f;
  if (v == 0) return 0;
  uint32_t c = 0;
  double u = 6.0 * quant_tensor_scale; /* amax / (6 G) against E4M3 numbers times 6 G (exact) */
  while (c < 0x7e && e4m3(c + 1) * u <= v) c++; /* e4m3(c) <= v / u < e4m3(c + 1) */
  if (c == 0x7e || e4m3(c) * u == v) return c;
  double mid = (e4m3(c) + e4m3(c + 1)) / 2 * u;
  return UP ? c + 1 : c + (v > mid || (v == mid && (c & 1)));
}
C
run() { # name out defines...
  n=$1 o=$2
  shift 2
  ULPCERT_CC="cc $*" "$U" run "$n" --source "$T/$(echo "$n" | cut -d. -f1 | sed 's/mxfp8-//').c" --threads 2 --quiet \
    --json "$T/$o.json" >"$T/$o.txt" 2>&1
  echo $? >"$T/$o.rc"
}
run mxfp4.bf16.user good -DAWAY=0 -DCEIL=0
run mxfp4.bf16.user ceil -DAWAY=0 -DCEIL=1
run mxfp4.bf16.user away -DAWAY=1 -DCEIL=0
run mxfp8-e4m3.bf16.user sat -DNANOVF=0
run mxfp8-e4m3.bf16.user nan -DNANOVF=1
run nvfp4.bf16.user nvgood -DUP=0
run nvfp4.bf16.user nvup -DUP=1
# with a per-tensor decode scale G = 0x1.333334p-2 (0.3 rounded to binary32): the user's quantizer
# reads it (quant_tensor_scale); CUDA's, whose s * G and amax / 6 / G are binary32 operations, are run too
ULPCERT_CC="cc -DUP=0" "$U" run nvfp4.bf16.user --source "$T/nvfp4.c" --tensor-scale 0x1.333334p-2 --threads 2 \
  --quiet --json "$T/nvg.json" >"$T/nvg.txt" 2>&1
echo $? >"$T/nvg.rc"

# the same quantizers as functions of the element and the block's amax, over amax 0x3fc0..0x3fff (1.5 to 2, where floor and ceil differ)
for c in 0 1; do
  ULPCERT_CC="cc -DAWAY=0 -DCEIL=$c" "$U" run mxfp4.bf16.user-block --source "$T/mxfp4.c" --from 0x3fc0 --to 0x3fff \
    --threads 2 --quiet --json "$T/blk$c.json" >"$T/blk$c.txt" 2>&1
  echo $? >"$T/blk$c.rc"
done
check test "$(cat "$T/blk0.rc")" -eq 0
check grep -q 'matches floor scale + rne-sat' "$T/blk0.txt"
check test "$(cat "$T/blk1.rc")" -eq 1
check grep -q 'matches ceil scale + rne-sat exactly' "$T/blk1.txt"
# every bf16 x with |x| <= amax, both signs: 2 (a + 1) pairs for each amax pattern a
check python3 - "$T/blk1.json" <<'PY'
import json, sys
b = json.load(open(sys.argv[1]))["results"][0]["block"]
assert b["pairs"] == sum(2 * (a + 1) for a in range(0x3fc0, 0x4000)), b["pairs"]
assert b["wrong"][1][0] == 0 and b["wrong"][0][0] > 0, b["wrong"]  # ceil + rne-sat none, floor + rne-sat some
PY
# ... and its row in the report's quantizers table
"$U" report "$T/blk1.json" --out "$T/repb" >/dev/null 2>&1
check grep -q '^| `mxfp4.bf16.user-block` | host (user C) | .* | (element, amax) pairs: ceil scale + rne-sat | ' "$T/repb/ACCURACY.md"

# the correct ones: the specification's, exit 0
check test "$(cat "$T/good.rc")" -eq 0
check grep -q 'elements: matches rne-sat exactly' "$T/good.txt"
check grep -q 'scale: 32768 amax .*: floor exactly' "$T/good.txt"
check grep -q "verdict: the specification's quantizer exactly" "$T/good.txt"
check test "$(cat "$T/sat.rc")" -eq 0
check grep -q 'elements: matches rne-sat exactly' "$T/sat.txt"
check test "$(cat "$T/nvgood.rc")" -eq 0
check grep -q 'elements: matches rne-sat exactly' "$T/nvgood.txt"
check grep -q 'scale: .*: rne exactly' "$T/nvgood.txt"
check test "$(cat "$T/nvg.rc")" -eq 0
check grep -q 'per-tensor decode scale G = 0x1.333334p-2' "$T/nvg.txt"
check grep -q 'elements: matches rne-sat, rna-sat exactly' "$T/nvg.txt" # no bf16 x is a tie: x / (s G) = m / 2 would need x to hold G's 23-bit odd significand
check grep -q 'scale: .*: rne exactly' "$T/nvg.txt"
"$U" run nvfp4.bf16 --tensor-scale 0.3 --quiet >"$T/g03.txt" 2>&1
check test $? -eq 2
check grep -q 'not a binary32 value (the nearest is 0x1.333334p-2)' "$T/g03.txt"
"$U" run mxfp4.bf16 --tensor-scale 0.5 --quiet >/dev/null 2>&1
check test $? -eq 2
# planted: named for what they are, exit 1
check test "$(cat "$T/ceil.rc")" -eq 1
check grep -q 'scale: 32768 amax .*: ceil exactly' "$T/ceil.txt"
check grep -q 'elements: matches rne-sat exactly' "$T/ceil.txt"
check test "$(cat "$T/away.rc")" -eq 1
check grep -q 'elements: matches rna-sat exactly' "$T/away.txt"
check grep -q 'scale: .*: floor exactly' "$T/away.txt"
check test "$(cat "$T/nan.rc")" -eq 1
check grep -q 'elements: matches rne-nan exactly' "$T/nan.txt"
check test "$(cat "$T/nvup.rc")" -eq 1
check grep -q 'scale: .*: up exactly' "$T/nvup.txt"
check grep -q 'elements: matches rne-sat exactly' "$T/nvup.txt"
# ties away differ from rne-sat at ties only: every difference from rne-sat in the tie class
check python3 - "$T/away.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
q = d["results"][0]
assert q["quantizer"] == "mxfp4.bf16.user" and q["pairs"] == 65536 * 255, q
w, cls = q["wrong"], q["classes"]
assert w[3] == 0 and w[0] > 0, w  # rna-sat none, rne-sat some
assert cls[0][2] == w[0] and sum(cls[0]) == w[0], cls[0]  # every difference from rne-sat is at a tie
PY
# the count of ties by an independent loop: bf16 patterns x and E8M0 codes k where |x| 2^(127-k)
# is a midpoint of two FP4 neighbours (0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5) whose lower code is even:
# those are where rna (up) and rne (down) differ
check python3 - "$T/away.json" <<'PY'
import json, math, struct, sys
mids_even = [0.25, 1.25, 2.5, 5.0]  # lower neighbour 0, 1, 2, 4: codes 0, 2, 4, 6 (even)
n = 0
for b in range(0x10000):
    v = struct.unpack('>f', struct.pack('>I', b << 16))[0]
    if v != v or v in (float('inf'), float('-inf')) or v == 0:
        continue
    for m in mids_even:  # a 2^(127-k) = m: m / a a power of two 2^j, k = 127 - j in 0..254
        fr, ex = math.frexp(m / abs(v))
        if fr == 0.5 and 0 <= 127 - (ex - 1) <= 254:
            n += 1
d = json.load(open(sys.argv[1]))
assert d["results"][0]["wrong"][0] == n, (d["results"][0]["wrong"][0], n)
PY

# CUDA's own quantizers on a bf16 slice, and a merge of two halves equal to the whole (their
# host software path is compiled by nvcc, also in a build without device code: only a build
# without the CUDA toolkit has none, and says so)
"$U" run mxfp4.bf16.cuda --from 0x3f00 --to 0x40ff --threads 2 --quiet --json "$T/c.json" >"$T/c.txt" 2>&1
if grep -q "no host build of CUDA's quantizers here" "$T/c.txt"; then
  echo "quant: CUDA's quantizers SKIPPED here: $(cat "$T/c.txt") (make ARCHS=sm_90 builds them)"
else
check grep -q '^mxfp4.bf16.cuda \[host software path\]' "$T/c.txt"
"$U" run mxfp4.bf16.cuda --from 0x3f00 --to 0x3fff --threads 2 --quiet --json "$T/c0.json" >/dev/null 2>&1
"$U" run mxfp4.bf16.cuda --from 0x4000 --to 0x40ff --threads 2 --quiet --json "$T/c1.json" >/dev/null 2>&1
"$U" merge "$T/c0.json" "$T/c1.json" --json "$T/cm.json" >"$T/cm.txt" 2>&1
check python3 - "$T/c.json" "$T/cm.json" <<'PY'
import json, sys
a, b = (json.load(open(p))["results"][0] for p in sys.argv[1:3])
for k in ("pairs", "wrong", "classes", "first", "max_rel_error", "scale"):
    assert a[k] == b[k], (k, a[k], b[k])
PY
# the report: the quantizers' table in ACCURACY.md
"$U" report "$T/c.json" --out "$T/rep" >/dev/null 2>&1
check grep -q '^| `mxfp4.bf16.cuda` | host software path | .* | rne-sat | floor' "$T/rep/ACCURACY.md"
fi
# bad input: a .user quantizer without --source, --source that does not compile
"$U" run mxfp4.bf16.user --quiet >/dev/null 2>&1
check test $? -eq 2
echo 'int x = ;' >"$T/bad.c"
"$U" run mxfp4.bf16.user --source "$T/bad.c" --quiet >/dev/null 2>&1
check test $? -eq 2

# the CUDA C quantizers of tests/data/quant (quant_base.cuh: written independently of
# reference/quant; tests/gpu/quant.sh runs them on the GPU, compiled by NVRTC, against these
# CPU runs): CUDA C that keeps to C runs on the CPU backend too; planted ones named
D=tests/data/quant
for f in mxfp4_good:mxfp4 mxfp4_ceil:mxfp4 mxfp4_away:mxfp4 e4m3_nan:mxfp8-e4m3; do
  "$U" run "${f#*:}.bf16.user" --source "$D/${f%%:*}.cu" --backend cpu --threads 2 --quiet >"$T/cu_${f%%:*}.txt" 2>&1
  echo $? >"$T/cu_${f%%:*}.rc"
done
check test "$(cat "$T/cu_mxfp4_good.rc")" -eq 0
check grep -q "verdict: the specification's quantizer exactly" "$T/cu_mxfp4_good.txt"
check test "$(cat "$T/cu_mxfp4_ceil.rc")" -eq 1
check grep -q 'scale: 32768 amax .*: ceil exactly' "$T/cu_mxfp4_ceil.txt"
check test "$(cat "$T/cu_mxfp4_away.rc")" -eq 1
check grep -q 'elements: matches rna-sat exactly' "$T/cu_mxfp4_away.txt"
check test "$(cat "$T/cu_e4m3_nan.rc")" -eq 1
check grep -q 'elements: matches rne-nan exactly' "$T/cu_e4m3_nan.txt"
# beyond C (cuda_fp8.h's conversions): the GPU backend's alone, and the CPU run says so
"$U" run mxfp8-e4m3.bf16.user --source "$D/cuda_e4m3.cu" --backend cpu --quiet >"$T/cu_cuda.txt" 2>&1
check test $? -eq 2
check grep -q 'is CUDA C beyond C (__device__, intrinsics), which runs on the GPU backend only' "$T/cu_cuda.txt"

# stochastic rounding: the built-in bfloat16 forms on a slice, their bias against a Python
# sum (bits8 keeps the top 8 of the 16 dropped bits: bias -(low mod 256) / 65536 for the
# low 16 bits `low` of the pattern; bits16 none), and the carry into infinity above the
# largest bfloat16, where satfinite stochastic rounding keeps 0x7f7f
"$U" run sr --from 0x3f800000 --to 0x3f800fff --threads 2 --quiet --json "$T/sr.json" >"$T/sr.txt" 2>&1
check test $? -eq 0
check python3 - "$T/sr.json" <<'PY'
import json, sys
r = {v["variant"]: v for v in json.load(open(sys.argv[1]))["results"]}
lows = range(1, 0x1000)  # 0x3f800000 itself is exact
b8, b16 = r["sr-bf16.f32.bits8"], r["sr-bf16.f32.bits16"]
assert b16["k_form"] == b8["k_form"] == 4095 and b16["deterministic"] == 1, (b16, b8)
assert b16["max_bias"] == 0 and b16["sum_bias"] == 0, b16
assert abs(b8["max_bias"] - 255 / 65536) < 1e-15, b8["max_bias"]
assert abs(b8["sum_bias"] + sum(l % 256 for l in lows) / 65536) < 1e-9, b8["sum_bias"]
PY
# the hardware form (cvt.rs) needs an sm_100a GPU: without one, not run, and said so (exit 3)
"$U" run sr-e4m3.f32.cvt-rs --to 0xff --backend cpu --quiet >"$T/srhw.txt" 2>&1
check test $? -eq 3
check grep -q 'not run: needs sm_100a' "$T/srhw.txt"
# the software forms run on the CPU: --backend gpu is refused, not ignored
"$U" run sr-bf16.f32.bits8 --backend gpu --to 0xff --quiet >"$T/srg.txt" 2>&1
check test $? -eq 2
check grep -q "run on the CPU backend only: --backend gpu does not apply" "$T/srg.txt"
"$U" run sr-bf16.f32.bits16 --from 0x7f7f8000 --to 0x7f7f80ff --threads 2 --quiet >"$T/sr2.txt" 2>&1
check test $? -eq 1
check grep -q 'first wrong input: x=0x7f7f8000 (deterministic): 32768 of 2^16 values give another code than 0x7f7f' "$T/sr2.txt"
# a user's: FP4 from bfloat16 with 8 random bits, the fraction from the value table; UPSET 1 rounds up
# on r >= 256 - t (the k-bit form), 0 on r < t (as many values, another set)
cat >"$T/sr.c" <<'C'
#include "q.h"
uint32_t quant_sr(uint32_t x, uint32_t r) {
  static const double g[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  double v = bf16v(x), a = fabs(v);
  uint32_t s = signbit(v) ? 8 : 0;
  if (isnan(v)) return 0;
  if (a >= 6) return s | 7;
  int i = 0;
  while (g[i + 1] <= a) i++;
  unsigned t = (unsigned)floor((a - g[i]) / (g[i + 1] - g[i]) * 256);
  return s | (uint32_t)(i + (UPSET ? r >= 256 - t : r < t));
}
C
for up in 1 0; do
  ULPCERT_CC="cc -DUPSET=$up" "$U" run sr-e2m1.bf16.user --source "$T/sr.c" --threads 2 --quiet >"$T/sru$up.txt" 2>&1
  echo $? >"$T/sru$up.rc"
done
check test "$(cat "$T/sru1.rc")" -eq 0
check grep -q 'verdict: the exact k-bit stochastic rounding on every input' "$T/sru1.txt"
check test "$(cat "$T/sru0.rc")" -eq 1
check grep -Eq 'random inputs: ([0-9]+); the 8-bit add-and-truncate form exactly: [0-9]+; up-count equal: \1;' "$T/sru0.txt"
# the sets differ once t >= 1, frac >= 2^-8: from |x| = 2^-9 (FP4's step 0.5 at 0), bf16 0x3b00
check grep -q 'first input off the form: x=0x00003b00: 1 of 2^8 values round up (the form: the top 1)' "$T/sru0.txt"

# the OCP MX v1.0 sections and tables cited in the quantizers' declarations and docs exist in
# docs/mx-spec-sections.txt (the spec's numbers and titles, with where they come from), and the
# check catches planted citations of sections that are not there
check python3 tests/suites/mx_cites.py
check python3 tests/suites/mx_cites.py --self-test

echo "quant: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
