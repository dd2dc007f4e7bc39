/* bessel_hd.h: what the Bessel shortcuts (functions/j0, j1, y0, y1, cyl_bessel_i0,
 * cyl_bessel_i1: shortcut.h) share, for the host and the device (reference/host_device.h says
 * what that allows: no mpfr.h, no arb.h here). bessel.h (host only: the series and the
 * referees' helpers) includes it. */
#ifndef ULPCERT_SHARED_BESSEL_HD_H
#define ULPCERT_SHARED_BESSEL_HD_H

#include <stdint.h>

#include "reference/host_device.h"

#define RB_SIGN32 REF_SIGN32
#define RB_INF32 REF_INF32

/* The NaN of Y0 and Y1 at x < 0: the bits that MPFR's mpfr_get_d gives for a NaN on this
 * host (x86-64: the default NaN of 0/0, sign bit set, 0xfff8000000000000), so that the
 * shortcut's answer is MPFR's bit for bit, as refcheck compares them (test_y0.c and
 * test_y1.c check it against mpfr_get_d); to the engine any NaN is a NaN. */
#define RB_NAN (u2d(0xfff8000000000000ull))

/* The special inputs and the domain exterior of Y0 and Y1 (the proofs are in
 * functions/y0/reference.c and functions/y1/reference.c), the same for both:
 *  x = +-0: -inf, t = 0 (the pole); x = +inf: +0, t = 0;
 *  sign bit set, not -0, not NaN (x < 0 and -inf): NaN (RB_NAN), t = 0 (outside the
 *  domain).
 * Returns 1 with (y, t) there, 0 elsewhere (NaN and 0 < x < inf). */
REF_HD int rb_sc_y_special(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & ~RB_SIGN32;
  if (m > RB_INF32) return 0; /* NaN: the engine handles it */
  if (m == 0) { *y = -REF_INF; *t = 0; return 1; }
  if (xb & RB_SIGN32) { *y = RB_NAN; *t = 0; return 1; }
  if (m == RB_INF32) { *y = 0.0; *t = 0; return 1; }
  return 0;
}

#endif
