/* The reference for rsqrt = 1/sqrt(x), answered without MPFR on every input.
 *
 * Referee: mpfr_rec_sqrt at 53 bits, with IEEE 754's rSqrt at zero: rSqrt(+-0) = +-inf
 * (MPFR's rec_sqrt gives +inf for -0: both the referee and the shortcut decide -0 as IEEE
 * does).
 *
 * Shortcut (functions/rsqrt/shortcut.h), every input but NaN:
 * (A) x = +-0: +-inf exactly; x < 0 (-inf included): NaN (t = 0; RE_NAN, MPFR's NaN bits);
 *   x = +inf: +0 exactly.
 * (B) 0 < x < inf: re_alg_round (reference/shared/elem_hd.h, where the proof is): from the
 *   estimate y = RN(1/RN(sqrt x)) (within 2 ulps of x^(-1/2); only the number of steps
 *   depends on it), exact integer comparisons of x v^2 with 1 at y and at the midpoints
 *   between y and its neighbours give RN53(x^(-1/2)) and t. x^(-1/2) lies in
 *   [2^-64, 2^74.5], inside binary64's normal range, where RN53 with unbounded exponent
 *   is binary64's rounding. t = 0 exactly when x v^2 = 1 at v = y, i.e. x = 4^k (y = 2^-k):
 *   if 1/sqrt(x) = N 2^K with N odd, x = 2^(-2K)/N^2 is a binary32 number only for N = 1.
 *   No other tie: x^(-1/2) is never a midpoint (a midpoint has 54 significant bits, and a
 *   dyadic x^(-1/2) is a power of two). The shortcut declines (MPFR decides) only if the
 *   walk took more than 8 steps, which never happens: the estimate was within 1 ulp of
 *   the result on every 101st positive input, and refcheck --fast-path over whole
 *   binades leaves nothing to MPFR. */
#include <math.h>

#include "reference/bits.h"
#include "reference/reference.h"
#include "functions/rsqrt/shortcut.h"

int ref_rsqrt_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_zero_p(x) && mpfr_signbit(x)) {
    mpfr_set_inf(y, -1);
    return 0;
  }
  return mpfr_rec_sqrt(y, x, rnd);
}

int ref_rsqrt_shortcut(uint32_t xb, double *y, int *t) { return sc_rsqrt(xb, y, t); }
