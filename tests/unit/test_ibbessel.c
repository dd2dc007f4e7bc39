/* test_ibbessel.c: the ball evaluator's Bessel functions (reference/interval/ib_bessel.h:
 * j0, j1, y0, y1, cyl_bessel_i0, cyl_bessel_i1) against naive Arb loops written here.
 *
 * Each expression is written a second time as a plain Arb evaluation of the formula
 * (arb_hypgeom_bessel_j, _y, _i and Arb's arithmetic: nothing of the ball evaluator or the
 * project's host engine), run (ib_test.h's ib_naive_pair) at 64, 128, ... 8192 bits until the ball's two ends round
 * to the same binary64 number on the same side (mpfr_get_d, round to nearest; t the sign
 * of y minus the exact value): then that pair is the exact one, as every Arb operation
 * encloses its exact result. Every input both decide must give the same pair (y bit for
 * bit, and t).
 *
 * The inputs: the first, last and 6 random inputs of every 4th binade from 2^-149 to
 * 2^127, and of every binade from 2^-4 to 2^12 (where the series, Hankel's expansion and
 * the bound beyond 724 for I take over from one another at every precision), of both
 * signs; 0 and its neighbours; the binary32 numbers nearest the first 40 zeros of J0, J1,
 * Y0, Y1, and zeros near 10^3, 10^5 and 10^7, with two neighbours each side (where the
 * value is small and the sums cancel); I's inputs around 724. The test asserts that the
 * balls decide most inputs, so that it cannot pass by deciding nothing, and that y0 and
 * y1 of negative inputs are NaN as the host engine gives (ref_mpfr). IB_TEST_LEFT=1 prints the
 * inputs the naive loop decides and the balls leave (e.g. I0 at x in [2^56, 2^57): log I0 x is
 * kept as a logarithm, and e^L for L that close to 2^57 is past ib_exp, as cosh's is).
 * Also (Euler's constant, ib_const.h, is checked against MPFR by test_ib): single balls (exact and
 * with a radius) through ib_bessel and ib_bes_i_lg at 1 to 8 words holding Arb's value at
 * their midpoint, on both sides of every switch (2000 of them); Hankel's P and Q alone from
 * x = 8 up, where the remainder bound of DLMF 10.17(iii) is what makes the radius, against
 * P and Q solved from Arb's J and Y. Planted bugs these catch: the bound of P and Q 2^40
 * times too small (P, Q miss at x = 8), the power series' tail bound 2^41 times too small
 * (J0 misses at 1/4 and 1), the side of (T) flipped (340 of j0's pairs differ). (A)'s bound
 * lies below the rounding of every ball it makes (x >= 724), so shrinking it shows nowhere. */
#include "testutil.h"
#include "ib_test.h"

#include <arb.h>
#include <arb_hypgeom.h>
#include <math.h>
#include <mpfr.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "reference/expr/expr.h"
#include "reference/interval/ib_prog.h"
#include "reference/reference.h"

