#!/bin/sh
# besselbench.sh: whole processes of users' kernels against references written as
# expressions of the Bessel functions (j0, j1, y0, y1, cyl_bessel_i0, cyl_bessel_i1), which
# the ball evaluator decides (reference/interval/ib_bessel.h; docs/expressions.md, "The
# Bessel functions in balls"). Each is `ulpcert run --source --function --ref --no-cache
# --json`, cold, on the GPU backend (the kernels call CUDA's cyl_bessel_i0f and
# cyl_bessel_i1f, which a host C library lacks); prints per expression the exit status,
# the process's wall time and from its JSON the reference values decided by the table,
# the balls and MPFR, and the undecidable inputs.
#
#   sh scripts/besselbench.sh [ULPCERT] [OUTDIR] [-- run options]
#     ULPCERT  the binary (default build/ulpcert); OUTDIR where the JSON files go (default
#     a fresh temporary folder). Every input unless run options after -- say otherwise.
set -u
U=build/ulpcert O=
[ $# -gt 0 ] && [ "$1" != -- ] && { U=$1; shift; }
[ $# -gt 0 ] && [ "$1" != -- ] && { O=$1; shift; }
[ "${1:-}" = -- ] && shift
[ -n "$O" ] || O=$(mktemp -d)
mkdir -p "$O" || exit 2
cat > "$O/kernels.cu" <<'EOF'
__device__ float k_j0m1(float x) { return j0f(x) - 1.0f; }
__device__ float k_i0m1(float x) { return cyl_bessel_i0f(x) - 1.0f; }
__device__ float k_y1x(float x) { return y1f(x) * x; }
__device__ float k_j1dx(float x) { return j1f(x) / x; }
__device__ float k_j0y0(float x) { float a = j0f(x), b = y0f(x); return a * a + b * b; }
__device__ float k_i1di0(float x) { return cyl_bessel_i1f(x) / cyl_bessel_i0f(x); }
__device__ float k_i0e(float x) { return cyl_bessel_i0f(x) * expf(-x); }
__device__ float k_j0j1(float x) { float a = j0f(x), b = j1f(x); return a * a + b * b; }
__device__ float k_y0sq(float x) { return y0f(x) * sqrtf(x); }
EOF
printf '%-36s %4s %9s %12s %12s %10s %6s\n' expression rc wall_s table balls mpfr undec
while read -r fn ref; do
  t0=$(date +%s.%N)
  "$U" run --source "$O/kernels.cu" --function "$fn" --ref "$ref" --backend gpu --no-cache --quiet \
    --json "$O/$fn.json" "$@" > "$O/$fn.out" 2>&1
  rc=$?
  t1=$(date +%s.%N)
  python3 - "$O/$fn.json" "$ref" "$rc" "$t0" "$t1" <<'EOF'
import json, sys
path, ref, rc, t0, t1 = sys.argv[1:]
try:
    d = json.load(open(path))
except (OSError, ValueError):
    d = {}
t = d.get("timing", {})
u = sum(r.get("undecidable", 0) for r in d.get("results", []))
print("%-36s %4s %9.2f %12s %12s %10s %6s" % (ref, rc, float(t1) - float(t0), t.get("fast_hits", "-"),
                                              t.get("ball_hits", "-"), t.get("mpfr_calls", "-"), u if d else "-"))
EOF
done <<'EOF'
k_j0m1 j0(x)-1
k_i0m1 cyl_bessel_i0(x)-1
k_y1x y1(x)*x
k_j1dx j1(x)/x
k_j0y0 j0(x)^2+y0(x)^2
k_i1di0 cyl_bessel_i1(x)/cyl_bessel_i0(x)
k_i0e cyl_bessel_i0(x)*exp(-x)
k_j0j1 j0(x)^2+j1(x)^2
k_y0sq y0(x)*sqrt(x)
EOF
echo "JSON and outputs in $O"
