/* exp_hd.h: pieces of proved shortcuts that the exponentials' references share (exp, exp2,
 * exp10, and log2's power of two), for the host and the device (reference/host_device.h
 * says what that allows). */
#ifndef ULPCERT_EXP_HD_H
#define ULPCERT_EXP_HD_H

#include <stdint.h>

#include "reference/host_device.h"

/* Exponential-like functions f(x) = b^x (b > 1: 2, e, 10), for a binary32 x given by its
 * bits xb:
 *  - x = +-0: b^0 = 1 exactly, t = 0; x = +inf: +inf exactly; x = -inf: +0 exactly;
 *  - x >= over: b^x exceeds the largest binary64, RN53 overflows to +inf (MPFR returns
 *    +inf with a positive ternary): y = +inf, t = +1;
 *  - x <= under: b^x < 2^-1075, the midpoint between +0 and the smallest subnormal
 *    2^-1074: RN53 = +0 below the exact value, t = -1;
 *  - 0 < |x| below the bit pattern 'tiny': b^x rounds to 1, t = -1 for x > 0 and +1 for
 *    x < 0. The caller proves, for its b, that |b^x - 1| is then below 2^-54, half the
 *    gap below 1 (the gap above 1 is 2^-52).
 * Returns 1 with (y, t) on those inputs, 0 elsewhere (NaN included). */
REF_HD int ref_exp_like(uint32_t xb, double *y, int *t, float over, float under, uint32_t tiny) {
  uint32_t m = xb & 0x7fffffffu;
  int neg = (xb >> 31) != 0;
  if (m > REF_INF32) return 0;
  if (m == 0) { *y = 1.0; *t = 0; return 1; }
  if (m == REF_INF32) { *y = neg ? 0.0 : REF_INF; *t = 0; return 1; }
  float x = u2f(xb);
  if (x >= over) { *y = REF_INF; *t = 1; return 1; }
  if (x <= under) { *y = 0.0; *t = -1; return 1; }
  if (m >= tiny) return 0;
  *y = 1.0;
  *t = neg ? 1 : -1;
  return 1;
}

/* For the magnitude bits m of a positive binary32 (subnormals included): 1 with *k set
 * if the value is 2^k, else 0. */
REF_HD int ref_pow2_exponent(uint32_t m, int *k) {
  if (m < 0x00800000u) { /* subnormal: one bit set */
    if (m == 0 || (m & (m - 1))) return 0;
    *k = -149 + ref_ctz32(m);
    return 1;
  }
  if (m & 0x007fffffu) return 0;
  *k = (int)(m >> 23) - 127;
  return 1;
}

#endif