static void bes(arb_t y, const arb_t x, int kind, int nu, slong p) {
  if (kind == 'Y' && arb_is_negative(x)) { /* no real value (the loop leaves the input) */
    arb_indeterminate(y);
    return;
  }
  arb_t n;
  arb_init(n);
  arb_set_si(n, nu);
  if (kind == 'J') arb_hypgeom_bessel_j(y, n, x, p);
  else if (kind == 'Y') arb_hypgeom_bessel_y(y, n, x, p);
  else arb_hypgeom_bessel_i(y, n, x, p);
  arb_clear(n);
}
static void f_j0(arb_t y, const arb_t x, slong p) { bes(y, x, 'J', 0, p); }
static void f_j1(arb_t y, const arb_t x, slong p) { bes(y, x, 'J', 1, p); }
static void f_y0(arb_t y, const arb_t x, slong p) { bes(y, x, 'Y', 0, p); }
static void f_y1(arb_t y, const arb_t x, slong p) { bes(y, x, 'Y', 1, p); }
static void f_i0(arb_t y, const arb_t x, slong p) { bes(y, x, 'I', 0, p); }
static void f_i1(arb_t y, const arb_t x, slong p) { bes(y, x, 'I', 1, p); }
static void f_j0m1(arb_t y, const arb_t x, slong p) { /* j0(x)-1 */
  bes(y, x, 'J', 0, p);
  arb_sub_ui(y, y, 1, p);
}
static void f_i0m1(arb_t y, const arb_t x, slong p) { /* cyl_bessel_i0(x)-1 */
  bes(y, x, 'I', 0, p);
  arb_sub_ui(y, y, 1, p);
}
static void f_y1x(arb_t y, const arb_t x, slong p) { /* y1(x)*x */
  bes(y, x, 'Y', 1, p);
  arb_mul(y, y, x, p);
}
static void f_j1x(arb_t y, const arb_t x, slong p) { /* j1(x)/x */
  bes(y, x, 'J', 1, p);
  arb_div(y, y, x, p);
}
static void f_j0y0(arb_t y, const arb_t x, slong p) { /* j0(x)^2+y0(x)^2 */
  arb_t t;
  arb_init(t);
  bes(y, x, 'J', 0, p);
  arb_sqr(y, y, p);
  bes(t, x, 'Y', 0, p);
  arb_sqr(t, t, p);
  arb_add(y, y, t, p);
  arb_clear(t);
}
static void f_i1i0(arb_t y, const arb_t x, slong p) { /* cyl_bessel_i1(x)/cyl_bessel_i0(x) */
  arb_t t;
  arb_init(t);
  bes(y, x, 'I', 1, p);
  bes(t, x, 'I', 0, p);
  arb_div(y, y, t, p);
  arb_clear(t);
}
static void f_i0e(arb_t y, const arb_t x, slong p) { /* cyl_bessel_i0(x)*exp(-x) */
  arb_t t;
  arb_init(t);
  bes(y, x, 'I', 0, p);
  arb_neg(t, x);
  arb_exp(t, t, p);
  arb_mul(y, y, t, p);
  arb_clear(t);
}
static void f_j0inv(arb_t y, const arb_t x, slong p) { /* j0(1/x): arguments from 2^-128 to 2^149 */
  arb_inv(y, x, p);
  bes(y, y, 'J', 0, p);
}
static void f_i1sq(arb_t y, const arb_t x, slong p) { /* cyl_bessel_i1(x*x/64): inner values up to 2^250 */
  arb_sqr(y, x, p);
  arb_mul_2exp_si(y, y, -6);
  bes(y, y, 'I', 1, p);
}
static void f_y0exp(arb_t y, const arb_t x, slong p) { /* y0(exp(x)) */
  arb_exp(y, x, p);
  bes(y, y, 'Y', 0, p);
}

static const struct {
  const char *text;
  ib_naive_fn f;
  int min_pct; /* the balls decide at least this share of the inputs the naive loop decides */
} cases[] = {
    {"j0(x)", f_j0, 98},
    {"j1(x)", f_j1, 98},
    {"y0(x)", f_y0, 98},
    {"y1(x)", f_y1, 98},
    {"cyl_bessel_i0(x)", f_i0, 98},
    {"cyl_bessel_i1(x)", f_i1, 98},
    {"j0(x)-1", f_j0m1, 90},
    {"cyl_bessel_i0(x)-1", f_i0m1, 90},
    {"y1(x)*x", f_y1x, 98},
    {"j1(x)/x", f_j1x, 98},
    {"j0(x)^2+y0(x)^2", f_j0y0, 98},
    {"cyl_bessel_i1(x)/cyl_bessel_i0(x)", f_i1i0, 98},
    {"cyl_bessel_i0(x)*exp(-x)", f_i0e, 98},
    {"j0(1/x)", f_j0inv, 90},
    {"cyl_bessel_i1(x*x/64)", f_i1sq, 90},
    {"y0(exp(x))", f_y0exp, 85}, /* e^x beyond 2^190: past ib_sincos's reduction, left */
};
#define N_CASES ((int)(sizeof cases / sizeof cases[0]))

