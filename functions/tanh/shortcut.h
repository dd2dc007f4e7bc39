/* shortcut.h: the inputs where tanh's reference needs no MPFR, for the host and the
 * device (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_TANH_H
#define ULPCERT_SC_TANH_H

#include "reference/host_device.h"

#define TANH_TINY 0x32000000u   /* 2^-27 */
#define TANH_SERIES 0x3d800000u /* 2^-4 */
#define TANH_ONE 0x41988000u    /* 19.0625 = 0x1.31p4 */

REF_HD int sc_tanh(uint32_t xb, double *y, int *t) {
  if (xb & REF_SIGN32) return 0; /* the engine only asks for x >= +0 */
  if (xb == 0) { *y = 0.0; *t = 0; return 1; }
  if (xb == REF_INF32) { *y = 1.0; *t = 0; return 1; }
  if (xb > REF_INF32) return 0; /* NaN: the engine handles it */
  if (xb >= TANH_ONE) { *y = 1.0; *t = 1; return 1; }
  double x = (double)u2f(xb);
  if (xb < TANH_TINY) { *y = x; *t = 1; return 1; }
  if (xb >= TANH_SERIES) return 0;
  /* (C) */
  double s = x * x;
  double q = -929569.0 / 638512875.0;
  q = fma(q, s, 21844.0 / 6081075.0);
  q = fma(q, s, -1382.0 / 155925.0);
  q = fma(q, s, 62.0 / 2835.0);
  q = fma(q, s, -17.0 / 315.0);
  q = fma(q, s, 2.0 / 15.0);
  q = fma(q, s, -1.0 / 3.0);
  double lo = (x * s) * q;
  /* E rounded upward: the factor (1 + 2^-20) covers the one rounding of the sum. */
  double err = (fabs(lo) * 0x1p-49 + x * 0x1p-73) * (1.0 + 0x1p-20);
  double yy = x + lo;
  double r = lo - (yy - x);
  double ar = fabs(r);
  if (!(ar > err)) return 0;
  /* binary64 neighbour of yy > 0 on r's side: adjacent bit pattern */
  double nb = u2d(d2u(yy) + (r > 0 ? 1 : -1));
  double half = 0.5 * fabs(nb - yy);
  if (!(ar + err < half)) return 0;
  *y = yy;
  *t = r > 0 ? -1 : 1;
  return 1;
}

#endif
