/* special.h: what the tests of the special-function references share
 * (functions/{erf,erfc,erfcx,erfinv,erfcinv,normcdf,normcdfinv,lgamma,tgamma}/
 * test_<name>.c): the engine's call, a checker of (y, t) against an interval or an Arb
 * ball (and against a ball for a + s w, and through the function an inverse inverts), the
 * sweeps of a shortcut around its bounds and below its small-argument filter, finite
 * differences and hand-derived derivatives for the series, and the test program's main. */
#ifndef ULPCERT_TESTS_REF_SPECIAL_H
#define ULPCERT_TESTS_REF_SPECIAL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include <math.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_hypgeom.h>

#include "reference/shared/special.h"
#include "tests/ref/elem.h"

typedef int (*rs_mpfr_fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

/* The engine's call: binary64 exponent range, MPFR's ternary, mpfr_subnormalize; the
 * caller's exponent range (the wide default in the tests) is restored afterwards.
 * Returns the raw ternary of fn (REF_UNDECIDABLE included), *t its sign: re_engine_raw
 * of tests/ref/elem.h, the recipe every family's tests share. */
static inline int rs_ref_call(rs_mpfr_fn fn, uint32_t xb, double *y, int *t) { return re_engine_raw(fn, xb, y, t); }

/* deterministic generator (xorshift64*) */
static uint64_t rs_rng_state = 0x9e3779b97f4a7c15ull;
static inline uint64_t rs_rand64(void) {
  uint64_t x = rs_rng_state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  rs_rng_state = x;
  return x * 0x2545f4914f6cdd1dull;
}
/* uniform bit pattern in [lo, hi] */
static inline uint32_t rs_rand_bits(uint32_t lo, uint32_t hi) {
  return lo + (uint32_t)(rs_rand64() % ((uint64_t)hi - lo + 1));
}

static inline int rs_same(double a, double b) { /* same value, same sign of zero, NaN = NaN */
  if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
  return a == b && signbit(a) == signbit(b);
}

/* rs_same, and a NaN with the same bits (refcheck compares bit patterns) */
static inline int rs_same_bits(double a, double b) {
  if (isnan(a) || isnan(b)) return isnan(a) && isnan(b) && d2u(a) == d2u(b);
  return a == b && signbit(a) == signbit(b);
}

/* The rounding boundaries around y: *lo = y - (gap below)/2, *hi = y + (gap above)/2,
 * exact in 80-bit MPFR numbers (wide exponent range). y finite. */
static inline void rs_halfgaps(mpfr_t lo, mpfr_t hi, double y) {
  double below = nextafter(y, -INFINITY), above = nextafter(y, INFINITY);
  mpfr_set_d(lo, y, MPFR_RNDN);
  mpfr_set_d(hi, y, MPFR_RNDN);
  mpfr_t g;
  mpfr_init2(g, 80);
  if (isinf(below)) mpfr_set_d(g, 0x1p971, MPFR_RNDN); else { mpfr_set_d(g, y, MPFR_RNDN); mpfr_sub_d(g, g, below, MPFR_RNDN); }
  mpfr_div_2ui(g, g, 1, MPFR_RNDN);
  mpfr_sub(lo, lo, g, MPFR_RNDN); /* exact: 80 bits hold it */
  if (isinf(above)) mpfr_set_d(g, 0x1p971, MPFR_RNDN); else { mpfr_set_d(g, above, MPFR_RNDN); mpfr_sub_d(g, g, y, MPFR_RNDN); }
  mpfr_div_2ui(g, g, 1, MPFR_RNDN);
  mpfr_add(hi, hi, g, MPFR_RNDN);
  mpfr_clear(g);
}

/* ---- shortcut against referee ---- */
typedef int (*rs_shortcut_fn)(uint32_t, double *, int *);

/* If the shortcut answers for xb, its answer must be the referee's; returns whether
 * it answered. */
static inline int rs_check_shortcut(const char *name, rs_shortcut_fn sc, rs_mpfr_fn ref, uint32_t xb) {
  double ys, yr;
  int ts, tr;
  if (!sc(xb, &ys, &ts)) return 0;
  int raw = rs_ref_call(ref, xb, &yr, &tr);
  if (!rs_same_bits(ys, yr) || ts != tr || raw == 2)
    fprintf(stderr, "%s shortcut: x = %a (0x%08x): shortcut %a %d, referee %a %d (raw %d)\n", name,
            (double)u2f(xb), xb, ys, ts, yr, tr, raw);
  assert_true(rs_same_bits(ys, yr) && ts == tr && raw != 2);
  return 1;
}

/* Every pattern within 'radius' of b (clipped to [0, 0x7f800000] in magnitude, the
 * sign of b kept): checked; 'must' says what the shortcut has to do there, as a
 * function of the pattern: 1 answer, 0 decline, -1 either (a filter). */
static inline void rs_sweep(const char *name, rs_shortcut_fn sc, rs_mpfr_fn ref, uint32_t b, int radius,
                     int (*must)(uint32_t xb)) {
  uint32_t sign = b & RS_SIGN32, m = b & ~RS_SIGN32;
  for (int64_t d = -radius; d <= radius; d++) {
    int64_t v = (int64_t)m + d;
    if (v < 0 || v > RS_INF32) continue;
    uint32_t xb = sign | (uint32_t)v;
    int a = rs_check_shortcut(name, sc, ref, xb);
    int w = must ? must(xb) : -1;
    if (w >= 0 && a != w) fprintf(stderr, "%s shortcut: 0x%08x answered %d, expected %d\n", name, xb, a, w);
    if (w >= 0) assert_int_equal(a, w);
  }
}

/* Is (y, t) the reference for a real v known to lie in [vlo, vhi] (MPFR numbers,
 * wide exponent range)? 1: proved so; 0: proved not so, or the interval is too wide
 * to tell (the callers make it tight). Independent of the code under test. */
static inline int rs_check_interval(mpfr_srcptr vlo, mpfr_srcptr vhi, double y, int t) {
  if (isnan(y)) return 0;
  if (isinf(y)) { /* overflow: v beyond the midpoint DBL_MAX + 2^970 */
    mpfr_t b;
    mpfr_init2(b, 80);
    mpfr_set_d(b, 0x1.fffffffffffffp1023, MPFR_RNDN);
    mpfr_add_d(b, b, 0x1p970, MPFR_RNDN);
    int ok;
    if (y > 0) ok = t == 1 && mpfr_cmp(vlo, b) > 0;
    else { mpfr_neg(b, b, MPFR_RNDN); ok = t == -1 && mpfr_cmp(vhi, b) < 0; }
    mpfr_clear(b);
    return ok;
  }
  if (t == 0) return mpfr_cmp_d(vlo, y) == 0 && mpfr_cmp_d(vhi, y) == 0;
  mpfr_t lo, hi;
  mpfr_init2(lo, 80);
  mpfr_init2(hi, 80);
  rs_halfgaps(lo, hi, y);
  int ok = mpfr_cmp(vlo, lo) > 0 && mpfr_cmp(vhi, hi) < 0;
  if (t > 0) ok = ok && mpfr_cmp_d(vhi, y) < 0;
  else ok = ok && mpfr_cmp_d(vlo, y) > 0;
  /* a zero y: the sign of the zero follows the sign of v */
  if (y == 0) ok = ok && (signbit(y) ? mpfr_cmp_d(vhi, 0.0) < 0 : mpfr_cmp_d(vlo, 0.0) > 0);
  mpfr_clear(lo);
  mpfr_clear(hi);
  return ok;
}

/* arf -> MPFR for comparisons with rounding boundaries: every boundary the checkers
 * compare with is 0 or a number of magnitude between 2^-1200 and 2^1100 (binary64
 * numbers and their half-gaps, and differences of such numbers), so a magnitude
 * below 2^-3000 or above 2^3000 can be replaced by 2^-3001 or 2^3001 (same sign)
 * without changing any comparison; MPFR could not hold Arb's far exponents. */
static inline void rs_arf_get_mpfr_clamped(mpfr_t out, const arf_t a, mpfr_rnd_t rnd) {
  if (!arf_is_zero(a) && arf_cmpabs_2exp_si(a, -3000) < 0) {
    mpfr_set_si_2exp(out, arf_sgn(a), -3001, MPFR_RNDN);
  } else if (arf_cmpabs_2exp_si(a, 3000) > 0) {
    mpfr_set_si_2exp(out, arf_sgn(a), 3001, MPFR_RNDN);
  } else {
    arf_get_mpfr(out, a, rnd);
  }
}

/* The same from an Arb ball. */
static inline int rs_check_ball(const arb_t v, double y, int t) {
  if (!arb_is_finite(v)) return 0;
  mpfr_t lo, hi;
  arf_t a;
  arf_init(a);
  slong p = arf_bits(arb_midref(v)) + 64;
  mpfr_init2(lo, p);
  mpfr_init2(hi, p);
  arb_get_lbound_arf(a, v, p);
  rs_arf_get_mpfr_clamped(lo, a, MPFR_RNDD);
  arb_get_ubound_arf(a, v, p);
  rs_arf_get_mpfr_clamped(hi, a, MPFR_RNDU);
  int ok = rs_check_interval(lo, hi, y, t);
  mpfr_clear(lo);
  mpfr_clear(hi);
  arf_clear(a);
  return ok;
}

/* Is (y, t) the reference for v = a + s w (s = +-1), w enclosed by the ball wb? For
 * values such as erf(x) = 1 - erfc(x) where w is far smaller than an ulp of a: the
 * rounding boundaries are moved to w's side exactly (2200-bit MPFR differences of
 * binary64 numbers and half-gaps are exact) instead of forming a + s w. y finite,
 * nonzero, t != 0. */
static inline int rs_check_ball_affine(const arb_t wb, double a, int s, double y, int t) {
  if (!arb_is_finite(wb) || !isfinite(y) || y == 0 || t == 0) return 0;
  slong p = arf_bits(arb_midref(wb)) + 64;
  mpfr_t wlo, whi, lo, hi, ym, A;
  arf_t f;
  arf_init(f);
  mpfr_init2(wlo, p);
  mpfr_init2(whi, p);
  mpfr_inits2(2200, lo, hi, ym, A, (mpfr_ptr)0);
  arb_get_lbound_arf(f, wb, p);
  rs_arf_get_mpfr_clamped(wlo, f, MPFR_RNDD);
  arb_get_ubound_arf(f, wb, p);
  rs_arf_get_mpfr_clamped(whi, f, MPFR_RNDU);
  mpfr_t l80, h80;
  mpfr_init2(l80, 80);
  mpfr_init2(h80, 80);
  rs_halfgaps(l80, h80, y);
  mpfr_set_d(A, a, MPFR_RNDN);
  mpfr_set_d(ym, y, MPFR_RNDN);
  int ok;
  if (s > 0) { /* w in (lo - a, hi - a); v < y <=> w < y - a */
    mpfr_sub(lo, l80, A, MPFR_RNDN);
    mpfr_sub(hi, h80, A, MPFR_RNDN);
    mpfr_sub(ym, ym, A, MPFR_RNDN);
    ok = mpfr_cmp(wlo, lo) > 0 && mpfr_cmp(whi, hi) < 0;
    ok = ok && (t > 0 ? mpfr_cmp(whi, ym) < 0 : mpfr_cmp(wlo, ym) > 0);
  } else { /* w in (a - hi, a - lo); v < y <=> w > a - y */
    mpfr_sub(lo, A, h80, MPFR_RNDN);
    mpfr_sub(hi, A, l80, MPFR_RNDN);
    mpfr_sub(ym, A, ym, MPFR_RNDN);
    ok = mpfr_cmp(wlo, lo) > 0 && mpfr_cmp(whi, hi) < 0;
    ok = ok && (t > 0 ? mpfr_cmp(wlo, ym) > 0 : mpfr_cmp(whi, ym) < 0);
  }
  mpfr_clears(wlo, whi, lo, hi, ym, A, l80, h80, (mpfr_ptr)0);
  arf_clear(f);
  return ok;
}

/* An upper bound (MPFR, directed rounding, 256 bits) of
 *   S3(z) = e^(-z^2) / (z sqrt(pi)) (1 - 1/(2z^2) + 3/(4z^4)) > erfc(z)   (z > 1),
 * at z = T (half = 0), or of S3(z)/2 > erfc(z)/2 = Q(T) at z = T/sqrt(2) (half = 1). */
static inline void rs_s3_upper(mpfr_t out, double T, int half) {
  mpfr_t a, e, d, p, r;
  mpfr_inits2(256, a, e, d, p, r, (mpfr_ptr)0);
  mpfr_set_d(a, T, MPFR_RNDN);
  mpfr_sqr(a, a, MPFR_RNDN); /* exact */
  if (half) mpfr_div_2ui(a, a, 1, MPFR_RNDN);
  mpfr_neg(e, a, MPFR_RNDN);
  mpfr_exp(e, e, MPFR_RNDU);
  mpfr_sqrt(d, a, MPFR_RNDD);
  mpfr_const_pi(p, MPFR_RNDD);
  mpfr_sqrt(p, p, MPFR_RNDD);
  mpfr_mul(d, d, p, MPFR_RNDD);
  mpfr_div(e, e, d, MPFR_RNDU);
  mpfr_ui_div(p, 1, a, MPFR_RNDD);
  mpfr_div_2ui(p, p, 1, MPFR_RNDD);
  mpfr_ui_div(r, 3, a, MPFR_RNDU);
  mpfr_div(r, r, a, MPFR_RNDU);
  mpfr_div_2ui(r, r, 2, MPFR_RNDU);
  mpfr_ui_sub(p, 1, p, MPFR_RNDU);
  mpfr_add(p, p, r, MPFR_RNDU);
  mpfr_mul(out, e, p, MPFR_RNDU);
  if (half) mpfr_div_2ui(out, out, 1, MPFR_RNDU);
  mpfr_clears(a, e, d, p, r, (mpfr_ptr)0);
}

/* The filter's bound: |g(x) - (hi + lo)| <= err for rs_odd_small with data k, against
 * the ball gx (an enclosure of g(x) far tighter than err). */
static inline int rs_kernel_ok(const arb_t gx, double hi, double lo, double err) {
  arb_t V, H;
  arb_init(V);
  arb_init(H);
  arb_set_d(H, hi);
  arb_sub(V, gx, H, 512);
  arb_set_d(H, lo);
  arb_sub(V, V, H, 512);
  arb_abs(V, V);
  arb_set_d(H, err);
  int ok = arb_lt(V, H);
  arb_clear(V);
  arb_clear(H);
  return ok;
}

/* Is (y, t) the reference for v = g^-1(x), g increasing (dir = +1) or decreasing
 * (dir = -1) and continuous near y? gfn(r, p, rnd) evaluates g with MPFR (correctly
 * rounded at r's precision, wide exponent range). Checks
 *   g(y - gap/2) < x < g(y + gap/2)  (reversed for decreasing g)  => RN53(v) = y,
 *   g(y) > x (increasing) <=> v < y <=> t = +1, and so on,
 * with g rounded in the direction that makes each inequality safe. */
static inline int rs_check_inverse(rs_mpfr_fn gfn, int dir, double x, double y, int t, mpfr_prec_t prec) {
  if (!isfinite(y) || t == 0) return 0;
  mpfr_t lo, hi, g, X;
  mpfr_init2(lo, 80);
  mpfr_init2(hi, 80);
  mpfr_init2(g, prec);
  mpfr_init2(X, 64);
  mpfr_set_d(X, x, MPFR_RNDN);
  rs_halfgaps(lo, hi, y);
  int ok = 1;
  /* increasing: g(lo) < x needs an upper bound of g(lo) below x */
  gfn(g, lo, dir > 0 ? MPFR_RNDU : MPFR_RNDD);
  ok = ok && (dir > 0 ? mpfr_cmp(g, X) < 0 : mpfr_cmp(g, X) > 0);
  gfn(g, hi, dir > 0 ? MPFR_RNDD : MPFR_RNDU);
  ok = ok && (dir > 0 ? mpfr_cmp(g, X) > 0 : mpfr_cmp(g, X) < 0);
  /* t = +1 <=> y > v <=> g(y) > x (increasing) or g(y) < x (decreasing) */
  mpfr_set_d(lo, y, MPFR_RNDN);
  if (t * dir > 0) { gfn(g, lo, MPFR_RNDD); ok = ok && mpfr_cmp(g, X) > 0; }
  else { gfn(g, lo, MPFR_RNDU); ok = ok && mpfr_cmp(g, X) < 0; }
  mpfr_clear(lo);
  mpfr_clear(hi);
  mpfr_clear(g);
  mpfr_clear(X);
  return ok;
}

/* Finite-difference Taylor coefficients c[k] ~ f^(k)(x0)/k!, k <= 4, from values of
 * an MPFR function at x0 + j delta (j = -2..2), evaluated at 'prec' bits. Central
 * differences of order 2: the truncation error is about delta^2 f^(k+2)/k!; rounding
 * errors about 2^-prec |f| / delta^k. x0 is a double; delta = 2^de. */
static inline void rs_fd_coeffs(rs_mpfr_fn fn, double x0, int de, mpfr_prec_t prec, mpfr_t c[5]) {
  mpfr_t f[5], X, t;
  for (int j = 0; j < 5; j++) mpfr_init2(f[j], prec);
  mpfr_init2(X, prec);
  mpfr_init2(t, prec);
  for (int j = -2; j <= 2; j++) {
    mpfr_set_d(X, x0, MPFR_RNDN);
    mpfr_set_si_2exp(t, j, de, MPFR_RNDN);
    mpfr_add(X, X, t, MPFR_RNDN); /* exact at this precision */
    fn(f[j + 2], X, MPFR_RNDN);
  }
  /* c0 = f0 */
  mpfr_set(c[0], f[2], MPFR_RNDN);
  /* c1 = (f1 - f-1) / (2 delta) */
  mpfr_sub(c[1], f[3], f[1], MPFR_RNDN);
  mpfr_div_2si(c[1], c[1], de + 1, MPFR_RNDN);
  /* c2 = (f1 - 2 f0 + f-1) / delta^2 / 2 */
  mpfr_add(t, f[3], f[1], MPFR_RNDN);
  mpfr_sub(t, t, f[2], MPFR_RNDN);
  mpfr_sub(t, t, f[2], MPFR_RNDN);
  mpfr_div_2si(c[2], t, 2 * de + 1, MPFR_RNDN);
  /* c3 = (f2 - 2 f1 + 2 f-1 - f-2) / (2 delta^3) / 6 */
  mpfr_sub(t, f[4], f[0], MPFR_RNDN);
  mpfr_sub(t, t, f[3], MPFR_RNDN);
  mpfr_sub(t, t, f[3], MPFR_RNDN);
  mpfr_add(t, t, f[1], MPFR_RNDN);
  mpfr_add(t, t, f[1], MPFR_RNDN);
  mpfr_div_2si(t, t, 3 * de + 1, MPFR_RNDN);
  mpfr_div_ui(c[3], t, 6, MPFR_RNDN);
  /* c4 = (f2 - 4 f1 + 6 f0 - 4 f-1 + f-2) / delta^4 / 24 */
  mpfr_add(t, f[4], f[0], MPFR_RNDN);
  mpfr_mul_ui(X, f[2], 6, MPFR_RNDN);
  mpfr_add(t, t, X, MPFR_RNDN);
  mpfr_add(X, f[3], f[1], MPFR_RNDN);
  mpfr_mul_ui(X, X, 4, MPFR_RNDN);
  mpfr_sub(t, t, X, MPFR_RNDN);
  mpfr_div_2si(t, t, 4 * de, MPFR_RNDN);
  mpfr_div_ui(c[4], t, 24, MPFR_RNDN);
  for (int j = 0; j < 5; j++) mpfr_clear(f[j]);
  mpfr_clear(X);
  mpfr_clear(t);
}

/* Does the ball b contain v up to a tolerance tol (absolute)? */
static inline int rs_ball_near(const arb_t b, mpfr_srcptr v, double tol) {
  if (!arb_is_finite(b)) return 0;
  arb_t w;
  arb_init(w);
  arf_set_mpfr(arb_midref(w), v);
  mag_set_d(arb_radref(w), tol);
  int ok = arb_overlaps(b, w);
  arb_clear(w);
  return ok;
}

/* Solve g(y) = x with MPFR at y's precision: bisection on [a, b] in binary64 with gd, a
 * binary64 approximation of g (libm's erf, erfc, ...; g monotone, dir = +1 increasing,
 * -1 decreasing), then Newton steps with g and its derivative dg in MPFR. For the tests'
 * independent values of inverse functions; the result is checked by the callers'
 * tolerances, not proved. */
static inline void rs_mpfr_invert(mpfr_t y, rs_mpfr_fn g, rs_mpfr_fn dg, double (*gd)(double), int dir, mpfr_srcptr x,
                                  double a, double b) {
  mpfr_prec_t p = mpfr_get_prec(y);
  mpfr_t v, d;
  mpfr_init2(v, p + 32);
  mpfr_init2(d, p + 32);
  double lo = a, hi = b, xd = mpfr_get_d(x, MPFR_RNDN);
  for (int i = 0; i < 200 && lo < hi; i++) {
    double mid = 0.5 * (lo + hi);
    if (mid == lo || mid == hi) break;
    if ((gd(mid) < xd) == (dir > 0)) lo = mid; else hi = mid;
  }
  mpfr_set_d(y, 0.5 * (lo + hi), MPFR_RNDN);
  for (int i = 0; i < 8; i++) {
    g(v, y, MPFR_RNDN);
    mpfr_sub(v, v, x, MPFR_RNDN);
    dg(d, y, MPFR_RNDN);
    mpfr_div(v, v, d, MPFR_RNDN);
    mpfr_sub(y, y, v, MPFR_RNDN);
  }
  mpfr_clear(v);
  mpfr_clear(d);
}

/* Check Taylor coefficients c[0..4] (balls, at a point xi) of y = g^-1 with
 * y' = D(y) = c exp(q y^2) against hand-derived derivatives (each differentiates the
 * previous one, with dD/dx = D'(y) y' = 2q y D^2):
 *   y'' = 2q y D^2,
 *   y''' = 2q y' D^2 + 2q y 2D (dD/dx) = 2q D^3 + 8q^2 y^2 D^3,
 *   y'''' = 16 q^2 y y' D^3 + (2q + 8q^2 y^2) 3 D^2 (dD/dx)
 *         = 16 q^2 y D^4 + (12 q^2 y + 48 q^3 y^3) D^4 = (28 q^2 y + 48 q^3 y^3) D^4;
 * y (at y's precision) from rs_mpfr_invert, cexact = c. Tolerance tol relative. */
static inline int rs_check_inverse_coeffs(arb_srcptr c, mpfr_srcptr y, double q, mpfr_srcptr cexact, double tol) {
  mpfr_prec_t p = mpfr_get_prec(y);
  mpfr_t D, t, u, v[5];
  mpfr_inits2(p, D, t, u, (mpfr_ptr)0);
  for (int k = 0; k < 5; k++) mpfr_init2(v[k], p);
  mpfr_sqr(t, y, MPFR_RNDN);
  mpfr_mul_d(t, t, q, MPFR_RNDN);
  mpfr_exp(D, t, MPFR_RNDN);
  mpfr_mul(D, D, cexact, MPFR_RNDN); /* D = c e^(q y^2) */
  mpfr_set(v[0], y, MPFR_RNDN);
  mpfr_set(v[1], D, MPFR_RNDN);
  /* a2 = y''/2 = q y D^2 */
  mpfr_sqr(t, D, MPFR_RNDN);
  mpfr_mul(v[2], t, y, MPFR_RNDN);
  mpfr_mul_d(v[2], v[2], q, MPFR_RNDN);
  /* a3 = (2q + 8 q^2 y^2) D^3 / 6 */
  mpfr_sqr(u, y, MPFR_RNDN);
  mpfr_mul_d(u, u, 8 * q * q, MPFR_RNDN);
  mpfr_add_d(u, u, 2 * q, MPFR_RNDN);
  mpfr_mul(t, t, D, MPFR_RNDN); /* D^3 */
  mpfr_mul(v[3], u, t, MPFR_RNDN);
  mpfr_div_ui(v[3], v[3], 6, MPFR_RNDN);
  /* a4 = (28 q^2 y + 48 q^3 y^3) D^4 / 24 */
  mpfr_sqr(u, y, MPFR_RNDN);
  mpfr_mul_d(u, u, 48 * q * q * q, MPFR_RNDN);
  mpfr_add_d(u, u, 28 * q * q, MPFR_RNDN);
  mpfr_mul(u, u, y, MPFR_RNDN);
  mpfr_mul(t, t, D, MPFR_RNDN); /* D^4 */
  mpfr_mul(v[4], u, t, MPFR_RNDN);
  mpfr_div_ui(v[4], v[4], 24, MPFR_RNDN);
  int ok = 1;
  for (int k = 0; k < 5; k++) {
    double tk = tol * (1.0 + fabs(mpfr_get_d(v[k], MPFR_RNDN)));
    if (!rs_ball_near(c + k, v[k], tk)) {
      fprintf(stderr, "inverse series coefficient %d: ", k);
      arb_fprintd(stderr, c + k, 20);
      mpfr_fprintf(stderr, " vs %.20Rg\n", v[k]);
      ok = 0;
    }
  }
  mpfr_clears(D, t, u, (mpfr_ptr)0);
  for (int k = 0; k < 5; k++) mpfr_clear(v[k]);
  return ok;
}

/* A ball m +- r with m, r doubles (r >= 0). */
static inline void rs_ball(arb_t b, double m, double r) {
  arb_set_d(b, m);
  mag_set_d(arb_radref(b), r);
}

/* ---- what several tests do the same way ---- */
typedef int (*rs_series_fn)(arb_ptr, const arb_t, slong, slong);

/* check(xb) and check(-xb) for every pattern of pts */
static inline void rs_each_sign(void (*check)(uint32_t), const uint32_t *pts, size_t n) {
  for (size_t i = 0; i < n; i++) {
    check(pts[i]);
    check(pts[i] ^ RS_SIGN32);
  }
}

/* An odd f: the referee at -x is the mirror of the referee at x, for n random patterns
 * x in [lo, hi]. */
static inline void rs_check_odd(rs_mpfr_fn ref, int n, uint32_t lo, uint32_t hi) {
  for (int i = 0; i < n; i++) {
    uint32_t xb = rs_rand_bits(lo, hi);
    double y1, y2;
    int t1, t2;
    rs_ref_call(ref, xb, &y1, &t1);
    rs_ref_call(ref, xb | RS_SIGN32, &y2, &t2);
    assert_true(rs_same(y2, -y1) && t2 == -t1);
  }
}

/* sign 2/sqrt(pi) e^(-x^2), the derivative of erf (sign +1) or erfc (-1), the last two
 * operations rounded in direction rnd; returns 0 */
static inline int rs_derf(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd, int sign) {
  mpfr_t t;
  mpfr_init2(t, mpfr_get_prec(y));
  mpfr_sqr(t, x, MPFR_RNDN);
  mpfr_neg(t, t, MPFR_RNDN);
  mpfr_exp(t, t, MPFR_RNDN);
  mpfr_const_pi(y, MPFR_RNDN);
  mpfr_sqrt(y, y, MPFR_RNDN);
  mpfr_div(y, t, y, rnd);
  if (sign > 0) mpfr_mul_2ui(y, y, 1, rnd);
  else mpfr_mul_si(y, y, -2, rnd);
  mpfr_clear(t);
  return 0;
}

/* One try of an independent evaluation at x (a binary32 number, in the ball X on entry)
 * with Arb at p bits, into the scratch ball V: whether it proves (y, t) the reference. */
typedef int (*rs_arb_try_fn)(arb_t V, arb_t X, float x, double y, int t, slong p);

/* The referee's (y, t) at x = xb against Arb through try_at, at 256, 1024 and 4096 bits
 * until proved; a disagreement names the function. */
static inline void rs_check_against_arb(const char *name, uint32_t xb, double y, int t, rs_arb_try_fn try_at) {
  float x = u2f(xb);
  arb_t X, V;
  arb_init(X);
  arb_init(V);
  arb_set_d(X, x);
  int ok = 0;
  for (slong p = 256; p <= 4096 && !ok; p *= 4) ok = try_at(V, X, x, y, t, p);
  if (!ok) fprintf(stderr, "%s referee: x = %a (0x%08x): y = %a t = %d disagrees with Arb\n", name, x, xb, y, t);
  assert_true(ok);
  arb_clear(X);
  arb_clear(V);
}

/* rs_sweep within 64 of every bound b[i], with both signs */
static inline void rs_sweep_bounds(const char *name, rs_shortcut_fn sc, rs_mpfr_fn ref, const uint32_t *b, size_t n,
                                   int (*must)(uint32_t xb)) {
  for (size_t i = 0; i < n; i++) {
    rs_sweep(name, sc, ref, b[i], 64, must);
    rs_sweep(name, sc, ref, b[i] | RS_SIGN32, 64, must);
  }
}

/* The small-argument filter below small: count random patterns (the odd ones negative),
 * then the last `near` patterns below small with both signs, checked by
 * rs_check_shortcut. Returns how many it declined; *n counts the patterns. */
static inline int rs_filter_below(const char *name, rs_shortcut_fn sc, rs_mpfr_fn ref, uint32_t small, int count,
                                  uint32_t near, int *n) {
  int declined = 0;
  for (int i = 0; i < count; i++, (*n)++) {
    uint32_t xb = rs_rand_bits(1, small - 1) | (i & 1 ? RS_SIGN32 : 0);
    declined += !rs_check_shortcut(name, sc, ref, xb);
  }
  for (uint32_t xb = small - near; xb < small; xb++, *n += 2) {
    declined += !rs_check_shortcut(name, sc, ref, xb);
    declined += !rs_check_shortcut(name, sc, ref, xb | RS_SIGN32);
  }
  return declined;
}

/* The series of `name` (5 coefficients at 128 bits) at the ball m +- r must return 0,
 * and at the ball's ends and centre each coefficient must be within
 * tol (1 + |c_k|) of the finite differences of fn (rs_fd_coeffs, 400 bits, step 2^-50). */
static inline void rs_check_series_fd(const char *name, rs_series_fn series, rs_mpfr_fn fn, double tol, double m,
                                      double r) {
  arb_t X;
  arb_init(X);
  rs_ball(X, m, r);
  arb_ptr c = _arb_vec_init(5);
  assert_int_equal(series(c, X, 5, 128), 0);
  mpfr_t fd[5];
  for (int k = 0; k < 5; k++) mpfr_init2(fd[k], 400);
  const double pts[3] = {m - r, m, m + r};
  for (int i = 0; i < 3; i++) {
    rs_fd_coeffs(fn, pts[i], -50, 400, fd);
    for (int k = 0; k < 5; k++) {
      double tk = tol * (1.0 + fabs(mpfr_get_d(fd[k], MPFR_RNDN)));
      if (!rs_ball_near(c + k, fd[k], tk)) {
        fprintf(stderr, "%s series: m = %a r = %a point %a k = %d: ", name, m, r, pts[i], k);
        arb_fprintd(stderr, c + k, 20);
        mpfr_fprintf(stderr, " vs %.20Rg\n", fd[k]);
      }
      assert_true(rs_ball_near(c + k, fd[k], tk));
    }
  }
  for (int k = 0; k < 5; k++) mpfr_clear(fd[k]);
  _arb_vec_clear(c, 5);
  arb_clear(X);
}

/* An inverse function y = g^-1(x) with y' = c e^(q y^2) (erfinv, erfcinv, normcdfinv):
 * its series, and g with what rs_mpfr_invert needs to invert it. */
struct rs_inverse {
  const char *name;
  rs_series_fn series;
  rs_mpfr_fn g, dg;       /* g and its derivative in MPFR */
  double (*gd)(double);   /* g in binary64 (libm), to start the inversion */
  int dir;                /* +1: g increases; -1: it decreases */
  double a, b;            /* where to look for y */
  double q;               /* y' = c e^(q y^2) */
  void (*set_c)(mpfr_t c); /* c, at the precision of its argument */
};

/* The series (5 coefficients at 128 bits) at the ball m +- r must return 0 and match,
 * at the ball's ends and centre, the coefficients derived by hand from y' = c e^(q y^2)
 * at y = g^-1(x) found by MPFR at 320 bits (rs_check_inverse_coeffs, 2^-70). */
static inline void rs_check_inverse_series(const struct rs_inverse *inv, double m, double r) {
  arb_t X;
  arb_init(X);
  rs_ball(X, m, r);
  arb_ptr c = _arb_vec_init(5);
  assert_int_equal(inv->series(c, X, 5, 128), 0);
  mpfr_t x, y, cc;
  mpfr_init2(x, 64);
  mpfr_init2(y, 320);
  mpfr_init2(cc, 320);
  inv->set_c(cc);
  const double pts[3] = {m - r, m, m + r};
  for (int i = 0; i < 3; i++) {
    mpfr_set_d(x, pts[i], MPFR_RNDN);
    rs_mpfr_invert(y, inv->g, inv->dg, inv->gd, inv->dir, x, inv->a, inv->b);
    int ok = rs_check_inverse_coeffs(c, y, inv->q, cc, 0x1p-70);
    if (!ok) fprintf(stderr, "%s series at m = %a r = %a point %a\n", inv->name, m, r, pts[i]);
    assert_true(ok);
  }
  mpfr_clears(x, y, cc, (mpfr_ptr)0);
  _arb_vec_clear(c, 5);
  arb_clear(X);
}

/* check(m, r) at n random balls: centres with patterns in [lo, hi], negated at random
 * when both_signs, integers skipped when skip_integers (poles), every other ball a
 * point, the others of radius 2^(e - rbits) for 2^(e-1) <= |m| < 2^e. */
static inline void rs_series_random(void (*check)(double m, double r), int n, uint32_t lo, uint32_t hi, int both_signs,
                                    int skip_integers, int rbits) {
  for (int i = 0; i < n; i++) {
    double m = (double)u2f(rs_rand_bits(lo, hi));
    if (both_signs && (rs_rand64() & 1)) m = -m;
    if (skip_integers && floor(m) == m) continue;
    int e;
    frexp(m, &e);
    check(m, (i & 1) ? 0.0 : ldexp(1.0, e - rbits));
  }
}

/* The series (3 coefficients at 64 bits) at the ball m +- r returns rc: -1 where it
 * must refuse the ball, 0 where it must not. */
static inline void rs_check_series_rc(rs_series_fn series, double m, double r, int rc) {
  arb_t X;
  arb_init(X);
  arb_ptr c = _arb_vec_init(3);
  rs_ball(X, m, r);
  assert_int_equal(series(c, X, 3, 64), rc);
  _arb_vec_clear(c, 3);
  arb_clear(X);
}

/* The balls of lgamma and tgamma that reach a pole (0, -1, -7): their series refuse them. */
#define GAMMA_POLE_BALLS {0.0, 0.0}, {0.0, 0.5}, {-1.0, 0.0}, {-0.9, 0.2}, {-7.0, 0x1p-40}, {-6.5, 0.5}, {0.1, 0.2}

/* A coefficient of a series at the point x, derived by hand: c_k in (lo, hi), or, when
 * lo = hi, a ball that contains the integer lo. */
struct rs_coeff {
  double x;
  int k;
  double lo, hi;
};
/* The series' first three coefficients (64 bits) at the points of the list, against the
 * values by hand. */
static inline void rs_check_coeffs(rs_series_fn series, const struct rs_coeff *v, size_t n) {
  arb_t X;
  arb_init(X);
  arb_ptr c = _arb_vec_init(3);
  for (size_t i = 0; i < n; i++) {
    if (i == 0 || v[i].x != v[i - 1].x) {
      if (v[i].x == 0) arb_zero(X);
      else rs_ball(X, v[i].x, 0.0);
      assert_int_equal(series(c, X, 3, 64), 0);
    }
    const arb_srcptr ck = c + v[i].k;
    if (v[i].lo == v[i].hi) assert_true(arb_contains_si(ck, (slong)v[i].lo));
    else assert_true(arf_cmp_d(arb_midref(ck), v[i].lo) > 0 && arf_cmp_d(arb_midref(ck), v[i].hi) < 0);
  }
  _arb_vec_clear(c, 3);
  arb_clear(X);
}

/* A series test: the series checked by check at the balls at and at n_random random balls
 * (rs_series_random with lo, hi, both_signs, skip_integers, rbits), then the balls it must
 * refuse (-1), an indeterminate ball (refused), the balls it must accept (0), and its
 * coefficients by hand (rs_check_coeffs). */
struct rs_series_test {
  rs_series_fn series;
  void (*check)(double m, double r);
  RE_LIST_OF(struct re_ball) at;
  int n_random;
  uint32_t lo, hi;
  int both_signs, skip_integers, rbits;
  RE_LIST_OF(struct re_ball) refuses;
  RE_LIST_OF(struct re_ball) accepts;
  RE_LIST_OF(struct rs_coeff) by_hand;
};
static inline void rs_test_series(const struct rs_series_test *S) {
  for (size_t i = 0; i < S->at.n; i++) S->check(S->at.v[i].m, S->at.v[i].r);
  if (S->n_random)
    rs_series_random(S->check, S->n_random, S->lo, S->hi, S->both_signs, S->skip_integers, S->rbits);
  for (size_t i = 0; i < S->refuses.n; i++) rs_check_series_rc(S->series, S->refuses.v[i].m, S->refuses.v[i].r, -1);
  arb_t X;
  arb_init(X);
  arb_ptr c = _arb_vec_init(3);
  arb_indeterminate(X);
  assert_int_equal(S->series(c, X, 3, 64), -1);
  _arb_vec_clear(c, 3);
  arb_clear(X);
  for (size_t i = 0; i < S->accepts.n; i++) rs_check_series_rc(S->series, S->accepts.v[i].m, S->accepts.v[i].r, 0);
  if (S->by_hand.n) rs_check_coeffs(S->series, S->by_hand.v, S->by_hand.n);
}
/* test_series of a test program: rs_test_series(&S) */
#define RS_TEST_SERIES(S)                 \
  static void test_series(void **state) { \
    (void)state;                          \
    rs_test_series(&(S));                 \
  }

/* rs_sweep around n random patterns of either sign: every negative one, and the
 * non-negative ones from `from` on */
static inline void rs_sweep_random(const char *name, rs_shortcut_fn sc, rs_mpfr_fn ref, int n, uint32_t from,
                                   int (*must)(uint32_t xb)) {
  for (int i = 0; i < n; i++) {
    uint32_t xb = rs_rand_bits(0, RS_INF32);
    rs_sweep(name, sc, ref, xb | RS_SIGN32, 0, must);
    if (xb >= from) rs_sweep(name, sc, ref, xb, 0, must);
  }
}

/* The test program: the independent evaluations get the widest exponent range (the
 * referee calls set binary64's and restore this one), then the cmocka tests listed. */
#define RS_TEST_MAIN(...)                                                                                           \
  int main(void) {                                                                                                 \
    mpfr_set_emin(mpfr_get_emin_min());                                                                            \
    mpfr_set_emax(mpfr_get_emax_max());                                                                            \
    const struct CMUnitTest tests[] = {__VA_ARGS__};                                                               \
    int r = cmocka_run_group_tests(tests, NULL, NULL);                                                             \
    flint_cleanup();                                                                                               \
    mpfr_free_cache();                                                                                             \
    return r;                                                                                                      \
  }

#endif
