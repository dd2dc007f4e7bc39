/* shortcut.h: the inputs where cospi's reference needs no MPFR, for the host and the
 * device (reference/host_device.h); the proof is in reference.c
 * and, for [2^10, 2^23), beside trig_halfturns (reference/trig_reduce.h). */
#ifndef ULPCERT_SC_COSPI_H
#define ULPCERT_SC_COSPI_H

#include "reference/host_device.h"
#include "reference/trig_reduce.h"

#define COSPI_T1 0x31667b22u /* 0x1.ccf644p-29 */

REF_HD int sc_cospi(uint32_t xb, double *y, int *t) {
  if (xb & REF_SIGN32) return 0; /* even: the engine mirrors */
  if (xb > REF_INF32) return 0;  /* NaN */
  *t = 0;
  if (xb == REF_INF32) { *y = REF_NAN; return 1; }
  if (xb == 0 || xb >= 0x4b800000u) { *y = 1.0; return 1; }         /* 0 and x >= 2^24: even */
  if (xb >= 0x4b000000u) { *y = (xb & 1) ? -1.0 : 1.0; return 1; } /* [2^23, 2^24): x = significand */
  if (xb < COSPI_T1) { *y = 1.0; *t = 1; return 1; }
  double two = 2.0 * (double)u2f(xb); /* exact, below 2^24 */
  int32_t k = (int32_t)two;
  if ((double)k != two) return trig_halfturns(xb, TRIG_COS, y, t); /* 2x not an integer: [2^10, 2^23) */
  if (k & 1) { *y = 0.0; return 1; } /* x = n + 1/2: +0 */
  *y = (k / 2) & 1 ? -1.0 : 1.0;     /* x = k/2 an integer */
  return 1;
}

#endif
