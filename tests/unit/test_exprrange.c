/* test_exprrange.c: an expression's range over an interval (expr_range, interval
 * arithmetic with separate endpoints) and the fast path's constant blocks built from it
 * (a block whose values all lie beyond binary64's range: +-inf, +-0).
 *
 * Expected values come from naive MPFR loops written here (naive64.h: the expression
 * operation by operation at 300 bits and more, in the widest exponent range, rounded to
 * binary64 with subnormals), nothing shared with the table or the range but MPFR:
 *   - every value of an expression at the ends of an interval and at 64 points inside
 *     lies within the range expr_range gives for it (18 expressions, intervals of every
 *     width from a few ulps to whole binades, of either sign or across 0, from 2^-30 to
 *     2^20), and the range is refused (-1) where the expression has no value somewhere;
 *   - the range decides what it is for: e^x over [2^21, 2^22] lies above 2^1024,
 *     x e^-x over [-2^22, -2^21] below -2^1024, e^-x over [2^21, 2^22] in (0, 2^-1075);
 *   - an end that is not reached is said open (1 - sigmoid(x) > 0 over [2^20, 2^21], a
 *     range [0, 2^-128] at 128 bits), and one that is reached is not (x*x at 0, ...);
 *   - the tables of six expressions over binades where the value leaves binary64's
 *     range (around the overflow of e^x near 710, e^(x^2) near 26.6, and far beyond) agree
 *     with the naive pairs at every input sampled, and decide at least 99% of the binades
 *     wholly beyond the range as constants;
 *   - sin(x)/x near 0 (0/0 at 0: the Taylor anchor of its limit) decided by the table;
 *   - with balls_first (a run on the device), a block the balls' fast first precision
 *     decides is left to them instead of split (1 - cos x at 2^20), and the table stays
 *     exact; blocks they cannot decide fast (sin(x)/x near 0) are still split;
 *   - Taylor models (expr_tm): at 48 points of each of 12 blocks (3 centres, 4 widths), f(x) at 2000 bits lies within
 *     P(x - c) +- I, for six expressions over blocks of several widths where the ball of
 *     the block loses to the dependency problem (x + sqrt(x^2 + 1) at -2^20 and -2^90,
 *     1 - sigmoid(x) at 40 and 600, sinh(x)/x at 2^-30 ...), and a model with P shifted by
 *     4 I is caught; with them the table decides log(x+sqrt(x^2+1)) over [-2^21, -2^20]
 *     (no block there before), every sampled input equal to the naive pair. */
#include "testutil.h"
#include "naive64.h"
#include "expr_test.h"

#include <arb.h>
#include <mpfr.h>
#include <stdlib.h>

#include "reference/fast/fast.h"

/* the naive forms of the expressions expr_test.h has not, in the order they read */
static void nv_erfx2(mpfr_ptr z, mpfr_srcptr x) { /* erf(x)*exp(x^2) */
  mpfr_t a;
  mpfr_init2(a, mpfr_get_prec(z));
  mpfr_sqr(a, x, MPFR_RNDN);
  mpfr_exp(a, a, MPFR_RNDN);
  mpfr_erf(z, x, MPFR_RNDN);
  mpfr_mul(z, z, a, MPFR_RNDN);
  mpfr_clear(a);
}
static void nv_x2exp(mpfr_ptr z, mpfr_srcptr x) { /* x^2*exp(x)/(1+x^2) */
  mpfr_t a;
  mpfr_init2(a, mpfr_get_prec(z));
  mpfr_sqr(a, x, MPFR_RNDN);
  mpfr_exp(z, x, MPFR_RNDN);
  mpfr_mul(z, z, a, MPFR_RNDN);
  mpfr_add_ui(a, a, 1, MPFR_RNDN);
  mpfr_div(z, z, a, MPFR_RNDN);
  mpfr_clear(a);
}
static void nv_expinv(mpfr_ptr z, mpfr_srcptr x) { /* exp(-1/x^2) */
  mpfr_sqr(z, x, MPFR_RNDN);
  mpfr_ui_div(z, 1, z, MPFR_RNDN);
  mpfr_neg(z, z, MPFR_RNDN);
  mpfr_exp(z, z, MPFR_RNDN);
}
static void nv_xm3(mpfr_ptr z, mpfr_srcptr x) { /* x^-3 */
  mpfr_pow_si(z, x, -3, MPFR_RNDN);
}
static void nv_absm2(mpfr_ptr z, mpfr_srcptr x) { /* fabs(x)-2 */
  mpfr_abs(z, x, MPFR_RNDN);
  mpfr_sub_ui(z, z, 2, MPFR_RNDN);
}
/* sigmoid(x)*(1-sigmoid(x)) written e^-x / (1+e^-x)^2: no cancellation where sigmoid(x) is
 * within 2^-300 of 1 (expr_test.h's s (1 - s) is 0 there at 300 bits) */
