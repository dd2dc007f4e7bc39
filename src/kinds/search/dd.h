/* dd.h: double-double (dd) evaluation of the search kind's functions, host and device code alike:
 * the device's ranking reference. It RANKS candidates only: no figure the kind reports comes from
 * it (MPFR recomputes every reported error, reference/search/ref64.c), so its accuracy is measured,
 * not proved: tests/unit/test_search.c compares it with MPFR on random inputs of every function's
 * domain and requires a relative error below 2^-80 (the ranking needs about 2^-60: errors of
 * outputs are told apart to 2^-8 ulp).
 *
 * Building blocks: the error-free transformations (two_sum, two_prod with fma), dd sums (the
 * accurate sum of two dd numbers), products, quotients; exp through x = k ln2 + r (ln2 in three
 * parts, k ln2 exact as dd), expm1(r/256) by its Taylor series in Horner form (dividing by the
 * small integers n), then eight doublings of expm1 (e(2r) = 2e + e^2, no cancellation); log1p and
 * log by one Newton step from the double library's value (log(x) = y0 + log1p(x e^-y0 - 1));
 * sin and cos after reduction by pi/2 in four parts up to 2^30 (k pi/2 exact to 2^-182), by the
 * bits of 2/pi that matter beyond (Payne and Hanek, in integers), Taylor series on |r| <= pi/4; the inverse functions by one correction from the double library's
 * value (atan2 through the exact identity atan2(y, x) - y0 = atan((y c - x s) / (x c + y s)) with
 * c, s = cos y0, sin y0); erf by its series of positive terms; fmod exactly, in integers. */
#ifndef ULPCERT_SEARCH_DD_H
#define ULPCERT_SEARCH_DD_H

#include <math.h>

#include "reference/host_device.h"
#include "src/kinds/search/sample.h"

typedef struct {
  double hi, lo;
} dd;

SR_HD dd dd_make(double hi, double lo) {
  dd r;
  r.hi = hi, r.lo = lo;
  return r;
}
SR_HD dd two_sum(double a, double b) {
  double s = a + b, bb = s - a;
  return dd_make(s, (a - (s - bb)) + (b - bb));
}
SR_HD dd fast_two_sum(double a, double b) { /* |a| >= |b| */
  double s = a + b;
  return dd_make(s, b - (s - a));
}
/* The product rounded as a product: this object is compiled with nvcc's default -fmad=true (for
 * CUDA's own functions), which would fuse a * b into a later sum (x - k ln2 as one fma) and break
 * every error-free step built on it (the exp reduction lost 2^-43: 511 ulp estimates for 0.5).
 * ref_mul is __dmul_rn on the device, which is never fused. */
SR_HD dd two_prod(double a, double b) {
  double p = ref_mul(a, b);
  return dd_make(p, ref_fma(a, b, -p));
}
SR_HD dd dd_add(dd a, dd b) {
  dd s = two_sum(a.hi, b.hi), t = two_sum(a.lo, b.lo);
  s.lo += t.hi;
  s = fast_two_sum(s.hi, s.lo);
  s.lo += t.lo;
  return fast_two_sum(s.hi, s.lo);
}
SR_HD dd dd_neg(dd a) { return dd_make(-a.hi, -a.lo); }
SR_HD dd dd_sub(dd a, dd b) { return dd_add(a, dd_neg(b)); }
SR_HD dd dd_add_d(dd a, double b) { return dd_add(a, dd_make(b, 0)); }
SR_HD dd dd_mul(dd a, dd b) {
  dd p = two_prod(a.hi, b.hi);
  p.lo += a.hi * b.lo + a.lo * b.hi;
  return fast_two_sum(p.hi, p.lo);
}
SR_HD dd dd_mul_d(dd a, double b) {
  dd p = two_prod(a.hi, b);
  p.lo += a.lo * b;
  return fast_two_sum(p.hi, p.lo);
}
SR_HD dd dd_div(dd a, dd b) {
  double q1 = a.hi / b.hi;
  dd r = dd_sub(a, dd_mul_d(b, q1));
  double q2 = r.hi / b.hi;
  r = dd_sub(r, dd_mul_d(b, q2));
  double q3 = r.hi / b.hi;
  dd q = fast_two_sum(q1, q2);
  return dd_add_d(q, q3);
}
/* a / b for a double b: q1 = a.hi / b, then the remainder a - q1 b (two_prod: exact) over b. */
SR_HD dd dd_div_d(dd a, double b) {
  double q1 = a.hi / b;
  dd p = two_prod(q1, b);
  double e = (((a.hi - p.hi) - p.lo) + a.lo) / b;
  return fast_two_sum(q1, e);
}
SR_HD dd dd_sqrt(dd a) {
  if (a.hi <= 0) return dd_make(sqrt(a.hi), 0);
  double s = sqrt(a.hi);
  dd e = dd_sub(a, two_prod(s, s));
  return fast_two_sum(s, (e.hi + e.lo) / (2 * s));
}
SR_HD dd dd_ldexp(dd a, int k) { return dd_make(ldexp(a.hi, k), ldexp(a.lo, k)); }

