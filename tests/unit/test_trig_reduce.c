/* test_trig_reduce.c: sin, cos and tan of large binary32 arguments without MPFR
 * (reference/trig_reduce.h).
 *
 * What it checks:
 *  - the constants: the words of 2/pi against MPFR (pi rounded down and up) and Arb,
 *    the split of pi/2 and |pi/2 - P1 - P2| < 2^-109, the polynomial coefficients
 *    against MPFR's correctly rounded 1/n!;
 *  - the proof (trig_prove): the operation-by-operation bounds of the header's comments
 *    evaluated with Arb (mag_t rounds upwards; pi, 1/n!, sin, cos as Arb balls), the
 *    Fast2Sum preconditions, and that 2^TRIG_EPS_*_LOG2 covers the derived relative
 *    errors;
 *  - mutants: a perturbed coefficient, a dropped low part, a bound that is too small:
 *    the proof fails, and the perturbed coefficients give wrong answers against MPFR;
 *  - the reduction against MPFR: quadrant and |f - F| <= rho_F |F|, |Z - z| <= rho_Z |z|;
 *  - trig_large against MPFR (emin -1073, emax 1024, subnormalize, as ref_mpfr) on random
 *    inputs of every binade from 2^-39 to 2^127, both signs, the three functions: 0
 *    mismatches; the fraction decided;
 *  - the worst cases of the reduction (test_hard): an exhaustive search, with exact
 *    integer arithmetic on bits of 2/pi from MPFR and independent of the header, of every
 *    binary32 x >= 1 within 2^-24 quadrants of a multiple of pi/2; the closest must stay
 *    above the header's threshold 2^-50 (R5) and be Muller's published worst case; the 64
 *    closest and their neighbours against MPFR: 0 mismatches, all decided;
 *  - the host throughput (printed).
 *
 * Mode (environment), for one-off runs outside the suite:
 *   TRIG_SWEEP=E   every positive binary32 of biased exponent E (2^23 inputs), the three
 *                  functions, against MPFR (OpenMP); prints mismatches and undecided.
 */
#include "testutil.h"

#include <arb.h>
#include <mpfr.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "reference/trig_reduce.h"

static const char *const FN_NAME[3] = {"sin", "cos", "tan"};

/* ------------------------------------------------------------------------------------
 * The MPFR reference, as reference/reference.c computes it.
 * ---------------------------------------------------------------------------------- */

static void mpfr_pair(uint32_t xb, int fn, double *y, int *t) {
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  mpfr_t x, r;
  mpfr_init2(x, 24);
  mpfr_init2(r, 53);
  mpfr_set_flt(x, u2f(xb), MPFR_RNDN);
  int tern = fn == TRIG_SIN ? mpfr_sin(r, x, MPFR_RNDN) : fn == TRIG_COS ? mpfr_cos(r, x, MPFR_RNDN)
                                                                          : mpfr_tan(r, x, MPFR_RNDN);
  tern = mpfr_subnormalize(r, tern, MPFR_RNDN);
  *y = mpfr_get_d(r, MPFR_RNDN);
  *t = (tern > 0) - (tern < 0);
  mpfr_clear(x);
  mpfr_clear(r);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
}

/* 0: agree or undecided; 1: decided and different. *dec is set when decided. */
static int check_one(const struct trig_poly *P, uint32_t xb, int fn, int *dec) {
  double y, ym;
  int t, tm;
  *dec = P ? trig_large_p(P, xb, fn, &y, &t) : trig_large(xb, fn, &y, &t);
  if (!*dec) return 0;
  mpfr_pair(xb, fn, &ym, &tm);
  if (d2u(y) == d2u(ym) && t == tm) return 0;
  return 1;
}

static void thread_cleanup_all(void) {
#pragma omp parallel
  {
    mpfr_free_cache();
    flint_cleanup();
  }
}

/* a random pattern of biased exponent E and sign s */
static uint32_t rand_in_binade(int E, int s) {
  return ((uint32_t)s << 31) | ((uint32_t)E << 23) | (uint32_t)(test_rand64() & 0x7fffffu);
}

/* ------------------------------------------------------------------------------------
 * The constants.
 * ---------------------------------------------------------------------------------- */

static const uint64_t WORDS[6] = {TRIG_2OPI_0, TRIG_2OPI_1, TRIG_2OPI_2, TRIG_2OPI_3, TRIG_2OPI_4, TRIG_2OPI_5};

/* floor(2^(64j) theta) mod 2^64 from theta in [lo, hi] (MPFR); -1 if they differ */
static int word_from(mpfr_srcptr lo, mpfr_srcptr hi, int j, uint64_t *w) {
  mpz_t a, b, m;
  mpz_inits(a, b, m, NULL);
  mpfr_t t;
  mpfr_init2(t, mpfr_get_prec(lo));
  mpfr_mul_2ui(t, lo, 64u * (unsigned)j, MPFR_RNDN); /* exact */
  mpfr_get_z(a, t, MPFR_RNDD);
  mpfr_mul_2ui(t, hi, 64u * (unsigned)j, MPFR_RNDN);
  mpfr_get_z(b, t, MPFR_RNDD);
  int ok = mpz_cmp(a, b) == 0;
  mpz_fdiv_r_2exp(m, a, 64);
  *w = (uint64_t)mpz_getlimbn(m, 0);
  mpfr_clear(t);
  mpz_clears(a, b, m, NULL);
  return ok ? 0 : -1;
}