static void nv_dsig(mpfr_ptr z, mpfr_srcptr x) {
  mpfr_t a;
  mpfr_init2(a, mpfr_get_prec(z));
  mpfr_neg(a, x, MPFR_RNDN);
  mpfr_exp(a, a, MPFR_RNDN);
  mpfr_add_ui(z, a, 1, MPFR_RNDN);
  mpfr_sqr(z, z, MPFR_RNDN);
  mpfr_div(z, a, z, MPFR_RNDN);
  mpfr_clear(a);
}
static void nv_atanlog(mpfr_ptr z, mpfr_srcptr x) { /* atan(x)*log(1+x^2) */
  mpfr_t a;
  mpfr_init2(a, mpfr_get_prec(z));
  mpfr_sqr(a, x, MPFR_RNDN);
  mpfr_log1p(a, a, MPFR_RNDN);
  mpfr_atan(z, x, MPFR_RNDN);
  mpfr_mul(z, z, a, MPFR_RNDN);
  mpfr_clear(a);
}
static void nv_hypm(mpfr_ptr z, mpfr_srcptr x) { /* sqrt(x^2+1)-fabs(x) */
  mpfr_t a;
  mpfr_init2(a, mpfr_get_prec(z));
  mpfr_sqr(a, x, MPFR_RNDN);
  mpfr_add_ui(a, a, 1, MPFR_RNDN);
  mpfr_sqrt(a, a, MPFR_RNDN);
  mpfr_abs(z, x, MPFR_RNDN);
  mpfr_sub(z, a, z, MPFR_RNDN);
  mpfr_clear(a);
}
static void nv_sinx(mpfr_ptr z, mpfr_srcptr x) { /* sin(x)/x */
  mpfr_sin(z, x, MPFR_RNDN);
  mpfr_div(z, z, x, MPFR_RNDN);
}
static void nv_1mcosq(mpfr_ptr z, mpfr_srcptr x) { /* (1-cos(x))/(x*x) */
  mpfr_t q;
  mpfr_init2(q, mpfr_get_prec(z));
  mpfr_cos(z, x, MPFR_RNDN);
  mpfr_ui_sub(z, 1, z, MPFR_RNDN);
  mpfr_mul(q, x, x, MPFR_RNDN);
  mpfr_div(z, z, q, MPFR_RNDN);
  mpfr_clear(q);
}
static void nv_sinmx3(mpfr_ptr z, mpfr_srcptr x) { /* (sin(x)-x)/x^3 */
  mpfr_t q;
  mpfr_init2(q, mpfr_get_prec(z));
  mpfr_sin(z, x, MPFR_RNDN);
  mpfr_sub(z, z, x, MPFR_RNDN);
  mpfr_pow_ui(q, x, 3, MPFR_RNDN);
  mpfr_div(z, z, q, MPFR_RNDN);
  mpfr_clear(q);
}
static void nv_tanhx(mpfr_ptr z, mpfr_srcptr x) { /* tanh(x)-x */
  mpfr_tanh(z, x, MPFR_RNDN);
  mpfr_sub(z, z, x, MPFR_RNDN);
}
static void nv_erfcq(mpfr_ptr z, mpfr_srcptr x) { /* erfc(x)*x^2 */
  mpfr_t a;
  mpfr_init2(a, mpfr_get_prec(z));
  mpfr_sqr(a, x, MPFR_RNDN);
  mpfr_erfc(z, x, MPFR_RNDN);
  mpfr_mul(z, z, a, MPFR_RNDN);
  mpfr_clear(a);
}
static void nv_rsq(mpfr_ptr z, mpfr_srcptr x) { /* rsqrt(x*x+1)*cosh(x) */
  mpfr_t a;
  mpfr_init2(a, mpfr_get_prec(z));
  mpfr_sqr(a, x, MPFR_RNDN);
  mpfr_add_ui(a, a, 1, MPFR_RNDN);
  mpfr_rec_sqrt(a, a, MPFR_RNDN);
  mpfr_cosh(z, x, MPFR_RNDN);
  mpfr_mul(z, z, a, MPFR_RNDN);
  mpfr_clear(a);
}

static const struct {
  const char *text;
  naive_fn nv;
} exprs[] = {
    {"(exp(x)-exp(-x))/2", nv_sinh}, {"x*exp(-x)", nv_xexp},         {"cosh(x)-1", nv_coshm1},
    {"erf(x)*exp(x^2)", nv_erfx2},    {"x^2*exp(x)/(1+x^2)", nv_x2exp}, {"1-cos(x)", nv_1mcos},
    {"sqrt(x^2+4)-2", nv_sqrt4},      {"x^3/(1+x^2)", nv_x3},          {"(1+x)^(1/3)-1", nv_cbrt1},
    {"exp(-1/x^2)", nv_expinv},       {"x^-3", nv_xm3},                {"fabs(x)-2", nv_absm2},
    {"sigmoid(x)*(1-sigmoid(x))", nv_dsig}, {"atan(x)*log(1+x^2)", nv_atanlog}, {"sin(x)/x", nv_sinx},
    {"tanh(x)-x", nv_tanhx},          {"erfc(x)*x^2", nv_erfcq},       {"rsqrt(x*x+1)*cosh(x)", nv_rsq},
};
#define NEXPR ((int)(sizeof exprs / sizeof exprs[0]))

