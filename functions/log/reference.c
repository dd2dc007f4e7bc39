/* The reference for log = ln x: MPFR, with the inputs decided without it:
 * x < 0 NaN, +-0 -inf (a pole), +inf +inf, 1 -> 0 exactly. */
#include <math.h>

#include "src/common.h"
#include "src/reference/reference.h"

int ref_log_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_log(y, x, rnd); }

int ref_log_shortcut(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & 0x7fffffffu;
  if (m > 0x7f800000u) return 0;
  *t = 0;
  if (m == 0) { *y = -INFINITY; return 1; }
  if (xb >> 31) { *y = NAN; return 1; }
  if (m == 0x7f800000u) { *y = INFINITY; return 1; }
  if (xb == 0x3f800000u) { *y = 0.0; return 1; }
  return 0;
}
