/* shortcut.h: the inputs where fabs's reference needs no MPFR (every input but NaN), for the host and
 * the device (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_FABS_H
#define ULPCERT_SC_FABS_H

#include "reference/host_device.h"
#include "reference/shared/elem_hd.h"

REF_HD int sc_fabs(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~RE_SIGN32;
  if (m > RE_INF32) return 0; /* NaN */
  *y = (double)u2f(m);
  *t = 0;
  return 1;
}

#endif