static struct expr *parse(const char *text) {
  char err[256];
  struct expr *e = expr_parse(text, err, sizeof err);
  if (!e) fail_msg("%s: %s", text, err);
  return e;
}

/* f's naive value at xf (300 bits, the widest exponent range) against [lo, hi] */
static int inside(naive_fn f, float xf, const arf_t lo, const arf_t hi) {
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(mpfr_get_emin_min()), mpfr_set_emax(mpfr_get_emax_max());
  mpfr_t x, z, b;
  mpfr_init2(x, 24), mpfr_init2(z, 300), mpfr_init2(b, 300);
  mpfr_set_flt(x, xf, MPFR_RNDN);
  f(z, x);
  int ok = !mpfr_nan_p(z);
  if (ok) {
    arf_get_mpfr(b, lo, MPFR_RNDD);
    ok = mpfr_cmp(b, z) <= 0;
    arf_get_mpfr(b, hi, MPFR_RNDU);
    ok = ok && mpfr_cmp(z, b) <= 0;
  }
  mpfr_clear(x), mpfr_clear(z), mpfr_clear(b);
  mpfr_set_emin(emin), mpfr_set_emax(emax);
  return ok;
}

static void test_range_encloses(void **state) {
  (void)state;
  int checked = 0, ranged = 0;
  arf_t lo, hi, a, b;
  arf_init(lo), arf_init(hi), arf_init(a), arf_init(b);
  for (int i = 0; i < NEXPR; i++) {
    struct expr *e = parse(exprs[i].text);
    for (int trial = 0; trial < 60; trial++) {
      /* a magnitude from 2^-30 to 2^20, a width of 2^0 to 2^23 patterns, either sign */
      const uint32_t eb = 97 + (uint32_t)(test_rand64() % 51), w = (uint32_t)1 << (test_rand64() % 24);
      uint32_t p = (eb << 23) | (uint32_t)(test_rand64() & 0x7fffff);
      uint32_t q = p + w > 0x7f7fffffu ? 0x7f7fffffu : p + w;
      float xa = u2f(p), xb = u2f(q);
      const uint64_t how = test_rand64() % 4;
      if (how == 1) { /* the mirror image */
        const float t = -xb;
        xb = -xa, xa = t;
      } else if (how == 2) { /* across 0 */
        xa = -xa;
      }
      arf_set_d(a, xa), arf_set_d(b, xb);
      if (expr_range(lo, hi, NULL, e, a, b, 128)) continue;
      ranged++;
      for (int j = 0; j <= 65; j++) {
        float xf = j == 0 ? xa : j == 1 ? xb : xa + (float)((double)(xb - xa) * ((double)(test_rand64() >> 11) * 0x1p-53));
        if (xf < xa) xf = xa;
        if (xf > xb) xf = xb;
        checked++;
        if (!inside(exprs[i].nv, xf, lo, hi))
          fail_msg("%s at %a: outside the range over [%a, %a]", exprs[i].text, (double)xf, (double)xa, (double)xb);
      }
    }
    expr_free(e);
  }
  printf("expr_range: %d intervals ranged, %d values inside their ranges\n", ranged, checked);
  assert_true(ranged > NEXPR * 30);
  arf_clear(lo), arf_clear(hi), arf_clear(a), arf_clear(b);
}

/* the range over [xa, xb] of text: 0 and the bounds, or -1 */
static int range_of(const char *text, double xa, double xb, arf_t lo, arf_t hi) {
  struct expr *e = parse(text);
  arf_t a, b;
  arf_init(a), arf_init(b);
  arf_set_d(a, xa), arf_set_d(b, xb);
  int rc = expr_range(lo, hi, NULL, e, a, b, 128);
  arf_clear(a), arf_clear(b);
  expr_free(e);
  return rc;
}

