/* bessel.h: what the tests of the Bessel references share (functions/j0, j1, y0, y1,
 * cyl_bessel_i0, cyl_bessel_i1: test_<name>.c, through bessel_body.h): random inputs by
 * binade, the engine's recipe, a checker of (y, t) against an enclosure that is
 * independent of the rounding code (rb_check_rn53), exact Taylor coefficients from the
 * DLMF derivative identities, the series and referee checks built on them, the power
 * series of I0 and I1 summed in MPFR with directed rounding, and the referee's cost. */
#ifndef ULPCERT_TESTS_REF_BESSEL_H
#define ULPCERT_TESTS_REF_BESSEL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <cmocka.h>
#include <math.h>
#include <mpfr.h>
#include <arb.h>
#include <arb_hypgeom.h>

#include "reference/shared/bessel.h"
#include "tests/ref/elem.h"

static uint64_t rb_rng_state = 0x9e3779b97f4a7c15ull;
static inline uint64_t rb_rand64(void) { /* xorshift64* */
  rb_rng_state ^= rb_rng_state >> 12;
  rb_rng_state ^= rb_rng_state << 25;
  rb_rng_state ^= rb_rng_state >> 27;
  return rb_rng_state * 0x2545f4914f6cdd1dull;
}
static inline uint32_t rb_rand32(void) { return (uint32_t)(rb_rand64() >> 32); }
/* a random binary32 pattern, finite, |x| in [2^lo_e, 2^hi_e), random sign when sgn */
static inline uint32_t rb_rand_in(int lo_e, int hi_e, int sgn) {
  int e = lo_e + (int)(rb_rand64() % (uint64_t)(hi_e - lo_e));
  float x = ldexpf(1.0f + (float)(rb_rand32() >> 9) * 0x1p-23f, e);
  uint32_t b = f2u(x);
  if (sgn && (rb_rand64() & 1)) b |= RB_SIGN32;
  return b;
}

/* What the engine does around a referee (the reference contract): the recipe every
 * family's tests share, re_engine of tests/ref/elem.h. */
static inline void rb_engine(int (*fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t), uint32_t xb, double *y, int *t) {
  re_engine(fn, xb, y, t);
}

/* (y, t) pairs equal: the same bits (signed zeros distinct, NaN bits too: refcheck and
 * the device tests compare bits) and the same t */
static inline int rb_same(double y1, int t1, double y2, int t2) {
  return t1 == t2 && d2u(y1) == d2u(y2);
}

/* Is (y, t) the reference pair of a value v known only as the ball v (a nonzero value
 * that is not a binary64 number nor a rounding midpoint)? 1 yes, 0 no, -1 v too wide to
 * tell. Independent of the code under test: it checks y against its binary64
 * neighbours, not by rounding v. */
static inline int rb_check_rn53(double y, int t, const arb_t v) {
  int res;
  arb_t d, h, a, b;
  arb_init(d);
  arb_init(h);
  arb_init(a);
  arb_init(b);
  if (isnan(y) || t == 0) { res = 0; goto out; }
  if (isinf(y)) { /* |v| beyond 2^1024 - 2^970, the overflow boundary of RN, on y's side */
    arb_one(b);
    arb_mul_2exp_si(b, b, 1024);
    arb_one(a);
    arb_mul_2exp_si(a, a, 970);
    arb_sub(b, b, a, 2000);
    if (y < 0) arb_neg(b, b);
    arb_sub(d, v, b, 2000); /* v - boundary */
    if ((y > 0 && t != 1) || (y < 0 && t != -1)) { res = 0; goto out; }
    if (y > 0) res = arb_is_positive(d) ? 1 : arb_is_nonpositive(d) ? 0 : -1;
    else res = arb_is_negative(d) ? 1 : arb_is_nonnegative(d) ? 0 : -1;
    goto out;
  }
  arb_set_d(a, y);
  arb_sub(d, a, v, 2000); /* y - v */
  if (t > 0 ? arb_is_nonpositive(d) : arb_is_nonnegative(d)) { res = 0; goto out; }
  if (t > 0 ? !arb_is_positive(d) : !arb_is_negative(d)) { res = -1; goto out; }
  /* the neighbour on v's side, nb; DBL_MAX's neighbour above is 2^1024 */
  double nb = nextafter(y, t > 0 ? -INFINITY : INFINITY);
  if (isinf(nb)) {
    arb_one(b);
    arb_mul_2exp_si(b, b, nb > 0 ? 1024 : 0);
    if (nb < 0) arb_neg(b, b);
  } else {
    arb_set_d(b, nb);
  }
  arb_sub(h, a, b, 2000); /* y - nb, exact */
  arb_abs(h, h);
  arb_mul_2exp_si(h, h, -1); /* half the gap */
  arb_abs(d, d);
  arb_sub(d, h, d, 2000); /* half gap - |y - v| must be > 0 */
  res = arb_is_positive(d) ? 1 : arb_is_nonpositive(d) ? 0 : -1;
out:
  arb_clear(d);
  arb_clear(h);
  arb_clear(a);
  arb_clear(b);
  return res;
}

