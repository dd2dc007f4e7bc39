#!/bin/sh
# domainbench.sh: whole processes of users' kernels against references written as
# expressions with a domain (asin(x)-x, exp10(x)-log2(x), ...), where about half of the
# inputs, or more, have a NaN reference that the ball evaluator decides
# (docs/expressions.md, "Inputs outside a domain"). Each is `ulpcert run --source
# --function --ref --no-cache --json`, cold; prints per expression the exit status, the
# process's wall time and from its JSON the reference values decided by the table, the
# balls and MPFR.
#
#   sh scripts/domainbench.sh [ULPCERT] [BACKEND] [OUTDIR] [-- run options]
#     ULPCERT  the binary (default build/ulpcert); BACKEND gpu (default) or cpu;
#     OUTDIR   where the JSON files go (default a fresh temporary folder).
#   The range is every input unless run options after -- say otherwise, e.g.
#     sh scripts/domainbench.sh build/ulpcert cpu /tmp/db -- --from 1.0 --to 8.0 --threads 2
set -u
U=build/ulpcert B=gpu O=
[ $# -gt 0 ] && [ "$1" != -- ] && { U=$1; shift; }
[ $# -gt 0 ] && [ "$1" != -- ] && { B=$1; shift; }
[ $# -gt 0 ] && [ "$1" != -- ] && { O=$1; shift; }
[ "${1:-}" = -- ] && shift
[ -n "$O" ] || O=$(mktemp -d)
mkdir -p "$O" || exit 2
# the kernels as a user writes them: CUDA C for the GPU backend, plain C for the CPU's
# another script's kernels and list instead (scripts/invbench.sh): BENCH_KERNELS, BENCH_LIST
if [ -n "${BENCH_KERNELS:-}" ]; then cp "$BENCH_KERNELS" "$O/kernels.cu"; else
cat > "$O/kernels.cu" <<'EOF'
#ifndef __CUDACC_RTC__
#include <math.h>
#define __device__
#endif
__device__ float k_asin(float x) { return asinf(x) - x; }
__device__ float k_e10l2(float x) { return powf(10.0f, x) - log2f(x); }
__device__ float k_sqrtmx(float x) { return sqrtf(x) - x; }
__device__ float k_logdx(float x) { return logf(x) / x; }
__device__ float k_acosh2(float x) { return acoshf(x) * 2.0f; }
__device__ float k_atanhx(float x) { return atanhf(x) + x; }
__device__ float k_log1mxx(float x) { return logf(1.0f - x * x); }
__device__ float k_xm1dlog(float x) { return (x - 1.0f) / logf(x); }
__device__ float k_acoslog1p(float x) { return acosf(x) + log1pf(x); }
__device__ float k_log10x(float x) { return log10f(x - 1.0f) * x; }
__device__ float k_rsqrtmr(float x) { return 1.0f / sqrtf(x) - 1.0f / x; }
__device__ float k_sqrtlog(float x) { return sqrtf(logf(x)); }
EOF
fi
cp "$O/kernels.cu" "$O/kernels.c"
src="$O/kernels.cu"
[ "$B" = cpu ] && src="$O/kernels.c"
cat > "$O/list" <<'EOF'
k_asin asin(x)-x
k_e10l2 exp10(x)-log2(x)
k_sqrtmx sqrt(x)-x
k_logdx log(x)/x
k_acosh2 acosh(x)*2
k_atanhx atanh(x)+x
k_log1mxx log(1-x*x)
k_xm1dlog (x-1)/log(x)
k_acoslog1p acos(x)+log1p(x)
k_log10x log10(x-1)*x
k_rsqrtmr rsqrt(x)-1/x
k_sqrtlog sqrt(log(x))
EOF
printf '%-20s %4s %9s %12s %12s %10s\n' expression rc wall_s table balls mpfr
while read -r fn ref; do
  t0=$(date +%s.%N)
  "$U" run --source "$src" --function "$fn" --ref "$ref" --backend "$B" --no-cache --quiet \
    --json "$O/$fn.json" "$@" > "$O/$fn.out" 2>&1
  rc=$?
  t1=$(date +%s.%N)
  python3 - "$O/$fn.json" "$ref" "$rc" "$t0" "$t1" <<'EOF'
import json, sys
path, ref, rc, t0, t1 = sys.argv[1:]
try:
    t = json.load(open(path)).get("timing", {})
except (OSError, ValueError):
    t = {}
print("%-20s %4s %9.2f %12s %12s %10s" % (ref, rc, float(t1) - float(t0), t.get("fast_hits", "-"),
                                          t.get("ball_hits", "-"), t.get("mpfr_calls", "-")))
EOF
done < "${BENCH_LIST:-$O/list}"
echo "JSON and outputs in $O"
