/* shortcut.h: recip's reference without MPFR on every input but NaN, for the host and
 * the device (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_RECIP_H
#define ULPCERT_SC_RECIP_H

#include "reference/host_device.h"

REF_HD int sc_recip(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & 0x7fffffffu;
  if (m > REF_INF32) return 0; /* NaN: the engine handles it */
  double x = (double)u2f(xb);
  *y = 1.0 / x;
  if (m == 0 || m == REF_INF32) {
    *t = 0;
    return 1;
  }
  double r = fma(-x, *y, 1.0);
  int sr = (r > 0) - (r < 0), sx = (x > 0) - (x < 0);
  *t = -sr * sx;
  return 1;
}

#endif
