/* tanh.c: the reference for tanh, with the ranges where MPFR is provably not needed.
 *
 * Reference: mpfr_tanh at 53 bits, round to nearest, binary64 exponent range
 * (reference.c). tanh is odd and increasing on the whole line.
 *
 * For x >= +0 (the engine mirrors negative inputs through oddness: RN is symmetric,
 * so RN53(tanh(-x)) = -RN53(tanh(x)) and the ternary flips sign), the shortcut
 * answers exactly what MPFR would, in four ranges. Each boundary is tested against
 * MPFR at and around it in tests/test_reference.c.
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
#include <math.h>

#include "src/common.h"
#include "src/reference/reference.h"

int ref_tanh_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_tanh(y, x, rnd); }

#define TANH_TINY 0x32000000u   /* 2^-27 */
#define TANH_SERIES 0x3d800000u /* 2^-4 */
#define TANH_ONE 0x41988000u    /* 19.0625 = 0x1.31p4 */
#define INF32 0x7f800000u

int ref_tanh_shortcut(uint32_t xb, double *y, int *t) {
  if (xb & SIGN32) return 0; /* the engine only asks for x >= +0 */
  if (xb == 0) { *y = 0.0; *t = 0; return 1; }
  if (xb == INF32) { *y = 1.0; *t = 0; return 1; }
  if (xb > INF32) return 0; /* NaN: the engine handles it */
  if (xb >= TANH_ONE) { *y = 1.0; *t = 1; return 1; }
  double x = (double)u2f(xb);
  if (xb < TANH_TINY) { *y = x; *t = 1; return 1; }
  if (xb >= TANH_SERIES) return 0;
  /* (C) */
  double s = x * x;
  double q = -929569.0 / 638512875.0;
  q = fma(q, s, 21844.0 / 6081075.0);
  q = fma(q, s, -1382.0 / 155925.0);
  q = fma(q, s, 62.0 / 2835.0);
  q = fma(q, s, -17.0 / 315.0);
  q = fma(q, s, 2.0 / 15.0);
  q = fma(q, s, -1.0 / 3.0);
  double lo = (x * s) * q;
  /* E rounded upward: the factor (1 + 2^-20) covers the one rounding of the sum. */
  double err = (fabs(lo) * 0x1p-49 + x * 0x1p-73) * (1.0 + 0x1p-20);
  double yy = x + lo;
  double r = lo - (yy - x);
  double ar = fabs(r);
  if (!(ar > err)) return 0;
  /* binary64 neighbour of yy > 0 on r's side: adjacent bit pattern */
  double nb = u2d(d2u(yy) + (r > 0 ? 1 : -1));
  double half = 0.5 * fabs(nb - yy);
  if (!(ar + err < half)) return 0;
  *y = yy;
  *t = r > 0 ? -1 : 1;
  return 1;
}
