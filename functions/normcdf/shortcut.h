/* shortcut.h: the inputs where normcdf's reference needs no Arb, for the host and the
 * device (reference/host_device.h, reference/shared/special_hd.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_NORMCDF_H
#define ULPCERT_SC_NORMCDF_H

#include "reference/host_device.h"
#include "reference/shared/special_hd.h"

#define NORMCDF_SMALL 0x39800000u /* 2^-12 */
#define NORMCDF_ONE 0x4104ad89u   /* 8.2923669815063476563 */
#define NORMCDF_ZERO 0x4219f10fu  /* 38.485408782958984375, for x <= -it */

REF_HD int sc_normcdf(uint32_t xb, double *y, int *t) {
  const struct rs_oddser normcdf_ser = {
      0x1.9884533d43651p-2, -0x1.cbc0d30ebfd15p-56, -1.0 / 6.0, 1.0 / 40.0, -1.0 / 336.0, 0x1p-13,
  };
  uint32_t m = xb & ~RS_SIGN32;
  int neg = (xb & RS_SIGN32) != 0;
  if (m > RS_INF32) return 0; /* NaN */
  if (m == 0) { *y = 0.5; *t = 0; return 1; }
  if (m == RS_INF32) { *y = neg ? 0.0 : 1.0; *t = 0; return 1; }
  if (!neg && m >= NORMCDF_ONE) { *y = 1.0; *t = 1; return 1; }
  if (neg && m >= NORMCDF_ZERO) { *y = 0.0; *t = -1; return 1; }
  if (m < NORMCDF_SMALL) {
    double hi, lo, err, H, L, E;
    rs_odd_small((double)u2f(m), &normcdf_ser, &hi, &lo, &err);
    rs_add_const(0.5, neg ? -1 : 1, hi, lo, err, &H, &L, &E);
    return rs_decide(H, L, E, y, t);
  }
  return 0;
}

#endif
