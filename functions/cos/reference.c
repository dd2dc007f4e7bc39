/* The reference for cos (even: the engine asks for x >= +0 only and mirrors): MPFR, with
 * 0 -> 1 exactly; +-inf NaN; 0 < x < 2^-27: 1 - x^2/2 < cos x < 1 and x^2/2 < 2^-55, below
 * half the gap under 1 (2^-54): 1, t = +1. (cos x is irrational at every other binary32 x,
 * by Lindemann-Weierstrass.)
 * x >= 2^10 (finite): trig_large (reference/trig_reduce.h, with its proof: a
 * Payne-Hanek reduction by pi/2 with exact integer arithmetic, double-double sin or cos
 * of the reduced argument with a proved relative error bound, and Ziv's rounding test
 * with that bound, which declines, leaving the input to MPFR, when it cannot decide).
 * The code, for the host and the device, is in shortcut.h.
 *
 * Series: cos(x + t) from Arb's cosine series; entire, so only a non-finite ball is
 * refused. As for sin, cos.def's FAST_RANGE lines stop where the table stops paying. */
#include <arb_poly.h>

#include "reference/reference.h"
#include "functions/cos/shortcut.h"
#include "reference/series.h"

int ref_cos_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_cos(y, x, rnd); }

int ref_cos_shortcut(uint32_t xb, double *y, int *t) { return sc_cos(xb, y, t); }

int ref_cos_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  return ref_series_at(res, arb_poly_cos_series, x, len, prec);
}