#define DD_LN2_1 0x1.62e42fefa39efp-1
#define DD_LN2_2 0x1.abc9e3b39803fp-56
#define DD_LN2_3 0x1.7b57a079a1934p-111
#define DD_INVLN2 0x1.71547652b82fep+0, 0x1.777d0ffda0d24p-56
#define DD_LN10 0x1.26bb1bbb55516p+1, -0x1.f48ad494ea3e9p-53
#define DD_INVLN10 0x1.bcb7b1526e50ep-2, 0x1.95355baaafad3p-57
#define DD_PIO2_1 0x1.921fb54442d18p+0
#define DD_PIO2_2 0x1.1a62633145c07p-54
#define DD_PIO2_3 -0x1.f1976b7ed8fbcp-110
#define DD_PIO2_4 0x1.4cf98e804177dp-164
#define DD_PI 0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53
#define DD_TWO_OVER_PI 0x1.45f306dc9c883p-1

/* expm1(r) for |r| <= 0.35: expm1(r/256) by Taylor (degree 10: (0.35/256)^11/11! < 2^-130), then
 * eight doublings. */
SR_HD dd dd_expm1_core(dd r) {
  dd s = dd_ldexp(r, -8), p = dd_make(1, 0);
  for (int n = 10; n >= 2; n--) p = dd_add_d(dd_div_d(dd_mul(p, s), (double)n), 1.0);
  dd e = dd_mul(p, s);
  for (int i = 0; i < 8; i++) e = dd_add(dd_ldexp(e, 1), dd_mul(e, e));
  return e;
}
/* r = x - k ln2 with k = rint(x / ln2); returns k. */
SR_HD int dd_reduce_ln2(dd x, dd *r) {
  double k = rint(x.hi * 0x1.71547652b82fep+0);
  dd t = dd_sub(x, two_prod(k, DD_LN2_1));
  t = dd_sub(t, two_prod(k, DD_LN2_2));
  *r = dd_add_d(t, -k * DD_LN2_3);
  return (int)k;
}
/* e^x = (hi + lo) 2^s, the dd in [1/2, 2] (unscaled, so that results in the subnormal range keep
 * their precision for the ranking); +inf above 710, 0 below -746. */
SR_HD dd dd_exp_s(dd x, int *s) {
  *s = 0;
  if (x.hi > 710) return dd_make(INFINITY, 0);
  if (x.hi < -746) return dd_make(0, 0);
  dd r;
  *s = dd_reduce_ln2(x, &r);
  return dd_add_d(dd_expm1_core(r), 1.0);
}
/* (hi + lo) 2^s as one dd (2^s in two steps, so that neither overflows before the result does). */
SR_HD dd dd_scale(dd a, int s) { return dd_ldexp(dd_ldexp(a, s / 2), s - s / 2); }
SR_HD dd dd_exp(dd x) {
  int s;
  dd e = dd_exp_s(x, &s);
  return dd_scale(e, s);
}
SR_HD dd dd_expm1(dd x) {
  if (fabs(x.hi) <= 0.34) return dd_expm1_core(x);
  return dd_add_d(dd_exp(x), -1.0);
}
/* log1p(u) for u > -1, u a dd: one Newton step from y0 = log1p(u.hi):
 * log1p(u) = y0 + log1p(t), t = (u - expm1(y0)) / (1 + expm1(y0)), and log1p(t) = t - t^2/2 to
 * 2^-150 (|t| < 2^-50). */
SR_HD dd dd_log1p(dd u) {
  double y0 = log1p(u.hi);
  if (y0 == 0) return u;
  dd e = dd_expm1(dd_make(y0, 0));
  dd t = dd_div(dd_sub(u, e), dd_add_d(e, 1.0));
  return dd_add(dd_make(y0, 0), dd_add_d(t, -0.5 * t.hi * t.hi));
}
/* log(x), x > 0: near 1, log1p(x - 1) (x - 1 exact for x in [1/2, 2]); elsewhere one Newton step
 * from log(x): y0 + log1p(x e^-y0 - 1). Subnormal x: scaled by 2^54 first. */
SR_HD dd dd_log(dd x) {
  if (x.hi >= 0.5 && x.hi <= 2) return dd_log1p(dd_add_d(x, -1.0));
  int sc = 0, s;
  if (x.hi < 0x1p-1000) x = dd_ldexp(x, 54), sc = 54;
  double y0 = log(x.hi);
  dd e = dd_exp_s(dd_make(-y0, 0), &s); /* x e^-y0 = (x 2^s) e: x 2^s is near 1, no underflow */
  dd t = dd_add_d(dd_mul(dd_ldexp(x, s), e), -1.0);
  dd y = dd_add(dd_make(y0, 0), dd_add_d(t, -0.5 * t.hi * t.hi));
  return sc ? dd_sub(y, dd_mul_d(dd_make(DD_LN2_1, DD_LN2_2), (double)sc)) : y;
}
/* r = x - k pi/2, k = rint(x 2/pi), |x| <= 2^30: k pi/2 exact to k 2^-217. Returns k mod 4. */
SR_HD int dd_reduce_pio2(double x, dd *r) {
  double k = rint(x * DD_TWO_OVER_PI);
  dd t = dd_sub(dd_make(x, 0), two_prod(k, DD_PIO2_1));
  t = dd_sub(t, two_prod(k, DD_PIO2_2));
  t = dd_sub(t, two_prod(k, DD_PIO2_3));
  *r = dd_add_d(t, -k * DD_PIO2_4);
  return (int)((long long)k & 3);
}
/* sin and cos of |r| <= pi/4 by Taylor (to r^29 and r^28: terms below 2^-110). */
SR_HD void dd_sincos_core(dd r, dd *s, dd *c) {
  dd r2 = dd_mul(r, r), ps = dd_make(1, 0), pc = dd_make(1, 0);
  for (int n = 29; n >= 3; n -= 2) ps = dd_add_d(dd_neg(dd_div_d(dd_mul(ps, r2), (double)n * (n - 1))), 1.0);
  for (int n = 28; n >= 2; n -= 2) pc = dd_add_d(dd_neg(dd_div_d(dd_mul(pc, r2), (double)n * (n - 1))), 1.0);
  *s = dd_mul(ps, r);
  *c = pc;
}
/* Bits [pos, pos + 63] of the 320-bit integer p (32-bit words, least significant first); bits
 * outside it are 0. */
