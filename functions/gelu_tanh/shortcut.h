/* shortcut.h: the inputs where gelu_tanh's reference needs no MPFR, for the host and the
 * device (src/reference/hd.h); the proof is in reference.c. Zeros, infinities and NaN
 * are MPFR's. */
#ifndef ULPCERT_SC_GELU_TANH_H
#define ULPCERT_SC_GELU_TANH_H

#include "src/reference/hd.h"

#define GELU_TANH_TINY 0x24000000u /* 2^-55 */
#define GELU_TANH_HI 0x41000000u   /* 8 */
#define GELU_TANH_LO 0x41b00000u   /* 22 (negative side) */

REF_HD int sc_gelu_tanh(uint32_t xb, double *y, int *t) {
  const uint32_t m = xb & ~REF_SIGN32;
  const int neg = (xb & REF_SIGN32) != 0;
  if (m == 0 || m >= REF_INF32) return 0;
  const double x = (double)ref_u2f(xb);
  if (m < GELU_TANH_TINY) { *y = 0.5 * x; *t = -1; return 1; } /* x/2, exact */
  if (!neg && m >= GELU_TANH_HI) { *y = x; *t = 1; return 1; }
  if (neg && m >= GELU_TANH_LO) { *y = -0.0; *t = 1; return 1; }
  return 0;
}

#endif
