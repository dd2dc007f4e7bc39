/* shortcut.h: rcbrt's reference without MPFR on every input but NaN (exact integer
 * comparisons, reference/shared/elem_hd.h), for the host and the device
 * (reference/host_device.h); the proof is in reference.c. */
#ifndef ULPCERT_SC_RCBRT_H
#define ULPCERT_SC_RCBRT_H

#include "reference/host_device.h"
#include "reference/shared/elem_hd.h"

REF_HD int sc_rcbrt(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~REF_SIGN32;
  if (m > REF_INF32) return 0; /* NaN: the engine handles it */
  int neg = (xb & REF_SIGN32) != 0, q;
  double r;
  if (m == 0 || m == REF_INF32) { /* +-0: +-inf, +-inf: +-0, exactly */
    r = m == 0 ? REF_INF : 0.0;
    *t = 0;
  } else {
    double c = re_cbrt_estimate(m, &q);
    if (!re_alg_round(RE_ALG_RCBRT, m, ldexp(1.0 / c, -q), &r, t)) return 0;
  }
  *y = neg ? -r : r; /* odd: RN53 and t change sign with x */
  if (neg) *t = -*t;
  return 1;
}

#endif