SR_HD uint64_t dd_bits64(const uint32_t *p, int pos) {
  uint64_t u = 0;
  for (int b = 63; b >= 0; b--) {
    int k = pos + b;
    u = u << 1 | (k >= 0 && k < 320 ? (p[k >> 5] >> (k & 31)) & 1u : 0u);
  }
  return u;
}
/* Reduction of a large finite a > 2^30 (Payne and Hanek): a = m 2^e (m < 2^53 an integer), a 2/pi
 * mod 4 from the 256 bits of 2/pi that matter (the words before contribute multiples of 4, those
 * after less than m 2^(e - 32 (i0 + 8)) <= 2^-170 in all), as an exact 309-bit product P = m W
 * with its binary point at bit bp = 32 (i0 + 8) - e; the quadrant is the nearest integer to it mod
 * 4, the rest F in [-1/2, 1/2] read as 190 bits (two's complement when rounding up) into a dd
 * (exact pieces of 32 bits), times pi/2 as a dd. binary64's x nearest a multiple of pi/2 leaves
 * |F| > 2^-62, so F keeps over 120 significant bits. */
SR_HD int dd_reduce_big(double a, dd *r) {
  const uint32_t T[40] = {
      0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561,
      0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484,
      0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
      0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b,
      0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08, 0x56033046, 0xfc7b6bab, 0xf0cfbc20, 0x9af4361d}; /* 2/pi */
  uint64_t u, m;
  memcpy(&u, &a, 8);
  m = (u & 0xfffffffffffffull) | 0x10000000000000ull;
  int e = (int)((u >> 52) & 0x7ff) - 1075, i0 = e - 1 <= 0 ? 0 : (e - 1 + 31) / 32 - 1, bp = 32 * (i0 + 8) - e;
  uint32_t p[10] = {0};
  uint64_t c = 0, mlo = m & 0xffffffffu, mhi = m >> 32;
  for (int k = 0; k < 8; k++) { /* P = m W, W = T[i0 .. i0 + 7], its last word least significant */
    uint64_t t = (uint64_t)T[i0 + 7 - k] * mlo + p[k] + c;
    p[k] = (uint32_t)t, c = t >> 32;
  }
  p[8] = (uint32_t)c, c = 0;
  for (int k = 0; k < 8; k++) {
    uint64_t t = (uint64_t)T[i0 + 7 - k] * mhi + p[k + 1] + c;
    p[k + 1] = (uint32_t)t, c = t >> 32;
  }
  p[9] = (uint32_t)c;
  uint64_t u0 = dd_bits64(p, bp - 62), f0 = u0 & 0x3fffffffffffffffull, u1 = dd_bits64(p, bp - 126), u2 = dd_bits64(p, bp - 190);
  int q = (int)(u0 >> 62), neg = (int)((f0 >> 61) & 1);
  if (neg) { /* F - 1: the 190-bit two's complement */
    q = (q + 1) & 3;
    u2 = ~u2 + 1;
    u1 = ~u1 + (u2 == 0);
    f0 = (~f0 + (u2 == 0 && u1 == 0)) & 0x3fffffffffffffffull;
  }
  double pc[6] = {(double)(f0 >> 32), (double)(f0 & 0xffffffffu), (double)(u1 >> 32), (double)(u1 & 0xffffffffu),
                  (double)(u2 >> 32), (double)(u2 & 0xffffffffu)};
  dd f = dd_make(0, 0);
  for (int k = 5; k >= 0; k--) f = dd_add_d(f, ldexp(pc[k], -30 - 32 * k));
  f = dd_mul(f, dd_make(DD_PIO2_1, DD_PIO2_2));
  *r = neg ? dd_neg(f) : f;
  return q;
}
/* sin and cos: reduction by pi/2 in four parts up to 2^30, by dd_reduce_big beyond (of |x|: sin
 * is odd, cos even). */
SR_HD void dd_sincos(double x, dd *s, dd *c) {
  dd r, s0, c0;
  int big = fabs(x) > 0x1p+30;
  int q = big ? dd_reduce_big(fabs(x), &r) : dd_reduce_pio2(x, &r);
  dd_sincos_core(r, &s0, &c0);
  *s = q == 0 ? s0 : q == 1 ? c0 : q == 2 ? dd_neg(s0) : dd_neg(c0);
  *c = q == 0 ? c0 : q == 1 ? dd_neg(s0) : q == 2 ? dd_neg(c0) : s0;
  if (big && x < 0) *s = dd_neg(*s);
}
/* atan2(y, x) for finite (x, y) not both zero: y0 = atan2(y, x) of the library, then the angle of
 * (x, y) rotated by -y0: atan((y c - x s) / (x c + y s)), c, s = cos y0, sin y0; that angle t is
 * below 2^-50, atan(t) = t - t^3/3 within 2^-200. */