static void test_table(void **state) {
  (void)state;
  /* MPFR: pi rounded down and up at 1024 bits, theta = 2/pi enclosed by [2/pi_up, 2/pi_dn] */
  mpfr_t pd, pu, lo, hi;
  mpfr_inits2(1024, pd, pu, lo, hi, (mpfr_ptr)0);
  mpfr_const_pi(pd, MPFR_RNDD);
  mpfr_const_pi(pu, MPFR_RNDU);
  mpfr_ui_div(lo, 2, pu, MPFR_RNDD);
  mpfr_ui_div(hi, 2, pd, MPFR_RNDU);
  for (int j = 0; j <= 5; j++) {
    uint64_t w;
    assert_int_equal(word_from(lo, hi, j, &w), 0);
    if (w != WORDS[j]) fail_msg("word %d of 2/pi: header 0x%016llx, MPFR 0x%016llx", j, (unsigned long long)WORDS[j],
                                (unsigned long long)w);
  }
  mpfr_clears(pd, pu, lo, hi, (mpfr_ptr)0);
  /* Arb: the same words from a ball of 2/pi at 1024 bits, floor exact */
  arb_t th, t;
  arb_init(th);
  arb_init(t);
  arb_const_pi(th, 1024);
  arb_ui_div(th, 2, th, 1024);
  fmpz_t z, m;
  fmpz_init(z);
  fmpz_init(m);
  for (int j = 0; j <= 5; j++) {
    arb_mul_2exp_si(t, th, 64 * j);
    arb_floor(t, t, 1024);
    assert_true(arb_get_unique_fmpz(z, t));
    fmpz_fdiv_r_2exp(m, z, 64);
    assert_true(fmpz_get_ui(m) == WORDS[j]);
  }
  /* pi/2 = P1 + P2 + P3: P1 = RN(pi/2), P2 = RN(pi/2 - P1) (MPFR), |P3| < 2^-109 (Arb) */
  {
    mpfr_t p1, p;
    mpfr_init2(p1, 53);
    mpfr_init2(p, 1024);
    mpfr_const_pi(p1, MPFR_RNDN);
    assert_true(mpfr_get_d(p1, MPFR_RNDN) / 2 == TRIG_PIO2_1);
    mpfr_const_pi(p, MPFR_RNDN);
    mpfr_div_2ui(p, p, 1, MPFR_RNDN);
    mpfr_sub_d(p, p, TRIG_PIO2_1, MPFR_RNDN);
    assert_true(mpfr_get_d(p, MPFR_RNDN) == TRIG_PIO2_2);
    mpfr_clear(p1);
    mpfr_clear(p);
    mpfr_free_cache();
  }
  arb_const_pi(th, 512);
  arb_mul_2exp_si(th, th, -1);
  arb_set_d(t, TRIG_PIO2_1);
  arb_sub(th, th, t, 512);
  arb_set_d(t, TRIG_PIO2_2);
  arb_sub(t, th, t, 512);
  mag_t e, b;
  mag_init(e);
  mag_init(b);
  arb_get_mag(e, t);
  mag_set_ui_2exp_si(b, 1, -109);
  assert_true(mag_cmp(e, b) < 0);
  assert_true(TRIG_PIO2_2 > 0 && TRIG_PIO2_2 < 0x1p-53 * TRIG_PIO2_1);
  mag_clear(e);
  mag_clear(b);
  fmpz_clear(z);
  fmpz_clear(m);
  arb_clear(th);
  arb_clear(t);
  flint_cleanup();
}

/* every stored coefficient is RN(c_i), and lo_i = RN(c_i - hi_i) */
static void test_coefficients(void **state) {
  (void)state;
  static const struct trig_poly P = TRIG_POLY_INIT;
  mpfr_t c, d;
  mpfr_init2(c, 1024);
  mpfr_init2(d, 1024);
  for (int cosine = 0; cosine <= 1; cosine++)
    for (int i = 0; i <= TRIG_DEG; i++) {
      unsigned n = (unsigned)(2 * i + !cosine);
      mpfr_fac_ui(c, n, MPFR_RNDN); /* exact: n! < 2^1024 bits */
      mpfr_ui_div(c, 1, c, MPFR_RNDN);
      if (i & 1) mpfr_neg(c, c, MPFR_RNDN);
      double hi = mpfr_get_d(c, MPFR_RNDN);
      mpfr_sub_d(d, c, hi, MPFR_RNDN);
      double lo = mpfr_get_d(d, MPFR_RNDN);
      const double *H = cosine ? P.c_hi : P.s_hi, *L = cosine ? P.c_lo : P.s_lo;
      int ndd = cosine ? TRIG_C_NDD : TRIG_S_NDD;
      if (H[i] != hi) fail_msg("%s coefficient %d: hi %a, expected %a", cosine ? "cos" : "sin", i, H[i], hi);
      if (i < ndd && L[i] != lo) fail_msg("%s coefficient %d: lo %a, expected %a", cosine ? "cos" : "sin", i, L[i], lo);
    }
  mpfr_clear(c);
  mpfr_clear(d);
  mpfr_free_cache();
}

/* ------------------------------------------------------------------------------------
 * The proof: the recurrences of trig_reduce.h's comments, with upward-rounded mag_t.
 * ---------------------------------------------------------------------------------- */

struct trig_fig {
  double rho_F, rho_Z, kappa, dW, ep_s, ep_c, rho_s, rho_c, rho_t; /* upper bounds (mag_get_d rounds up) */
  double need_sc, need_tan; /* rho (1 + u)/(1 - rho) for (T) */
  int fast2sum_ok, eps_ok;
};

static mag_t MU, META; /* u = 2^-53, eta = 2^-1075 */

static void m_init_consts(void) {
  mag_init(MU);
  mag_init(META);
  mag_set_ui_2exp_si(MU, 1, -53);
  mag_set_ui_2exp_si(META, 1, -1075);
}
/* r = u a + e (the rounding error of a result of magnitude <= a; e is eta, maybe scaled) */
static void m_err(mag_t r, const mag_t a, const mag_t e) {
  mag_t t;
  mag_init(t);
  mag_mul(t, a, MU);
  mag_add(r, t, e);
  mag_clear(t);
}
/* r = a (1 + u) + e (the magnitude of the rounded result) */
static void m_rn(mag_t r, const mag_t a, const mag_t e) {
  mag_t t;
  mag_init(t);
  mag_mul(t, a, MU);
  mag_add(t, t, a);
  mag_add(r, t, e);
  mag_clear(t);
}
/* r = 1/(1 - a), an upper bound (a < 1) */
static void m_inv1m(mag_t r, const mag_t a) {
  mag_t one, t;
  mag_init(one);
  mag_init(t);
  mag_one(one);
  mag_sub_lower(t, one, a);
  mag_div(r, one, t);
  mag_clear(one);
  mag_clear(t);
}

/* (P2)-(P4) for one polynomial: EP >= |S_0 - P(z_t^2)|, Hb >= |h|, Lb >= |l| at the end.
 * Returns 0 when a Fast2Sum precondition fails. */
