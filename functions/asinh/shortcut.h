/* shortcut.h: the inputs where asinh's reference needs no MPFR, for the host and the device
 * (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_ASINH_H
#define ULPCERT_SC_ASINH_H

#include "reference/host_device.h"
#include "reference/shared/elem_hd.h"

#define ASINH_T1 0x32b89ba3u /* 0x1.713746p-26 */

REF_HD int sc_asinh(uint32_t xb, double *y, int *t) {
  if (xb & RE_SIGN32) return 0; /* odd: the engine mirrors */
  if (xb > RE_INF32) return 0;  /* NaN */
  if (xb == 0) { *y = 0.0; *t = 0; return 1; }
  if (xb == RE_INF32) { *y = REF_INF; *t = 0; return 1; }
  if (xb < ASINH_T1) { *y = (double)u2f(xb); *t = 1; return 1; }
  return 0;
}

#endif