SR_HD dd dd_atan2(double y, double x) {
  double y0 = atan2(y, x);
  dd s, c;
  dd_sincos(y0, &s, &c);
  dd num = dd_sub(dd_mul_d(c, y), dd_mul_d(s, x)), den = dd_add(dd_mul_d(c, x), dd_mul_d(s, y));
  dd t = dd_div(num, den);
  return dd_add(dd_make(y0, 0), dd_add_d(t, -t.hi * t.hi * t.hi / 3));
}
/* asin(s) for |s| <= 1/2 (s a dd): y0 + atan2-style correction: asin(s) - y0 = atan2(s, sqrt(1-s^2))
 * - y0, through the same rotation. */
SR_HD dd dd_asin_small(dd s) {
  dd c2 = dd_sqrt(dd_sub(dd_make(1, 0), dd_mul(s, s)));
  double y0 = asin(s.hi);
  dd sy, cy;
  dd_sincos(y0, &sy, &cy);
  dd num = dd_sub(dd_mul(cy, s), dd_mul(sy, c2)), den = dd_add(dd_mul(cy, c2), dd_mul(sy, s));
  dd t = dd_div(num, den);
  return dd_add(dd_make(y0, 0), dd_add_d(t, -t.hi * t.hi * t.hi / 3));
}
/* asin: |x| > 1/2 through asin(x) = pi/2 - 2 asin(sqrt((1 - x) / 2)) (1 - x exact there). */
SR_HD dd dd_asin(double x) {
  double a = fabs(x);
  if (a <= 0.5) return dd_asin_small(dd_make(x, 0));
  dd h = dd_sqrt(dd_make((1 - a) * 0.5, 0));
  dd r = dd_sub(dd_make(DD_PIO2_1, DD_PIO2_2), dd_ldexp(dd_asin_small(h), 1));
  return x < 0 ? dd_neg(r) : r;
}
/* acos: 2 asin(sqrt((1 - x) / 2)) for x >= 1/2, pi - 2 asin(sqrt((1 + x) / 2)) for x <= -1/2,
 * pi/2 - asin(x) between. */
SR_HD dd dd_acos(double x) {
  if (x >= 0.5) return dd_ldexp(dd_asin_small(dd_sqrt(dd_make((1 - x) * 0.5, 0))), 1);
  if (x <= -0.5) return dd_sub(dd_make(DD_PI), dd_ldexp(dd_asin_small(dd_sqrt(dd_make((1 + x) * 0.5, 0))), 1));
  return dd_sub(dd_make(DD_PIO2_1, DD_PIO2_2), dd_asin_small(dd_make(x, 0)));
}
/* cbrt: one Newton step y0 - (y0^3 - x) / (3 y0^2), tiny |x| scaled by 2^300 first, huge |x| by
 * 2^-300 (so that y0^3 does not overflow). */
SR_HD dd dd_cbrt(double x) {
  int sc = 0;
  if (fabs(x) < 0x1p-900) x *= 0x1p300, sc = 100;
  if (fabs(x) > 0x1p+900) x *= 0x1p-300, sc = -100;
  double y0 = cbrt(x);
  dd y3 = dd_mul_d(two_prod(y0, y0), y0);
  dd corr = dd_div_d(dd_sub(y3, dd_make(x, 0)), 3 * y0 * y0);
  return dd_ldexp(dd_sub(dd_make(y0, 0), corr), -sc);
}
/* hypot: the sum of the squares in dd of the arguments scaled by a power of two. */
SR_HD dd dd_hypot_s(double x, double y, int *e) {
  double a = fabs(x), b = fabs(y), m = a > b ? a : b;
  *e = 0;
  if (m == 0) return dd_make(0, 0);
  frexp(m, e);
  a = ldexp(a, -*e), b = ldexp(b, -*e);
  return dd_sqrt(dd_add(two_prod(a, a), two_prod(b, b)));
}
/* sinh, cosh: (e^x -+ e^-x) / 2 from expm1 (no cancellation for small x: sinh = (E + E/(E+1)) / 2,
 * E = expm1(x)); above 40, e^(|x| - ln2) (the other term is below 2^-115 of it). */
SR_HD dd dd_sinh(double x) {
  double a = fabs(x);
  dd r;
  if (a > 40)
    r = dd_exp(dd_sub(dd_make(a, 0), dd_make(DD_LN2_1, DD_LN2_2)));
  else {
    dd e = dd_expm1(dd_make(a, 0));
    r = dd_ldexp(dd_add(e, dd_div(e, dd_add_d(e, 1.0))), -1);
  }
  return x < 0 ? dd_neg(r) : r;
}
SR_HD dd dd_cosh(double x) {
  double a = fabs(x);
  if (a > 40) return dd_exp(dd_sub(dd_make(a, 0), dd_make(DD_LN2_1, DD_LN2_2)));
  dd e = dd_exp(dd_make(a, 0));
  return dd_ldexp(dd_add(e, dd_div(dd_make(1, 0), e)), -1);
}
/* tanh = E / (E + 2), E = expm1(2x). */
SR_HD dd dd_tanh(double x) {
  dd e = dd_expm1(dd_make(2 * x, 0));
  return dd_div(e, dd_add_d(e, 2.0));
}
/* pow(x, y), x > 0: exp(y log x), unscaled (2^s). */
SR_HD dd dd_pow_s(double x, double y, int *s) {
  *s = 0;
  if (x == 1 || y == 0) return dd_make(1, 0);
  return dd_exp_s(dd_mul_d(dd_log(dd_make(x, 0)), y), s);
}