static int prove_poly(const double *hi, const double *lo, int ndd, int cosine, const mag_t WB, const mag_t WH,
                      const mag_t WL, const mag_t WT, const mag_t dW, mag_t EP, mag_t Hb, mag_t Lb) {
  int ok = 1;
  mag_t cst[TRIG_DEG + 1], A, D, qb, e, t, t2, Ld;
  mag_init(A);
  mag_init(D);
  mag_init(qb);
  mag_init(e);
  mag_init(t);
  mag_init(t2);
  mag_init(Ld);
  for (int i = 0; i <= TRIG_DEG; i++) {
    mag_init(cst[i]);
    mag_set_d(cst[i], hi[i]);
    if (i < ndd) {
      mag_set_d(t, lo[i]);
      mag_add(cst[i], cst[i], t);
    }
  }
  /* (P2) stage 1 */
  mag_zero(D);
  mag_set(qb, cst[TRIG_DEG]); /* |q_13| = |hi_13| */
  mag_set(A, cst[TRIG_DEG]);  /* A_i = sum_(j>=i) |c*_j| WB^(j-i) */
  for (int i = TRIG_DEG - 1; i >= ndd; i--) {
    mag_mul(t, qb, WH); /* e_i <= u(|q_(i+1)| |wh| + |hi_i|) + eta */
    mag_add(t, t, cst[i]);
    m_err(e, t, META);
    mag_mul(D, D, WB); /* D_i <= |W| D_(i+1) + |q_(i+1)| |wl| + |e_i| */
    mag_mul(t, qb, WL);
    mag_add(D, D, t);
    mag_add(D, D, e);
    mag_mul(A, A, WB);
    mag_add(A, A, cst[i]);
    mag_add(qb, A, D); /* |q_i| <= A_i + D_i */
  }
  /* (P3) stage 2 from (q_ndd, 0) */
  mag_set(Hb, qb);
  mag_zero(Lb);
  for (int i = ndd - 1; i >= 0; i--) {
    mag_t ahi, alo, phb, x0, e0, peb, a1, e1, pmb, a2, e2, plb, shb, seb, a3, e3, ttb, a4, e4;
    mag_init(ahi); mag_init(alo); mag_init(phb); mag_init(x0); mag_init(e0); mag_init(peb); mag_init(a1);
    mag_init(e1); mag_init(pmb); mag_init(a2); mag_init(e2); mag_init(plb); mag_init(shb); mag_init(seb);
    mag_init(a3); mag_init(e3); mag_init(ttb); mag_init(a4); mag_init(e4);
    mag_set_d(ahi, hi[i]);
    mag_set_d(alo, lo[i]);
    mag_mul(t, Hb, WH);
    m_rn(phb, t, META);          /* |ph| <= |h||wh|(1+u) + eta */
    m_err(x0, t, META);          /* |h wh - ph| <= u|h||wh| + eta */
    m_err(e0, x0, META);         /* e0 */
    mag_add(peb, x0, e0);        /* |pe| */
    mag_mul(a1, Lb, WH);
    mag_add(a1, a1, peb);        /* |l wh + pe| */
    m_err(e1, a1, META);
    mag_add(pmb, a1, e1);        /* |pm| */
    mag_mul(a2, Hb, WL);
    mag_add(a2, a2, pmb);        /* |h wl + pm| */
    m_err(e2, a2, META);
    mag_add(plb, a2, e2);        /* |pl| */
    mag_set_d_lower(t2, hi[i]);  /* Fast2Sum(hi_i, ph) needs |ph| <= |hi_i| */
    if (mag_cmp(phb, t2) > 0) ok = 0;
    mag_add(t, ahi, phb);
    m_rn(shb, t, META);          /* |sh| */
    m_err(seb, shb, META);       /* |se| <= min(|ph|, u|sh| + eta) */
    mag_min(seb, seb, phb);
    mag_add(a3, alo, plb);       /* |lo_i + pl| */
    m_err(e3, a3, META);
    mag_add(ttb, a3, e3);        /* |tt| */
    mag_add(a4, seb, ttb);       /* |se + tt| */
    m_err(e4, a4, META);
    /* D' <= |W| D + |l||wl| + e0 + .. + e4 */
    mag_mul(D, D, WB);
    mag_mul(t, Lb, WL);
    mag_add(D, D, t);
    mag_add(D, D, e0);
    mag_add(D, D, e1);
    mag_add(D, D, e2);
    mag_add(D, D, e3);
    mag_add(D, D, e4);
    mag_add(Lb, a4, e4);
    mag_set(Hb, shb);
    mag_clear(ahi); mag_clear(alo); mag_clear(phb); mag_clear(x0); mag_clear(e0); mag_clear(peb); mag_clear(a1);
    mag_clear(e1); mag_clear(pmb); mag_clear(a2); mag_clear(e2); mag_clear(plb); mag_clear(shb); mag_clear(seb);
    mag_clear(a3); mag_clear(e3); mag_clear(ttb); mag_clear(a4); mag_clear(e4);
  }
  /* (P4) EP = D_0 + L |W - z_t^2| + sum |c*_i - c_i| WT^i + remainder */
  mag_set(EP, D);
  mag_zero(Ld); /* L = sum_(i>=1) i |c*_i| WB^(i-1) */
  for (int i = TRIG_DEG; i >= 1; i--) {
    mag_mul(Ld, Ld, WB);
    mag_mul_ui(t, cst[i], (ulong)i);
    mag_add(Ld, Ld, t);
  }
  mag_mul(t, Ld, dW);
  mag_add(EP, EP, t);
  arb_t c, s;
  arb_init(c);
  arb_init(s);
  for (int i = 0; i <= TRIG_DEG; i++) {
    arb_fac_ui(c, (ulong)(2 * i + !cosine), 512);
    arb_inv(c, c, 512);
    if (i & 1) arb_neg(c, c);
    arb_set_d(s, hi[i]);
    if (i < ndd) {
      arb_t l;
      arb_init(l);
      arb_set_d(l, lo[i]);
      arb_add(s, s, l, 512);
      arb_clear(l);
    }
    arb_sub(s, s, c, 512);
    arb_get_mag(t, s); /* |c*_i - c_i| */
    mag_pow_ui(t2, WT, (ulong)i);
    mag_mul(t, t, t2);
    mag_add(EP, EP, t);
  }
  /* Lagrange: sin: |z|^29/29! / |z| = w^14/29!; cos: w^14/28! */
  mag_pow_ui(t, WT, TRIG_DEG + 1);
  mag_rfac_ui(t2, cosine ? 2 * TRIG_DEG + 2 : 2 * TRIG_DEG + 3);
  mag_mul(t, t, t2);
  mag_add(EP, EP, t);
  arb_clear(c);
  arb_clear(s);
  for (int i = 0; i <= TRIG_DEG; i++) mag_clear(cst[i]);
  mag_clear(A); mag_clear(D); mag_clear(qb); mag_clear(e); mag_clear(t); mag_clear(t2); mag_clear(Ld);
  return ok;
}

