/* shortcut.h: the inputs where sigmoid's reference needs no MPFR, for the host and the
 * device (reference/host_device.h); the proof is in reference.c. Zeros, infinities and NaN
 * are MPFR's. */
#ifndef ULPCERT_SC_SIGMOID_H
#define ULPCERT_SC_SIGMOID_H

#include "reference/host_device.h"

#define SIGMOID_TINY 0x33000000u /* 2^-25 */
#define SIGMOID_HI 0x42200000u   /* 40 */
#define SIGMOID_LO 0x44480000u   /* 800 (negative side) */

REF_HD int sc_sigmoid(uint32_t xb, double *y, int *t) {
  const uint32_t m = xb & ~REF_SIGN32;
  const int neg = (xb & REF_SIGN32) != 0;
  if (m == 0 || m >= REF_INF32) return 0;
  const double x = (double)u2f(xb);
  if (m < SIGMOID_TINY) { /* 1/2 + x/4 - eps (reference.c) */
    const double a = 0.25 * x, y0 = 0.5 + a, e = a - (y0 - 0.5); /* e = 1/2 + x/4 - y0, exact */
    const double half = (y0 > 0.5 || (y0 == 0.5 && e > 0)) ? 0x1p-54 : 0x1p-55;
    if (e == 0) { *y = y0; *t = neg ? -1 : 1; return 1; }
    if (fabs(e) != half) { *y = y0; *t = e > 0 ? -1 : 1; return 1; }
    const double other = y0 + 2 * e; /* a tie: the other neighbour, exact */
    *y = neg ? (other > y0 ? other : y0) : (other < y0 ? other : y0);
    *t = neg ? 1 : -1;
    return 1;
  }
  if (!neg && m >= SIGMOID_HI) { *y = 1.0; *t = 1; return 1; }
  if (neg && m >= SIGMOID_LO) { *y = 0.0; *t = -1; return 1; }
  return 0;
}

#endif
