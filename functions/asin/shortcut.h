/* shortcut.h: the inputs where asin's reference needs no MPFR, for the host and the device
 * (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_ASIN_H
#define ULPCERT_SC_ASIN_H

#include "reference/host_device.h"
#include "reference/shared/elem_hd.h"

#define ASIN_T1 0x32b89ba3u /* 0x1.713746p-26 */
#define ASIN_ONE32 0x3f800000u

REF_HD int sc_asin(uint32_t xb, double *y, int *t) {
  if (xb & RE_SIGN32) return 0; /* odd: the engine mirrors */
  if (xb > RE_INF32) return 0;  /* NaN */
  if (xb == 0) { *y = 0.0; *t = 0; return 1; }
  if (xb < ASIN_T1) { *y = (double)u2f(xb); *t = -1; return 1; }
  if (xb == ASIN_ONE32) { *y = RE_PIO2_RN; *t = -1; return 1; }
  if (xb > ASIN_ONE32) { *y = RE_NAN; *t = 0; return 1; }
  return 0;
}

#endif
