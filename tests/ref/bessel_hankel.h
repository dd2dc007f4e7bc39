/* bessel_hankel.h: the tests of the large-argument path of J0, J1, Y0 and Y1
 * (reference/shared/bessel_hankel_hd.h), shared by test_j0.c, test_j1.c, test_y0.c and
 * test_y1.c (through bessel_body.h). Against MPFR called here (mpfr_j0 .. mpfr_y1 at 53
 * bits, emin = -1073, emax = 1024, mpfr_subnormalize), not through the tool's reference:
 *  - the constants: every coefficient equals (-1)^i a_2i(nu) or (-1)^i a_(2i+1)(nu) computed
 *    in exact rational arithmetic (GMP), the truncation bounds of (H), pi^(-1/2) from MPFR;
 *  - the error bound E_G <= 2^-98 of (E6) and the bound of (E7), measured against MPFR at
 *    400 bits on random inputs of every binade (the largest error seen is printed);
 *  - the shortcut's pairs against MPFR's: the first and last input of every binade from the
 *    threshold to 2^127 and random ones in each (both signs for J), and inputs next to the
 *    zeros of the function: the binary32 neighbours of zeros found by Newton's iteration in
 *    MPFR below 2^24, and above 2^24 the inputs of a window of 2^18 consecutive ones per
 *    binade whose phase is nearest a zero of the leading term (exact integer arithmetic on
 *    the phase from MPFR); declines are counted and bounded;
 *  - that the comparison can fail: a coefficient perturbed by 2^-30 gives mismatches;
 *  - the cost per call of the path and of MPFR (printed, not asserted). */
#ifndef ULPCERT_TESTS_REF_BESSEL_HANKEL_H
#define ULPCERT_TESTS_REF_BESSEL_HANKEL_H

#include <gmp.h>
#include <time.h>

#include "tests/ref/bessel.h"
#include "reference/shared/bessel_hankel_hd.h"

typedef int (*hk_sc_fn)(uint32_t xb, double *y, int *t);

/* f(x) at prec bits, rounded to nearest: J_nu or Y_nu */
static int hk_f(mpfr_ptr r, mpfr_srcptr x, int nu, int want_y) {
  if (want_y) return nu ? mpfr_y1(r, x, MPFR_RNDN) : mpfr_y0(r, x, MPFR_RNDN);
  return nu ? mpfr_j1(r, x, MPFR_RNDN) : mpfr_j0(r, x, MPFR_RNDN);
}

/* MPFR's pair (y, t) at the binary32 input xb */
static void hk_mpfr(int nu, int want_y, uint32_t xb, double *y, int *t) {
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  mpfr_t x, r;
  mpfr_init2(x, 24);
  mpfr_init2(r, 53);
  mpfr_set_flt(x, u2f(xb), MPFR_RNDN);
  int tt = hk_f(r, x, nu, want_y);
  tt = mpfr_subnormalize(r, tt, MPFR_RNDN);
  *y = mpfr_get_d(r, MPFR_RNDN);
  *t = (tt > 0) - (tt < 0);
  mpfr_clears(x, r, (mpfr_ptr)0);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
}

/* a_k(nu) = prod_(j=1..k) (4nu^2 - (2j-1)^2) / (k! 8^k), exactly */
static void hk_ak(mpq_t r, int k, int nu) {
  mpz_t num, den;
  mpz_init_set_ui(num, 1);
  mpz_init_set_ui(den, 1);
  for (int j = 1; j <= k; j++) {
    mpz_mul_si(num, num, 4L * nu * nu - (2L * j - 1) * (2L * j - 1));
    mpz_mul_ui(den, den, 8UL * (unsigned long)j);
  }
  mpq_set_num(r, num);
  mpq_set_den(r, den);
  mpq_canonicalize(r);
  mpz_clears(num, den, NULL);
}

