/* shortcut.h: the inputs where log1p's reference needs no MPFR, for the host and the
 * device (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_LOG1P_H
#define ULPCERT_SC_LOG1P_H

#include "reference/host_device.h"

#define LOG1P_T1 0x253504f4u  /* 0x1.6a09e8p-53 */
#define LOG1P_ONE 0x3f800000u /* 1 */

REF_HD int sc_log1p(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~REF_SIGN32;
  int neg = (xb & REF_SIGN32) != 0;
  if (m > REF_INF32) return 0; /* NaN */
  *t = 0;
  if (neg && m > LOG1P_ONE) { *y = REF_NAN; return 1; } /* -inf included */
  if (neg && m == LOG1P_ONE) { *y = -REF_INF; return 1; }
  if (xb == REF_INF32) { *y = REF_INF; return 1; }
  if (m < LOG1P_T1) { *y = (double)u2f(xb); *t = m ? 1 : 0; return 1; } /* +-0 exact */
  return 0;
}

#endif
