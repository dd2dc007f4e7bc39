/* shortcut.h: the inputs where mish's reference needs no MPFR, for the host and the
 * device (reference/host_device.h); the proof is in reference.c. Zeros, infinities and NaN
 * are MPFR's. */
#ifndef ULPCERT_SC_MISH_H
#define ULPCERT_SC_MISH_H

#include "reference/host_device.h"
#include "reference/shared/activation_hd.h"

#define MISH_TINY 0x21800000u /* 2^-60 */
#define MISH_HI 0x41a00000u /* 20 */
#define MISH_LO 0x44480000u /* 800 (negative side) */

REF_HD int sc_mish(uint32_t xb, double *y, int *t) {
  const uint32_t m = xb & ~REF_SIGN32;
  if (m == 0 || m >= REF_INF32) return 0;
  const double x = (double)u2f(xb);
  if (m < MISH_TINY) { /* 3x/5 + d, d > 0 (reference.c) */
    const double y0 = (3.0 * x) / 5.0, r = fma(y0, 5.0, -3.0 * x); /* r = 5 (y0 - 3x/5), exact */
    *y = y0;
    *t = r > 0 ? 1 : -1;
    return 1;
  }
  return act_tails(xb, MISH_HI, MISH_LO, y, t);
}

#endif
