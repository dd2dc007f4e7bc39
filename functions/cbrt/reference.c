/* cbrt: the reference for the real cube root, with the ranges where MPFR is provably
 * not needed.
 *
 * Reference: mpfr_cbrt at 53 bits, round to nearest, binary64 exponent range;
 * cbrt(-0) = -0, cbrt(+-inf) = +-inf. cbrt is odd and increasing on the whole line: the
 * engine asks the shortcut for x >= +0 only and mirrors (refelem_util.h, "Mirroring").
 *
 * Shortcut, x >= +0:
 * (A) x = +0: +0 exactly; x = +inf: +inf exactly (t = 0).
 * (B) x a perfect cube of a dyadic number: x = n^3 2^(3k) with n odd, 1 <= n <= 255:
 *   y = n 2^k exactly (t = 0). These are all the binary32 x > 0 with an exact binary64
 *   cube root. Write x = M 2^E with M odd (M < 2^24). If cbrt x is a binary64 number,
 *   it is N 2^K with N odd, and x = N^3 2^(3K), so M = N^3 and E = 3K (unique odd part
 *   and exponent); conversely such x have cube root N 2^K, and N < 2^8 since
 *   N^3 = M < 2^24, so N 2^K is a binary64 number (|K| <= 50). Otherwise cbrt x is not
 *   a binary64 number, and not a dyadic rational at all: the shortcut declines.
 * Everything else and NaN: MPFR. (cbrt neither overflows nor rounds to x or to a
 * constant on binary32 inputs.)
 *
 * Series: cbrt is analytic away from 0 (a branch point): a ball containing 0 is refused.
 * For a ball of positive numbers, Arb's power series (x + t)^(1/3), with res[0] the cube
 * root of x; for a ball of negative numbers, oddness: cbrt(x + t) = -cbrt(-x - t), the
 * power series of [-x, -1] negated. The exponent 1/3 is a ball containing 1/3, so the
 * enclosures stay rigorous. */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_poly.h>

#include "functions/refelem_util.h"

int ref_cbrt_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_cbrt(y, x, rnd); }

/* x = M 2^E with M odd, for finite x > 0 */
static void odd_split(uint32_t xb, uint32_t *M, int *E) {
  uint32_t mant = xb < 0x00800000u ? xb : (xb & 0x007fffffu) | 0x00800000u;
  int e = xb < 0x00800000u ? -149 : (int)(xb >> 23) - 150;
  int z = __builtin_ctz(mant);
  *M = mant >> z;
  *E = e + z;
}

int ref_cbrt_shortcut(uint32_t xb, double *y, int *t) {
  if (xb & RE_SIGN32) return 0; /* odd: the engine mirrors */
  if (xb > RE_INF32) return 0;  /* NaN */
  *t = 0;
  if (xb == 0) { *y = 0.0; return 1; }
  if (xb == RE_INF32) { *y = INFINITY; return 1; }
  uint32_t M;
  int E;
  odd_split(xb, &M, &E);
  if (E % 3 != 0) return 0;
  uint32_t lo = 1, hi = 256; /* the cube root of M, if an integer, lies in [lo, hi) */
  while (hi - lo > 1) {
    uint32_t mid = (lo + hi) / 2;
    if (mid * mid * mid <= M) lo = mid;
    else hi = mid;
  }
  if (lo * lo * lo != M) return 0;
  *y = ldexp((double)lo, E / 3);
  return 1;
}

int ref_cbrt_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  if (!arb_is_finite(x) || arb_contains_zero(x)) return -1;
  if (len <= 0) return 0;
  int neg = arb_is_negative(x);
  arb_poly_t h, s;
  arb_t a, third;
  arb_poly_init(h);
  arb_poly_init(s);
  arb_init(a);
  arb_init(third);
  arb_set_ui(third, 1);
  arb_div_ui(third, third, 3, prec);
  if (neg) arb_neg(a, x);
  else arb_set(a, x);
  arb_poly_set_coeff_arb(h, 0, a);
  arb_poly_set_coeff_si(h, 1, neg ? -1 : 1);
  arb_poly_pow_arb_series(s, h, third, len, prec);
  re_poly_out(res, s, len);
  arb_root_ui(res, a, 3, prec);
  if (neg) _arb_vec_neg(res, res, len);
  arb_poly_clear(h);
  arb_poly_clear(s);
  arb_clear(a);
  arb_clear(third);
  return 0;
}
