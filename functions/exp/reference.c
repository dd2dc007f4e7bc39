/* The reference for exp = e^x: MPFR, with the inputs decided without it.
 * +-0 -> 1 exactly; +inf -> +inf, -inf -> +0 exactly. x >= 710: e^x > e^709.79 = 2^1024
 * overflows binary64: +inf, t = +1. x <= -746: e^x < 2^-1076 < 2^-1075, the midpoint
 * below the smallest subnormal: +0, t = -1. 0 < |x| < 2^-55: |e^x - 1| < 2|x| < 2^-54,
 * within half the gap around 1 (2^-53 above, 2^-54 below): 1, with t = -1 for x > 0
 * (e^x > 1) and t = +1 for x < 0 (shortcuts.h). Compared with MPFR at and around each
 * boundary in tests/test_reference.c. */
#include <math.h>

#include "src/common.h"
#include "src/reference/reference.h"
#include "src/reference/shortcuts.h"

int ref_exp_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_exp(y, x, rnd); }

int ref_exp_shortcut(uint32_t xb, double *y, int *t) { return ref_exp_like(xb, y, t, 710.0f, -746.0f, 0x24000000u); }
