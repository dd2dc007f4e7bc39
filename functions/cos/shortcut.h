/* shortcut.h: the inputs where cos's reference needs no MPFR, for the host and the device
 * (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_COS_H
#define ULPCERT_SC_COS_H

#include "reference/host_device.h"
#include "reference/trig_reduce.h"

/* 2^10: from here up (past the FAST_RANGE of cos.def) trig_large decides, without MPFR
 * (its proof is in reference/trig_reduce.h) */
#define COS_LARGE 0x44800000u

REF_HD int sc_cos(uint32_t xb, double *y, int *t) {
  if (xb & REF_SIGN32) return 0; /* even: the engine mirrors */
  if (xb == 0) { *y = 1.0; *t = 0; return 1; }
  if (xb == REF_INF32) { *y = REF_NAN; *t = 0; return 1; }
  if (xb < 0x32000000u) { *y = 1.0; *t = 1; return 1; }
  if (xb >= COS_LARGE && xb < REF_INF32) return trig_large(xb, TRIG_COS, y, t);
  return 0;
}

#endif
