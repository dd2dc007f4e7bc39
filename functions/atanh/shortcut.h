/* shortcut.h: the inputs where atanh's reference needs no MPFR, for the host and the device
 * (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_ATANH_H
#define ULPCERT_SC_ATANH_H

#include "reference/host_device.h"
#include "reference/shared/elem_hd.h"

#define ATANH_T1 0x32689769u /* 0x1.d12ed2p-27 */
#define ATANH_ONE32 0x3f800000u

REF_HD int sc_atanh(uint32_t xb, double *y, int *t) {
  if (xb & RE_SIGN32) return 0; /* odd: the engine mirrors */
  if (xb > RE_INF32) return 0;  /* NaN */
  *t = 0;
  if (xb == 0) { *y = 0.0; return 1; }
  if (xb == ATANH_ONE32) { *y = REF_INF; return 1; }
  if (xb > ATANH_ONE32) { *y = RE_NAN; return 1; }
  if (xb < ATANH_T1) { *y = (double)u2f(xb); *t = -1; return 1; }
  return 0;
}

#endif