static void test_range_decides(void **state) {
  (void)state;
  arf_t lo, hi;
  arf_init(lo), arf_init(hi);
  assert_int_equal(range_of("exp(x)", 0x1p21, 0x1p22, lo, hi), 0);
  assert_true(arf_cmp_2exp_si(lo, 1024) >= 0);
  assert_int_equal(range_of("x*exp(-x)", -0x1p22, -0x1p21, lo, hi), 0);
  assert_true(arf_sgn(hi) < 0 && arf_cmpabs_2exp_si(hi, 1024) >= 0);
  assert_int_equal(range_of("exp(-x)", 0x1p21, 0x1p22, lo, hi), 0);
  assert_true(arf_sgn(lo) > 0 && arf_cmp_2exp_si(hi, -1075) < 0);
  assert_int_equal(range_of("(exp(x)-exp(-x))/2", 0x1p126, 0x1p127, lo, hi), 0);
  assert_true(arf_cmp_2exp_si(lo, 1024) >= 0);
  /* no claim where a function's domain is left, or a divisor may be 0 */
  assert_int_equal(range_of("log(x)", -1.0, 2.0, lo, hi), -1);
  assert_int_equal(range_of("1/x", -1.0, 2.0, lo, hi), -1);
  assert_int_equal(range_of("sqrt(x-3)", 2.0, 4.0, lo, hi), -1);
  /* open ends, by hand: 1 - sigmoid(x) = e^-x/(1 + e^-x) > 0 everywhere, so over [2^20, 2^21]
   * a range [0, ...] must say 0 is not reached, and so must the product with sigmoid; -x times
   * it is below 0; at 1280 bits the product's upper end falls below 2^-1075 (a constant +0
   * block). Where the end is a value taken (x*x at 0, floor(x)-1 on [1, 1.5], exp(x)-1 at
   * 0), it must not say open. */
  static const struct {
    const char *text;
    double a, b;
    int zero_lo, zero_hi, open; /* lo (hi) exactly 0 expected; the open bits expected */
  } oc[] = {
      {"1-sigmoid(x)", 0x1p20, 0x1p21, 1, 0, 1},       {"sigmoid(x)*(1-sigmoid(x))", 0x1p20, 0x1p21, 1, 0, 1},
      {"-x*(1-sigmoid(x))", 0x1p20, 0x1p21, 0, 1, 2},  {"x*x", 0.0, 1.0, 1, 0, 0},
      {"floor(x)-1", 1.0, 1.5, 1, 0, 0},               {"exp(x)-1", 0.0, 1.0, 1, 0, 0},
  };
  for (size_t i = 0; i < sizeof oc / sizeof oc[0]; i++) {
    struct expr *e = parse(oc[i].text);
    arf_t a, b;
    arf_init(a), arf_init(b);
    arf_set_d(a, oc[i].a), arf_set_d(b, oc[i].b);
    int open = -1;
    assert_int_equal(expr_range(lo, hi, &open, e, a, b, 128), 0);
    if ((oc[i].zero_lo && !arf_is_zero(lo)) || (oc[i].zero_hi && !arf_is_zero(hi)) || (open & oc[i].open) != oc[i].open ||
        (!oc[i].open && (open & (oc[i].zero_lo ? 1 : 2))))
      fail_msg("%s over [%a, %a]: open %d", oc[i].text, oc[i].a, oc[i].b, open);
    if (i == 1) {
      assert_int_equal(expr_range(lo, hi, &open, e, a, b, 1280), 0);
      assert_true(arf_is_zero(lo) && (open & 1) && arf_cmp_2exp_si(hi, -1075) < 0);
    }
    arf_clear(a), arf_clear(b);
    expr_free(e);
  }
  arf_clear(lo), arf_clear(hi);
}

/* The table of text over the binades [ea, eb) of both signs (biased exponents): every
 * input sampled that it decides equals the naive pair; *beyond_dec counts the decided
 * inputs of the binades where naive says every sampled value is +-0 or +-inf. */
static void table_vs_naive(const char *text, naive_fn nv, uint32_t ea, uint32_t eb, int *decided, int *beyond,
                           int *beyond_dec) {
  struct ref_fast fast;
  expr_table(text, ea << 23, (eb << 23) - 1, 0, &fast);
  for (uint32_t s = 0; s < 2; s++)
    for (uint32_t g = ea; g < eb; g++) {
      int all_flat = 1, dec = 0;
      for (int j = 0; j < 48; j++) {
        const uint32_t m = j == 0 ? 0 : j == 1 ? 0x7fffff : (uint32_t)(test_rand64() & 0x7fffff);
        const uint32_t xb = (s << 31) | (g << 23) | m;
        double y, yn;
        int t, tn;
        naive(nv, u2f(xb), &yn, &tn);
        all_flat &= yn == 0 || isinf(yn);
        if (!fast_eval(&fast.view, xb, &y, &t)) continue;
        dec++;
        if (d2u(y) != d2u(yn) || t != tn)
          fail_msg("%s at 0x%08x (%a): table %a t=%d, naive %a t=%d", text, xb, (double)u2f(xb), y, t, yn, tn);
      }
      *decided += dec;
      if (all_flat) *beyond += 48, *beyond_dec += dec;
    }
  ref_fast_free(&fast);
}