/* a zero of f (fd its derivative) near x0 by Newton's iteration in binary64: only where
 * the inputs lie, never part of a verdict */
static double newton(double (*f)(double), double (*fd)(double), double x0) {
  double x = x0;
  for (int i = 0; i < 60; i++) {
    const double d = f(x) / fd(x);
    x -= d;
    if (fabs(d) < 1e-15 * fabs(x)) break;
  }
  return x;
}
static double dj0(double x) { return -j1(x); }
static double dj1(double x) { return j0(x) - j1(x) / x; }
static double dy0(double x) { return -y1(x); }
static double dy1(double x) { return y0(x) - y1(x) / x; }

/* the inputs (see the top) into in[], their count */
static int inputs(uint32_t *in, int max) {
  int n = 0;
  for (int s = 0; s < 2; s++) {
    const uint32_t sg = s ? 0x80000000u : 0;
    for (int e = -149; e <= 127; e++) {
      if (!(e >= -4 && e <= 12) && (e & 3)) continue;
      if (e < -126 && e != -149) continue;
      n = ib_binade(in, n, sg, e, 6);
    }
    in[n++] = sg, in[n++] = sg | 1, in[n++] = sg | 2;
    for (int i = -3; i <= 3; i++) in[n++] = sg | (f2u(724.0f) + (uint32_t)(i * 1000));
  }
  /* zeros: McMahon's first approximation (k + nu/2 - 1/4) pi for J, (k + nu/2 - 3/4) pi for Y */
  double (*fs[4])(double) = {j0, j1, y0, y1}, (*ds[4])(double) = {dj0, dj1, dy0, dy1};
  const double ks[] = {318.0, 31831.0, 3183099.0};
  for (int f = 0; f < 4; f++)
    for (int k = 1; k <= 43; k++) {
      const double kk = k <= 40 ? k : ks[k - 41], nu = f & 1;
      const double z = newton(fs[f], ds[f], (kk + nu / 2 - (f < 2 ? 0.25 : 0.75)) * M_PI);
      const uint32_t b = f2u((float)z);
      for (int d = -2; d <= 2; d++)
        if (n < max) in[n++] = b + (uint32_t)d;
    }
  return n;
}

static void test_naive_arb(void **state) {
  (void)state;
  static uint32_t in[2304];
  const int n = inputs(in, 2304);
  long total = 0;
  for (int c = 0; c < N_CASES; c++) {
    const double t0 = omp_get_wtime();
    const struct ib_tally t = ib_compare(cases[c].text, cases[c].f, in, n);
    printf("  %-36s %d inputs: the naive Arb loop decides %ld, the balls %ld, both %ld, %ld differ (%.2f s)\n",
           cases[c].text, n, t.naive, t.balls, t.both, t.bad, omp_get_wtime() - t0);
    assert_int_equal(t.bad, 0);
    assert_true(t.naive * 2 >= n);
    assert_true(t.both * 100 >= t.naive * cases[c].min_pct);
    total += t.both;
  }
  printf("  %ld pairs compared, 0 differ\n", total);
  flint_cleanup();
}

/* y0, y1 of negative inputs: NaN, with the host engine's bits and t = 0; at -0 and +0 (the
 * pole) the exact infinity the host gives (ib_inf.h: y0(+-0) = y1(+-0) = -inf, and
 * y1(+-0) * (+-0) = NaN: inf * 0), or nothing */
