/* shortcut.h: the inputs where j0's reference needs neither the table nor MPFR, for the
 * host and the device (reference/host_device.h); the proof is in reference.c ((A), (B), (C)). */
#ifndef ULPCERT_SC_J0_H
#define ULPCERT_SC_J0_H

#include "reference/host_device.h"
#include "reference/shared/bessel_hd.h"
#include "reference/shared/bessel_hankel_hd.h"

#define J0_TINY 0x32800000u /* 2^-26 */
#define J0_LARGE 0x45800000u /* 2^12: the top of the table (j0.def), Hankel from here */

REF_HD int sc_j0(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~RB_SIGN32; /* even */
  if (m > RB_INF32) return 0;   /* NaN: the engine handles it */
  if (m == 0) { *y = 1.0; *t = 0; return 1; }
  if (m == RB_INF32) { *y = 0.0; *t = 0; return 1; }
  if (m <= J0_TINY) { *y = 1.0; *t = 1; return 1; }
  if (m >= J0_LARGE) return rb_hankel(m, 0, 0, y, t); /* (C) */
  return 0;
}

#endif