/* erf(x) = 2/sqrt(pi) e^(-x^2) sum_n 2^n x^(2n+1) / (1 3 5 ... (2n+1)) (every term positive: no
 * cancellation), summed until a term is below 2^-110 of the sum (|x| <= 6: at most about 150 terms). */
#define DD_2_SQRTPI 0x1.20dd750429b6dp+0, 0x1.1ae3a914fed8p-56
SR_HD dd dd_erf_dd(dd x) {
  dd a = x.hi < 0 ? dd_neg(x) : x;
  dd x2 = dd_mul(a, a), term = a, sum = a;
  for (int n = 0; n < 400 && term.hi > 0x1p-110 * sum.hi; n++) {
    term = dd_div_d(dd_mul(term, dd_ldexp(x2, 1)), 2.0 * n + 3);
    sum = dd_add(sum, term);
  }
  dd r = dd_mul(dd_mul(sum, dd_exp(dd_neg(x2))), dd_make(DD_2_SQRTPI));
  return x.hi < 0 ? dd_neg(r) : r;
}
SR_HD dd dd_erf(double x) { return dd_erf_dd(dd_make(x, 0)); }

/* fmod(x, y), exactly (the remainder is a binary64 number): |x| = mx 2^ex, |y| = my 2^ey with
 * integer significands (subnormals: no hidden bit, ex = -1074); for ex >= ey the remainder of
 * mx 2^(ex-ey) by my, one doubling at a time (r < my < 2^53: 2r fits), times 2^ey; for ex < ey,
 * |x| itself when it is below |y|, else mx mod (my 2^(ey-ex)) (below 2^53) times 2^ex. */
SR_HD double dd_fmod_exact(double x, double y) {
  if (isnan(x) || isnan(y) || isinf(x) || y == 0) return NAN;
  double ax = fabs(x), ay = fabs(y);
  if (isinf(y) || ax < ay) return x;
  uint64_t bx = sr_bits64(ax), by = sr_bits64(ay);
  int ex = (int)(bx >> 52), ey = (int)(by >> 52);
  uint64_t mx = (bx & 0xfffffffffffffull) | (ex ? 1ull << 52 : 0), my = (by & 0xfffffffffffffull) | (ey ? 1ull << 52 : 0);
  ex = (ex ? ex : 1) - 1075, ey = (ey ? ey : 1) - 1075;
  uint64_t r;
  int e;
  if (ex >= ey) {
    r = mx % my;
    for (int i = 0; i < ex - ey; i++) {
      r <<= 1;
      if (r >= my) r -= my;
    }
    e = ey;
  } else {
    r = mx % (my << (ey - ex)), e = ex; /* |x| >= |y| and ex < ey: ey - ex <= 52, my << (ey - ex) <= mx < 2^53 */
  }
  double v = ldexp((double)r, e); /* r < 2^53: exact, and the remainder is a binary64 number */
  return x < 0 ? -v : v;
}

/* asinh: log(|x| + sqrt(x^2 + 1)) above 1/2, log1p(|x| + x^2 / (1 + sqrt(1 + x^2))) below (no
 * cancellation), log(|x|) + log(2) above 2^500 (x^2 + 1 = x^2 there to 2^-1000). */
SR_HD dd dd_asinh(double x) {
  double a = fabs(x);
  dd r;
  if (a > 0x1p500) {
    r = dd_add(dd_log(dd_make(a, 0)), dd_make(DD_LN2_1, DD_LN2_2));
  } else {
    dd t = two_prod(a, a), s = dd_sqrt(dd_add_d(t, 1.0));
    r = a > 0.5 ? dd_log(dd_add_d(s, a)) : dd_log1p(dd_add_d(dd_div(t, dd_add_d(s, 1.0)), a));
  }
  return x < 0 ? dd_neg(r) : r;
}
/* acosh, x >= 1: log1p(d + sqrt(2d + d^2)) with d = x - 1 (exact) below 2, log(x + sqrt(x^2 - 1))
 * above, log(x) + log(2) above 2^500. */
SR_HD dd dd_acosh(double x) {
  if (x > 0x1p500) return dd_add(dd_log(dd_make(x, 0)), dd_make(DD_LN2_1, DD_LN2_2));
  if (x < 2) {
    double d = x - 1;
    return dd_log1p(dd_add_d(dd_sqrt(dd_add_d(two_prod(d, d), 2 * d)), d));
  }
  return dd_log(dd_add_d(dd_sqrt(dd_add_d(two_prod(x, x), -1.0)), x));
}
/* atanh = log1p(2|x| / (1 - |x|)) / 2, 1 - |x| exact as a dd. */
SR_HD dd dd_atanh(double x) {
  double a = fabs(x);
  dd r = dd_ldexp(dd_log1p(dd_div(dd_make(2 * a, 0), two_sum(1.0, -a))), -1);
  return x < 0 ? dd_neg(r) : r;
}
/* 1/sqrt(x), x > 0 (below 2^-900 scaled by 2^200 first, so that no square underflows). */
SR_HD dd dd_rsqrt(double x) {
  int sc = 0;
  if (x < 0x1p-900) x *= 0x1p200, sc = 100;
  return dd_ldexp(dd_div(dd_make(1, 0), dd_sqrt(dd_make(x, 0))), sc);
}

