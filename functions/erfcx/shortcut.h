/* shortcut.h: the inputs where erfcx's reference needs no Arb, for the host and the
 * device (reference/host_device.h, reference/shared/special_hd.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_ERFCX_H
#define ULPCERT_SC_ERFCX_H

#include "reference/host_device.h"
#include "reference/shared/special_hd.h"

#define ERFCX_SMALL 0x39800000u /* 2^-12 */
#define ERFCX_LARGE 0x45800000u /* 2^12 */
#define ERFCX_INF 0x41d507d8u   /* 26.6288299560546875, for x <= -it */

/* (C): |x| < 2^-12 */
REF_HD int sc_erfcx_small(double ax, int neg, double *y, int *t) {
  const struct rs_oddser erfcx_odd = {
      0x1.20dd750429b6dp+0, 0x1.1ae3a914fed80p-56, 2.0 / 3.0, 4.0 / 15.0, 8.0 / 105.0, 0x1p-5,
  };
  double hi, lo, err;
  rs_odd_small(ax, &erfcx_odd, &hi, &lo, &err);
  double sh = neg ? hi : -hi, sl = neg ? lo : -lo; /* -sigma (hi, lo) */
  double H = 1.0 + sh;
  double e1 = sh - (H - 1.0);
  double s = ax * ax;
  double v = s * s;
  double P = v * fma(s, 1.0 / 6.0, 0.5);
  double P1 = e1 + s;
  double P2 = P1 + P;
  double L = P2 + sl;
  double E = (err + 0x1p-52 * v + 0x1p-53 * (fabs(P1) + fabs(P2) + fabs(L)) + 0x1p-76 * s) * (1.0 + 0x1p-20);
  return rs_decide(H, L, E, y, t);
}

/* (D): x >= 2^12 */
REF_HD int sc_erfcx_large(double x, double *y, int *t) {
  const double c_hi = 0x1.20dd750429b6dp-1, c_lo = 0x1.1ae3a914fed80p-57;
  double h = c_hi / x;
  double rho = fma(-h, x, c_hi);
  double l = (rho + c_lo) / x;
  double s = x * x;
  double V = 0.5 / s;
  double W = V * fma(V, fma(-15.0, V, 3.0), -1.0);
  double t1 = h * W;
  double lo = l + t1;
  double err = (0x1p-103 * h + 0x1p-50 * fabs(t1)) * (1.0 + 0x1p-20);
  return rs_decide(h, lo, err, y, t);
}

REF_HD int sc_erfcx(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~RS_SIGN32;
  int neg = (xb & RS_SIGN32) != 0;
  if (m > RS_INF32) return 0; /* NaN */
  if (m == 0) { *y = 1.0; *t = 0; return 1; }
  if (m == RS_INF32) { *y = neg ? REF_INF : 0.0; *t = 0; return 1; }
  if (neg && m >= ERFCX_INF) { *y = REF_INF; *t = 1; return 1; }
  if (m < ERFCX_SMALL) return sc_erfcx_small((double)u2f(m), neg, y, t);
  if (!neg && m >= ERFCX_LARGE) return sc_erfcx_large((double)u2f(m), y, t);
  return 0;
}

#endif
