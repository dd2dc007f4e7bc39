/* shortcut.h: sqrt's reference without MPFR on every input but NaN, for the host and
 * the device (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_SQRT_H
#define ULPCERT_SC_SQRT_H

#include "reference/host_device.h"
#include "reference/shared/elem_hd.h"

REF_HD int sc_sqrt(uint32_t xb, double *y, int *t) {
  if ((xb & 0x7fffffffu) > REF_INF32) return 0; /* NaN: the engine handles it */
  double x = (double)u2f(xb);
  if (x < 0) {
    *y = RE_NAN;
    *t = 0;
    return 1;
  }
  *y = sqrt(x);
  if (x == 0 || xb == REF_INF32) {
    *t = 0;
    return 1;
  }
  double r = fma(-*y, *y, x);
  *t = (r < 0) - (r > 0); /* -sign(r) */
  return 1;
}

#endif
