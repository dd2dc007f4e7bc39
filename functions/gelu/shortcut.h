/* shortcut.h: the inputs where gelu's reference needs no MPFR, for the host and the
 * device (src/reference/hd.h); the proof is in reference.c. Zeros, infinities and NaN
 * are MPFR's. */
#ifndef ULPCERT_SC_GELU_H
#define ULPCERT_SC_GELU_H

#include "src/reference/hd.h"

#define GELU_TINY 0x24000000u /* 2^-55 */
#define GELU_HI 0x41200000u   /* 10 */
#define GELU_LO 0x42200000u   /* 40 (negative side) */

REF_HD int sc_gelu(uint32_t xb, double *y, int *t) {
  const uint32_t m = xb & ~REF_SIGN32;
  const int neg = (xb & REF_SIGN32) != 0;
  if (m == 0 || m >= REF_INF32) return 0;
  const double x = (double)ref_u2f(xb);
  if (m < GELU_TINY) { *y = 0.5 * x; *t = -1; return 1; } /* x/2, exact */
  if (!neg && m >= GELU_HI) { *y = x; *t = 1; return 1; }
  if (neg && m >= GELU_LO) { *y = -0.0; *t = 1; return 1; }
  return 0;
}

#endif