/* The whole proof for the constants P; figures in *F. Returns 1 when every condition holds. */
static int trig_prove(const struct trig_poly *P, struct trig_fig *F) {
  memset(F, 0, sizeof *F);
  m_init_consts();
  mag_t one, t, t2, rhoF, rhoZ, kappa, X, etaX, c1, errc, argzl, errzl, err1, sig, ZT, ZH, ZL, zhs, zls, WH, WL, WB,
      WT, dW, errwe, errwl, EPs, EPc, Hs, Ls, Hc, Lc, rhos, rhoc, rhot, etas, lowb;
  mag_init(one); mag_init(t); mag_init(t2); mag_init(rhoF); mag_init(rhoZ); mag_init(kappa); mag_init(X);
  mag_init(etaX); mag_init(c1); mag_init(errc); mag_init(argzl); mag_init(errzl); mag_init(err1); mag_init(sig);
  mag_init(ZT); mag_init(ZH); mag_init(ZL); mag_init(zhs); mag_init(zls); mag_init(WH); mag_init(WL); mag_init(WB);
  mag_init(WT); mag_init(dW); mag_init(errwe); mag_init(errwl); mag_init(EPs); mag_init(EPc); mag_init(Hs);
  mag_init(Ls); mag_init(Hc); mag_init(Lc); mag_init(rhos); mag_init(rhoc); mag_init(rhot); mag_init(etas);
  mag_init(lowb);
  mag_one(one);
  arb_t a, b;
  arb_init(a);
  arb_init(b);

  /* (R4) rho_F = (2^-105 + 2^-116)/(1 - 2^-105) */
  mag_set_ui_2exp_si(t, 1, -105);
  mag_set_ui_2exp_si(t2, 1, -116);
  mag_add(rhoF, t, t2);
  m_inv1m(t2, t);
  mag_mul(rhoF, rhoF, t2);
  F->rho_F = mag_get_d(rhoF);

  /* (R6) in units of X = |fh P1| (X >= 2^-51: |f| >= 2^-50, |fh| >= |f|(1 - 2^-105) - 2^-166) */
  mag_set_ui_2exp_si(etaX, 1, -1075 + 51);
  mag_mul(t, MU, MU); /* |e1| <= uX + (u(uX) + eta) */
  mag_add(err1, t, etaX);
  mag_add(t, MU, err1); /* |e1| */
  mag_set_d(c1, TRIG_PIO2_2);
  mag_set_d_lower(t2, TRIG_PIO2_1);
  mag_div(c1, c1, t2); /* P2/P1 */
  mag_set(sig, c1);    /* keep P2/P1 */
  mag_add(c1, c1, t);  /* |fh P2 + e1| <= X(P2/P1 + |e1|/X) */
  m_err(errc, c1, etaX);
  m_rn(t, c1, etaX); /* |c| */
  mag_set_ui_2exp_si(argzl, 1, -52);
  mag_add(argzl, argzl, t); /* |fl P1 + c| <= X(2^-52 + |c|/X) */
  m_err(errzl, argzl, etaX);
  /* |Z - F pi/2| <= |fl P2| + |F P3| + err(e1) + err(c) + err(zl), in units of |F| pi/2 >= X:
   * |fl P2| <= 2^-52 X P2/P1, |F P3| <= |F| pi/2 * 2^-109 */
  mag_mul_2exp_si(t, sig, -52);
  mag_set_ui_2exp_si(t2, 1, -109);
  mag_add(t, t, t2);
  mag_add(t, t, err1);
  mag_add(t, t, errc);
  mag_add(sig, t, errzl);
  /* rho_Z = (sigma + rho_F)/(1 - rho_F) */
  mag_add(rhoZ, sig, rhoF);
  m_inv1m(t, rhoF);
  mag_mul(rhoZ, rhoZ, t);
  F->rho_Z = mag_get_d(rhoZ);
  /* kappa: |zl| <= (argzl (1+u) + eta) X, |zh| >= X (1 - u) */
  m_rn(kappa, argzl, etaX);
  m_inv1m(t, MU);
  mag_mul(kappa, kappa, t);
  F->kappa = mag_get_d(kappa);
  /* ZT >= |z_t| = |f + eps0| pi/2 <= (1/2 + 2^-166) pi/2 */
  arb_const_pi(a, 256);
  arb_mul_2exp_si(a, a, -1);
  arb_set_ui(b, 1);
  arb_mul_2exp_si(b, b, -1);
  arb_t c;
  arb_init(c);
  arb_set_ui(c, 1);
  arb_mul_2exp_si(c, c, -166);
  arb_add(b, b, c, 256);
  arb_mul(a, a, b, 256);
  arb_get_mag(ZT, a);
  /* |zh| <= X(1+u) + eta, X <= P1/2; |zl| <= kappa |zh| */
  mag_set_d(t, TRIG_PIO2_1);
  mag_mul_2exp_si(t, t, -1);
  m_rn(ZH, t, META);
  mag_mul(ZL, kappa, ZH);
  /* relative to |z_t|: |zh| <= (1 + rho_Z)/(1 - kappa) |z_t|, |zl| <= kappa that */
  mag_add(zhs, one, rhoZ);
  m_inv1m(t, kappa);
  mag_mul(zhs, zhs, t);
  mag_mul(zls, kappa, zhs);

  /* (P1) W: |wh| <= ZH^2 (1+u) + eta; err(we) <= u(u ZH^2 + eta) + eta;
   * wl = RN(2 zh zl + we); |W - Z^2| <= zl^2 + err(we) + err(wl); |Z^2 - z_t^2| <=
   * rho_Z (2 + rho_Z) z_t^2 */
  mag_mul(t, ZH, ZH);
  m_rn(WH, t, META);
  m_err(t2, t, META); /* |zh^2 - wh| */
  m_err(errwe, t2, META);
  mag_add(t2, t2, errwe); /* |we| */
  mag_mul(t, ZH, ZL);
  mag_mul_2exp_si(t, t, 1);
  mag_add(t, t, t2); /* |2 zh zl + we| */
  m_err(errwl, t, META);
  m_rn(WL, t, META);
  mag_mul(dW, ZL, ZL);
  mag_add(dW, dW, errwe);
  mag_add(dW, dW, errwl);
  mag_mul(WT, ZT, ZT); /* z_t^2 <= WT */
  mag_mul_2exp_si(t, one, 1);
  mag_add(t, t, rhoZ);
  mag_mul(t, t, rhoZ);
  mag_mul(t, t, WT);
  mag_add(dW, dW, t);
  F->dW = mag_get_d(dW);
  mag_add(WB, WT, dW); /* |W| and z_t^2 <= WB */

  /* (P2)-(P4) */
  int f2s = prove_poly(P->s_hi, P->s_lo, TRIG_S_NDD, 0, WB, WH, WL, WT, dW, EPs, Hs, Ls);
  f2s &= prove_poly(P->c_hi, P->c_lo, TRIG_C_NDD, 1, WB, WH, WL, WT, dW, EPc, Hc, Lc);
  F->fast2sum_ok = f2s;
  F->ep_s = mag_get_d(EPs);
  F->ep_c = mag_get_d(EPc);

  /* (P5) sin, relative to |z_t| (eta scaled by 1/min|z_t| <= 2^50) */
  mag_set_ui_2exp_si(etas, 1, -1075 + 50);
  {
    mag_t arg, yhb, ye, errye, ym, errym, yl, erryl, tot;
    mag_init(arg); mag_init(yhb); mag_init(ye); mag_init(errye); mag_init(ym); mag_init(errym); mag_init(yl);
    mag_init(erryl); mag_init(tot);
    mag_mul(arg, zhs, Hs);   /* |zh h| */
    m_err(ye, arg, etas);     /* |zh h - yh| */
    m_err(errye, ye, etas);
    mag_add(ye, ye, errye);   /* |ye| */
    mag_mul(ym, zhs, Ls);
    mag_add(ym, ym, ye);      /* |zh l + ye| */
    m_err(errym, ym, etas);
    mag_add(ym, ym, errym);   /* |ym| */
    mag_mul(yl, zls, Hs);
    mag_add(yl, yl, ym);      /* |zl h + ym| */
    m_err(erryl, yl, etas);
    /* rho_Z (Hs + Ls) + (1 + rho_Z)... : |Z - z_t||S_0| + |z_t||S_0 - P_s| + |zl l| + errors */
    mag_add(t, Hs, Ls);
    mag_mul(tot, rhoZ, t);
    mag_add(tot, tot, EPs);
    mag_mul(t, zls, Ls);
    mag_add(tot, tot, t);
    mag_add(tot, tot, errye);
    mag_add(tot, tot, errym);
    mag_add(tot, tot, erryl);
    /* divided by min sin z/z = sin(ZT)/ZT */
    arf_t zt;
    arf_init(zt);
    arf_set_mag(zt, ZT);
    arb_set_arf(a, zt);
    arb_sin(b, a, 256);
    arb_div(b, b, a, 256);
    arb_get_mag_lower(lowb, b);
    mag_div(rhos, tot, lowb);
    /* cos: divided by cos(ZT) */
    arb_cos(b, a, 256);
    arb_get_mag_lower(lowb, b);
    mag_div(rhoc, EPc, lowb);
    arf_clear(zt);
    mag_clear(arg); mag_clear(yhb); mag_clear(ye); mag_clear(errye); mag_clear(ym); mag_clear(errym); mag_clear(yl);
    mag_clear(erryl); mag_clear(tot);
  }
  F->rho_s = mag_get_d(rhos);
  F->rho_c = mag_get_d(rhoc);

  /* (P6) tan: rho_nd = (rho_s + rho_c)/(1 - max); the division in units of |nh| and |nh/dh|
   * (eta scaled by 2^52: |nh| >= 2^-52 and |nh/dh| >= 2^-52) */
  {
    mag_t rnd, mx, er, r, er2, r2, er3, rho, sum, eq2, div, eta52, u1;
    mag_init(rnd); mag_init(mx); mag_init(er); mag_init(r); mag_init(er2); mag_init(r2); mag_init(er3);
    mag_init(rho); mag_init(sum); mag_init(eq2); mag_init(div); mag_init(eta52); mag_init(u1);
    mag_set_ui_2exp_si(eta52, 1, -1075 + 52);
    mag_add(rnd, rhos, rhoc);
    mag_max(mx, rhos, rhoc);
    m_inv1m(t, mx);
    mag_mul(rnd, rnd, t);
    mag_add(u1, one, MU); /* 1 + u */
    /* r = RN(nh - q1 dh), |nh - q1 dh| <= u |nh| */
    m_err(er, MU, eta52);
    mag_add(r, MU, er);
    /* r2 = RN(r + nl), |nl| <= u|nh| */
    mag_add(t, r, MU);
    m_err(er2, t, eta52);
    mag_add(r2, t, er2);
    /* r3 = RN(r2 - q1 dl), |q1 dl| <= u(1+u)|nh| */
    mag_mul(t2, MU, u1);
    mag_add(t, r2, t2);
    m_err(er3, t, eta52);
    /* |rho| <= (3u + u^2)|nh| */
    mag_mul(rho, MU, MU);
    mag_mul_ui(t, MU, 3);
    mag_add(rho, rho, t);
    mag_add(sum, er, er2);
    mag_add(sum, sum, er3);
    /* q2 = RN(r3/dh): |r3/dh| <= (|rho| + sum) Qn */
    mag_add(t, rho, sum);
    m_err(eq2, t, eta52);
    /* |q1 + q2 - N/D| <= Qn [err(q2) + sum + |rho| u/(1-u)] */
    m_inv1m(t2, MU);
    mag_mul(t, rho, MU);
    mag_mul(t, t, t2);
    mag_add(div, eq2, sum);
    mag_add(div, div, t);
    /* Qn <= |N/D| (1+u)/(1-u) */
    mag_mul(div, div, u1);
    mag_mul(div, div, t2);
    /* rho_t = rho_nd + rho_div (1 + rho_nd) */
    mag_add(t, one, rnd);
    mag_mul(t, t, div);
    mag_add(rhot, rnd, t);
    mag_clear(rnd); mag_clear(mx); mag_clear(er); mag_clear(r); mag_clear(er2); mag_clear(r2); mag_clear(er3);
    mag_clear(rho); mag_clear(sum); mag_clear(eq2); mag_clear(div); mag_clear(eta52); mag_clear(u1);
  }
  F->rho_t = mag_get_d(rhot);

  /* (T) 2^eps >= rho (1 + u)/(1 - rho) */
  int eps_ok = 1;
  mag_t need, have;
  mag_init(need);
  mag_init(have);
  mag_max(t, rhos, rhoc);
  m_inv1m(t2, t);
  mag_mul(need, t, t2);
  mag_add(t2, one, MU);
  mag_mul(need, need, t2);
  F->need_sc = mag_get_d(need);
  mag_set_ui_2exp_si(have, 1, P->eps_sc_log2);
  if (mag_cmp(need, have) > 0) eps_ok = 0;
  m_inv1m(t2, rhot);
  mag_mul(need, rhot, t2);
  mag_add(t2, one, MU);
  mag_mul(need, need, t2);
  F->need_tan = mag_get_d(need);
  mag_set_ui_2exp_si(have, 1, P->eps_tan_log2);
  if (mag_cmp(need, have) > 0) eps_ok = 0;
  F->eps_ok = eps_ok;
  mag_clear(need);
  mag_clear(have);

  arb_clear(a);
  arb_clear(b);
  arb_clear(c);
  mag_clear(one); mag_clear(t); mag_clear(t2); mag_clear(rhoF); mag_clear(rhoZ); mag_clear(kappa); mag_clear(X);
  mag_clear(etaX); mag_clear(c1); mag_clear(errc); mag_clear(argzl); mag_clear(errzl); mag_clear(err1);
  mag_clear(sig); mag_clear(ZT); mag_clear(ZH); mag_clear(ZL); mag_clear(zhs); mag_clear(zls); mag_clear(WH);
  mag_clear(WL); mag_clear(WB); mag_clear(WT); mag_clear(dW); mag_clear(errwe); mag_clear(errwl); mag_clear(EPs);
  mag_clear(EPc); mag_clear(Hs); mag_clear(Ls); mag_clear(Hc); mag_clear(Lc); mag_clear(rhos); mag_clear(rhoc);
  mag_clear(rhot); mag_clear(etas); mag_clear(lowb);
  mag_clear(MU);
  mag_clear(META);
  return f2s && eps_ok;
}

