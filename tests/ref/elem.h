/* elem.h: what the tests of the elementary references share (functions/<name>/
 * test_<name>.c for acos ... tan and the exact family): the engine's MPFR recipe, the
 * comparisons of a shortcut with it (at a point, around a boundary, at random), the
 * independent evaluation in Arb that decides RN53 and the ternary value, and the checks of
 * a series against independent Taylor coefficients on balls. The family bodies beside it
 * (exact.h, elem_body.h, ...) are built from these. */
#ifndef ULPCERT_TESTS_REF_ELEM_H
#define ULPCERT_TESTS_REF_ELEM_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_poly.h>

#include "reference/shared/elem.h"

/* The engine's recipe (reference/reference.c, ref_mpfr): f at 53 bits, round to
 * nearest, binary64 exponent range, subnormalized. Saves and restores the exponent
 * range. For tests and tools; the engine has its own copy. Returns f's raw ternary:
 * REF_UNDECIDABLE (2, from the references whose Ziv loop can give up: the special
 * functions, I0, I1) comes back as such, with *t = 0 and no subnormalization. */
/* a ball m +- r of a series test */
struct re_ball {
  double m, r;
};

/* A constant list of a test's data: its array and its length. */
#define RE_LIST(a) {a, sizeof a / sizeof *a}
#define RE_LIST_OF(type) \
  struct {               \
    const type *v;       \
    size_t n;            \
  }