/* Exact Taylor coefficients r[k] = F_n^(k)(xi)/k!, k < len, at a point xi, from DLMF
 * 10.6.7 / 10.29.5:
 *   C_n^(k) = 2^-k sum_{j=0}^k (-1)^j C(k,j) C_{n-k+2j}  (C = J, Y),
 *   I_n^(k) = 2^-k sum_{j=0}^k C(k,j) I_{n-k+2j},
 * with J_{-m} = (-1)^m J_m, Y_{-m} = (-1)^m Y_m (DLMF 10.4.1), I_{-m} = I_m (10.27.1),
 * each F_m from Arb's point value. Independent of the series code (no ODE, no power
 * series). */
static inline void rb_deriv_identity(arb_ptr r, char kind, int n, slong len, const arb_t xi, slong prec) {
  long mmax = len + 1;
  arb_ptr F = _arb_vec_init(mmax + 1); /* F[|m|] = F_|m|(xi) */
  arb_t s, f, c;
  arb_init(s);
  arb_init(f);
  arb_init(c);
  for (long m = 0; m <= mmax; m++) rb_bessel(F + m, kind, m, xi, prec);
  for (long k = 0; k < len; k++) {
    arb_zero(s);
    for (long j = 0; j <= k; j++) {
      long m = n - k + 2 * j;
      long am = m < 0 ? -m : m;
      arb_set(f, F + am);
      if (m < 0 && kind != 'I' && (am & 1)) arb_neg(f, f);
      arb_bin_uiui(c, (ulong)k, (ulong)j, prec);
      arb_mul(f, f, c, prec);
      if (kind != 'I' && (j & 1)) arb_sub(s, s, f, prec);
      else arb_add(s, s, f, prec);
    }
    arb_mul_2exp_si(s, s, -k);
    arb_fac_ui(c, (ulong)k, prec);
    arb_div(r + k, s, c, prec);
  }
  _arb_vec_clear(F, mmax + 1);
  arb_clear(s);
  arb_clear(f);
  arb_clear(c);
}

typedef int (*rb_series_fn)(arb_ptr, const arb_t, slong, slong);

/* Series over the ball [mid - rad, mid + rad] (mid, rad doubles, rad >= 0): returns the
 * series' return code and checks, at both ends, the middle and 3 random interior points,
 * that res[k] contains the exact coefficient (rb_deriv_identity at 300 bits); when
 * 'tight' > 0, also that each res[k] has radius <= 2^-tight * max(1, |a_k(mid)|). */