/* The constants of reference/shared/bessel_hankel_hd.h; returns the number of failures. */
static int hk_check_constants(void) {
  static const struct rb_hk_poly C = RB_HK_POLY_INIT;
  int fails = 0;
  mpq_t a, c;
  mpq_inits(a, c, NULL);
  for (int nu = 0; nu < 2; nu++) {
    for (int i = 0; i <= RB_HK_DEG; i++) {
      hk_ak(a, 2 * i, nu);
      if (i & 1) mpq_neg(a, a);
      mpq_set_d(c, C.p[nu][i]);
      fails += !mpq_equal(a, c);
      hk_ak(a, 2 * i + 1, nu);
      if (i & 1) mpq_neg(a, a);
      mpq_set_d(c, C.q[nu][i]);
      fails += !mpq_equal(a, c);
    }
    /* (H): |a_12| 2^-132 < 2^-120.3 and |a_13| 2^-143 < 2^-128.7 */
    hk_ak(a, 12, nu);
    fails += !(log2(fabs(mpq_get_d(a))) < 11.7);
    hk_ak(a, 13, nu);
    fails += !(log2(fabs(mpq_get_d(a))) < 14.3);
  }
  mpq_clears(a, c, NULL);
  mpfr_t k, d;
  mpfr_inits2(300, k, d, (mpfr_ptr)0);
  mpfr_const_pi(k, MPFR_RNDN);
  mpfr_rec_sqrt(k, k, MPFR_RNDN);
  mpfr_sub_d(d, k, RB_HK_K_HI, MPFR_RNDN);
  mpfr_sub_d(d, d, RB_HK_K_LO, MPFR_RNDN);
  mpfr_div(d, d, k, MPFR_RNDN);
  fails += !(mpfr_cmp_ui_2exp(d, 1, -108) < 0 && mpfr_cmp_si_2exp(d, -1, -108) > 0);
  mpfr_clears(k, d, (mpfr_ptr)0);
  return fails;
}

/* a random binary32 bit pattern in the binade [2^e, 2^(e+1)) */
static uint32_t hk_rand_binade(int e) { return ((uint32_t)(e + 127) << 23) | (rb_rand32() >> 9); }

/* log2 |G_c - G| at x (E6): G from MPFR at 400 bits, G = sigma f(x) sqrt(pi x) */
static double hk_g_error(uint32_t ax, int nu, int want_y) {
  static const struct rb_hk_poly C = RB_HK_POLY_INIT;
  int k;
  double cs[4], gh, gl;
  if (!rb_hk_phase(ax, &k, &cs[0], &cs[1], &cs[2], &cs[3])) return 0.0; /* fails the bound */
  const int q = (k - nu - want_y) & 3;
  rb_hk_g(&C, ax, nu, q, cs, &gh, &gl);
  mpfr_t x, f, s;
  mpfr_inits2(400, x, f, s, (mpfr_ptr)0);
  mpfr_set_flt(x, u2f(ax), MPFR_RNDN);
  hk_f(f, x, nu, want_y);
  mpfr_const_pi(s, MPFR_RNDN);
  mpfr_mul(s, s, x, MPFR_RNDN);
  mpfr_sqrt(s, s, MPFR_RNDN);
  mpfr_mul(f, f, s, MPFR_RNDN);
  if (q >= 2) mpfr_neg(f, f, MPFR_RNDN);
  mpfr_sub_d(f, f, gh, MPFR_RNDN);
  mpfr_sub_d(f, f, gl, MPFR_RNDN);
  double e = mpfr_zero_p(f) ? -1000.0 : log2(fabs(mpfr_get_d(f, MPFR_RNDN)));
  mpfr_clears(x, f, s, (mpfr_ptr)0);
  return e;
}

