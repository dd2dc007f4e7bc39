/* shortcut.h: the inputs where sinh's reference needs no MPFR, for the host and the
 * device (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_SINH_H
#define ULPCERT_SC_SINH_H

#include "reference/host_device.h"

#define SINH_T1 0x32b89ba3u /* 0x1.713746p-26 */
#define SINH_T2 0x44319e75u /* 0x1.633ceap+9 */

REF_HD int sc_sinh(uint32_t xb, double *y, int *t) {
  if (xb & REF_SIGN32) return 0; /* odd: the engine mirrors */
  if (xb > REF_INF32) return 0;  /* NaN */
  if (xb == 0) { *y = 0.0; *t = 0; return 1; }
  if (xb == REF_INF32) { *y = REF_INF; *t = 0; return 1; }
  if (xb < SINH_T1) { *y = (double)u2f(xb); *t = -1; return 1; }
  if (xb >= SINH_T2) { *y = REF_INF; *t = 1; return 1; }
  return 0;
}

#endif