static inline int rb_check_series(rb_series_fn fn, char kind, int n, double mid, double rad, slong len, slong prec,
                           int tight) {
  arb_ptr res = _arb_vec_init(len), exv = _arb_vec_init(len);
  arb_t x, xi, ex, m;
  arb_init(x);
  arb_init(xi);
  arb_init(ex);
  arb_init(m);
  arb_set_d(x, mid);
  mag_set_d(arb_radref(x), rad);
  int rc = fn(res, x, len, prec);
  if (rc == 0) {
    for (int p = 0; p < 6; p++) {
      double fr = p == 0 ? -1.0 : p == 1 ? 1.0 : p == 2 ? 0.0 : ((double)(rb_rand64() >> 11) * 0x1p-53) * 2 - 1;
      /* xi = mid + fr * rad computed exactly in Arb; the ends use the ball's own bounds */
      if (p == 0) arb_get_lbound_arf(arb_midref(xi), x, 3000);
      else if (p == 1) arb_get_ubound_arf(arb_midref(xi), x, 3000);
      else {
        arb_set_d(xi, rad);
        arb_set_d(m, fr);
        arb_mul(xi, xi, m, 3000);
        arb_set_d(m, mid);
        arb_add(xi, xi, m, 3000);
      }
      mag_zero(arb_radref(xi));
      rb_deriv_identity(exv, kind, n, len, xi, 300);
      for (slong k = 0; k < len; k++) {
        arb_set(ex, exv + k);
        if (!arb_contains(res + k, ex)) {
          fprintf(stderr, "series %c%d mid=%a rad=%a k=%ld: not enclosed\n  res=", kind, n, mid, rad, (long)k);
          arb_fprintd(stderr, res + k, 25);
          fprintf(stderr, "\n  exact=");
          arb_fprintd(stderr, ex, 25);
          fprintf(stderr, "\n");
          rc = 99;
        }
      }
    }
    if (tight > 0) {
      arb_set_d(xi, mid);
      rb_deriv_identity(exv, kind, n, len, xi, 300);
      for (slong k = 0; k < len; k++) {
        arb_set(ex, exv + k);
        arf_t lim;
        arf_init(lim);
        arf_abs(lim, arb_midref(ex));
        if (arf_cmp_si(lim, 1) < 0) arf_one(lim);
        arf_mul_2exp_si(lim, lim, -tight);
        if (arf_cmpabs_mag(lim, arb_radref(res + k)) < 0) {
          fprintf(stderr, "series %c%d mid=%a rad=%a k=%ld: radius too large\n  res=", kind, n, mid, rad, (long)k);
          arb_fprintd(stderr, res + k, 25);
          fprintf(stderr, "\n");
          rc = 98;
        }
        arf_clear(lim);
      }
    }
  }
  _arb_vec_clear(res, len);
  _arb_vec_clear(exv, len);
  arb_clear(x);
  arb_clear(xi);
  arb_clear(ex);
  arb_clear(m);
  return rc;
}

/* Balls like those the fast path's table builder asks for (reference/fast/: len 22,
 * 128 bits then 256 and 512 near zeros of f, where rb_series caps the precision), with
 * x > 0 (Y's domain; J and I are checked there too): MPFR point values, the Y remainder
 * from rb_y_energy, the precision cap. Returns the number of failures (printed). */
static inline int rb_check_builder_balls(rb_series_fn fn, char kind, int n) {
  static const double balls[][3] = { /* {mid, rad, tight} */
    {300.7, 0x1p-8, 0},  {1500.3, 0.25, 0}, {2047.5, 0.5, 0},  {4095.5, 0.5, 0},      {17.0, 1.0, 0},
    {0.75, 0.25, 0},     {3e-20, 1e-20, 0}, {40.0, 0x1p-30, 20}, {1000.0, 0x1p-20, 20}, {5.5, 0x1p-12, 0}};
  static const slong precs[] = {128, 512};
  int fails = 0;
  for (size_t i = 0; i < sizeof balls / sizeof *balls; i++)
    for (size_t j = 0; j < 2; j++) {
      int rc = rb_check_series(fn, kind, n, balls[i][0], balls[i][1], 22, precs[j], (int)balls[i][2]);
      if (rc != 0) fprintf(stderr, "builder ball {%a, %a} prec %ld: rc %d\n", balls[i][0], balls[i][1], (long)precs[j], rc);
      fails += rc != 0;
    }
  return fails;
}

