/* shortcut.h: the inputs where erfinv's reference needs no Arb, for the host and the
 * device (reference/host_device.h, reference/shared/special_hd.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_ERFINV_H
#define ULPCERT_SC_ERFINV_H

#include "reference/host_device.h"
#include "reference/shared/special_hd.h"

#define ERFINV_SMALL 0x39800000u /* 2^-12 */
#define ERFINV_ONE32 0x3f800000u

REF_HD int sc_erfinv(uint32_t xb, double *y, int *t) {
  const struct rs_oddser erfinv_ser = {
      0x1.c5bf891b4ef6bp-1, -0x1.618f13eb7ca89p-55, 0x1.0c152382d7366p-2, 0x1.26c5ade6d5247p-3,
      0x1.9007ba3c74069p-4, 0x1p-3,
  };
  if (xb & RS_SIGN32) return 0; /* odd: the engine mirrors */
  if (xb > RS_INF32) return 0;  /* NaN */
  if (xb == 0) { *y = 0.0; *t = 0; return 1; }
  if (xb == ERFINV_ONE32) { *y = REF_INF; *t = 0; return 1; }
  if (xb > ERFINV_ONE32) { *y = RS_NAN; *t = 0; return 1; }
  if (xb < ERFINV_SMALL) {
    double hi, lo, err;
    rs_odd_small((double)u2f(xb), &erfinv_ser, &hi, &lo, &err);
    return rs_decide(hi, lo, err, y, t);
  }
  return 0;
}

#endif
