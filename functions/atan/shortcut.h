/* shortcut.h: the inputs where atan's reference needs no MPFR, for the host and the device
 * (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_ATAN_H
#define ULPCERT_SC_ATAN_H

#include "reference/host_device.h"
#include "reference/shared/elem_hd.h"

#define ATAN_T1 0x32689769u  /* 0x1.d12ed2p-27 */
#define ATAN_UP0 0x59b00000u /* 0x1.6p52: from here ... */
#define ATAN_UP1 0x5a600000u /* ... to below 0x1.cp53: (Y0, +1) */
#define ATAN_DN 0x5a700000u  /* 0x1.ep53 and above: (Y0, -1) */

REF_HD int sc_atan(uint32_t xb, double *y, int *t) {
  if (xb & RE_SIGN32) return 0; /* odd: the engine mirrors */
  if (xb > RE_INF32) return 0;  /* NaN */
  if (xb == 0) { *y = 0.0; *t = 0; return 1; }
  if (xb < ATAN_T1) { *y = (double)u2f(xb); *t = 1; return 1; }
  if (xb >= ATAN_DN) { *y = RE_PIO2_RN; *t = -1; return 1; } /* +inf included */
  if (xb >= ATAN_UP0 && xb < ATAN_UP1) { *y = RE_PIO2_RN; *t = 1; return 1; }
  return 0;
}

#endif