static void test_y_domain(void **state) {
  (void)state;
  const char *texts[] = {"y0(x)", "y1(x)*x", "y0(x-1)"};
  for (int k = 0; k < 3; k++) {
    static struct ib_test_prog p;
    assert_int_equal(ib_test_load(texts[k], &p, 1), 0);
    const struct ib_prog *const P = &p.P;
    const struct reference *ref = p.ref;
    long nan = 0;
    for (int i = 0; i < 200; i++) {
      const uint32_t x = 0x80000000u | (1 + ib_next32() % 0x7f7fffffu);
      if (k == 2 && u2f(x) > -1) continue;
      double y, ry;
      int t, rt, w;
      if (!ib_decide(P, x, &y, &t, &w)) continue;
      ref_mpfr(ref, x, &ry, &rt);
      assert_true(y != y && ry != ry && t == 0 && rt == 0);
      assert_memory_equal(&y, &ry, sizeof y);
      nan++;
    }
    for (int s = 0; s < 2; s++) {
      double y, ry;
      int t, rt, w;
      if (!ib_decide(P, s ? 0x80000000u : 0u, &y, &t, &w)) continue;
      ref_mpfr(ref, s ? 0x80000000u : 0u, &ry, &rt);
      assert_true(t == 0 && rt == 0 && (k != 0 || y == -INFINITY) && (k != 1 || y != y));
      assert_memory_equal(&y, &ry, sizeof y);
    }
    printf("  %-8s %ld negative inputs decided NaN as on the host\n", texts[k], nan);
    assert_true(nan >= 50);
  }
}

/* ---- enclosure of single balls: ib_bessel and ib_bes_i_lg at 1 to 8 words hold Arb's
 * value (4200 bits) at the ball's midpoint, exact arguments and arguments with a radius,
 * on both sides of every switch (Hankel's 22.2 n + 6, I's 724) and where each series or
 * expansion stops at its best accuracy rather than at the working precision (Hankel just
 * above its threshold), where a too small remainder bound would show ---- */