typedef int (*re_mpfr_fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
static inline int re_engine_raw(re_mpfr_fn f, uint32_t xb, double *y, int *t) {
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  mpfr_t X, Y;
  mpfr_init2(X, 24);
  mpfr_init2(Y, 53);
  mpfr_set_flt(X, u2f(xb), MPFR_RNDN);
  int raw = f(Y, X, MPFR_RNDN);
  int tern = raw == 2 ? 0 : mpfr_subnormalize(Y, raw, MPFR_RNDN);
  *y = mpfr_get_d(Y, MPFR_RNDN);
  *t = tern > 0 ? 1 : tern < 0 ? -1 : 0;
  mpfr_clear(X);
  mpfr_clear(Y);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  return raw;
}
static inline void re_engine(re_mpfr_fn f, uint32_t xb, double *y, int *t) { re_engine_raw(f, xb, y, t); }

typedef int (*re_shortcut_fn)(uint32_t xbits, double *y, int *t);
typedef int (*re_series_fn)(arb_ptr res, const arb_t x, slong len, slong prec);
/* An independent evaluation: encloses f(x) in res at about prec bits; 0 on success. */
typedef int (*re_arb_fn)(arb_t res, const arb_t x, slong prec);
/* Independent Taylor coefficients of f at the exact point p: c[k] encloses f^(k)(p)/k!. */
typedef int (*re_alt_fn)(arb_ptr c, const arb_t p, slong len, slong prec);
enum { RE_NONE = 0, RE_ODD = 1, RE_EVEN = 2 };

static uint64_t re_rng = 0x9e3779b97f4a7c15ull;
static inline uint64_t re_rand(void) {
  re_rng ^= re_rng << 13;
  re_rng ^= re_rng >> 7;
  re_rng ^= re_rng << 17;
  return re_rng;
}
/* uniform in [0, 1) with 53 bits */
static inline double re_rand01(void) { return (double)(re_rand() >> 11) * 0x1p-53; }

static inline int re_isnan_d(double y) { return y != y; }
/* same reference: both NaN (t equal), or the same bits (signed zeros differ) and t */
static inline int re_same(double y1, int t1, double y2, int t2) {
  if (t1 != t2) return 0;
  if (re_isnan_d(y1) || re_isnan_d(y2)) return re_isnan_d(y1) && re_isnan_d(y2);
  return d2u(y1) == d2u(y2);
}

#define RE_FAIL(...)            \
  do {                          \
    print_error(__VA_ARGS__);   \
    fail();                     \
  } while (0)

/* The engine's view of a shortcut: for an odd or even f, a negative input is asked at
 * |x| and mirrored. NaN inputs must not be answered. */
static inline int re_shortcut_eval(re_shortcut_fn s, int sym, uint32_t xb, double *y, int *t) {
  if ((xb & ~RE_SIGN32) > RE_INF32) {
    double yy;
    int tt;
    if (s(xb, &yy, &tt)) RE_FAIL("shortcut answered for the NaN 0x%08x\n", xb);
    return 0;
  }
  if (sym != RE_NONE && (xb & RE_SIGN32)) {
    if (!s(xb & ~RE_SIGN32, y, t)) return 0;
    if (sym == RE_ODD) {
      *y = -*y;
      *t = -*t;
    }
    return 1;
  }
  return s(xb, y, t);
}

/* Compare the shortcut with the engine recipe at xb; returns 1 if the shortcut answered. */
static inline int re_check_one(re_mpfr_fn f, re_shortcut_fn s, int sym, uint32_t xb) {
  double ys, ym;
  int ts, tm;
  if (!re_shortcut_eval(s, sym, xb, &ys, &ts)) return 0;
  re_engine(f, xb, &ym, &tm);
  if (!re_same(ys, ts, ym, tm))
    RE_FAIL("x = 0x%08x (%a): shortcut (%a, %d), MPFR (%a, %d)\n", xb, (double)u2f(xb), ys, ts, ym, tm);
  return 1;
}

/* The shortcut answers xb (whose result is a NaN) with MPFR's NaN bits and ternary
 * value: refcheck compares the bits. */
static inline void re_check_nan_bits(re_mpfr_fn f, re_shortcut_fn s, uint32_t xb) {
  double ys, ym;
  int ts, tm;
  assert_true(s(xb, &ys, &ts));
  re_engine(f, xb, &ym, &tm);
  assert_true(re_isnan_d(ys) && d2u(ys) == d2u(ym) && ts == tm);
}

/* Every pattern of B's sign with magnitude in [|B| - 64, |B| + 64] (clamped to
 * [0, inf]; NaN patterns checked unanswered), then 800 random ones within 2^24 of it.
 * claim < 0: the shortcut must answer every magnitude below |B| in the first window;
 * claim > 0: every magnitude from |B| on; 0: no claim. */
static inline void re_check_boundary(re_mpfr_fn f, re_shortcut_fn s, int sym, uint32_t B, int claim) {
  uint32_t sign = B & RE_SIGN32, m = B & ~RE_SIGN32;
  int64_t lo = (int64_t)m - 64, hi = (int64_t)m + 64;
  if (lo < 0) lo = 0;
  if (hi > (int64_t)RE_INF32 + 2) hi = (int64_t)RE_INF32 + 2;
  for (int64_t p = lo; p <= hi; p++) {
    uint32_t xb = sign | (uint32_t)p;
    int ans = re_check_one(f, s, sym, xb);
    int must = (uint32_t)p <= RE_INF32 && ((claim < 0 && (uint32_t)p < m) || (claim > 0 && (uint32_t)p >= m));
    if (must && !ans) RE_FAIL("shortcut did not answer 0x%08x (boundary 0x%08x)\n", xb, B);
  }
  /* and random patterns of the same sign within 2^12, 2^16, 2^20 and 2^24 of |B| */
  for (int w = 12; w <= 24; w += 4)
    for (int i = 0; i < 200; i++) {
      int64_t p = (int64_t)m + (int64_t)(re_rand() % ((2ull << w) + 1)) - ((int64_t)1 << w);
      if (p < 0 || p > (int64_t)RE_INF32 + 2) continue;
      re_check_one(f, s, sym, sign | (uint32_t)p);
    }
}

/* n random patterns over the whole line (NaNs included); returns how many answered */
static inline long re_check_random(re_mpfr_fn f, re_shortcut_fn s, int sym, long n) {
  long a = 0;
  for (long i = 0; i < n; i++) a += re_check_one(f, s, sym, (uint32_t)re_rand());
  return a;
}

/* The expected (y, t) at xb, derived by hand: compare with the engine recipe. */
static inline void re_expect(re_mpfr_fn f, uint32_t xb, double y, int t) {
  double ym;
  int tm;
  re_engine(f, xb, &ym, &tm);
  if (!re_same(y, t, ym, tm))
    RE_FAIL("x = 0x%08x (%a): MPFR (%a, %d), expected (%a, %d)\n", xb, (double)u2f(xb), ym, tm, y, t);
}

/* RN53 of the real number enclosed by v and t = sign(RN53 - v), if v decides them:
 * both ends of v round to the same binary64 number (arf_get_d rounds correctly, overflow
 * and subnormals included) and that number is not inside v, or v is exact. */
static inline int re_arb_round(const arb_t v, double *y, int *t) {
  if (!arb_is_finite(v)) return 0;
  arf_t lo, hi, Y;
  arf_init(lo);
  arf_init(hi);
  arf_init(Y);
  arb_get_lbound_arf(lo, v, 100000);
  arb_get_ubound_arf(hi, v, 100000);
  double a = arf_get_d(lo, ARF_RND_NEAR), b = arf_get_d(hi, ARF_RND_NEAR);
  int ok = 0;
  if (d2u(a) == d2u(b)) {
    *y = a;
    if (isinf(a)) {
      *t = a > 0 ? 1 : -1;
      ok = 1;
    } else {
      arf_set_d(Y, a);
      if (arf_cmp(Y, lo) < 0) { *t = -1; ok = 1; }
      else if (arf_cmp(Y, hi) > 0) { *t = 1; ok = 1; }
      else if (arf_equal(lo, hi)) { *t = 0; ok = 1; }
    }
  }
  arf_clear(lo);
  arf_clear(hi);
  arf_clear(Y);
  return ok;
}

/* f(x) by the independent evaluation g, at 128, 512, 2048 and 8192 bits until decided */
static inline int re_arb_eval(re_arb_fn g, uint32_t xb, double *y, int *t) {
  arb_t X, R;
  arb_init(X);
  arb_init(R);
  arb_set_d(X, (double)u2f(xb));
  int ok = 0;
  for (slong prec = 128; prec <= 8192 && !ok; prec *= 4)
    if (g(R, X, prec) == 0) ok = re_arb_round(R, y, t);
  arb_clear(X);
  arb_clear(R);
  return ok;
}

/* ref (through the engine recipe) against the independent evaluation g at xb */
static inline void re_check_arb(re_mpfr_fn f, re_arb_fn g, uint32_t xb) {
  double ya = 0, ym;
  int ta = 0, tm;
  if (!re_arb_eval(g, xb, &ya, &ta)) RE_FAIL("x = 0x%08x: the independent evaluation did not decide\n", xb);
  re_engine(f, xb, &ym, &tm);
  if (!re_same(ya, ta, ym, tm))
    RE_FAIL("x = 0x%08x (%a): MPFR (%a, %d), independent (%a, %d)\n", xb, (double)u2f(xb), ym, tm, ya, ta);
}

/* A random binary32 pattern with magnitude in [lo, hi] (bit patterns, sign bit clear),
 * with a random sign when both_signs. */
static inline uint32_t re_rand_in(uint32_t lo, uint32_t hi, int both_signs) {
  uint32_t m = lo + (uint32_t)(re_rand() % ((uint64_t)hi - lo + 1));
  return both_signs && (re_rand() & 1) ? m | RE_SIGN32 : m;
}

/* The series at the ball X (must return 0) against alt at the ball's ends, centre and
 * four random points of it: every res[k] must contain alt's (much narrower) enclosure.
 * With tight != 0 (a small ball), res[k] must also be reasonably narrow. */
static inline void re_check_series_ball(re_series_fn s, re_alt_fn alt, const arb_t X, slong len, slong prec, int tight) {
  arb_ptr res = _arb_vec_init(len), c = _arb_vec_init(len);
  int r = s(res, X, len, prec);
  if (r != 0) {
    char *str = arb_get_str(X, 30, 0);
    RE_FAIL("series returned %d on the ball %s\n", r, str);
  }
  arf_t p, d;
  arb_t P;
  arf_init(p);
  arf_init(d);
  arb_init(P);
  for (int i = 0; i < 7; i++) {
    slong num = i == 0 ? -(1 << 20) : i == 1 ? (1 << 20) : i == 2 ? 0 : (slong)(re_rand() % ((2u << 20) + 1)) - (1 << 20);
    arf_set_mag(d, arb_radref(X));
    arf_mul_si(d, d, num, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(d, d, -20);
    arf_add(p, arb_midref(X), d, ARF_PREC_EXACT, ARF_RND_DOWN);
    arb_set_arf(P, p);
    if (alt(c, P, len, 640) != 0) RE_FAIL("independent coefficients failed\n");
    double M = 0;
    for (slong k = 0; k < len; k++) M = fmax(M, fabs(arf_get_d(arb_midref(c + k), ARF_RND_NEAR)));
    for (slong k = 0; k < len; k++) {
      if (!arb_contains(res + k, c + k)) {
        char *a = arb_get_str(res + k, 25, 0), *b = arb_get_str(c + k, 25, 0), *xs = arb_get_str(X, 25, 0);
        RE_FAIL("series coefficient %ld at the ball %s (prec %ld): %s does not contain %s (point %d)\n", (long)k, xs, (long)prec, a, b, i);
      }
      if (tight) {
        double rad = mag_get_d(arb_radref(res + k));
        double ck = fabs(arf_get_d(arb_midref(c + k), ARF_RND_NEAR));
        if (!(rad <= 0x1p-30 * (ck + 0x1p-60 * M)))
          RE_FAIL("series coefficient %ld is too wide: radius %g for a value %g\n", (long)k, rad, ck);
      }
    }
  }
  arf_clear(p);
  arf_clear(d);
  arb_clear(P);
  _arb_vec_clear(res, len);
  _arb_vec_clear(c, len);
}

/* A ball of centre m and radius r (rounded up) */
static inline void re_ball(arb_t X, double m, double r) {
  arb_set_d(X, m);
  mag_set_d(arb_radref(X), r);
}

/* re_check_series_ball at the ball [m +- r] */
static inline void re_check_series_at(re_series_fn s, re_alt_fn alt, double m, double r, slong len, slong prec) {
  arb_t X;
  arb_init(X);
  re_ball(X, m, r);
  re_check_series_ball(s, alt, X, len, prec, 0);
  arb_clear(X);
}

/* q = (p + t)^2 + s (s = +1 or -1) as the polynomial [p^2 + s, 2p, 1] in t, through the
 * scratch a: the argument of sqrt or 1/x in the independent Taylor coefficients of
 * asinh, acosh and atan */
static inline void re_poly_shifted_square(arb_poly_t q, arb_t a, const arb_t p, int s, slong prec) {
  arb_sqr(a, p, prec);
  if (s > 0) arb_add_ui(a, a, 1, prec);
  else arb_sub_ui(a, a, 1, prec);
  arb_poly_set_coeff_arb(q, 0, a);
  arb_mul_2exp_si(a, p, 1);
  arb_poly_set_coeff_arb(q, 1, a);
  arb_poly_set_coeff_si(q, 2, 1);
}

/* independent Taylor coefficients of log(u + sqrt(u^2 + s)) at u = p + t (asinh: s = 1,
 * acosh: s = -1), as series */
static inline int re_log_sqrt_coeffs(arb_ptr c, const arb_t p, slong len, slong prec, int s) {
  arb_poly_t q, r;
  arb_t a;
  arb_poly_init(q);
  arb_poly_init(r);
  arb_init(a);
  re_poly_shifted_square(q, a, p, s, prec);
  arb_poly_sqrt_series(r, q, len, prec);
  arb_poly_zero(q);
  arb_poly_set_coeff_arb(q, 0, p);
  arb_poly_set_coeff_si(q, 1, 1);
  arb_poly_add(r, r, q, prec);
  arb_poly_log_series(r, r, len, prec);
  for (slong k = 0; k < len; k++) arb_poly_get_coeff_arb(c + k, r, k);
  arb_poly_clear(q);
  arb_poly_clear(r);
  arb_clear(a);
  return 0;
}

/* The series must refuse the ball [m +- r] */
static inline void re_check_series_refuses(re_series_fn s, double m, double r) {
  arb_t X;
  arb_init(X);
  re_ball(X, m, r);
  arb_ptr res = _arb_vec_init(4);
  int ret = s(res, X, 4, 64);
  if (ret != -1) RE_FAIL("series accepted the ball [%a +- %a] (returned %d)\n", m, r, ret);
  _arb_vec_clear(res, 4);
  arb_clear(X);
}

/* The series at n random balls: centres uniform in [lo, hi], radii 0 (every third
 * ball, checked for tightness at 100 bits and more) or up to rel * |centre|, lengths 1
 * to 12, precisions 53 to 200. */
static inline void re_check_series_random(re_series_fn s, re_alt_fn alt, double lo, double hi, double rel, int n) {
  arb_t X;
  arb_init(X);
  for (int i = 0; i < n; i++) {
    double m = lo + (hi - lo) * re_rand01();
    double r = (i % 3 == 0) ? 0.0 : rel * fabs(m) * (i % 5 == 0 ? 0x1p-40 : re_rand01());
    slong len = 1 + (slong)(re_rand() % 12);
    slong prec = (slong[]){53, 64, 100, 128, 200}[re_rand() % 5];
    re_ball(X, m, r);
    re_check_series_ball(s, alt, X, len, prec, r == 0.0 && prec >= 100);
  }
  arb_clear(X);
}

/* Infinite and NaN balls are refused */
static inline void re_check_series_nonfinite(re_series_fn s) {
  arb_t X;
  arb_init(X);
  arb_ptr res = _arb_vec_init(3);
  arb_pos_inf(X);
  if (s(res, X, 3, 64) != -1) RE_FAIL("series accepted +inf\n");
  arb_indeterminate(X);
  if (s(res, X, 3, 64) != -1) RE_FAIL("series accepted an indeterminate ball\n");
  arb_zero_pm_inf(X);
  if (s(res, X, 3, 64) != -1) RE_FAIL("series accepted [0 +- inf]\n");
  _arb_vec_clear(res, 3);
  arb_clear(X);
}
/* The test program: the cmocka tests listed. */
#define RE_TEST_MAIN(...)                                                                                           \
  int main(void) {                                                                                                 \
    const struct CMUnitTest tests[] = {__VA_ARGS__};                                                               \
    return cmocka_run_group_tests(tests, NULL, NULL);                                                              \
  }

#endif