/* sinpi, cospi: t = x - 2 rint(x/2) in [-1, 1] and r = t - n/2, n = rint(2t), in [-1/4, 1/4], both
 * exact (each difference is a multiple of ulp of its larger operand and no larger than it; x/2
 * inexact only for a subnormal x, where rint gives 0 either way; |x| >= 2^53 is an even integer or
 * gives t = x - 2n exactly too), then sin and cos of pi r (pi as a dd: relative 2^-106) by the
 * Taylor series, quadrant n mod 4. Returns n mod 4; r itself in *rr. */
SR_HD int dd_sincospi(double x, dd *s, dd *c, double *rr) {
  double t = x - 2.0 * rint(0.5 * x), n = rint(2.0 * t), r = t - 0.5 * n;
  dd s0, c0;
  int q = (int)((long long)n & 3);
  *rr = r;
  dd_sincos_core(dd_mul_d(dd_make(DD_PI), r), &s0, &c0);
  *s = q == 0 ? s0 : q == 1 ? c0 : q == 2 ? dd_neg(s0) : dd_neg(c0);
  *c = q == 0 ? c0 : q == 1 ? dd_neg(s0) : q == 2 ? dd_neg(c0) : s0;
  return q;
}
/* 1/cbrt(x): the quotient of 1 by the dd cube root (which scales tiny arguments itself). */
SR_HD dd dd_rcbrt(double x) { return dd_div(dd_make(1, 0), dd_cbrt(x)); }

/* erfc: 1 - erf(x) on |x| < 2.5 (erfc(2.5) > 2^-12: the subtraction loses at most 12 of erf's
 * bits); above, exp(-x^2) times F(x) = 1 / (sqrt(pi) K), K the continued fraction x + (1/2)/(x +
 * 1/(x + (3/2)/(x + ...))) evaluated from its n-th term back (n about 1600/x^2 + 60: the terms
 * needed shrink as 1/x^2), exp(-x^2) as r 2^s (results down to the subnormals); below -2.5,
 * 2 - erfc(-x). The argument is a dd (normcdf's x/sqrt(2)). erfcx(x) = exp(x^2) erfc(x) is F(x)
 * itself above 2.5. */
#define DD_1_SQRTPI 0x1.20dd750429b6dp-1, 0x1.1ae3a914fed8p-57
#define DD_SQRT1_2 0x1.6a09e667f3bcdp-1, -0x1.bdd3413b26456p-55
SR_HD dd dd_erfc_frac(dd x) {
  double q = 1600 / (x.hi * x.hi); /* NaN: 460 terms, not an undefined conversion */
  int n = q < 400 ? (int)q + 60 : 460;
  dd t = x;
  for (int k = n; k >= 1; k--) t = dd_add(dd_div(dd_make(0.5 * k, 0), t), x);
  return dd_div(dd_make(DD_1_SQRTPI), t);
}
SR_HD dd dd_erfc_cf(dd x, int *s) { return dd_mul(dd_exp_s(dd_neg(dd_mul(x, x)), s), dd_erfc_frac(x)); }
SR_HD dd dd_erfc_dd(dd x, int *s) {
  *s = 0;
  if (fabs(x.hi) < 2.5) return dd_add_d(dd_neg(dd_erf_dd(x)), 1.0);
  if (x.hi > 0) return dd_erfc_cf(x, s);
  int t;
  dd c = dd_erfc_cf(dd_neg(x), &t);
  return dd_add_d(dd_neg(dd_scale(c, t)), 2.0);
}
SR_HD dd dd_erfc_s(double x, int *s) { return dd_erfc_dd(dd_make(x, 0), s); }
/* erfcx: F(x) above 2.5; exp(x^2) erfc(x) below (exp(x^2) as r 2^s: it overflows below -26.6). */
SR_HD dd dd_erfcx_s(double x, int *s) {
  *s = 0;
  if (x >= 2.5) return dd_erfc_frac(dd_make(x, 0));
  dd e = dd_exp_s(two_prod(x, x), s);
  if (x > -2.5) return dd_mul(e, dd_add_d(dd_neg(dd_erf(x)), 1.0));
  return dd_sub(dd_ldexp(e, 1), dd_scale(dd_erfc_frac(dd_make(-x, 0)), -*s)); /* 2 e^(x^2) - F(-x) */
}
/* normcdf(x) = erfc(-x / sqrt(2)) / 2, the argument as a dd (relative 2^-106). */
SR_HD dd dd_normcdf_s(double x, int *s) {
  dd r = dd_erfc_dd(dd_mul_d(dd_make(DD_SQRT1_2), -x), s);
  return dd_ldexp(r, -1);
}
/* erfinv, |x| < 1: a start from twelve Newton steps in double, on erf(y) = |x| below 1/2 (from
 * |x| sqrt(pi)/2, below the root: erf is concave there) and on erfc(y) = 1 - |x| (exact) above
 * (from sqrt(-log(1 - |x|)): erfc is convex, so the steps approach the root from below after the
 * first), then two Newton steps in dd (each squares the relative error; the derivative
 * 2/sqrt(pi) exp(-y^2) in double is enough for a step of relative size 2^-50). */
