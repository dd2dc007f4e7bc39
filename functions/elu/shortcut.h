/* shortcut.h: the inputs where elu's reference needs no MPFR, for the host and the
 * device (reference/host_device.h); the proof is in reference.c. Zeros, infinities and NaN
 * are MPFR's. */
#ifndef ULPCERT_SC_ELU_H
#define ULPCERT_SC_ELU_H

#include "reference/host_device.h"

#define ELU_TINY 0x25000000u /* 2^-53 */
#define ELU_LO 0x42200000u   /* 40 (negative side) */

REF_HD int sc_elu(uint32_t xb, double *y, int *t) {
  const uint32_t m = xb & ~REF_SIGN32;
  const int neg = (xb & REF_SIGN32) != 0;
  if (m == 0 || m >= REF_INF32) return 0;
  const double x = (double)u2f(xb);
  if (!neg) { *y = x; *t = 0; return 1; } /* x itself */
  if (m < ELU_TINY) { *y = x; *t = -1; return 1; }
  if (m >= ELU_LO) { *y = -1.0; *t = -1; return 1; }
  return 0;
}

#endif