typedef int (*rb_shortcut_fn)(uint32_t, double *, int *);
typedef int (*rb_mpfr_fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

/* The referee's pair at x (through rb_engine) checked against Arb's F_n(x) (kind 'J',
 * 'Y' or 'I') at 192 bits, then 768 and 3072 when that is too wide to tell:
 * 1 right, 0 wrong, -1 undecided. */
static inline int rb_check_referee_arb(rb_mpfr_fn fn, char kind, int n, uint32_t xb) {
  double y;
  int t;
  rb_engine(fn, xb, &y, &t);
  arb_t x, v;
  arb_init(x);
  arb_init(v);
  arb_set_d(x, (double)u2f(xb));
  int r = -1;
  for (slong p = 192; p <= 3072 && r < 0; p *= 4) {
    rb_bessel(v, kind, n, x, p);
    r = rb_check_rn53(y, t, v);
  }
  if (r != 1) {
    fprintf(stderr, "referee %c%d(%a) [%08x] = (%a, %d): %s; Arb: ", kind, n, (double)u2f(xb), (unsigned)xb, y, t,
            r ? "undecided" : "WRONG");
    arb_fprintd(stderr, v, 30);
    fprintf(stderr, "\n");
  }
  arb_clear(x);
  arb_clear(v);
  return r;
}

/* Every pattern in [c - w, c + w] (clamped to the 32-bit range): when the shortcut
 * answers, its (y, t) must be the referee's. Returns the number of patterns answered;
 * failures are counted in *bad. */
static inline long rb_window(rb_shortcut_fn sc, rb_mpfr_fn fn, uint32_t c, uint32_t w, long *bad) {
  long answered = 0;
  int64_t lo = (int64_t)c - w, hi = (int64_t)c + w;
  if (lo < 0) lo = 0;
  if (hi > 0xffffffffll) hi = 0xffffffffll;
  for (int64_t b = lo; b <= hi; b++) {
    double ys, yr;
    int ts, tr;
    if (!sc((uint32_t)b, &ys, &ts)) continue;
    answered++;
    rb_engine(fn, (uint32_t)b, &yr, &tr);
    if (!rb_same(ys, ts, yr, tr)) {
      fprintf(stderr, "shortcut %08x: (%a, %d), referee (%a, %d)\n", (unsigned)b, ys, ts, yr, tr);
      (*bad)++;
    }
  }
  return answered;
}
/* An enclosure of I_n(x) (n = 0, 1) for a double x, independent of Arb's Bessel code:
 * the power series I_n(|x|) = sum_j t_j, t_0 = (|x|/2)^n / n!,
 * t_{j+1} = t_j q / ((j+1)(j+1+n)), q = x^2/4 (DLMF 10.25.2), every term positive,
 * summed twice in MPFR at 'prec' bits, rounding every operation down (lower sum) and up
 * (upper sum). Stopped after a term t_J with (J+1)(J+1+n) >= 2q, where every later
 * ratio is <= 1/2, so the tail is <= t_J (1/2 + 1/4 + ...) = t_J, added to the upper
 * sum; and t_J below 2^-(prec+8) of the sum. I_1 is odd: the sign of x is applied. */
static inline void rb_i_series_mpfr(arb_t out, int n, double x, mpfr_prec_t prec) {
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax(); /* no underflow here */
  mpfr_set_emin(mpfr_get_emin_min());
  mpfr_set_emax(mpfr_get_emax_max());
  mpfr_t q, tl, th, sl, sh;
  mpfr_inits2(prec, q, tl, th, sl, sh, (mpfr_ptr)0);
  double ax = fabs(x);
  mpfr_set_d(q, ax, MPFR_RNDN); /* exact */
  mpfr_div_2ui(q, q, 1, MPFR_RNDN); /* |x|/2, exact */
  if (n == 0) {
    mpfr_set_ui(tl, 1, MPFR_RNDN);
    mpfr_set_ui(th, 1, MPFR_RNDN);
  } else {
    mpfr_set(tl, q, MPFR_RNDN);
    mpfr_set(th, q, MPFR_RNDN);
  }
  mpfr_mul(q, q, q, MPFR_RNDU); /* q rounded up; the lower chain uses a copy rounded down */
  mpfr_t qd;
  mpfr_init2(qd, prec);
  mpfr_set_d(qd, ax, MPFR_RNDN);
  mpfr_div_2ui(qd, qd, 1, MPFR_RNDN);
  mpfr_mul(qd, qd, qd, MPFR_RNDD);
  mpfr_set(sl, tl, MPFR_RNDD);
  mpfr_set(sh, th, MPFR_RNDU);
  for (unsigned long j = 0;; j++) {
    if (j > 10000000ul) { /* x below 2^20: far fewer terms */
      fprintf(stderr, "rb_i_series_mpfr(%a): no convergence\n", x);
      abort();
    }
    /* stop test on t_j just added */
    double ratio_ok = (double)(j + 1) * (double)(j + 1 + n) >= 2 * mpfr_get_d(q, MPFR_RNDU);
    if (ratio_ok && (mpfr_zero_p(th) || mpfr_get_exp(th) < mpfr_get_exp(sl) - (mpfr_exp_t)prec - 8)) {
      mpfr_add(sh, sh, th, MPFR_RNDU); /* tail <= t_J */
      break;
    }
    unsigned long d = (j + 1) * (j + 1 + n);
    mpfr_mul(tl, tl, qd, MPFR_RNDD);
    mpfr_div_ui(tl, tl, d, MPFR_RNDD);
    mpfr_mul(th, th, q, MPFR_RNDU);
    mpfr_div_ui(th, th, d, MPFR_RNDU);
    mpfr_add(sl, sl, tl, MPFR_RNDD);
    mpfr_add(sh, sh, th, MPFR_RNDU);
  }
  if (n == 1 && x < 0) {
    mpfr_neg(sl, sl, MPFR_RNDN);
    mpfr_neg(sh, sh, MPFR_RNDN);
    mpfr_swap(sl, sh);
  }
  arb_set_interval_mpfr(out, sl, sh, prec + 16);
  mpfr_clears(q, tl, th, sl, sh, qd, (mpfr_ptr)0);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
}

/* The referee's pair at x checked against rb_i_series_mpfr (256, then 1024 bits). */
static inline int rb_check_referee_iseries(rb_mpfr_fn fn, int n, uint32_t xb) {
  double y;
  int t;
  rb_engine(fn, xb, &y, &t);
  arb_t v;
  arb_init(v);
  int r = -1;
  for (mpfr_prec_t p = 256; p <= 1024 && r < 0; p *= 4) {
    rb_i_series_mpfr(v, n, (double)u2f(xb), p);
    r = rb_check_rn53(y, t, v);
  }
  if (r != 1) {
    fprintf(stderr, "referee I%d(%a) [%08x] = (%a, %d): %s; series: ", n, (double)u2f(xb), (unsigned)xb, y, t,
            r ? "undecided" : "WRONG");
    arb_fprintd(stderr, v, 30);
    fprintf(stderr, "\n");
  }
  arb_clear(v);
  return r;
}

/* CPU time of the referee (through rb_engine, as the engine calls it) on n random patterns
 * of each binade range [2^lo, 2^hi) in ranges[] ({lo, hi} pairs, positive x), printed in
 * microseconds per call: the tests run it when given the argument --bench. */
static inline void rb_bench(const char *name, rb_mpfr_fn fn, const int (*ranges)[2], int nr, int n) {
  for (int r = 0; r < nr; r++) {
    uint32_t *xs = malloc(sizeof *xs * (size_t)n);
    for (int i = 0; i < n; i++) xs[i] = rb_rand_in(ranges[r][0], ranges[r][1], 0);
    double y;
    int t;
    rb_engine(fn, xs[0], &y, &t); /* warm caches */
    struct timespec a, b;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
    for (int i = 0; i < n; i++) rb_engine(fn, xs[i], &y, &t);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
    double us = ((double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec)) / 1e3 / n;
    printf("%s referee, x in [2^%d, 2^%d): %.1f us/call (%d calls)\n", name, ranges[r][0], ranges[r][1], us, n);
    free(xs);
  }
}

#endif
