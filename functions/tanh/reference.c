/* tanh.c: the reference for tanh, with the ranges where MPFR is provably not needed.
 *
 * Reference: mpfr_tanh at 53 bits, round to nearest, binary64 exponent range
 * (reference.c). tanh is odd and increasing on the whole line.
 *
 * For x >= +0 (the engine mirrors negative inputs through oddness: RN is symmetric,
 * so RN53(tanh(-x)) = -RN53(tanh(x)) and the ternary flips sign), the shortcut
 * answers exactly what MPFR would, in four ranges. Each boundary is tested against
 * MPFR at and around it in functions/tanh/test_tanh.c.
 *
 * (A) x = +0: tanh(0) = 0 exactly, t = 0. x = +inf: tanh = 1 exactly, t = 0.
 *
 * (B) 0 < x < 2^-27 (bit patterns below 0x32000000): RN53(tanh x) = x, t = +1.
 *   Proof: for x > 0, x - x^3/3 < tanh(x) < x. (g(x) = tanh x - x + x^3/3 has
 *   g(0) = 0 and g'(x) = x^2 - tanh^2 x > 0; tanh x < x likewise.) Let 2^e <= x < 2^(e+1).
 *   x is a binary64 number; the binary64 number below it is at least 2^(e-53)
 *   away, so every z in (x - 2^(e-54), x] rounds to x. Since x^3/3 < 2^(3e+3)/3 and
 *   2^(3e+3)/3 <= 2^(e-54) whenever e <= -28, tanh(x) rounds to x for x < 2^-27; it
 *   is below x, so y > tanh x and t = +1.
 *
 * (C) 2^-27 <= x < 2^-4 (0x32000000 <= bits < 0x3d800000): a Ziv filter. With
 *   s = x^2 (exact: 48 bits), tanh x = x + x s q(s) + T, where
 *   q(s) = c1 + c2 s + ... + c7 s^6, c_k the Taylor coefficients of tanh
 *   (-1/3, 2/15, -17/315, 62/2835, -1382/155925, 21844/6081075, -929569/638512875),
 *   and T the tail from c8 = 6404582/10854718875 on.
 *   Tail: |c_{k+1}/c_k| < 1/2 for every k (c_k = 2^(2k+2)(2^(2k+2)-1)|B_(2k+2)|/(2k+2)!,
 *   ratio -> 4/pi^2 ~ 0.405 from below 0.41), so with s < 2^-8,
 *   |T| <= |c8| x^17 / (1 - s/2) <= 2 |c8| s^8 x < 2^-74 x.
 *   Rounding: the coefficients are RN(c_k) (|error| <= u|c_k|, u = 2^-53); Horner
 *   with fma adds at most 6 roundings, so |Q - q| <= gamma_7 sum|c_k| s^(k-1) and
 *   sum|c_k|s^(k-1) <= 1.0033 |q(s)| for s < 2^-8 (q alternates, |c2|s << |c1|):
 *   |Q - q| <= 7.2u |q|. lo = RN(RN(x*s) * Q) adds two roundings:
 *   |lo - x s q| <= 9.3u |x s q| <= 9.4u |lo|.
 *   Total: |tanh x - (x + lo)| <= E := 2^-49 |lo| + 2^-73 x  (9.4u < 16u = 2^-49).
 *   Decision: y = RN(x + lo), r = lo - (y - x) exactly (Fast2Sum, x >= |lo|), so
 *   x + lo = y + r and tanh x = y + r + eps with |eps| <= E. If |r| > E the sign of
 *   y - tanh x is -sign(r); if moreover |r| + E is below half the gap from y to its
 *   binary64 neighbour on r's side, tanh x rounds to y. Otherwise MPFR decides.
 *
 * (D) x >= 19.0625 (bits >= 0x41988000): RN53(tanh x) = 1, t = +1.
 *   Proof: 1 - tanh x = 2/(e^(2x) + 1) < 2 e^(-2x). The binary64 number below 1 is
 *   1 - 2^-53, so every z in (1 - 2^-54, 1] rounds to 1. 2 e^(-2x) <= 2^-54 iff
 *   x >= 55 ln(2) / 2 = 19.0617..., which 19.0625 = 0x1.31p4 exceeds.
 *
 * Everything else (2^-4 <= x < 19.0625: 68,714,496 bit patterns) goes to MPFR, and
 * is what the reference cache stores. */
#include <arb_poly.h>

#include "reference/reference.h"
#include "functions/tanh/shortcut.h"

int ref_tanh_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_tanh(y, x, rnd); }

int ref_tanh_shortcut(uint32_t xb, double *y, int *t) { return sc_tanh(xb, y, t); }

/* p = [a*x, a]: the series variable of f(a*(x + t)). */
static void tanh_affine(arb_poly_t p, const arb_t x, slong a, slong prec) {
  arb_t c;
  arb_init(c);
  arb_mul_si(c, x, a, prec);
  arb_poly_zero(p);
  arb_poly_set_coeff_arb(p, 0, c);
  arb_poly_set_coeff_si(p, 1, a);
  arb_clear(c);
}

/* Series: tanh(x + t) on a ball x, entire on the real line. Two formulas, both exact identities for every
 * real x, chosen for tight enclosures:
 *   |x| >= 1/2: tanh(x) = s (1 - 2 / (1 + exp(2 s x))), s = sign(x): no cancellation
 *               between large numbers, so the (tiny) derivatives stay tight for large x;
 *   |x| < 1/2:  tanh(x) = expm1(2x) / (expm1(2x) + 2), with the constant term of
 *               the series of exp(2(x+t)) - 1 from arb_expm1: relative accuracy for
 *               tiny x (no cancellation in exp(2x) - 1). */
int ref_tanh_series(arb_ptr res, const arb_t x, slong len, slong prec) {
  arb_poly_t p, e, d;
  arb_t c;
  arb_poly_init(p);
  arb_poly_init(e);
  arb_poly_init(d);
  arb_init(c);
  if (arf_cmpabs_2exp_si(arb_midref(x), -1) >= 0) {
    int s = arf_sgn(arb_midref(x));
    tanh_affine(p, x, 2 * s, prec);
    arb_poly_exp_series(e, p, len, prec);
    arb_poly_add_si(e, e, 1, prec);      /* 1 + exp(2 s (x + t)) */
    arb_poly_inv_series(d, e, len, prec);
    arb_poly_scalar_mul_2exp_si(d, d, 1); /* 2 / (1 + exp(...)) */
    arb_poly_neg(d, d);
    arb_poly_add_si(d, d, 1, prec);
    if (s < 0) arb_poly_neg(d, d);
  } else {
    tanh_affine(p, x, 2, prec);
    arb_poly_exp_series(e, p, len, prec);
    arb_mul_2exp_si(c, x, 1);
    arb_expm1(c, c, prec);
    arb_poly_set_coeff_arb(e, 0, c);     /* expm1(2(x + t)) */
    arb_poly_add_si(d, e, 2, prec);
    arb_poly_div_series(d, e, d, len, prec);
  }
  for (slong i = 0; i < len; i++) arb_poly_get_coeff_arb(res + i, d, i);
  arb_poly_clear(p);
  arb_poly_clear(e);
  arb_poly_clear(d);
  arb_clear(c);
  return 0;
}
