/* shortcut.h: the inputs where expm1's reference needs no MPFR, for the host and the
 * device (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_EXPM1_H
#define ULPCERT_SC_EXPM1_H

#include "reference/host_device.h"

#define EXPM1_T1 0x253504f4u /* 0x1.6a09e8p-53 */
#define EXPM1_T2 0x44317218u /* 0x1.62e43p+9 */
#define EXPM1_T3 0x4215b845u /* 0x1.2b708ap+5 */

REF_HD int sc_expm1(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~REF_SIGN32;
  int neg = (xb & REF_SIGN32) != 0;
  if (m > REF_INF32) return 0; /* NaN */
  if (m == REF_INF32) { *y = neg ? -1.0 : REF_INF; *t = 0; return 1; }
  if (m < EXPM1_T1) { *y = (double)u2f(xb); *t = m ? -1 : 0; return 1; } /* +-0 exact */
  if (!neg && m >= EXPM1_T2) { *y = REF_INF; *t = 1; return 1; }
  if (neg && m >= EXPM1_T3) { *y = -1.0; *t = -1; return 1; }
  return 0;
}

#endif
