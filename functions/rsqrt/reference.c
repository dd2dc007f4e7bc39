/* The reference for rsqrt = 1/sqrt(x), with IEEE 754's rSqrt at zero: rSqrt(+-0) =
 * +-inf (MPFR's rec_sqrt gives +inf for -0: both the referee and the shortcut decide -0
 * as IEEE does). x < 0: NaN. x = +inf: +0 exactly. x = 4^k: 2^-k exactly, t = 0. */
#include <math.h>

#include "src/common.h"
#include "src/reference/reference.h"
#include "src/reference/shortcuts.h"

int ref_rsqrt_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_zero_p(x) && mpfr_signbit(x)) {
    mpfr_set_inf(y, -1);
    return 0;
  }
  return mpfr_rec_sqrt(y, x, rnd);
}

int ref_rsqrt_shortcut(uint32_t xb, double *y, int *t) {
  uint32_t m = xb & 0x7fffffffu;
  if (m > 0x7f800000u) return 0;
  int k;
  *t = 0;
  if (m == 0) { *y = (xb >> 31) ? -INFINITY : INFINITY; return 1; }
  if (xb >> 31) { *y = NAN; return 1; }
  if (m == 0x7f800000u) { *y = 0.0; return 1; }
  if (ref_pow2_exponent(m, &k) && !(k & 1)) { *y = ldexp(1.0, -k / 2); return 1; }
  return 0;
}