/* log2 of the relative error of rb_hk_rsqrt_pi at X (E7), from MPFR at 300 bits */
static double hk_rsqrt_error(double X) {
  double rh, rl;
  rb_hk_rsqrt_pi(X, &rh, &rl);
  mpfr_t r, d;
  mpfr_inits2(300, r, d, (mpfr_ptr)0);
  mpfr_const_pi(r, MPFR_RNDN);
  mpfr_mul_d(r, r, X, MPFR_RNDN);
  mpfr_rec_sqrt(r, r, MPFR_RNDN);
  mpfr_set_d(d, rh, MPFR_RNDN);
  mpfr_add_d(d, d, rl, MPFR_RNDN);
  mpfr_sub(d, d, r, MPFR_RNDN);
  mpfr_div(d, d, r, MPFR_RNDN);
  double e = mpfr_zero_p(d) ? -1000.0 : log2(fabs(mpfr_get_d(d, MPFR_RNDN)));
  mpfr_clears(r, d, (mpfr_ptr)0);
  return e;
}

/* One input: 1 the shortcut answers MPFR's pair, 0 it declines, -1 it answers another. */
static int hk_one(hk_sc_fn sc, int nu, int want_y, uint32_t xb) {
  double y, yr;
  int t, tr;
  if (!sc(xb, &y, &t)) return 0;
  hk_mpfr(nu, want_y, xb, &yr, &tr);
  if (d2u(y) == d2u(yr) && t == tr) return 1;
  fprintf(stderr, "hankel %c%d %08x (%a): (%a, %d), MPFR (%a, %d)\n", want_y ? 'y' : 'j', nu, (unsigned)xb,
          (double)u2f(xb), y, t, yr, tr);
  return -1;
}

struct hk_count {
  long n, dec, bad;
};
static void hk_tally(struct hk_count *c, int r) {
  c->n++;
  c->dec += r == 0;
  c->bad += r < 0;
}

/* x = the zero of f nearest x0 (J: x0 near m pi + nu pi/2 + 3pi/4; Y: + pi/4), Newton at
 * 256 bits: f' = -J1, J0 - J1/x, -Y1, Y0 - Y1/x for J0, J1, Y0, Y1 */
static void hk_zero(mpfr_ptr z, double x0, int nu, int want_y) {
  mpfr_t pi, m, f, g, h;
  mpfr_inits2(256, pi, m, f, g, h, (mpfr_ptr)0);
  mpfr_const_pi(pi, MPFR_RNDN);
  const double c = nu * 0.5 + (want_y ? 0.25 : 0.75);
  mpfr_set_d(m, x0, MPFR_RNDN);
  mpfr_div(m, m, pi, MPFR_RNDN);
  mpfr_sub_d(m, m, c, MPFR_RNDN);
  mpfr_rint(m, m, MPFR_RNDN);
  mpfr_add_d(m, m, c, MPFR_RNDN);
  mpfr_mul(z, m, pi, MPFR_RNDN);
  for (int it = 0; it < 6; it++) {
    hk_f(f, z, nu, want_y);
    hk_f(g, z, 1 - nu, want_y); /* J1 (Y1) for nu = 0, J0 (Y0) for nu = 1 */
    if (nu == 0) mpfr_neg(g, g, MPFR_RNDN);
    else {
      mpfr_div(h, f, z, MPFR_RNDN);
      mpfr_sub(g, g, h, MPFR_RNDN);
    }
    mpfr_div(f, f, g, MPFR_RNDN);
    mpfr_sub(z, z, f, MPFR_RNDN);
  }
  mpfr_clears(pi, m, f, g, h, (mpfr_ptr)0);
}

/* Below 2^24: the binary32 neighbours (3 on each side) of zeros of f, per binade from e0 */
static void hk_near_zeros_low(hk_sc_fn sc, int nu, int want_y, int e0, int per, struct hk_count *c) {
  mpfr_t z;
  mpfr_init2(z, 256);
  for (int e = e0; e < 24; e++)
    for (int i = 0; i < per; i++) {
      hk_zero(z, (double)u2f(hk_rand_binade(e)), nu, want_y);
      uint32_t b = f2u(mpfr_get_flt(z, MPFR_RNDD));
      for (int d = -2; d <= 3; d++) hk_tally(c, hk_one(sc, nu, want_y, b + (uint32_t)d));
    }
  mpfr_clear(z);
}