static void mid_mpfr(mpfr_ptr m, const ib *a) { /* the midpoint, exactly */
  mpfr_set_prec(m, 64 * IB_MAXL + 64);
  mpfr_set_ui(m, 0, MPFR_RNDN);
  if (a->zero) return;
  mpz_t z;
  mpz_init(z);
  for (int i = 0; i < a->l; i++) {
    mpz_mul_2exp(z, z, 64);
    mpz_add_ui(z, z, (unsigned long)a->d[i]);
  }
  mpfr_set_z_2exp(m, z, a->e - 64 * (mpfr_exp_t)a->l, MPFR_RNDN); /* at most 1280 bits: exact */
  if (a->neg) mpfr_neg(m, m, MPFR_RNDN);
  mpz_clear(z);
}
/* every point of Arb's ball v lies within the ball a */
static int holds_arb(const ib *a, const arb_t v) {
  if (a->sat || !arb_is_finite(v)) return 0;
  mpfr_t m, lo, hi, r;
  mpfr_inits2(4400, m, lo, hi, r, (mpfr_ptr)0);
  mid_mpfr(m, a);
  mpfr_prec_round(m, 4400, MPFR_RNDN); /* exact: more bits */
  arb_get_interval_mpfr(lo, hi, v);
  mpfr_set_uj(r, a->r.m, MPFR_RNDN);
  mpfr_mul_2si(r, r, a->r.e, MPFR_RNDN);
  mpfr_sub(lo, lo, m, MPFR_RNDN); /* exact at 4400 bits for these magnitudes */
  mpfr_sub(hi, hi, m, MPFR_RNDN);
  mpfr_abs(lo, lo, MPFR_RNDN);
  mpfr_abs(hi, hi, MPFR_RNDN);
  const int ok = !mpfr_nan_p(lo) && !mpfr_nan_p(hi) && mpfr_cmp(lo, r) <= 0 && mpfr_cmp(hi, r) <= 0;
  mpfr_clears(m, lo, hi, r, (mpfr_ptr)0);
  return ok;
}
static void test_enclosure(void **state) {
  (void)state;
  static const double xs[] = {1e-30, 3e-7, 0.25, 1.0, 2.404825557695773, 5.5, 17.0, 28.0, 28.3, 30.0, 50.3, 50.5,
                              52.0, 94.7, 95.0, 120.0, 300.0, 361.3, 700.0, 723.9, 724.5, 1000.0, 3e4, 1e9, 0x1p100};
  const char kinds[3] = {'J', 'Y', 'I'};
  long checked = 0, bad = 0;
  const mpfr_exp_t emin0 = mpfr_get_emin(), emax0 = mpfr_get_emax(); /* the host engine narrows them */
  mpfr_set_emin(mpfr_get_emin_min()), mpfr_set_emax(mpfr_get_emax_max());
  arb_t x, v, n;
  arb_init(x), arb_init(v), arb_init(n);
  for (int k = 0; k < 3; k++)
    for (int nu = 0; nu < 2; nu++)
      for (int words = 1; words <= 8; words *= 2)
        for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++)
          for (int sg = 0; sg < 2; sg++)
            for (int wide = 0; wide < 2; wide++) {
              if (kinds[k] == 'Y' && sg) continue;
              ib_ctx c = {words, 0};
              ib b, r;
              ib_set_d(&c, &b, sg ? -xs[i] : xs[i]);
              if (wide) b.r = ibm_pow2(b.e - 64 * words - 6); /* a radius near the working precision */
              ib_bessel(&c, &r, &b, kinds[k], nu);
              if (c.fail) continue;
              arb_set_d(x, sg ? -xs[i] : xs[i]);
              arb_set_si(n, nu);
              if (kinds[k] == 'J') arb_hypgeom_bessel_j(v, n, x, 4200);
              else if (kinds[k] == 'Y') arb_hypgeom_bessel_y(v, n, x, 4200);
              else arb_hypgeom_bessel_i(v, n, x, 4200);
              checked++;
              if (r.sat) { /* a bound: |v| >= 2^e (I beyond 724) */
                arf_t a;
                arf_init(a);
                arb_get_abs_lbound_arf(a, v, 64);
                if (r.sat < 0 || arf_cmp_2exp_si(a, r.e) < 0) bad++;
                arf_clear(a);
                continue;
              }
              if (!holds_arb(&r, v)) {
                if (bad < 5) fprintf(stderr, "  %c%d(%a) at %d words (radius %d): the ball misses Arb's value\n",
                                     kinds[k], nu, sg ? -xs[i] : xs[i], words, wide);
                bad++;
              }
              if (kinds[k] == 'I' && fabs(xs[i]) >= 724) { /* the logarithm ib_lg.h keeps */
                ib L;
                int vn = 0;
                ib_ctx c2 = {words, 0};
                if (!ib_bes_i_lg(&c2, &b, &L, &vn, nu) || c2.fail) continue;
                arb_abs(v, v);
                arb_log(v, v, 4200);
                checked++;
                if (!holds_arb(&L, v) || vn != (nu && sg)) bad++;
              }
            }
  arb_clear(x), arb_clear(v), arb_clear(n);
  mpfr_set_emin(emin0), mpfr_set_emax(emax0);
  printf("  %ld balls checked against Arb, %ld miss\n", checked, bad);
  assert_int_equal(bad, 0);
  assert_true(checked >= 1000);
  flint_cleanup();
}

/* Hankel's P and Q (ib_bes_hankel_pq) at x from 8 up, 1 to 4 words, hold the exact P and Q
 * from Arb's J and Y: P = sqrt(pi x/2) (J cos w + Y sin w), Q = sqrt(pi x/2) (Y cos w - J sin w),
 * w = x - (nu/2 + 1/4) pi (DLMF 10.17.3-4 solved for P and Q). Below the switch the expansion's
 * best accuracy (about e^-2x) is far above the working precision, so the remainder bound of
 * DLMF 10.17(iii) is what the radius is made of there: a smaller one would miss. */