/* the coefficient check of test_coefficients, as a predicate (for the mutants) */
static int coefficients_ok(const struct trig_poly *P) {
  static const struct trig_poly Q = TRIG_POLY_INIT;
  return memcmp(P->s_hi, Q.s_hi, sizeof Q.s_hi) == 0 && memcmp(P->s_lo, Q.s_lo, sizeof Q.s_lo) == 0 &&
         memcmp(P->c_hi, Q.c_hi, sizeof Q.c_hi) == 0 && memcmp(P->c_lo, Q.c_lo, sizeof Q.c_lo) == 0;
}

static void print_fig(const struct trig_fig *F) {
  printf("proof: rho_F 2^%.2f  rho_Z 2^%.2f  kappa 2^%.2f  |W - z^2| 2^%.2f\n", log2(F->rho_F), log2(F->rho_Z),
         log2(F->kappa), log2(F->dW));
  printf("proof: |S_0 - P_s| 2^%.2f  |S_0 - P_c| 2^%.2f  rho_sin 2^%.2f  rho_cos 2^%.2f  rho_tan 2^%.2f\n",
         log2(F->ep_s), log2(F->ep_c), log2(F->rho_s), log2(F->rho_c), log2(F->rho_t));
  printf("proof: (T) needs 2^%.2f (sin, cos; have 2^%d) and 2^%.2f (tan; have 2^%d); Fast2Sum %s\n",
         log2(F->need_sc), TRIG_EPS_SC_LOG2, log2(F->need_tan), TRIG_EPS_TAN_LOG2, F->fast2sum_ok ? "ok" : "FAILS");
}

