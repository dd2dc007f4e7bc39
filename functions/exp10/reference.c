/* The reference for exp10 = 10^x: MPFR, with the inputs decided without it, as for exp
 * (functions/exp/reference.c) with 10^309 > DBL_MAX (x >= 309), 10^-324 < 2^-1075
 * (x <= -324) and |10^x - 1| < 3|x| < 2^-54 for |x| < 2^-56 (shortcuts.h). */
#include <math.h>

#include "src/common.h"
#include "src/reference/reference.h"
#include "src/reference/shortcuts.h"

int ref_exp10_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_exp10(y, x, rnd); }

int ref_exp10_shortcut(uint32_t xb, double *y, int *t) {
  return ref_exp_like(xb, y, t, 309.0f, -324.0f, 0x23800000u);
}
