#!/bin/sh
# invbench.sh: whole processes of users' kernels against references that call the ball
# evaluator's inverse and step functions (erfinv, erfcinv, normcdfinv, floor, ceil,
# trunc, round, rint, logb: docs/expressions.md, "Inverse and step functions in the
# balls"), through scripts/domainbench.sh's loop: per expression the exit status, the
# process's wall time and the reference values decided by the table, the balls and MPFR.
#
#   sh scripts/invbench.sh [ULPCERT] [BACKEND] [OUTDIR] [-- run options]
#   (the arguments of domainbench.sh), e.g. every input on the GPU:
#     sh scripts/invbench.sh build/ulpcert gpu /tmp/ib
#   or a slice on the CPU:
#     sh scripts/invbench.sh build/ulpcert cpu /tmp/ib -- --from 0x3f7f0000 --to 0x3f80ffff --threads 2
set -u
T=$(mktemp -d)
# CUDA has erfinvf, erfcinvf and normcdfinvf; plain C has not: there the kernel is
# Winitzki's closed form with one Newton step, as a user might write it
cat > "$T/kernels.cu" <<'EOF'
#ifndef __CUDACC_RTC__
#include <math.h>
#define __device__
static float winitzki(float l, float s) { /* l = log(1 - u^2), s the sign of u */
  const float t = 4.3307467f + l / 2;
  return copysignf(sqrtf(sqrtf(t * t - l / 0.147f) - t), s);
}
static float erfinvf(float u) {
  float y = winitzki(log1pf(-u * u), u);
  return y - (erff(y) - u) * 0.88622693f * expf(y * y);
}
static float erfcinvf(float w) {
  float y = winitzki(logf(w) + logf(2 - w), 1 - w);
  return y + (erfcf(y) - w) * 0.88622693f * expf(y * y);
}
static float normcdfinvf(float p) { return -1.41421356f * erfcinvf(2 * p); }
#endif
__device__ float k_erfinv2(float x) { return erfinvf(x) * 2.0f; }
__device__ float k_ncdfinvx(float x) { return normcdfinvf(x) + x; }
__device__ float k_erfcinvm1(float x) { return erfcinvf(x) - 1.0f; }
__device__ float k_erfinv1mx(float x) { return erfinvf(1.0f - x); }
__device__ float k_erfinvsin(float x) { return erfinvf(sinf(x)); }
__device__ float k_ncdfinvx2(float x) { return normcdfinvf(x * x); }
__device__ float k_xfloor(float x) { return x - floorf(x); }
__device__ float k_round16(float x) { return roundf(x * 16.0f) / 16.0f; }
__device__ float k_floorexp(float x) { return floorf(expf(x)); }
__device__ float k_logbsin(float x) { return logbf(sinf(x)); }
__device__ float k_truncrint(float x) { return truncf(x * 3.0f) + rintf(x); }
EOF
cat > "$T/list" <<'EOF'
k_erfinv2 erfinv(x)*2
k_ncdfinvx normcdfinv(x)+x
k_erfcinvm1 erfcinv(x)-1
k_erfinv1mx erfinv(1-x)
k_erfinvsin erfinv(sin(x))
k_ncdfinvx2 normcdfinv(x*x)
k_xfloor x-floor(x)
k_round16 round(x*16)/16
k_floorexp floor(exp(x))
k_logbsin logb(sin(x))
k_truncrint trunc(x*3)+rint(x)
EOF
BENCH_KERNELS="$T/kernels.cu" BENCH_LIST="$T/list" sh "$(dirname "$0")/domainbench.sh" "$@"
