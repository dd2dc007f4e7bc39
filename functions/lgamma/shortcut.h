/* shortcut.h: the inputs where lgamma's reference needs no MPFR, for the host and the
 * device (reference/host_device.h, reference/shared/special_hd.h); the proof is in reference.c
 * and, for rs_lgamma_core and the arithmetic under it, in reference/shared/special_hd.h. */
#ifndef ULPCERT_SC_LGAMMA_H
#define ULPCERT_SC_LGAMMA_H

#include "reference/host_device.h"
#include "reference/shared/special_hd.h"

#define LG_ONE32 0x3f800000u
#define LG_TWO32 0x40000000u
#define LG_INT32 0x4b000000u /* 2^23: every binary32 from here on is an integer */

REF_HD int sc_lgamma(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~RS_SIGN32;
  int neg = (xb & RS_SIGN32) != 0;
  if (m > RS_INF32) return 0; /* NaN */
  if (m == 0 || m == RS_INF32) { *y = REF_INF; *t = 0; return 1; }
  if (xb == LG_ONE32 || xb == LG_TWO32) { *y = 0.0; *t = 0; return 1; }
  double x = (double)u2f(xb); /* exact */
  if (neg && (m >= LG_INT32 || floor(x) == x)) { *y = REF_INF; *t = 0; return 1; }
  /* (B) */
  struct rs_dde r;
  int sg;
  if (!rs_lgamma_core(x, &r, &sg)) return 0;
  return rs_decide(r.h, r.l, r.e, y, t);
}

#endif
