/* The reference for log2: MPFR, with the inputs decided without it:
 * x < 0 (and -inf): undefined, NaN. x = +-0: -inf exactly (a pole). x = +inf: +inf.
 * x = 2^k (a power of two, subnormals included): k exactly, t = 0. */
#include <math.h>

#include "src/common.h"
#include "src/reference/reference.h"
#include "src/reference/shortcuts.h"

int ref_log2_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_log2(y, x, rnd); }

int ref_log2_shortcut(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & 0x7fffffffu;
  if (m > 0x7f800000u) return 0;
  int k;
  *t = 0;
  if (m == 0) { *y = -INFINITY; return 1; }
  if (xb >> 31) { *y = NAN; return 1; }
  if (m == 0x7f800000u) { *y = INFINITY; return 1; }
  if (ref_pow2_exponent(m, &k)) { *y = (double)k; return 1; }
  return 0;
}
