/* The reference for cos (even: the engine asks for x >= +0 only and mirrors): MPFR, with
 * 0 -> 1 exactly; +-inf NaN; 0 < x < 2^-27: 1 - x^2/2 < cos x < 1 and x^2/2 < 2^-55, below
 * half the gap under 1 (2^-54): 1, t = +1. */
#include <math.h>

#include "src/common.h"
#include "src/reference/reference.h"

int ref_cos_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_cos(y, x, rnd); }

int ref_cos_shortcut(uint32_t xb, double *y, int *t) {
  if (xb & SIGN32) return 0; /* even: the engine mirrors */
  if (xb == 0) { *y = 1.0; *t = 0; return 1; }
  if (xb == 0x7f800000u) { *y = NAN; *t = 0; return 1; }
  if (xb < 0x32000000u) { *y = 1.0; *t = 1; return 1; }
  return 0;
}