SR_HD dd dd_erfinv(double x) {
  double a = fabs(x), c = 1 - a, y = a < 0.5 ? a * 0x1.c5bf891b4ef6bp-1 : sqrt(-log(c));
  if (!(a < 1)) return dd_make(a == 1 ? copysign(INFINITY, x) : NAN, 0);
  for (int i = 0; i < 12; i++) {
    double fp = 0x1.20dd750429b6dp+0 * exp(-y * y);
    y = a < 0.5 ? y - (erf(y) - a) / fp : y + (erfc(y) - c) / fp;
  }
  dd yy = dd_make(y, 0);
  for (int i = 0; i < 2; i++) {
    double fp = 0x1.20dd750429b6dp+0 * exp(-yy.hi * yy.hi);
    if (a < 0.5)
      yy = dd_sub(yy, dd_div_d(dd_add_d(dd_erf_dd(yy), -a), fp));
    else {
      int s;
      dd e = dd_erfc_dd(yy, &s);
      yy = dd_add(yy, dd_div_d(dd_add_d(dd_scale(e, s), -c), fp));
    }
  }
  return x < 0 ? dd_neg(yy) : yy;
}

/* erfcinv, 0 < x < 2: erfinv(1 - x) on [1/2, 3/2] (1 - x exact), -erfcinv(2 - x) above 3/2
 * (2 - x exact); below 1/2, y > 0.47 with erfc(y) = x: a start from y^2 = -log(x) - log(y
 * sqrt(pi)) (the asymptotic form of erfc, iterated three times), then Newton steps on log erfc(y)
 * - log x in dd: the ratio q = erfc(y)/x (erfc as r 2^s over x as m 2^k: no subnormal), log q
 * by its series in q - 1 when small, the derivative -2/sqrt(pi) e^(-y^2)/erfc(y) as 2K (K the
 * continued fraction, above 2.5) or directly below. */
SR_HD dd dd_erfcinv(double x) {
  if (!(x > 0 && x < 2)) return dd_make(x == 0 ? INFINITY : x == 2 ? -INFINITY : NAN, 0);
  if (x >= 0.5 && x <= 1.5) return dd_erfinv(1 - x);
  if (x > 1.5) return dd_neg(dd_erfcinv(2 - x));
  double l = -log(x), y = sqrt(l);
  for (int i = 0; i < 3; i++) y = sqrt(fmax(l - log(y * 0x1.c5bf891b4ef6bp+0), 0.1));
  dd yy = dd_make(y, 0);
  for (int i = 0; i < 7; i++) {
    int s;
    dd e = dd_erfc_dd(yy, &s);
    int k;
    double m = frexp(x, &k);                                       /* x = m 2^k exactly */
    dd q1 = dd_add_d(dd_scale(dd_div_d(e, m), s - k), -1.0); /* erfc(y)/x - 1, no subnormal on the way */
    dd g = fabs(q1.hi) < 0x1p-20 ? dd_sub(q1, dd_ldexp(dd_mul(q1, q1), -1)) : dd_make(log1p(q1.hi), 0);
    double h = yy.hi >= 2.5 ? 2.0 / (dd_erfc_frac(yy).hi * 0x1.c5bf891b4ef6bp+0)
                            : 0x1.20dd750429b6dp+0 * exp(-yy.hi * yy.hi) / (dd_scale(e, s).hi); /* -d/dy log erfc */
    yy = dd_add(yy, dd_div_d(g, h));
  }
  return yy;
}

/* The functions of the search kind by name, as (hi + lo) 2^s (s = 0 but for the results that
 * can be subnormal). */
SR_HD dd dd_fn_exp(double x, double y, int *s) { return dd_exp_s(dd_make(x, 0), s); }
SR_HD dd dd_fn_exp2(double x, double y, int *s) {
  double k = rint(x);
  *s = 0;
  if (k > 1025) return dd_make(INFINITY, 0);
  if (k < -1080) return dd_make(0, 0);
  *s = (int)k;
  return dd_add_d(dd_expm1_core(dd_mul_d(dd_make(DD_LN2_1, DD_LN2_2), x - k)), 1.0); /* x - k exact */
}
SR_HD dd dd_fn_exp10(double x, double y, int *s) { return dd_exp_s(dd_mul_d(dd_make(DD_LN10), x), s); }
SR_HD dd dd_fn_expm1(double x, double y, int *s) { return *s = 0, dd_expm1(dd_make(x, 0)); }
SR_HD dd dd_fn_log(double x, double y, int *s) { return *s = 0, dd_log(dd_make(x, 0)); }
SR_HD dd dd_fn_log2(double x, double y, int *s) { return *s = 0, dd_mul(dd_log(dd_make(x, 0)), dd_make(DD_INVLN2)); }
SR_HD dd dd_fn_log10(double x, double y, int *s) {
  return *s = 0, dd_mul(dd_log(dd_make(x, 0)), dd_make(DD_INVLN10));
}
SR_HD dd dd_fn_log1p(double x, double y, int *s) {
  *s = 0;
  if (x <= -1) return dd_make(x == -1 ? -INFINITY : NAN, 0);
  if (x > 1) return dd_log(two_sum(1.0, x)); /* 1 + x exactly, as a dd */
  return dd_log1p(dd_make(x, 0));
}
SR_HD dd dd_fn_sin(double x, double y, int *s) {
  dd sn, c;
  dd_sincos(x, &sn, &c);
  return *s = 0, sn;
}
SR_HD dd dd_fn_cos(double x, double y, int *s) {
  dd sn, c;
  dd_sincos(x, &sn, &c);
  return *s = 0, c;
}
SR_HD dd dd_fn_tan(double x, double y, int *s) {
  dd sn, c;
  dd_sincos(x, &sn, &c);
  return *s = 0, dd_div(sn, c);
}
SR_HD dd dd_fn_asin(double x, double y, int *s) { return *s = 0, dd_asin(x); }
SR_HD dd dd_fn_acos(double x, double y, int *s) { return *s = 0, dd_acos(x); }
SR_HD dd dd_fn_atan(double x, double y, int *s) { return *s = 0, dd_atan2(x, 1.0); }
SR_HD dd dd_fn_sinh(double x, double y, int *s) { return *s = 0, dd_sinh(x); }
SR_HD dd dd_fn_cosh(double x, double y, int *s) { return *s = 0, dd_cosh(x); }
SR_HD dd dd_fn_tanh(double x, double y, int *s) { return *s = 0, dd_tanh(x); }
SR_HD dd dd_fn_cbrt(double x, double y, int *s) { return *s = 0, dd_cbrt(x); }
SR_HD dd dd_fn_erf(double x, double y, int *s) { return *s = 0, dd_erf(x); }
SR_HD dd dd_fn_asinh(double x, double y, int *s) { return *s = 0, dd_asinh(x); }
SR_HD dd dd_fn_acosh(double x, double y, int *s) { return *s = 0, dd_acosh(x); }
SR_HD dd dd_fn_atanh(double x, double y, int *s) { return *s = 0, dd_atanh(x); }
SR_HD dd dd_fn_rsqrt(double x, double y, int *s) { return *s = 0, dd_rsqrt(x); }
SR_HD dd dd_fn_pow(double x, double y, int *s) { return dd_pow_s(x, y, s); }
SR_HD dd dd_fn_atan2(double x, double y, int *s) { return *s = 0, dd_atan2(x, y); }
SR_HD dd dd_fn_hypot(double x, double y, int *s) { return dd_hypot_s(x, y, s); }
/* rhypot = 1 / (r 2^e) with r 2^e the scaled hypot: (1/r) 2^-e */
SR_HD dd dd_fn_rhypot(double x, double y, int *s) {
  int e;
  dd r = dd_hypot_s(x, y, &e);
  *s = -e;
  return dd_div(dd_make(1, 0), r);
}
SR_HD dd dd_fn_fmod(double x, double y, int *s) { return *s = 0, dd_make(dd_fmod_exact(x, y), 0); }
/* sinpi of |r| < 2^-500 is pi r (the next term is below 2^-1000 of it), scaled by 2^600 so that a
 * subnormal result keeps its digits. */
