/* shortcut.h: the inputs where acos's reference needs no MPFR, for the host and the device
 * (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_ACOS_H
#define ULPCERT_SC_ACOS_H

#include "reference/host_device.h"
#include "reference/shared/elem_hd.h"

#define ACOS_ONE32 0x3f800000u
#define ACOS_POS_LOW 0x248c0000u  /* 0x1.18p-54: +0 <= x below it: (Y0, -1) */
#define ACOS_POS_HIGH0 0x24900000u /* 0x1.2p-54: from here ... */
#define ACOS_POS_HIGH1 0x25400000u /* ... to below 0x1.8p-53: (Y0, +1) */
#define ACOS_NEG_LOW 0x24600000u  /* 0x1.cp-55: -0 >= x above minus it: (Y0, -1) */

REF_HD int sc_acos(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~RE_SIGN32;
  int neg = (xb & RE_SIGN32) != 0;
  if (m > RE_INF32) return 0; /* NaN */
  if (m > ACOS_ONE32) { *y = RE_NAN; *t = 0; return 1; }
  if (m == ACOS_ONE32) { *y = neg ? 2 * RE_PIO2_RN : 0.0; *t = neg ? -1 : 0; return 1; }
  if (neg ? m < ACOS_NEG_LOW : m < ACOS_POS_LOW) { *y = RE_PIO2_RN; *t = -1; return 1; }
  if (!neg && m >= ACOS_POS_HIGH0 && m < ACOS_POS_HIGH1) { *y = RE_PIO2_RN; *t = 1; return 1; }
  return 0;
}

#endif
