/* shortcut.h: the inputs where cosh's reference needs no MPFR, for the host and the
 * device (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_COSH_H
#define ULPCERT_SC_COSH_H

#include "reference/host_device.h"

#define COSH_T1 0x32800000u /* 2^-26 */
#define COSH_T2 0x44319e75u /* 0x1.633ceap+9 */

REF_HD int sc_cosh(uint32_t xb, double *y, int *t) {
  if (xb & REF_SIGN32) return 0; /* even: the engine mirrors */
  if (xb > REF_INF32) return 0;  /* NaN */
  if (xb == 0) { *y = 1.0; *t = 0; return 1; }
  if (xb == REF_INF32) { *y = REF_INF; *t = 0; return 1; }
  if (xb < COSH_T1) { *y = 1.0; *t = -1; return 1; }
  if (xb >= COSH_T2) { *y = REF_INF; *t = 1; return 1; }
  return 0;
}

#endif
