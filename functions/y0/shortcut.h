/* shortcut.h: the inputs where y0's reference needs neither the table nor MPFR, for the
 * host and the device (reference/host_device.h): the special inputs and the domain exterior
 * (rb_sc_y_special, reference/shared/bessel_hd.h); the reasons are in reference.c; and
 * every x >= 2^11 by Hankel's expansion (reference/shared/bessel_hankel_hd.h, with its proof). */
#ifndef ULPCERT_SC_Y0_H
#define ULPCERT_SC_Y0_H

#include "reference/host_device.h"
#include "reference/shared/bessel_hd.h"
#include "reference/shared/bessel_hankel_hd.h"

#define Y0_LARGE 0x45000000u /* 2^11: the top of the table (y0.def), Hankel from here */

REF_HD int sc_y0(uint32_t xb, double *y, int *t) {
  if (rb_sc_y_special(xb, y, t)) return 1;
  if (xb >= Y0_LARGE && xb < RB_INF32) return rb_hankel(xb, 0, 1, y, t); /* x > 0 here */
  return 0;
}

#endif
