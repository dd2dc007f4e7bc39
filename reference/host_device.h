/* host_device.h: what a reference's shortcut needs to compile for the host and the device.
 *
 * A shortcut (functions/<name>/shortcut.h) is written once, as REF_HD functions, and
 * runs in the host engine (through reference.c) and in the device reference kernel
 * (src/kinds/binary32/device/ref_kernel.cuh). Both sides must compute the same thing, bit for bit:
 *  - only binary64 and integer arithmetic, +, -, *, /, sqrt and fma, which are
 *    correctly rounded on both sides (IEEE 754 round to nearest even); the host build
 *    has -ffp-contract=off and the device build -fmad=false, so that no a*b+c is
 *    fused behind the proof's back;
 *  - exact functions only from the C library: fabs, floor, ceil, trunc, rint,
 *    nearbyint (in the default rounding mode), ldexp, frexp, copysign; never exp,
 *    log, sin... whose results differ between libraries;
 *  - bit casts through reference/bits.h (f2u, u2f, d2u, u2d);
 *  - no static data other than constants, no calls into other translation units.
 * The device kernel compiles every shortcut.h of the catalogue, so a shortcut that
 * breaks these rules fails the build (or the device tests, which compare the device
 * answers with the host's on every input of a range). */
#ifndef ULPCERT_REF_HD_H
#define ULPCERT_REF_HD_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "reference/bits.h"

#if defined(__CUDACC__)
#define REF_HD static __host__ __device__ inline
#else
#define REF_HD static inline
#endif

/* Count of trailing zero bits of a non-zero word. */
REF_HD int ref_ctz32(uint32_t m) {
#if defined(__CUDA_ARCH__)
  return __ffs((int)m) - 1;
#else
  return __builtin_ctz(m);
#endif
}

/* the number of significant bits of m (0 for m = 0): 64 - count of leading zeros */
REF_HD int ref_bitlen64(uint64_t m) {
#if defined(__CUDA_ARCH__)
  return 64 - __clzll((long long)m);
#else
  return m ? 64 - __builtin_clzll(m) : 0;
#endif
}

/* ---- binary64 arithmetic, correctly rounded (to nearest even) on both sides ---- */
/* On the device the _rn intrinsics, which the compiler never fuses into an fma whatever
 * -fmad says; on the host plain operations (the build has -ffp-contract=off). Forced
 * inline: the fast path's evaluator and trig_large run them in their inner loops. */
#if defined(__CUDACC__)
#define REF_HDI static __host__ __device__ __forceinline__
#else
#define REF_HDI static inline
#endif
#if defined(__CUDA_ARCH__)
REF_HDI double ref_add(double a, double b) { return __dadd_rn(a, b); }
REF_HDI double ref_sub(double a, double b) { return __dsub_rn(a, b); }
REF_HDI double ref_mul(double a, double b) { return __dmul_rn(a, b); }
REF_HDI double ref_div(double a, double b) { return __ddiv_rn(a, b); }
REF_HDI double ref_fma(double a, double b, double c) { return __fma_rn(a, b, c); }
#else
REF_HDI double ref_add(double a, double b) { return a + b; }
REF_HDI double ref_sub(double a, double b) { return a - b; }
REF_HDI double ref_mul(double a, double b) { return a * b; }
REF_HDI double ref_div(double a, double b) { return a / b; }
REF_HDI double ref_fma(double a, double b, double c) { return fma(a, b, c); }
#endif

/* TwoSum (Knuth, TAOCP vol. 2, 4.2.2 Thm B; Moller 1965): s = RN(a+b) and
 * e = a + b - s exactly, for any binary64 a, b in round-to-nearest, barring
 * overflow; it stays exact when results underflow (Boldo, Graillat, Muller, "On the
 * robustness of the 2Sum and Fast2Sum algorithms", ACM TOMS 2017). Also
 * |e| <= min(|a|, |b|) (a and b are binary64 numbers at distance |b| and |a| from
 * a + b, and s is a nearest one) and |e| <= ulp(s)/2. */
REF_HDI void ref_two_sum(double a, double b, double *s, double *e) {
  double ss = ref_add(a, b);
  double bb = ref_sub(ss, a);
  double aa = ref_sub(ss, bb);
  *e = ref_add(ref_sub(a, aa), ref_sub(b, bb));
  *s = ss;
}

#define REF_SIGN32 0x80000000u
#define REF_INF32 0x7f800000u

/* The binary64 infinity and NaN as constants on both sides. */
#define REF_INF (u2d(0x7ff0000000000000ull))
#define REF_NAN (u2d(0x7ff8000000000000ull))

#endif
