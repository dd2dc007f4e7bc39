/* shortcut.h: the inputs where sinpi's reference needs no MPFR, for the host and the
 * device (reference/host_device.h); the proof is in reference.c
 * and, for [2^10, 2^23), beside trig_halfturns (reference/trig_reduce.h). */
#ifndef ULPCERT_SC_SINPI_H
#define ULPCERT_SC_SINPI_H

#include "reference/host_device.h"
#include "reference/trig_reduce.h"

REF_HD int sc_sinpi(uint32_t xb, double *y, int *t) {
  if (xb & REF_SIGN32) return 0; /* odd: the engine mirrors */
  if (xb > REF_INF32) return 0;  /* NaN */
  *t = 0;
  if (xb == REF_INF32) { *y = REF_NAN; return 1; }
  if (xb >= 0x4b000000u || xb == 0) { *y = 0.0; return 1; } /* 0 and x >= 2^23: integers */
  double two = 2.0 * (double)u2f(xb); /* exact, below 2^24 */
  int32_t k = (int32_t)two;
  if ((double)k != two) return trig_halfturns(xb, TRIG_SIN, y, t); /* 2x not an integer: [2^10, 2^23) */
  if (!(k & 1)) { *y = 0.0; return 1; } /* x = k/2 an integer */
  *y = ((k - 1) / 2) & 1 ? -1.0 : 1.0;  /* x = n + 1/2, n = (k-1)/2 */
  return 1;
}

#endif
