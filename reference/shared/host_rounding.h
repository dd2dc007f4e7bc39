/* host_rounding.h: host variants that evaluate one IEEE 754 operation (binary32 division
 * or square root) in a directed rounding mode, so that the CPU backend can run the directed
 * comparison end to end against an implementation independent of ulpcert's (the host's
 * floating-point unit).
 *
 * HOST_ROUNDED(name, mode, expr) defines float name(float x) returning expr (in terms of
 * a, a copy of x) evaluated between fesetround(mode) and fesetround(FE_TONEAREST). The
 * compiler does not model the floating-point environment (no -frounding-math), so the
 * operand is read from, and the result written to, volatile objects: the operation depends
 * on the volatile read and feeds the volatile write, and volatile accesses stay between the
 * two calls, so the operation runs under the mode. The mode is per thread, so OpenMP
 * threads do not interfere. Each host variant's tests (tests/unit/test_rounding.c) compare it
 * with MPFR's directed rounding. */
#ifndef ULPCERT_SHARED_HOST_ROUNDING_H
#define ULPCERT_SHARED_HOST_ROUNDING_H

#include <fenv.h>
#include <math.h>

#define HOST_ROUNDED(name, mode, expr)  \
  float name(float x);                  \
  float name(float x) {                 \
    volatile float vx = x, vr;          \
    fesetround(mode);                   \
    {                                   \
      const float a = vx;               \
      vr = (expr);                      \
    }                                   \
    fesetround(FE_TONEAREST);           \
    return vr;                          \
  }

#endif
