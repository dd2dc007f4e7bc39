/* shortcut.h: the inputs where erfc's reference needs no MPFR, for the host and the
 * device (reference/host_device.h, reference/shared/special_hd.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_ERFC_H
#define ULPCERT_SC_ERFC_H

#include "reference/host_device.h"
#include "reference/shared/special_hd.h"

#define ERFC_SMALL 0x39800000u /* 2^-12 */
#define ERFC_ZERO 0x41d9cee3u  /* 27.226018905639648438 */
#define ERFC_TWO 0x40bba284u   /* 5.8635883331298828125, for x <= -it */

REF_HD int sc_erfc(uint32_t xb, double *y, int *t) {
  /* (B)'s data: erf's (functions/erf/reference.c, range (B)) */
  const struct rs_oddser erf_ser = {
      0x1.20dd750429b6dp+0, 0x1.1ae3a914fed80p-56, -1.0 / 3.0, 1.0 / 10.0, -1.0 / 42.0, 0x1p-7,
  };
  uint32_t m = xb & ~RS_SIGN32;
  int neg = (xb & RS_SIGN32) != 0;
  if (m > RS_INF32) return 0; /* NaN */
  if (m == 0) { *y = 1.0; *t = 0; return 1; }
  if (m == RS_INF32) { *y = neg ? 2.0 : 0.0; *t = 0; return 1; }
  if (!neg && m >= ERFC_ZERO) { *y = 0.0; *t = -1; return 1; }
  if (neg && m >= ERFC_TWO) { *y = 2.0; *t = 1; return 1; }
  if (m < ERFC_SMALL) {
    double hi, lo, err, H, L, E;
    rs_odd_small((double)u2f(m), &erf_ser, &hi, &lo, &err);
    rs_add_const(1.0, neg ? 1 : -1, hi, lo, err, &H, &L, &E);
    return rs_decide(H, L, E, y, t);
  }
  return 0;
}

#endif
