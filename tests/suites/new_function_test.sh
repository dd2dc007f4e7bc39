#!/bin/sh
# new_function_test.sh: the recipe of docs/adding.md, "Adding a function", followed in a temporary
# copy of the tree: a throwaway folder functions/cube/ (f(x) = x^3: an MPFR reference, a
# device-capable shortcut, a Taylor series and a FAST_RANGE line, a host variant and a
# device variant), built without the CUDA toolkit, then listed, its fast path checked
# against MPFR, and a run's counts compared with an independent computation in exact
# rational arithmetic (Python's fractions). Needs $ULPCERT only to find nothing: it builds
# its own binary. Takes a build of the whole tree (a minute or two on 2 cores).
set -u
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
check() { if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $*"; fi; }

# 1. a copy of the tree (tracked and untracked files, not the build outputs)
mkdir -p "$T/src"
git ls-files -co --exclude-standard -z | (cd "$T/src" && xargs -0 -I{} sh -c 'mkdir -p "$(dirname "$1")"' _ {})
git ls-files -co --exclude-standard -z | xargs -0 -I{} cp -p {} "$T/src/{}" 2>/dev/null
D="$T/src/functions/cube"
mkdir -p "$D"

# 2. the folder
cat >"$D/cube.def" <<'DEF'
/* cube: x^3, a throwaway function of tests/suites/new_function_test.sh. */
REFERENCE("cube", ref_cube_mpfr, REF_SYM_ODD, REF_MONO_INCREASING, ref_cube_shortcut, ref_cube_series, 0, 0)
FAST_RANGE("cube", 0x3f800000u, 0x3fffffffu)
VARIANT("cube.host", REF("cube"), HOST(host_cube), DESCRIPTION("x * x * x in binary32 on the host"))
VARIANT("cube.gpu", REF("cube"), DEVICE(cube_dev), DESCRIPTION("x * x * x in binary32 on the device"))
DEF
cat >"$D/shortcut.h" <<'SC'
#include "reference/host_device.h"
#include "reference/shared/exp_hd.h"
/* x = +0 or +inf: exact. x = 2^k: x^3 = 2^(3k) is a binary64 number (3k >= -447). */
REF_HD int sc_cube(uint32_t xb, double *y, int *t) {
  int k;
  if (xb & REF_SIGN32 || xb > REF_INF32) return 0;
  if (xb == 0 || xb == REF_INF32) { *y = xb ? REF_INF : 0.0; *t = 0; return 1; }
  if (!ref_pow2_exponent(xb, &k)) return 0;
  *y = ldexp(1.0, 3 * k);
  *t = 0;
  return 1;
}
SC
cat >"$D/reference.c" <<'REF'
#include <arb_poly.h>
#include "reference/reference.h"
#include "functions/cube/shortcut.h"
int ref_cube_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_pow_ui(y, x, 3, rnd); }
int ref_cube_shortcut(uint32_t xb, double *y, int *t) { return sc_cube(xb, y, t); }
/* (x + t)^3 = x^3 + 3x^2 t + 3x t^2 + t^3 */
int ref_cube_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  arb_poly_t p;
  arb_poly_init(p);
  arb_poly_set_coeff_arb(p, 0, x);
  arb_poly_set_coeff_si(p, 1, 1);
  arb_poly_pow_ui_trunc_binexp(p, p, 3, len, prec);
  for (slong k = 0; k < len; k++) arb_poly_get_coeff_arb(res + k, p, k);
  arb_poly_clear(p);
  return 0;
}
REF
cat >"$D/host.c" <<'HOST'
float host_cube(float x) { return x * x * x; }
HOST
cat >"$D/cube.cuh" <<'DEV'
__device__ __forceinline__ float cube_dev(float x) { return __fmul_rn(__fmul_rn(x, x), x); }
DEV

# 3. build (no CUDA toolkit: the CPU backend; the device code is compiled where nvcc is)
if ! make -C "$T/src" -j2 NVCC= BUILD="$T/b" "$T/b/ulpcert" >"$T/build.log" 2>&1; then
  tail -30 "$T/build.log"
  echo "newfunc: 0 passed, 1 failed"
  exit 1
fi
U="$T/b/ulpcert"

# 4. the catalogue knows it
"$U" list >"$T/list.txt" 2>&1
check grep -q "cube.host" "$T/list.txt"
check grep -q "cube.gpu" "$T/list.txt"
"$U" run --help >"$T/help.txt" 2>&1
check grep -q "cube" "$T/help.txt"

# 5. its fast path agrees with MPFR, and the table decides nearly everything in [1, 2)
"$U" refcheck cube --fast-path --backend cpu --from 0x3f800000 --to 0x3f83ffff --threads 2 >"$T/rc.txt" 2>&1
check grep -q " 0 mismatches" "$T/rc.txt"
check python3 - "$T/rc.txt" <<'PY'
import re, sys
s = open(sys.argv[1]).read()
m = re.search(r"(\d+) inputs: (\d+) by the shortcut, (\d+) by the table, (\d+) by the balls, (\d+) left to MPFR", s)
assert m, s
n, sc, tab, balls, left = map(int, m.groups())
assert n == 0x40000 and sc == 1 and balls == 0 and tab + left == n - 1 and tab > 0.9 * n, s
PY

# 6. a run, against exact rational arithmetic: inputs, correctly rounded count, the input of
# the largest error (odd function: both signs)
"$U" run cube.host --backend cpu --from 0x3f800000 --to 0x3f807fff --quiet --no-cache --json "$T/c.json" >/dev/null
check python3 - "$T/c.json" <<'PY'
import json, struct, sys
from fractions import Fraction as F
def f32(v):  # round a Python float (binary64) to binary32, nearest even
    return struct.unpack("<f", struct.pack("<f", v))[0]
def rn24(q):  # correctly rounded binary32 of a positive rational in [1, 8)
    e = 0
    while q >= 2: q /= 2; e += 1
    m = q * 2**23
    fl = m.numerator // m.denominator
    r = m - fl
    if r > F(1, 2) or (r == F(1, 2) and fl % 2): fl += 1
    return float(F(fl, 2**23) * 2**e)
r = json.load(open(sys.argv[1]))["results"][0]
cr = 0
worst, worst_x = -1, None
for b in range(0x3f800000, 0x3f808000):
    x = struct.unpack("<f", struct.pack("<I", b))[0]
    out = f32(f32(x * x) * x)       # binary32 x*x*x: each product exact in binary64, then rounded
    exact = F(x) ** 3
    if out == rn24(exact): cr += 1
    err = abs(F(out) - exact)
    if err > worst: worst, worst_x = err, b
assert r["inputs"] == 0x8000, r["inputs"]
assert r["correctly_rounded"] == cr, (r["correctly_rounded"], cr)
assert int(r["max_ulp_input"], 16) == worst_x, (r["max_ulp_input"], hex(worst_x))
PY

echo "newfunc: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