/* The phase of x_j = x_0 + j h in units of pi, less the zero phase (J: 1/2, Y: 0, after nu/2 +
 * 1/4), as 64-bit fractions: A = frac(x0/pi - nu/2 - 1/4 - target) 2^64, B = frac(h/pi) 2^64
 * (MPFR with 200 + e bits: both within 1 of the truncation) */
static void hk_phase64(uint32_t b0, int nu, int want_y, uint64_t *A, uint64_t *B) {
  const int e = (int)(b0 >> 23) - 127;
  mpfr_t pi, a;
  mpfr_inits2(200 + (e > 0 ? e : 0), pi, a, (mpfr_ptr)0);
  mpfr_const_pi(pi, MPFR_RNDN);
  for (int w = 0; w < 2; w++) {
    if (w == 0) {
      mpfr_set_flt(a, u2f(b0), MPFR_RNDN);
      mpfr_div(a, a, pi, MPFR_RNDN);
      mpfr_sub_d(a, a, nu * 0.5 + 0.25 + (want_y ? 0.0 : 0.5), MPFR_RNDN);
    } else {
      mpfr_set_ui_2exp(a, 1, e - 23, MPFR_RNDN);
      mpfr_div(a, a, pi, MPFR_RNDN);
    }
    mpfr_frac(a, a, MPFR_RNDN);
    if (mpfr_sgn(a) < 0) mpfr_add_ui(a, a, 1, MPFR_RNDN);
    mpfr_mul_2ui(a, a, 64, MPFR_RNDN);
    *(w ? B : A) = (uint64_t)mpfr_get_uj(a, MPFR_RNDZ);
  }
  mpfr_clears(pi, a, (mpfr_ptr)0);
}

/* From 2^24 (step 'step'): in a window of 2^18 inputs per binade, the 3 nearest a zero of the
 * leading term (|x - zero| < 2^-26 there, well below the window's best distance) */
static void hk_near_zeros_high(hk_sc_fn sc, int nu, int want_y, int step, struct hk_count *c, double *best) {
  for (int e = 24; e < 128; e += step) {
    uint32_t b0 = hk_rand_binade(e) & ~0x3ffffu;
    uint64_t A, B;
    hk_phase64(b0, nu, want_y, &A, &B);
    uint64_t d[3] = {UINT64_MAX, UINT64_MAX, UINT64_MAX};
    uint32_t j3[3] = {0, 0, 0};
    for (uint32_t j = 0; j < (1u << 18); j++) {
      uint64_t p = A + (uint64_t)j * B, ad = (int64_t)p < 0 ? (uint64_t)0 - p : p;
      int w = ad < d[0] ? 0 : ad < d[1] ? 1 : ad < d[2] ? 2 : 3;
      for (int s = 2; s > w; s--) {
        d[s] = d[s - 1];
        j3[s] = j3[s - 1];
      }
      if (w < 3) {
        d[w] = ad;
        j3[w] = j;
      }
    }
    double lg = log2((double)d[0]) - 64.0;
    if (lg < *best) *best = lg;
    for (int s = 0; s < 3; s++) hk_tally(c, hk_one(sc, nu, want_y, b0 + j3[s]));
  }
}

/* Every binade from e0 to 127: its first and last input and 'per' random ones (for J, half
 * of them negative) */
static void hk_binades(hk_sc_fn sc, int nu, int want_y, int e0, int per, struct hk_count *c) {
  for (int e = e0; e < 128; e++) {
    const uint32_t first = (uint32_t)(e + 127) << 23, last = first + 0x7fffffu;
    hk_tally(c, hk_one(sc, nu, want_y, first));
    hk_tally(c, hk_one(sc, nu, want_y, last));
    for (int i = 0; i < per; i++) {
      uint32_t b = hk_rand_binade(e);
      if (!want_y && (i & 1)) b |= RB_SIGN32;
      hk_tally(c, hk_one(sc, nu, want_y, b));
    }
  }
}

/* A perturbed coefficient must give mismatches (the comparison can fail): inputs in [2^11,
 * 2^12), p_1 (1 + 2^-30). Returns the number of mismatches among 400 inputs. */
