/* shortcut.h: the inputs where logb's reference needs no MPFR (every input but NaN), for the host and
 * the device (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_LOGB_H
#define ULPCERT_SC_LOGB_H

#include "reference/host_device.h"
#include "reference/shared/elem_hd.h"

REF_HD int sc_logb(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~RE_SIGN32;
  if (m > RE_INF32) return 0; /* NaN */
  *t = 0;
  if (m == 0) *y = -REF_INF;
  else if (m == RE_INF32) *y = REF_INF;
  else if (m < 0x00800000u) *y = (double)(re_bitlen32(m) - 1 - 149);
  else *y = (double)((int)(m >> 23) - 127);
  return 1;
}

#endif