static void test_prove(void **state) {
  (void)state;
  static const struct trig_poly P = TRIG_POLY_INIT;
  struct trig_fig F;
  int ok = trig_prove(&P, &F);
  print_fig(&F);
  assert_true(F.fast2sum_ok);
  assert_true(F.eps_ok);
  assert_true(ok);
  flint_cleanup();
}

/* ------------------------------------------------------------------------------------
 * The reduction against MPFR.
 * ---------------------------------------------------------------------------------- */

/* x theta - (nearest integer) and that integer mod 4, with MPFR at 1024 bits */
static void mpfr_reduce(uint32_t ax, mpfr_ptr f, int *k, mpfr_srcptr theta) {
  mpfr_t x, y, n;
  mpfr_inits2(1024, x, y, n, (mpfr_ptr)0);
  mpfr_set_flt(x, u2f(ax), MPFR_RNDN);
  mpfr_mul(y, x, theta, MPFR_RNDN); /* 24 + 1024 bits needed: error 2^-1000 |y| */
  mpfr_rint(n, y, MPFR_RNDN);
  mpfr_sub(f, y, n, MPFR_RNDN);
  mpz_t z;
  mpz_init(z);
  mpfr_get_z(z, n, MPFR_RNDN);
  *k = (int)mpz_fdiv_ui(z, 4);
  mpz_clear(z);
  mpfr_clears(x, y, n, (mpfr_ptr)0);
}

static void test_reduction(void **state) {
  (void)state;
  static const struct trig_poly P = TRIG_POLY_INIT;
  struct trig_fig F;
  trig_prove(&P, &F);
  mpfr_t theta, pio2, f, d, z;
  mpfr_inits2(1200, theta, pio2, f, d, z, (mpfr_ptr)0);
  mpfr_const_pi(pio2, MPFR_RNDN);
  mpfr_ui_div(theta, 2, pio2, MPFR_RNDN);
  mpfr_div_2ui(pio2, pio2, 1, MPFR_RNDN);
  double worstF = 0, worstZ = 0;
  long n = 0;
  for (int E = 88; E <= 254; E++)
    for (int i = 0; i < 40; i++) {
      uint32_t ax = rand_in_binade(E, 0);
      if (i == 0) ax = (uint32_t)E << 23;
      if (i == 1) ax = ((uint32_t)E << 23) | 0x7fffffu;
      struct trig_red rd;
      int kk;
      assert_true(trig_reduce(ax, &rd));
      mpfr_reduce(ax, f, &kk, theta);
      if (kk != rd.k) fail_msg("x=0x%08x: quadrant %d, MPFR %d", ax, rd.k, kk);
      /* |f - F| <= rho_F |F| */
      mpfr_sub_d(d, f, rd.fh, MPFR_RNDN);
      mpfr_sub_d(d, d, rd.fl, MPFR_RNDN);
      mpfr_abs(d, d, MPFR_RNDN);
      double rel = mpfr_get_d(d, MPFR_RNDU) / fabs(rd.fh);
      if (rel > worstF) worstF = rel;
      if (!(rel <= F.rho_F)) fail_msg("x=0x%08x: |f - F| = %g |F| > rho_F", ax, rel);
      /* |Z - z_t| <= rho_Z |z_t| */
      mpfr_mul(z, f, pio2, MPFR_RNDN);
      mpfr_sub_d(d, z, rd.zh, MPFR_RNDN);
      mpfr_sub_d(d, d, rd.zl, MPFR_RNDN);
      mpfr_div(d, d, z, MPFR_RNDN);
      mpfr_abs(d, d, MPFR_RNDN);
      rel = mpfr_get_d(d, MPFR_RNDU);
      if (rel > worstZ) worstZ = rel;
      if (!(rel <= F.rho_Z)) fail_msg("x=0x%08x: |Z - z| = %g |z| > rho_Z", ax, rel);
      n++;
    }
  printf("reduction: %ld inputs, largest |f - F|/|F| 2^%.2f (bound 2^%.2f), |Z - z|/|z| 2^%.2f (bound 2^%.2f)\n", n,
         log2(worstF), log2(F.rho_F), log2(worstZ), log2(F.rho_Z));
  mpfr_clears(theta, pio2, f, d, z, (mpfr_ptr)0);
  mpfr_free_cache();
  flint_cleanup();
}

/* ------------------------------------------------------------------------------------
 * trig_large against MPFR.
 * ---------------------------------------------------------------------------------- */

#define RANDOM_PER_BINADE 96

static void test_random(void **state) {
  (void)state;
  const int nE = 254 - 88 + 1;
  long bad = 0, dec = 0, tot = 0, edec = 0, etot = 0;
  uint32_t *xs = malloc(sizeof *xs * (size_t)nE * 2 * RANDOM_PER_BINADE);
  assert_non_null(xs);
  long nx = 0;
  for (int E = 88; E <= 254; E++)
    for (int s = 0; s <= 1; s++)
      for (int i = 0; i < RANDOM_PER_BINADE; i++) {
        uint32_t x = rand_in_binade(E, s);
        if (i == 0) x = ((uint32_t)s << 31) | ((uint32_t)E << 23);             /* 2^e */
        if (i == 1) x = ((uint32_t)s << 31) | ((uint32_t)E << 23) | 0x7fffffu; /* the binade's last */
        xs[nx++] = x;
      }
  /* the binade ends (i = 0, 1) are checked but kept out of the fraction decided: cos of
   * 2^-26, 2^-25, 2^-24 lies within 2^-96 relative of the binary64 1 - x^2/2, and (T)
   * rightly declines */
#pragma omp parallel for schedule(dynamic, 64) reduction(+ : bad, dec, tot, edec, etot)
  for (long i = 0; i < nx; i++)
    for (int fn = 0; fn < 3; fn++) {
      int d;
      if (check_one(NULL, xs[i], fn, &d)) {
        bad++;
#pragma omp critical
        fprintf(stderr, "mismatch: %s(0x%08x)\n", FN_NAME[fn], xs[i]);
      }
      if (i % RANDOM_PER_BINADE < 2) {
        edec += d;
        etot++;
        if (!d) {
#pragma omp critical
          printf("undecided: %s(0x%08x)\n", FN_NAME[fn], xs[i]);
        }
      } else {
        dec += d;
        tot++;
      }
    }
  thread_cleanup_all();
  free(xs);
  printf("random: %ld random and %ld binade-end evaluations (%d binades from 2^-39 to 2^127, both signs, sin cos "
         "tan): %ld mismatches; decided: %ld random (%.6f%%), %ld ends\n",
         tot, etot, nE, bad, dec, 100.0 * (double)dec / (double)tot, edec);
  assert_int_equal(bad, 0);
  assert_true(dec >= tot - tot / 10000);
}

