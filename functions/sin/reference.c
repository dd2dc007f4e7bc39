/* The reference for sin (odd: the engine asks for x >= +0 only and mirrors): MPFR, with
 * +-0 exact; +-inf NaN; 0 < x < 2^-27: x - x^3/6 < sin x < x and x^3/6 < 2^(e-54) as for
 * tanh (functions/tanh/reference.c, range B): x, t = +1. */
#include <math.h>

#include "src/common.h"
#include "src/reference/reference.h"

int ref_sin_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_sin(y, x, rnd); }

int ref_sin_shortcut(uint32_t xb, double *y, int *t) {
  if (xb & SIGN32) return 0; /* odd: the engine mirrors */
  if (xb == 0) { *y = 0.0; *t = 0; return 1; }
  if (xb == 0x7f800000u) { *y = NAN; *t = 0; return 1; }
  if (xb < 0x32000000u) { *y = (double)u2f(xb); *t = 1; return 1; }
  return 0;
}
