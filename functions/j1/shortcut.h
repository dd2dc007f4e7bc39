/* shortcut.h: the inputs where j1's reference needs neither the table nor MPFR, for the
 * host and the device (reference/host_device.h); the proof is in reference.c ((A), (B), (C)). */
#ifndef ULPCERT_SC_J1_H
#define ULPCERT_SC_J1_H

#include "reference/host_device.h"
#include "reference/shared/bessel_hd.h"
#include "reference/shared/bessel_hankel_hd.h"

#define J1_TINY 0x32cb2ff5u /* 0x1.965feap-26 = 13316085 2^-49 */
#define J1_LARGE 0x45800000u /* 2^12: the top of the table (j1.def), Hankel from here */

REF_HD int sc_j1(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~RB_SIGN32;
  int neg = (xb & RB_SIGN32) != 0;
  if (m > RB_INF32) return 0; /* NaN: the engine handles it */
  if (m == 0 || m == RB_INF32) {
    *y = neg ? -0.0 : 0.0;
    *t = 0;
    return 1;
  }
  if (m <= J1_TINY) {
    *y = (double)u2f(xb) * 0.5; /* exact */
    *t = neg ? -1 : 1;
    return 1;
  }
  if (m >= J1_LARGE) { /* (C); J1 is odd */
    if (!rb_hankel(m, 1, 0, y, t)) return 0;
    if (neg) {
      *y = -*y;
      *t = -*t;
    }
    return 1;
  }
  return 0;
}

#endif