/* ------------------------------------------------------------------------------------
 * The worst cases of the reduction: an exhaustive search over every binary32 x >= 1.
 *
 * For x = m 2^e (m in [2^23, 2^24), e = E - 150, E = 127 .. 254) the distance of x to the
 * nearest multiple of pi/2, in quadrants, is d(x) = || m beta || (distance to the nearest
 * integer), beta = frac(2^e theta), theta = 2/pi (2^e theta - beta is an integer, m too).
 * Let b = floor(2^64 beta), from MPFR's pi rounded down and up (the floors must agree).
 * Then 2^64 m beta = m b + delta, 0 <= delta < m < 2^24, so W = m b mod 2^64 differs from
 * 2^64 (m beta mod 1) by less than 2^24 (mod 2^64). Every x with d(x) < 2^-24 has W, read
 * as a signed word, in (-2^40 - 2^24, 2^40): the filter |W| < 2^41 keeps all of them (W is
 * stepped by exact 64-bit additions, m -> m + 1). Each kept x is then measured with MPFR
 * at 1200 bits (mpfr_reduce). Below 1 the nearest multiple is 0: d(x) = x theta.
 * The result: the least d(x) over the binary32 numbers, which the reduction's (R5)
 * threshold 2^-50 must be below, and the inputs on which trig_large is the most stressed
 * (the fewest correct bits after cancellation).
 * ---------------------------------------------------------------------------------- */

#define HARD_MAX 4096 /* the candidates (about 2^31 2^-22 = 512 expected) */
struct hard_c {
  double lg; /* -log2 d(x), d in quadrants (MPFR) */
  uint32_t x;
  int k; /* the nearest multiple mod 4 */
};
static int hard_cmp(const void *a, const void *b) {
  double x = ((const struct hard_c *)a)->lg, y = ((const struct hard_c *)b)->lg;
  return (x < y) - (x > y); /* closest first */
}

/* floor(2^(64 + e) theta) mod 2^64 (exact: from theta's enclosure) */
static uint64_t beta_word(mpfr_srcptr lo, mpfr_srcptr hi, int e) {
  mpfr_t t;
  mpfr_init2(t, mpfr_get_prec(lo));
  mpz_t a, b;
  mpz_inits(a, b, NULL);
  mpfr_mul_2si(t, lo, 64 + e, MPFR_RNDN); /* exact */
  mpfr_get_z(a, t, MPFR_RNDD);
  mpfr_mul_2si(t, hi, 64 + e, MPFR_RNDN);
  mpfr_get_z(b, t, MPFR_RNDD);
  assert_true(mpz_cmp(a, b) == 0);
  mpz_fdiv_r_2exp(a, a, 64);
  uint64_t w = (uint64_t)mpz_getlimbn(a, 0);
  mpfr_clear(t);
  mpz_clears(a, b, NULL);
  return w;
}

/* Every x >= 1 with d(x) < 2^-24 (and some more), measured; returns their count, closest
 * first. */
static int hard_search(struct hard_c *out) {
  mpfr_t pd, pu, lo, hi, th, f;
  mpfr_inits2(2048, pd, pu, lo, hi, (mpfr_ptr)0);
  mpfr_inits2(1200, th, f, (mpfr_ptr)0);
  mpfr_const_pi(pd, MPFR_RNDD);
  mpfr_const_pi(pu, MPFR_RNDU);
  mpfr_ui_div(lo, 2, pu, MPFR_RNDD);
  mpfr_ui_div(hi, 2, pd, MPFR_RNDU);
  uint64_t bw[128];
  for (int E = 127; E <= 254; E++) bw[E - 127] = beta_word(lo, hi, E - 150);
  int n = 0, over = 0;
#pragma omp parallel for schedule(dynamic, 1)
  for (int E = 127; E <= 254; E++) {
    const uint64_t b = bw[E - 127];
    uint64_t w = b << 23; /* m = 2^23 */
    for (uint32_t j = 0; j < (1u << 23); j++, w += b)
      if (w + (1ull << 41) < (1ull << 42)) {
#pragma omp critical
        {
          if (n < HARD_MAX) out[n++].x = ((uint32_t)E << 23) | j;
          else over = 1;
        }
      }
  }
  assert_false(over);
  mpfr_const_pi(th, MPFR_RNDN);
  mpfr_ui_div(th, 2, th, MPFR_RNDN);
  for (int i = 0; i < n; i++) {
    mpfr_reduce(out[i].x, f, &out[i].k, th);
    out[i].lg = -log2(fabs(mpfr_get_d(f, MPFR_RNDN)));
  }
  qsort(out, (size_t)n, sizeof out[0], hard_cmp);
  mpfr_clears(pd, pu, lo, hi, th, f, (mpfr_ptr)0);
  mpfr_free_cache();
  return n;
}

#define HARD_CHECK 64 /* the closest, checked against MPFR with their neighbours */
#define HARD_NEIGH 4

static void test_hard(void **state) {
  (void)state;
  struct hard_c *hc = malloc(sizeof *hc * HARD_MAX);
  assert_non_null(hc);
  double t0 = omp_get_wtime();
  const int n = hard_search(hc);
  const double ts = omp_get_wtime() - t0;
  /* every candidate below 2^-24 quadrants was kept: at least one expected per binade pair */
  assert_true(n >= 64);
  /* the least distance is far above the reduction's threshold 2^-50 quadrants (R5) */
  assert_true(hc[0].lg < 50.0);
  /* and it is the single-precision worst case published by Muller (Elementary Functions,
   * ch. 11: 16367173 * 2^72), found here independently */
  assert_true(hc[0].x == (((uint32_t)(72 + 23 + 127) << 23) | (16367173u - (1u << 23))));
  printf("hard: %d binary32 numbers x >= 1 within 2^-24 quadrants of a multiple of pi/2 (search %.1f s); the closest:\n",
         n, ts);
  for (int i = 0; i < 8; i++)
    printf("  0x%08x = %a: |x theta - n| = 2^-%.3f quadrants, n mod 4 = %d\n", hc[i].x, (double)u2f(hc[i].x), hc[i].lg,
           hc[i].k);
  /* trig_large on the closest and their neighbours, both signs, the three functions */
  const int nc = n < HARD_CHECK ? n : HARD_CHECK;
  long bad = 0, dec = 0, tot = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : bad, dec, tot)
  for (int i = 0; i < nc; i++)
    for (int dx = -HARD_NEIGH; dx <= HARD_NEIGH; dx++)
      for (int s = 0; s <= 1; s++)
        for (int fn = 0; fn < 3; fn++) {
          uint32_t x = (hc[i].x + (uint32_t)dx) | ((uint32_t)s << 31);
          int d;
          if (check_one(NULL, x, fn, &d)) {
            bad++;
#pragma omp critical
            fprintf(stderr, "mismatch: %s(0x%08x)\n", FN_NAME[fn], x);
          }
          dec += d;
          tot++;
        }
  thread_cleanup_all();
  free(hc);
  printf("hard: the %d closest and %d neighbours each side, both signs, sin cos tan: %ld evaluations, %ld mismatches, "
         "%ld decided\n",
         nc, HARD_NEIGH, tot, bad, dec);
  assert_int_equal(bad, 0);
  assert_int_equal(dec, tot);
}