SR_HD dd dd_fn_sinpi(double x, double y, int *s) {
  dd sn, cs;
  double r;
  int q = dd_sincospi(x, &sn, &cs, &r);
  *s = 0;
  if (q == 0 && fabs(r) < 0x1p-500) return *s = -600, dd_mul_d(dd_make(DD_PI), r * 0x1p600);
  return sn;
}
SR_HD dd dd_fn_cospi(double x, double y, int *s) {
  dd sn, cs;
  double r;
  dd_sincospi(x, &sn, &cs, &r);
  return *s = 0, cs;
}
SR_HD dd dd_fn_rcbrt(double x, double y, int *s) { return *s = 0, dd_rcbrt(x); }
SR_HD dd dd_fn_erfc(double x, double y, int *s) { return dd_erfc_s(x, s); }
SR_HD dd dd_fn_erfcx(double x, double y, int *s) { return dd_erfcx_s(x, s); }
SR_HD dd dd_fn_normcdf(double x, double y, int *s) { return dd_normcdf_s(x, s); }
/* erfinv of |x| < 2^-500 is x sqrt(pi)/2 (the next term is below 2^-1000 of it), scaled by 2^600
 * so that a subnormal result keeps its digits. */
SR_HD dd dd_fn_erfcinv(double x, double y, int *s) { return *s = 0, dd_erfcinv(x); }
/* normcdfinv(p) = -sqrt(2) erfcinv(2p), 2p exact */
SR_HD dd dd_fn_normcdfinv(double x, double y, int *s) {
  return *s = 0, dd_neg(dd_mul(dd_make(0x1.6a09e667f3bcdp+0, -0x1.bdd3413b26456p-54), dd_erfcinv(2 * x)));
}
SR_HD dd dd_fn_erfinv(double x, double y, int *s) {
  *s = 0;
  if (fabs(x) < 0x1p-500) return *s = -600, dd_mul_d(dd_make(0x1.c5bf891b4ef6bp-1, -0x1.618f13eb7ca89p-55), x * 0x1p600);
  return dd_erfinv(x);
}

/* The ranking estimate of an output against (hi + lo) 2^s: |out - f| / ulp(f) in the format
 * (fmt), computed in the scaled space (out 2^-s is exact: s <= 0 only scales a result up);
 * -1: not measured (NaN, or an overflow of the format); +inf: a non-finite output. */
SR_HD double dd_estimate(int fmt, dd r, int s, double out) {
  double top = fmt == SR_F64 ? 0x1.fffffffffffffp+1023 : 0x1.fffffep+127;
  if (isnan(r.hi) || isinf(r.hi) || fabs(ldexp(r.hi, s)) > top) return -1;
  if (!isfinite(out)) return INFINITY;
  int e = 0, emin = fmt == SR_F64 ? -1022 : -126, p = fmt == SR_F64 ? 52 : 23;
  if (r.hi != 0) frexp(r.hi, &e);
  int ue = (r.hi == 0 || e - 1 + s < emin ? emin : e - 1 + s) - p; /* ulp(f) = 2^ue */
  double d = (ldexp(out, -s) - r.hi) - r.lo;                      /* exact first step (Sterbenz) */
  return fabs(ldexp(d, s - ue));
}

#endif
