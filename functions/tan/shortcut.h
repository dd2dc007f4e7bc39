/* shortcut.h: the inputs where tan's reference needs no MPFR, for the host and the device
 * (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_TAN_H
#define ULPCERT_SC_TAN_H

#include "reference/host_device.h"
#include "reference/trig_reduce.h"

/* 2^10: from here up (past the FAST_RANGE of tan.def) trig_large decides, without MPFR
 * (its proof is in reference/trig_reduce.h) */
#define TAN_LARGE 0x44800000u

#define TAN_T1 0x32689769u /* 0x1.d12ed2p-27 */

REF_HD int sc_tan(uint32_t xb, double *y, int *t) {
  if (xb & REF_SIGN32) return 0; /* odd: the engine mirrors */
  if (xb > REF_INF32) return 0;  /* NaN */
  if (xb == 0) { *y = 0.0; *t = 0; return 1; }
  if (xb == REF_INF32) { *y = REF_NAN; *t = 0; return 1; }
  if (xb < TAN_T1) { *y = (double)u2f(xb); *t = -1; return 1; }
  if (xb >= TAN_LARGE && xb < REF_INF32) return trig_large(xb, TRIG_TAN, y, t);
  return 0;
}

#endif
