/* activation_hd.h: the shortcut shape shared by the activations x g(x) with g rising
 * from 0 at -inf through 1/2 at 0 to 1 at +inf (silu, gelu, gelu_tanh, and mish's tails), for
 * the host and the device (reference/host_device.h). The proofs, and the thresholds they hold
 * from, are in each function's reference.c:
 *  - |x| below tiny: x g(x) = x/2 + c x^2 + ..., c > 0, within half an ulp of the exact x/2:
 *    y = x/2, t = -1 (y below the value, either sign);
 *  - x >= hi: the value lies within half an ulp below x: y = x, t = +1;
 *  - x <= -lo: the value is negative and above -2^-1075 (half the smallest subnormal):
 *    y = -0, t = +1.
 * Zeros, infinities and NaN are left to the referee (0). */
#ifndef ULPCERT_SHARED_ACTIVATION_HD_H
#define ULPCERT_SHARED_ACTIVATION_HD_H

#include "reference/host_device.h"

/* The two tails alone (x nonzero and finite): 1 when x is in one. */
REF_HD int act_tails(uint32_t xb, uint32_t hi, uint32_t lo, double *y, int *t) {
  const uint32_t m = xb & ~REF_SIGN32;
  if (!(xb & REF_SIGN32) && m >= hi) { *y = (double)u2f(xb); *t = 1; return 1; }
  if ((xb & REF_SIGN32) && m >= lo) { *y = -0.0; *t = 1; return 1; }
  return 0;
}

/* The whole shortcut: x/2 below tiny, then the tails. */
REF_HD int act_half_x_tails(uint32_t xb, uint32_t tiny, uint32_t hi, uint32_t lo, double *y, int *t) {
  const uint32_t m = xb & ~REF_SIGN32;
  if (m == 0 || m >= REF_INF32) return 0;
  if (m < tiny) { *y = 0.5 * (double)u2f(xb); *t = -1; return 1; } /* x/2, exact */
  return act_tails(xb, hi, lo, y, t);
}

#endif
