/* shortcut.h: the inputs where log10's reference needs no MPFR, for the host and the
 * device (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_LOG10_H
#define ULPCERT_SC_LOG10_H

#include "reference/host_device.h"

REF_HD int sc_log10(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~REF_SIGN32;
  if (m > REF_INF32) return 0; /* NaN */
  *t = 0;
  if (m == 0) { *y = -REF_INF; return 1; }
  if (xb & REF_SIGN32) { *y = REF_NAN; return 1; }
  if (xb == REF_INF32) { *y = REF_INF; return 1; }
  /* 10^k for k <= 10 is exact in binary64 (and binary32): every product below is exact */
  double x = (double)u2f(xb), p = 1.0;
  for (int k = 0; k <= 10; k++, p *= 10.0)
    if (x == p) { *y = (double)k; return 1; }
  return 0;
}

#endif