/* ------------------------------------------------------------------------------------
 * Mutants.
 * ---------------------------------------------------------------------------------- */

/* mismatches of trig_large_p(P) against MPFR over n random inputs of the upper binades */
static long mutant_mismatches(const struct trig_poly *P, int n, int fn) {
  long bad = 0;
  uint32_t *xs = malloc(sizeof *xs * (size_t)n);
  assert_non_null(xs);
  for (int i = 0; i < n; i++) xs[i] = rand_in_binade(127 + (int)(test_rand64() % 128), (int)(test_rand64() & 1));
#pragma omp parallel for schedule(dynamic, 64) reduction(+ : bad)
  for (int i = 0; i < n; i++) {
    int d;
    bad += check_one(P, xs[i], fn, &d);
  }
  free(xs);
  return bad;
}

static void test_mutants(void **state) {
  (void)state;
  static const struct trig_poly P0 = TRIG_POLY_INIT;
  struct trig_poly P;
  struct trig_fig F;
  /* the unperturbed constants pass */
  P = P0;
  assert_true(trig_prove(&P, &F) && coefficients_ok(&P));
  /* 1. one ulp on hi of 1/3! (sin): the coefficient check and the proof fail, and MPFR disagrees */
  P = P0;
  P.s_hi[1] = nextafter(P.s_hi[1], 0.0);
  assert_false(coefficients_ok(&P));
  assert_false(trig_prove(&P, &F));
  long b1 = mutant_mismatches(&P, 20000, TRIG_SIN);
  /* 1'. one ulp on hi of 1/7!: too small to show in 20000 inputs (2^-67 relative), but the
   * proof sees it */
  P = P0;
  P.s_hi[3] = nextafter(P.s_hi[3], 0.0);
  assert_false(trig_prove(&P, &F));
  /* 2. the low part of 1/4! (cos) dropped */
  P = P0;
  P.c_lo[2] = 0.0;
  assert_false(coefficients_ok(&P));
  assert_false(trig_prove(&P, &F));
  long b2 = mutant_mismatches(&P, 20000, TRIG_COS);
  /* 3. the bounds of (T) four times too small: the proof fails */
  P = P0;
  P.eps_sc_log2 -= 2;
  assert_false(trig_prove(&P, &F));
  P = P0;
  P.eps_tan_log2 -= 2;
  assert_false(trig_prove(&P, &F));
  /* 4. and a bound far too small gives mismatches through the tan of a perturbed sin */
  P = P0;
  P.s_lo[1] = 0.0;
  assert_false(trig_prove(&P, &F));
  long b3 = mutant_mismatches(&P, 20000, TRIG_TAN);
  thread_cleanup_all();
  flint_cleanup();
  printf("mutants: 1 ulp on 1/3!: %ld mismatches of 20000 sin; lo(1/4!) = 0: %ld of 20000 cos; lo(1/3!) = 0: %ld of "
         "20000 tan; the proof rejects each, and bounds 4x too small\n",
         b1, b2, b3);
  assert_true(b1 > 0);
  assert_true(b2 > 0);
  assert_true(b3 > 0);
}

/* ------------------------------------------------------------------------------------
 * The fraction decided and the host throughput (no MPFR).
 * ---------------------------------------------------------------------------------- */

static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void test_decided_and_speed(void **state) {
  (void)state;
  const int n = 1 << 19;
  uint32_t *xs = malloc(sizeof *xs * (size_t)n);
  assert_non_null(xs);
  for (int i = 0; i < n; i++) xs[i] = rand_in_binade(88 + (int)(test_rand64() % 167), (int)(test_rand64() & 1));
  for (int fn = 0; fn < 3; fn++) {
    long dec = 0;
    double acc = 0;
    double t0 = cpu_seconds();
    for (int i = 0; i < n; i++) {
      double y;
      int t;
      if (trig_large(xs[i], fn, &y, &t)) {
        dec++;
        acc += y;
      }
    }
    double dt = cpu_seconds() - t0;
    printf("%s: %d random inputs (2^-39 .. 2^127): %ld decided (%.6f%%); %.1f ns per input, %.2f M inputs/s per core "
           "(checksum %g)\n",
           FN_NAME[fn], n, dec, 100.0 * (double)dec / n, 1e9 * dt / n, n / dt * 1e-6, acc);
    assert_true(dec >= n - n / 10000);
  }
  free(xs);
}

/* ------------------------------------------------------------------------------------
 * Modes.
 * ---------------------------------------------------------------------------------- */

static int sweep(int E) {
  printf("sweep: every positive binary32 of biased exponent %d ([2^%d, 2^%d)), sin cos tan against MPFR, %d threads\n",
         E, E - 127, E - 126, omp_get_max_threads());
  for (int fn = 0; fn < 3; fn++) {
    long bad = 0, dec = 0;
    double t0 = omp_get_wtime();
#pragma omp parallel for schedule(dynamic, 4096) reduction(+ : bad, dec)
    for (uint32_t j = 0; j < (1u << 23); j++) {
      uint32_t x = ((uint32_t)E << 23) | j;
      double y, ym;
      int t, tm;
      int d = trig_large(x, fn, &y, &t);
      mpfr_pair(x, fn, &ym, &tm);
      if (d) {
        dec++;
        if (d2u(y) != d2u(ym) || t != tm) {
          bad++;
#pragma omp critical
          fprintf(stderr, "mismatch: %s(0x%08x) %a %d, MPFR %a %d\n", FN_NAME[fn], x, y, t, ym, tm);
        }
      } else {
#pragma omp critical
        printf("undecided: %s(0x%08x)\n", FN_NAME[fn], x);
      }
    }
    printf("sweep %s: %u inputs, %ld mismatches, %ld undecided, %.1f s\n", FN_NAME[fn], 1u << 23, bad,
           (long)(1u << 23) - dec, omp_get_wtime() - t0);
    fflush(stdout);
    if (bad) return 1;
  }
  thread_cleanup_all();
  return 0;
}

int main(void) {
  const char *sw = getenv("TRIG_SWEEP");
  if (sw && *sw) return sweep((int)strtol(sw, NULL, 0));
  printf("random seed 0x%016llx\n", (unsigned long long)test_rng_state);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_table),     cmocka_unit_test(test_coefficients), cmocka_unit_test(test_prove),
      cmocka_unit_test(test_reduction), cmocka_unit_test(test_random),       cmocka_unit_test(test_hard),
      cmocka_unit_test(test_mutants),   cmocka_unit_test(test_decided_and_speed),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