static void test_const_blocks(void **state) {
  (void)state;
  static const struct {
    const char *text;
    naive_fn nv;
    uint32_t ea, eb; /* biased exponents */
  } cases[] = {
      {"(exp(x)-exp(-x))/2", nv_sinh, 127 + 8, 127 + 22},   /* [2^8, 2^22): overflow near 710 */
      {"x*exp(-x)", nv_xexp, 127 + 8, 127 + 22},            /* both ends: -inf below, +0 above */
      {"cosh(x)-1", nv_coshm1, 127 + 8, 127 + 22},
      {"erf(x)*exp(x^2)", nv_erfx2, 127 + 3, 127 + 20},     /* e^(x^2) overflows near 26.6 */
      {"x^2*exp(x)/(1+x^2)", nv_x2exp, 127 + 8, 127 + 22},
      {"sigmoid(x)*(1-sigmoid(x))", nv_dsig, 127 + 9, 127 + 22}, /* +0 beyond 745, by the open end */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int decided = 0, beyond = 0, beyond_dec = 0;
    table_vs_naive(cases[i].text, cases[i].nv, cases[i].ea, cases[i].eb, &decided, &beyond, &beyond_dec);
    printf("%s: %d sampled inputs decided by the table, equal to the naive pairs; beyond binary64's range: %d of %d\n",
           cases[i].text, decided, beyond_dec, beyond);
    assert_true(beyond > 0);
    assert_true(beyond_dec * 100 >= beyond * 99);
  }
}

/* Near 0, the Taylor anchor of an expression that is 0/0 at 0 (sin(x)/x, its limit 1 from
 * the series with t cancelled): the tiny binades decided by the table, equal to naive. */
static void test_removable_zero(void **state) {
  (void)state;
  static const struct {
    const char *text;
    naive_fn nv;
  } cases[] = {{"sin(x)/x", nv_sinx}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int decided = 0, beyond = 0, beyond_dec = 0;
    /* [2^-126, 2^-100) and [2^-40, 2^-20) */
    table_vs_naive(cases[i].text, cases[i].nv, 1, 27, &decided, &beyond, &beyond_dec);
    table_vs_naive(cases[i].text, cases[i].nv, 87, 107, &decided, &beyond, &beyond_dec);
    printf("%s near 0: %d of %d sampled inputs decided by the table, equal to the naive pairs\n", cases[i].text,
           decided, 2 * 46 * 48);
    assert_true(decided * 100 >= 2 * 46 * 48 * 99);
  }
}

/* 2000 inputs of the magnitudes [lo, hi], alternately of either sign: each that the table
 * decides must equal the naive pair; returns how many it decided */
static int sampled_vs_naive(const struct ref_fast *fast, const char *text, naive_fn nv, uint32_t lo, uint32_t hi) {
  int dec = 0;
  for (int j = 0; j < 2000; j++) {
    const uint32_t xb = (lo + (uint32_t)(test_rand64() % (hi - lo + 1))) | (j & 1 ? 0x80000000u : 0);
    double y, yn;
    int t, tn;
    if (!fast_eval(&fast->view, xb, &y, &t)) continue;
    dec++;
    naive(nv, u2f(xb), &yn, &tn);
    if (d2u(y) != d2u(yn) || t != tn) fail_msg("%s at 0x%08x: table %a t=%d, naive %a t=%d", text, xb, y, t, yn, tn);
  }
  return dec;
}

/* balls_first (fast_opts, what a run on the device asks): a block that needs splitting and
 * whose sampled inputs the balls' fast first precision decides is left to them. 1 - cos x
 * over [2^20, 2^22) (blocks of a few patterns there): left almost whole, in a fraction of
 * the budget, and what the table decided is exact; sin(x)/x over [2^-100, 2^-98), where the
 * balls need 4 words: still decided by the table. */
static void test_balls_first(void **state) {
  (void)state;
  struct ref_fast fast;
  uint32_t lo = (127u + 20) << 23, hi = ((127u + 22) << 23) - 1;
  expr_table("1-cos(x)", lo, hi, 1, &fast);
  printf("1-cos(x) over [2^20, 2^22), balls first: built in %.2f s, %llu of %llu patterns left to the fast balls\n",
         fast.build_s, (unsigned long long)fast.tab.stats.left_fast, (unsigned long long)fast.patterns);
  assert_true(fast.tab.stats.left_fast * 10 >= fast.patterns * 9);
  char err[256];
  const struct reference *r = ref_resolve("1-cos(x)", 0, 0, "--ref", err, sizeof err);
  assert_true(fast.build_s < ref_fast_budget(r, 2) / 2);
  const int dec = sampled_vs_naive(&fast, "1-cos(x)", nv_1mcos, lo, hi);
  printf("  %d sampled inputs decided by it, equal to the naive pairs\n", dec);
  ref_fast_free(&fast);
  lo = (127u - 100) << 23, hi = ((127u - 98) << 23) - 1;
  expr_table("sin(x)/x", lo, hi, 1, &fast);
  printf("sin(x)/x over [2^-100, 2^-98), balls first: %llu of %llu patterns undecided\n",
         (unsigned long long)fast.patterns_undec, (unsigned long long)fast.patterns);
  assert_true(fast.patterns_undec * 100 <= fast.patterns);
  ref_fast_free(&fast);
}

