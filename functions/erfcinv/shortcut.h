/* shortcut.h: the inputs where erfcinv's reference needs no Arb, for the host and the
 * device (reference/host_device.h, reference/shared/special_hd.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_ERFCINV_H
#define ULPCERT_SC_ERFCINV_H

#include "reference/host_device.h"
#include "reference/shared/special_hd.h"

#define ERFCINV_ONE32 0x3f800000u
#define ERFCINV_TWO32 0x40000000u

REF_HD int sc_erfcinv(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~RS_SIGN32;
  if (m > RS_INF32) return 0; /* NaN */
  *t = 0;
  if (m == 0) { *y = REF_INF; return 1; }
  if (xb & RS_SIGN32) { *y = RS_NAN; return 1; }
  if (xb == ERFCINV_ONE32) { *y = 0.0; return 1; }
  if (xb == ERFCINV_TWO32) { *y = -REF_INF; return 1; }
  if (xb > ERFCINV_TWO32) { *y = RS_NAN; return 1; }
  return 0;
}

#endif
