/* shortcut.h: the inputs where sigmoid's reference needs no MPFR, for the host and the
 * device (src/reference/hd.h); the proof is in reference.c. Zeros, infinities and NaN
 * are MPFR's. */
#ifndef ULPCERT_SC_SIGMOID_H
#define ULPCERT_SC_SIGMOID_H

#include "src/reference/hd.h"

#define SIGMOID_TINY 0x25000000u /* 2^-53 */
#define SIGMOID_HI 0x42200000u   /* 40 */
#define SIGMOID_LO 0x44480000u   /* 800 (negative side) */

REF_HD int sc_sigmoid(uint32_t xb, double *y, int *t) {
  const uint32_t m = xb & ~REF_SIGN32;
  const int neg = (xb & REF_SIGN32) != 0;
  if (m == 0 || m >= REF_INF32) return 0;
  const double x = (double)ref_u2f(xb);
  (void)x;
  if (m < SIGMOID_TINY) { *y = 0.5; *t = neg ? 1 : -1; return 1; }
  if (!neg && m >= SIGMOID_HI) { *y = 1.0; *t = 1; return 1; }
  if (neg && m >= SIGMOID_LO) { *y = 0.0; *t = -1; return 1; }
  return 0;
}

#endif