/* Taylor models against naive MPFR values inside their blocks (above) */
static void nv_logsinhc(mpfr_ptr z, mpfr_srcptr x) { /* log(sinh(x)/x) */
  mpfr_sinh(z, x, MPFR_RNDN);
  mpfr_div(z, z, x, MPFR_RNDN);
  mpfr_log(z, z, MPFR_RNDN);
}
/* 1 when f(x) lies in P(x - c) +- I (shift added to P) at 48 points of [c - rad, c + rad];
 * prints the first point outside */
static int tm_holds(const char *text, naive_fn nv, double c, double rad, arb_srcptr P, slong len, const mag_t I,
                    double shift) {
  mpfr_t xm, fm;
  arb_t t, v, f;
  mpfr_init2(xm, 64), mpfr_init2(fm, 2000);
  arb_init(t), arb_init(v), arb_init(f);
  int ok = 1;
  for (int j = 0; j < 48 && ok; j++) {
    const double x = j == 0 ? c - rad : j == 1 ? c + rad : c + rad * (2.0 * (double)(test_rand64() >> 11) * 0x1p-53 - 1);
    mpfr_set_d(xm, x, MPFR_RNDN);
    nv(fm, xm);
    arf_set_mpfr(arb_midref(f), fm);
    mag_set_ui_2exp_si(arb_radref(f), 1, mpfr_get_exp(fm) - 1990); /* the naive rounding, generously */
    arb_set_d(t, x - c);                                             /* exact: x and c share a binade */
    arb_zero(v);
    for (slong i = len - 1; i >= 0; i--) {
      arb_mul(v, v, t, 2000);
      arb_add(v, v, P + i, 2000);
    }
    if (shift != 0) {
      arb_set_d(t, shift);
      arb_add(v, v, t, 2000);
    }
    mag_add(arb_radref(v), arb_radref(v), I);
    if (!arb_overlaps(v, f)) {
      ok = 0;
      if (shift == 0) {
        printf("  %s: model of [%a +- %a] misses f at %a: ", text, c, rad, x);
        arb_printd(f, 20), printf(" vs "), arb_printd(v, 20), printf("\n");
      }
    }
  }
  mpfr_clear(xm), mpfr_clear(fm);
  arb_clear(t), arb_clear(v), arb_clear(f);
  return ok;
}

/* The table of text over the binade [2^b, 2^(b+1)) of both signs: every pattern decided, in
 * fewer than maxblk blocks, and 2,000 sampled inputs decided by it equal to the naive MPFR
 * pairs (nv) */
static void whole_binade(const char *text, naive_fn nv, int b, unsigned maxblk) {
  struct ref_fast fast;
  const uint32_t lo = (127u + b) << 23, hi = ((127u + b + 1) << 23) - 1;
  expr_table(text, lo, hi, 0, &fast);
  printf("%s over [2^%d, 2^%d) of both signs: %llu of %llu patterns undecided, %u blocks, built in %.2f s\n", text, b,
         b + 1, (unsigned long long)fast.patterns_undec, (unsigned long long)fast.patterns, fast.tab.hdr.nblk,
         fast.build_s);
  assert_true(fast.patterns_undec == 0);
  assert_true(fast.tab.hdr.nblk < maxblk);
  const int dec = sampled_vs_naive(&fast, text, nv, lo, hi);
  printf("  %d sampled inputs decided by it, equal to the naive pairs\n", dec);
  assert_int_equal(dec, 2000);
  ref_fast_free(&fast);
}

/* Blocks whose smaller blocks fail too are left to the balls at once (fast_build.c,
 * hopeless): log(sinh(x)/x) over [2^60, 2^61), where a block of 8 inputs spans 2^40 and
 * e^x varies over it by e^(2^40), no block can serve; the binade is left undecided in a
 * few tries instead of the splitting down to its 2^20 smallest blocks. And the blocks that
 * serve are still found below a block that fails: the whole binades of whole_binade above
 * (every pattern decided), sin(x)/x near 0 (test_balls_first). */
static void test_hopeless(void **state) {
  (void)state;
  struct ref_fast fast;
  const uint32_t lo = (127u + 60) << 23, hi = ((127u + 61) << 23) - 1;
  expr_table("log(sinh(x)/x)", lo, hi, 0, &fast);
  printf("log(sinh(x)/x) over [2^60, 2^61): %llu of %llu patterns undecided, %llu tries, built in %.2f s\n",
         (unsigned long long)fast.patterns_undec, (unsigned long long)fast.patterns,
         (unsigned long long)fast.tab.stats.tries, fast.build_s);
  assert_true(fast.patterns_undec == fast.patterns);
  assert_true(fast.tab.stats.tries < 100);
  ref_fast_free(&fast);
  /* a binade where the same expression's blocks serve: every pattern decided */
  expr_table("log(sinh(x)/x)", (127u + 3) << 23, ((127u + 4) << 23) - 1, 0, &fast);
  printf("log(sinh(x)/x) over [2^3, 2^4): %llu of %llu patterns undecided, %llu tries\n",
         (unsigned long long)fast.patterns_undec, (unsigned long long)fast.patterns,
         (unsigned long long)fast.tab.stats.tries);
  assert_true(fast.patterns_undec == 0);
  ref_fast_free(&fast);
}