static void test_hankel_pq(void **state) {
  (void)state;
  static const double xs[] = {8.0, 9.5, 12.0, 15.25, 20.0, 28.3, 40.0, 64.0, 100.0, 1e5};
  arb_t x, j, y, n, c, sn, wv, t, P, Q;
  arb_init(x), arb_init(j), arb_init(y), arb_init(n), arb_init(c), arb_init(sn), arb_init(wv), arb_init(t);
  arb_init(P), arb_init(Q);
  long checked = 0, bad = 0;
  const slong pr = 4200;
  for (int nu = 0; nu < 2; nu++)
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++)
      for (int words = 1; words <= 4; words *= 2) {
        ib_ctx w = {words, 0};
        ib b, Pb, Qb;
        ib_set_d(&w, &b, xs[i]);
        ib_bes_hankel_pq(&w, &Pb, &Qb, &b, nu);
        if (w.fail) continue;
        arb_set_d(x, xs[i]);
        arb_set_si(n, nu);
        arb_hypgeom_bessel_j(j, n, x, pr);
        arb_hypgeom_bessel_y(y, n, x, pr);
        arb_const_pi(t, pr);
        arb_mul_si(wv, t, 2 * nu + 1, pr);
        arb_mul_2exp_si(wv, wv, -2);
        arb_sub(wv, x, wv, pr); /* w */
        arb_sin_cos(sn, c, wv, pr);
        arb_mul(t, t, x, pr);
        arb_mul_2exp_si(t, t, -1);
        arb_sqrt(t, t, pr); /* sqrt(pi x / 2) */
        arb_mul(P, j, c, pr);
        arb_addmul(P, y, sn, pr);
        arb_mul(P, P, t, pr);
        arb_mul(Q, y, c, pr);
        arb_submul(Q, j, sn, pr);
        arb_mul(Q, Q, t, pr);
        checked += 2;
        const int ok = holds_arb(&Pb, P) && holds_arb(&Qb, Q);
        if (!ok && bad < 5) fprintf(stderr, "  P, Q (nu %d) at x=%a, %d words: a ball misses Arb's value\n", nu, xs[i], words);
        bad += !ok;
      }
  printf("  %ld of Hankel's P and Q checked against Arb, %ld miss\n", checked, bad);
  assert_int_equal(bad, 0);
  assert_true(checked >= 100);
  arb_clear(x), arb_clear(j), arb_clear(y), arb_clear(n), arb_clear(c), arb_clear(sn), arb_clear(wv), arb_clear(t);
  arb_clear(P), arb_clear(Q);
  flint_cleanup();
}

/* `test_ibbessel --measure N` (opt-in): N inputs of each expression spread over all 2^32
 * patterns, the share decided at each precision and the CPU time per input */
static void measure(long n) {
  printf("%-36s %8s %8s %8s %8s %8s %8s %8s %9s\n", "expression", "1 word", "2", "4", "8", "16", "20", "left", "us/input");
  for (int k = 0; k < N_CASES; k++) {
    static struct ib_test_prog p;
    if (ib_test_load(cases[k].text, &p, 0)) continue;
    long by[IB_MAXL + 1] = {0}, left = 0, finite = 0;
    const double t0 = omp_get_wtime();
    for (long i = 0; i < n; i++) {
      const uint32_t x = (uint32_t)(((uint64_t)i * 2654435761ull + (uint64_t)k * 40503u) * 0x9e3779b1ull >> 13);
      if ((x & 0x7fffffffu) >= 0x7f800000u) continue;
      finite++;
      double y;
      int t, w;
      if (ib_decide(&p.P, x, &y, &t, &w)) by[w]++;
      else left++;
    }
    const double dt = omp_get_wtime() - t0;
    printf("%-36s %7.3f%% %7.3f%% %7.3f%% %7.3f%% %7.3f%% %7.3f%% %7.3f%% %9.2f\n", cases[k].text, 100.0 * by[1] / finite,
           100.0 * by[2] / finite, 100.0 * by[4] / finite, 100.0 * by[8] / finite, 100.0 * by[16] / finite,
           100.0 * by[IB_MAXL] / finite,
           100.0 * left / finite, 1e6 * dt / finite);
  }
}

int main(int argc, char **argv) {
  ib_seed(0x243f6a8885a308d3ull);
  if (argc > 2 && !strcmp(argv[1], "--measure")) {
    measure(atol(argv[2]));
    return 0;
  }
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_y_domain),
                                     cmocka_unit_test(test_enclosure),
                                     cmocka_unit_test(test_hankel_pq),
                                     cmocka_unit_test(test_naive_arb)};
  return cmocka_run_group_tests_name("ibbessel", tests, NULL, NULL);
}
