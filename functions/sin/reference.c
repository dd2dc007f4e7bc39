/* The reference for sin (odd: the engine asks for x >= +0 only and mirrors): MPFR, with
 * +-0 exact; +-inf NaN; 0 < x < 2^-27: x - x^3/6 < sin x < x and x^3/6 < 2^(e-54) as for
 * tanh (functions/tanh/reference.c, range B): x, t = +1. (sin x is irrational at every
 * other binary32 x: sin of a nonzero algebraic number is transcendental, by
 * Lindemann-Weierstrass.)
 * x >= 2^10 (finite): trig_large (reference/trig_reduce.h, with its proof: a
 * Payne-Hanek reduction by pi/2 with exact integer arithmetic, double-double sin or cos
 * of the reduced argument with a proved relative error bound, and Ziv's rounding test
 * with that bound, which declines, leaving the input to MPFR, when it cannot decide).
 * The code, for the host and the device, is in shortcut.h.
 *
 * Series: sin(x + t) from Arb's sine series; entire, so only a non-finite ball is
 * refused. Arb reduces large arguments itself, so the series is right at every finite
 * ball; sin.def's FAST_RANGE lines stop where the table stops paying (consecutive
 * binary32 inputs too far apart for a polynomial to follow the oscillation). */
#include <arb_poly.h>

#include "reference/reference.h"
#include "functions/sin/shortcut.h"
#include "reference/series.h"

int ref_sin_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_sin(y, x, rnd); }

int ref_sin_shortcut(uint32_t xb, double *y, int *t) { return sc_sin(xb, y, t); }

int ref_sin_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x)) return -1;
  return ref_series_at(res, arb_poly_sin_series, x, len, prec);
}