static long hk_mutant(int nu, int want_y) {
  struct rb_hk_poly C = RB_HK_POLY_INIT;
  C.p[nu][1] *= 1.0 + 0x1p-30;
  long bad = 0;
  for (int i = 0; i < 400; i++) {
    uint32_t b = hk_rand_binade(11);
    double y, yr;
    int t, tr;
    if (!rb_hankel_p(&C, b, nu, want_y, &y, &t)) continue;
    hk_mpfr(nu, want_y, b, &yr, &tr);
    bad += !(d2u(y) == d2u(yr) && t == tr);
  }
  return bad;
}

/* CPU time per call (ns) of the path and of MPFR on n random inputs of [2^e0, 2^128) */
static void hk_bench(int nu, int want_y, int e0, int n) {
  uint32_t *xs = malloc(sizeof *xs * (size_t)n);
  for (int i = 0; i < n; i++) xs[i] = hk_rand_binade(e0 + (int)(rb_rand32() % (uint32_t)(128 - e0)));
  double ns[2];
  volatile double sink = 0.0;
  for (int w = 0; w < 2; w++) {
    const int m = w ? n / 20 : n; /* MPFR is slower: fewer calls */
    clock_t t0 = clock();
    for (int i = 0; i < m; i++) {
      double y;
      int t;
      if (w) hk_mpfr(nu, want_y, xs[i], &y, &t);
      else if (!rb_hankel(xs[i], nu, want_y, &y, &t)) y = 0.0;
      sink += y;
    }
    ns[w] = (double)(clock() - t0) / CLOCKS_PER_SEC * 1e9 / m;
  }
  (void)sink;
  fprintf(stderr, "hankel %c%d: %.0f ns a call, MPFR %.0f ns (x in [2^%d, 2^128), one core)\n",
          want_y ? 'y' : 'j', nu, ns[0], ns[1], e0);
  free(xs);
}

/* The whole check for one function; sc its shortcut, e0 the binade where Hankel starts. */
static void hk_test(hk_sc_fn sc, int nu, int want_y, int e0) {
  assert_int_equal(hk_check_constants(), 0);
  double gmax = -1000.0, rmax = -1000.0;
  for (int e = 11; e < 128; e++)
    for (int i = 0; i < 6; i++) {
      double g = hk_g_error(hk_rand_binade(e), nu, want_y);
      if (g > gmax) gmax = g;
    }
  for (int i = 0; i < 2000; i++) {
    double r = hk_rsqrt_error(1.0 + 3.0 * (double)(rb_rand64() >> 11) * 0x1p-53);
    if (r > rmax) rmax = r;
  }
  struct hk_count bin = {0, 0, 0}, zer = {0, 0, 0};
  hk_binades(sc, nu, want_y, e0, 1000, &bin);
  hk_near_zeros_low(sc, nu, want_y, e0, 6, &zer);
  double best = 0.0;
  hk_near_zeros_high(sc, nu, want_y, 1, &zer, &best);
  long mut = hk_mutant(nu, want_y);
  fprintf(stderr,
          "hankel %c%d: E_G seen 2^%.2f (bound 2^-98), (E7) seen 2^%.2f (bound 2^-101.5); binades: %ld inputs, "
          "%ld declined, %ld wrong; near zeros: %ld inputs (phase within 2^%.1f pi), %ld declined, %ld wrong; "
          "mutant: %ld of 400 wrong\n",
          want_y ? 'y' : 'j', nu, gmax, rmax, bin.n, bin.dec, bin.bad, zer.n, best, zer.dec, zer.bad, mut);
  assert_true(gmax < -98.0);
  assert_true(rmax < log2(22.6) - 106.0); /* 22.6u^2 */
  assert_int_equal(bin.bad, 0);
  assert_int_equal(zer.bad, 0);
  assert_true(bin.dec * 1000 <= bin.n); /* declines: rare (none expected) */
  assert_true(zer.dec * 20 <= zer.n);
  assert_true(mut > 20);
  hk_bench(nu, want_y, e0, 20000);
}

#endif
