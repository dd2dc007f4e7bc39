/* shortcut.h: the inputs where acosh's reference needs no MPFR, for the host and the device
 * (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_ACOSH_H
#define ULPCERT_SC_ACOSH_H

#include "reference/host_device.h"
#include "reference/shared/elem_hd.h"

#define ACOSH_ONE32 0x3f800000u

REF_HD int sc_acosh(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~RE_SIGN32;
  if (m > RE_INF32) return 0; /* NaN */
  *t = 0;
  if ((xb & RE_SIGN32) || xb < ACOSH_ONE32) { *y = RE_NAN; return 1; }
  if (xb == ACOSH_ONE32) { *y = 0.0; return 1; }
  if (xb == RE_INF32) { *y = REF_INF; return 1; }
  return 0;
}

#endif