static void test_taylor_models(void **state) {
  (void)state;
  static const struct {
    const char *text;
    naive_fn nv;
    double c[3];
  } cases[] = {
      {"log(x+sqrt(x^2+1))", nv_asinh, {-0x1.8p20, -0x1.8p90, -3.0}},
      {"sigmoid(x)*(1-sigmoid(x))", nv_dsigmoid, {40.0, 600.0, -12.5}},
      {"log(sinh(x)/x)", nv_logsinhc, {0x1.8p-30, 0x1.8p-4, 40.0}},
      {"x^3/(1+x^2)", nv_x3, {0x1.8p30, 0.75, -0x1.8p-20}},
      {"1-cos(x)", nv_1mcos, {0x1.8p-20, 3.0, 0x1.8p10}},
      {"x/sqrt(1+x^2)", nv_xsqrt, {0x1.8p40, -0.5, 0x1.8p-60}},
      {"(1-cos(x))/(x*x)", nv_1mcosq, {0x1.8p-100, -0x1.8p-20, 2.5}},
      {"(sin(x)-x)/x^3", nv_sinmx3, {0x1.8p-120, 0x1.8p-40, -0.75}},
  };
  const slong len = 16;
  arb_ptr P = _arb_vec_init(len);
  mag_t I;
  mag_init(I);
  int built = 0, caught = 0;
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    char err[256];
    struct expr *e = expr_parse(cases[k].text, err, sizeof err);
    assert_non_null(e);
    int here = 0;
    for (int i = 0; i < 3; i++)
      for (int w = 4; w <= 40; w += 12) { /* rad = |c| 2^-w */
        const double c = cases[k].c[i], rad = ldexp(fabs(c), -w);
        for (slong p = 256; p <= 4096; p *= 2) {
          if (expr_tm(P, I, c, rad, len, p, e) != 0) break;
          if (!arb_contains_zero(P) && arb_rel_accuracy_bits(P) >= 64) {
            here++;
            if (!tm_holds(cases[k].text, cases[k].nv, c, rad, P, len, I, 0)) fail_msg("%s: a model misses", cases[k].text);
            /* the same model with P shifted by 4 I (and 2^-40 of the value): caught */
            double s = 4 * mag_get_d(I) + 0x1p-40 * fabs(arf_get_d(arb_midref(P), ARF_RND_NEAR));
            caught += !tm_holds(cases[k].text, cases[k].nv, c, rad, P, len, I, s);
            break;
          }
        }
      }
    printf("  %-28s %d of 12 blocks modelled, every sampled value inside\n", cases[k].text, here);
    assert_true(here >= 3);
    built += here;
    expr_free(e);
  }
  assert_int_equal(caught, built);
  _arb_vec_clear(P, len);
  mag_clear(I);
  /* the table over [2^20, 2^21) of both signs: the negative side had no block before */
  struct ref_fast fast;
  const uint32_t lo = (127u + 20) << 23, hi = ((127u + 21) << 23) - 1;
  expr_table("log(x+sqrt(x^2+1))", lo, hi, 0, &fast);
  printf("log(x+sqrt(x^2+1)) over [2^20, 2^21) of both signs: %llu of %llu patterns undecided, built in %.2f s\n",
         (unsigned long long)fast.patterns_undec, (unsigned long long)fast.patterns, fast.build_s);
  assert_true(fast.patterns_undec * 100 <= fast.patterns);
  const int dec = sampled_vs_naive(&fast, "log(x+sqrt(x^2+1))", nv_asinh, lo, hi);
  printf("  %d sampled inputs decided by it, equal to the naive pairs\n", dec);
  assert_true(dec >= 1900);
  ref_fast_free(&fast);
  /* over [2^100, 2^101) of both signs: x + sqrt(x^2 + 1) cancels 200 bits on the negative
   * side, and a model of the block's degree (20) reaches blocks of about 2^-13 of |x| only
   * (4,603 blocks for that binade); with the model of twice the degree whose higher terms
   * join the remainder (fast_build.c's tm_model), 92 (132 since the majorants' bound of
   * expr.c's tm_compose_hi, which drops signs) */
  whole_binade("log(x+sqrt(x^2+1))", nv_asinh, 100, 1000);
  /* over [2^110, 2^111) and [2^127, 2^128): 220 to 254 bits of cancellation, beyond the
   * builder's first precision (192): the centre's series and the model fail there until the
   * precision is raised (fast_build.c's centre_coeffs, expr.c's FAST_TM_PREC); before, both
   * binades spent the whole 15 s budget (over 70,000 tries) and decided nothing */
  whole_binade("log(x+sqrt(x^2+1))", nv_asinh, 110, 2000);
  whole_binade("log(x+sqrt(x^2+1))", nv_asinh, 127, 2000);
  /* sqrt(x^2+1)-fabs(x) over [2^100, 2^101) of both signs (1/(2|x|) after 200 bits of
   * cancellation): the ball series loses to the dependency, and the blocks below 2^20
   * patterns now try the model (FAST_TM_LOST_MINLG): 243 tries, where the ball series
   * alone needed blocks of 2^10 (16,383 tries) */
  whole_binade("sqrt(x^2+1)-fabs(x)", nv_hypm, 100, 1000);
  /* quotients that vanish over vanishing (tm_div_quot, and the models tried where the ball
   * series lost to the dependency, fast_build.c's ball_lost): the tables over [2^-126,
   * 2^-100) of both signs decide every pattern (the first two spent 15 s a binade there
   * before and left most of it), and what they decide is the naive MPFR pair */
  static const struct {
    const char *text;
    naive_fn nv;
  } q[] = {{"(1-cos(x))/(x*x)", nv_1mcosq}, {"(sin(x)-x)/x^3", nv_sinmx3}, {"sin(x)/x", nv_sinx}};
  for (size_t k = 0; k < sizeof q / sizeof q[0]; k++) {
    const uint32_t a = 1u << 23, b = ((127u - 100) << 23) - 1;
    expr_table(q[k].text, a, b, 0, &fast);
    printf("%s over [2^-126, 2^-100) of both signs: %llu of %llu patterns undecided, built in %.2f s\n", q[k].text,
           (unsigned long long)fast.patterns_undec, (unsigned long long)fast.patterns, fast.build_s);
    assert_true(fast.patterns_undec == 0);
    const int d = sampled_vs_naive(&fast, q[k].text, q[k].nv, a, b);
    printf("  %d sampled inputs decided by it, equal to the naive pairs\n", d);
    assert_int_equal(d, 2000);
    ref_fast_free(&fast);
  }
}

