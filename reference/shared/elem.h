/* elem.h: what the references of the elementary functions share on the host
 * (functions/<name>/reference.c): the rounding lemmas their proofs cite, and the series
 * of cbrt and rcbrt. What the shortcuts need on the device too (constants, the exact
 * round-to-integer, the exact decisions of the algebraic functions) is in elem_hd.h,
 * included here; the tests' helpers are in tests/ref/elem.h.
 *
 * Notation. RN53(z): z rounded to nearest-even binary64, with binary64's exponent
 * range and subnormals; t = sign(RN53(z) - z), MPFR's ternary value. For a nonzero
 * binary32 number x, e(x) is the integer with 2^e <= |x| < 2^(e+1) (-149 <= e <= 127).
 *
 * Lemma L1 (rounding to a binary32 input). Let x be a nonzero binary32 number, e = e(x).
 *   As a binary64 number x is normal (2^-149 > 2^-1022) and has at most 24 significant
 *   bits, so its 53-bit significand is even. Its binary64 neighbours are 2^(e-52) away,
 *   except the one toward zero when |x| = 2^e, which is 2^(e-53) away. Hence
 *   RN53(z) = x for every real z on the side of x away from zero with |z - x| <= 2^(e-53),
 *   and for every z on the side toward zero with |z - x| <= 2^(e-53) if |x| != 2^e,
 *   |z - x| <= 2^(e-54) if |x| = 2^e (a tie goes to the even x). In particular
 *   |z - x| <= 2^(e-54) always gives RN53(z) = x.
 * Lemma L2 (rounding to +-1). The binary64 neighbours of 1 are 1 - 2^-53 and 1 + 2^-52:
 *   RN53(z) = 1 for 1 - 2^-54 <= z <= 1 + 2^-53 (1 is even: ties go to it). By symmetry
 *   RN53(z) = -1 for -1 - 2^-53 <= z <= -1 + 2^-54.
 * Lemma L3 (overflow). The largest binary64 number is DBL_MAX = 2^1024 - 2^971; RN53
 *   gives +inf for every z >= 2^1024 - 2^970 (DBL_MAX plus half an ulp, where the tie
 *   goes to the even 2^1024, which overflows). MPFR with emax = 1024 rounds 53-bit
 *   results the same way: +inf with a positive ternary value.
 * Lemma L4 (pi/2). Y0 = 0x1.921fb54442d18p+0 = RN53(pi/2) and pi/2 = Y0 + D with
 *   D = 6.1232339957367658...e-17 = 1.10306377...*2^-54 (pi = 3.14159265358979323846...,
 *   Y0 = 1.5707963267948965579989817...); Y0 lies in (1, 2), so its neighbours are
 *   2^-52 away and RN53(z) = Y0 for |z - Y0| <= 2^-53. pi = 2 Y0 + 2D with
 *   2D = 0.5515...*2^-52, less than 2^-52, half the gap around 2 Y0 in (2, 4):
 *   RN53(pi) = 2 Y0 with t = -1.
 * Mirroring. RN53 is symmetric (RN53(-z) = -RN53(z)), so for an odd f the reference at
 *   -x is (-y, -t), and for an even f it is (y, t): the engine asks the shortcut of an
 *   odd or even f for x with the sign bit clear only.
 */
#ifndef ULPCERT_SHARED_ELEM_H
#define ULPCERT_SHARED_ELEM_H

#include <stdint.h>

#include <arb.h>
#include <arb_poly.h>

#include "reference/shared/elem_hd.h"

/* res[k] = coefficient k of p (0 past its length), k < len */
static inline void re_poly_out(arb_ptr res, const arb_poly_t p, slong len) {
  for (slong k = 0; k < len; k++) arb_poly_get_coeff_arb(res + k, p, k);
}
/* The series of cbrt (s = 1) and rcbrt (s = -1), sign(x) |x|^(s/3), at x + t for a ball
 * x off 0: with a = |x| and f odd, f(x + t) = sign(x) (a + sign(x) t)^(s/3), from Arb's
 * power series; the value from arb_root_ui. -1 for a ball that reaches 0 or is not
 * finite. */
static inline int re_root3_series(arb_ptr res, const arb_t x, slong len, slong prec, int s) {
  if (!arb_is_finite(x) || arb_contains_zero(x)) return -1;
  if (len <= 0) return 0;
  int neg = arb_is_negative(x);
  arb_poly_t h, p;
  arb_t a, g;
  arb_poly_init(h);
  arb_poly_init(p);
  arb_init(a);
  arb_init(g);
  arb_set_si(g, s);
  arb_div_ui(g, g, 3, prec);
  if (neg) arb_neg(a, x);
  else arb_set(a, x);
  arb_poly_set_coeff_arb(h, 0, a);
  arb_poly_set_coeff_si(h, 1, neg ? -1 : 1);
  arb_poly_pow_arb_series(p, h, g, len, prec);
  re_poly_out(res, p, len);
  arb_root_ui(res, a, 3, prec);
  if (s < 0) arb_inv(res, res, prec);
  if (neg) _arb_vec_neg(res, res, len);
  arb_poly_clear(h);
  arb_poly_clear(p);
  arb_clear(a);
  arb_clear(g);
  return 0;
}

#endif
