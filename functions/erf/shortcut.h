/* shortcut.h: the inputs where erf's reference needs no MPFR, for the host and the
 * device (reference/host_device.h, reference/shared/special_hd.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_ERF_H
#define ULPCERT_SC_ERF_H

#include "reference/host_device.h"
#include "reference/shared/special_hd.h"

#define ERF_SMALL 0x39800000u /* 2^-12 */
#define ERF_ONE 0x40bd7dacu   /* 5.9215908050537109375 */

REF_HD int sc_erf(uint32_t xb, double *y, int *t) {
  /* (B)'s data: C = 2/sqrt(pi) as C_hi + C_lo, a1 = -1/3, a2 = 1/10, a3 = -1/42, tail 2^-7 */
  const struct rs_oddser erf_ser = {
      0x1.20dd750429b6dp+0, 0x1.1ae3a914fed80p-56, -1.0 / 3.0, 1.0 / 10.0, -1.0 / 42.0, 0x1p-7,
  };
  if (xb & RS_SIGN32) return 0; /* odd: the engine mirrors */
  if (xb == 0) { *y = 0.0; *t = 0; return 1; }
  if (xb == RS_INF32) { *y = 1.0; *t = 0; return 1; }
  if (xb > RS_INF32) return 0; /* NaN */
  if (xb >= ERF_ONE) { *y = 1.0; *t = 1; return 1; }
  if (xb < ERF_SMALL) {
    double hi, lo, err;
    rs_odd_small((double)u2f(xb), &erf_ser, &hi, &lo, &err);
    return rs_decide(hi, lo, err, y, t);
  }
  return 0;
}

#endif
