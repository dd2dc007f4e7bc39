/* shortcut.h: the inputs where softplus's reference needs no MPFR, for the host and the
 * device (reference/host_device.h); the proof is in reference.c. Infinities and NaN are
 * MPFR's. */
#ifndef ULPCERT_SC_SOFTPLUS_H
#define ULPCERT_SC_SOFTPLUS_H

#include "reference/host_device.h"

#define SOFTPLUS_TINY 0x23800000u /* 2^-56 */
#define SOFTPLUS_HI 0x42200000u   /* 40 */
#define SOFTPLUS_LO 0x44480000u   /* 800 (negative side) */
#define SOFTPLUS_LN2 0x3fe62e42fefa39efull /* RN53(log 2) = 0x1.62e42fefa39efp-1 */

REF_HD int sc_softplus(uint32_t xb, double *y, int *t) {
  const uint32_t m = xb & ~REF_SIGN32;
  const int neg = (xb & REF_SIGN32) != 0;
  if (m >= REF_INF32) return 0;
  const double x = (double)u2f(xb);
  if (m < SOFTPLUS_TINY) { *y = u2d(SOFTPLUS_LN2); *t = -1; return 1; } /* zeros too */
  if (!neg && m >= SOFTPLUS_HI) { *y = x; *t = -1; return 1; }
  if (neg && m >= SOFTPLUS_LO) { *y = 0.0; *t = -1; return 1; }
  return 0;
}

#endif