/* expr_parity (the table tabulates |x| for an odd or even expression): the parity proved
 * for each of these is the one written here, and for every expression proved odd or even
 * the naive values at x and -x (300 bits) agree with it at 64 inputs spread over the
 * binades; an expression of no provable parity (or none) is 0. */
static void test_parity(void **state) {
  (void)state;
  static const struct {
    const char *text;
    int parity; /* 1 odd, 2 even, 0 none proved */
    naive_fn nv;
  } cases[] = {
      {"1-cos(x)", 2, nv_1mcos},        {"sin(x)/x", 2, nv_sinx},       {"tanh(x)-x", 1, nv_tanhx},
      {"x^3/(1+x^2)", 1, nv_x3},        {"erf(x)*exp(x^2)", 1, nv_erfx2}, {"cosh(x)-1", 2, nv_coshm1},
      {"sqrt(x^2+4)-2", 2, nv_sqrt4},   {"exp(-1/x^2)", 2, nv_expinv},  {"x^-3", 1, nv_xm3},
      {"fabs(x)-2", 2, nv_absm2},       {"atan(x)*log(1+x^2)", 1, nv_atanlog},
      {"x*exp(-x)", 0, NULL},           {"(exp(x)-exp(-x))/2", 0, NULL}, {"sigmoid(x)*(1-sigmoid(x))", 0, NULL},
      {"(1+x)^(1/3)-1", 0, NULL},       {"x+1", 0, NULL},               {"x^(1/2)", 0, NULL},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct expr *e = parse(cases[i].text);
    const int p = expr_parity(e);
    expr_free(e);
    if (p != cases[i].parity) fail_msg("%s: parity %d, expected %d", cases[i].text, p, cases[i].parity);
    if (!p) continue;
    for (int j = 0; j < 64; j++) {
      const uint32_t xb = (uint32_t)(1 + (test_rand64() % 0x7f7fffffu));
      double y1, y2;
      int t1, t2;
      naive(cases[i].nv, u2f(xb), &y1, &t1);
      naive(cases[i].nv, -u2f(xb), &y2, &t2);
      if (isnan(y1) && isnan(y2)) continue;
      if (p == 1) y2 = -y2, t2 = -t2;
      if (d2u(y1) != d2u(y2) || t1 != t2)
        fail_msg("%s at +-0x%08x: %a t=%d and %a t=%d do not have the parity proved", cases[i].text, xb, y1, t1, y2, t2);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_range_decides), cmocka_unit_test(test_range_encloses),
                                     cmocka_unit_test(test_const_blocks), cmocka_unit_test(test_removable_zero),
                                     cmocka_unit_test(test_balls_first), cmocka_unit_test(test_hopeless),
                                     cmocka_unit_test(test_parity), cmocka_unit_test(test_taylor_models)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
