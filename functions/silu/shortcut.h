/* shortcut.h: the inputs where silu's reference needs no MPFR, for the host and the
 * device (src/reference/hd.h); the proof is in reference.c. Zeros, infinities and NaN
 * are MPFR's. */
#ifndef ULPCERT_SC_SILU_H
#define ULPCERT_SC_SILU_H

#include "src/reference/hd.h"

#define SILU_TINY 0x25000000u /* 2^-53 */
#define SILU_HI 0x42200000u   /* 40 */
#define SILU_LO 0x44480000u   /* 800 (negative side) */

REF_HD int sc_silu(uint32_t xb, double *y, int *t) {
  const uint32_t m = xb & ~REF_SIGN32;
  const int neg = (xb & REF_SIGN32) != 0;
  if (m == 0 || m >= REF_INF32) return 0;
  const double x = (double)ref_u2f(xb);
  if (m < SILU_TINY) { *y = 0.5 * x; *t = -1; return 1; } /* x/2, exact */
  if (!neg && m >= SILU_HI) { *y = x; *t = 1; return 1; }
  if (neg && m >= SILU_LO) { *y = -0.0; *t = 1; return 1; }
  return 0;
}

#endif
