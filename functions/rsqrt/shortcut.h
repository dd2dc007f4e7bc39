/* shortcut.h: rsqrt's reference without MPFR on every input but NaN (exact integer
 * comparisons, reference/shared/elem_hd.h), for the host and the device
 * (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_RSQRT_H
#define ULPCERT_SC_RSQRT_H

#include "reference/host_device.h"
#include "reference/shared/elem_hd.h"

REF_HD int sc_rsqrt(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & 0x7fffffffu;
  if (m > REF_INF32) return 0; /* NaN: the engine handles it */
  *t = 0;
  if (m == 0) { *y = (xb >> 31) ? -REF_INF : REF_INF; return 1; }
  if (xb >> 31) { *y = RE_NAN; return 1; }
  if (m == REF_INF32) { *y = 0.0; return 1; }
  return re_alg_round(RE_ALG_RSQRT, xb, 1.0 / sqrt((double)u2f(xb)), y, t);
}

#endif
