/* cbrt: the reference for the real cube root, with the ranges where MPFR is provably
 * not needed.
 *
 * Reference: mpfr_cbrt at 53 bits, round to nearest, binary64 exponent range;
 * cbrt(-0) = -0, cbrt(+-inf) = +-inf. cbrt is odd and increasing on the whole line: the
 * engine asks the shortcut for x >= +0 only and mirrors (reference/shared/elem.h, "Mirroring").
 *
 * Shortcut (functions/cbrt/shortcut.h), every input but NaN, both signs (the negative
 * ones by oddness, as the engine would mirror them: RN53(-z) = -RN53(z), t changes sign):
 * (A) x = +-0: +-0 exactly; x = +-inf: +-inf exactly (t = 0).
 * (B) 0 < x < inf: re_alg_round (reference/shared/elem_hd.h, where the proof is): from an
 *   estimate y of x^(1/3) (six Newton steps on the reduced argument, re_cbrt_estimate;
 *   only the number of steps depends on its accuracy), exact integer comparisons of v^3
 *   with x at y and at the midpoints between y and its neighbours give RN53(x^(1/3)) and
 *   t. x^(1/3) lies in [2^-50, 2^43], inside binary64's normal range. The shortcut
 *   declines (MPFR decides) only if the walk took more than 8 steps, which never happens:
 *   the estimate was within 1 ulp of the result on every 101st positive input, and
 *   refcheck --fast-path over whole binades leaves nothing to MPFR.
 *   t = 0 exactly on the perfect cubes x = n^3 2^(3k), n odd, 1 <= n <= 255 (y = n 2^k):
 *   these are all the binary32 x > 0 with an exact binary64 cube root. Write x = M 2^E
 *   with M odd (M < 2^24). If cbrt x is a binary64 number, it is N 2^K with N odd, and
 *   x = N^3 2^(3K), so M = N^3 and E = 3K (unique odd part and exponent); conversely
 *   such x have cube root N 2^K, and N < 2^8 since N^3 = M < 2^24, so N 2^K is a binary64
 *   number (|K| <= 50). Otherwise cbrt x is not a dyadic rational at all, in particular
 *   never a midpoint (no tie).
 * Nothing is left to MPFR but NaN. (cbrt neither overflows nor rounds to x or to a
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

#include "reference/shared/elem.h"
#include "functions/cbrt/shortcut.h"

int ref_cbrt_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_cbrt(y, x, rnd); }

int ref_cbrt_shortcut(uint32_t xb, double *y, int *t) { return sc_cbrt(xb, y, t); }

int ref_cbrt_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  return re_root3_series(res, x, len, prec, 1);
}
