/* test_activation.c: the activation references (functions/sigmoid, silu, gelu, gelu_tanh,
 * softplus, mish, elu) against naive MPFR loops written here: each function by its
 * textbook formula (gelu with erf, gelu_tanh with tanh, elu with exp(x) - 1), at 4000 bits
 * in the widest exponent range, rounded to binary64 here. The naive formulas cancel for
 * large |x|, so they are trusted on |x| <= a limit where 4000 bits keep every digit needed
 * (each limit below says why); beyond it, values derived by hand. */
#include "testutil.h"

#include <mpfr.h>
#include <string.h>

#include "src/catalogue/registry.h"
#include "reference/expr/expr.h"

#define NP 4000

/* z = f(x) by the textbook formula, at NP bits */
static void naive(const char *name, mpfr_t z, mpfr_srcptr x) {
  mpfr_t a, b;
  mpfr_inits2(NP, a, b, (mpfr_ptr)0);
  if (!strcmp(name, "sigmoid") || !strcmp(name, "silu")) { /* 1/(1+e^-x), x/(1+e^-x) */
    mpfr_neg(a, x, MPFR_RNDN);
    mpfr_exp(a, a, MPFR_RNDN);
    mpfr_add_ui(a, a, 1, MPFR_RNDN);
    if (!strcmp(name, "sigmoid")) mpfr_ui_div(z, 1, a, MPFR_RNDN);
    else mpfr_div(z, x, a, MPFR_RNDN);
  } else if (!strcmp(name, "gelu")) { /* x/2 (1 + erf(x/sqrt 2)) */
    mpfr_sqrt_ui(a, 2, MPFR_RNDN);
    mpfr_div(a, x, a, MPFR_RNDN);
    mpfr_erf(a, a, MPFR_RNDN);
    mpfr_add_ui(a, a, 1, MPFR_RNDN);
    mpfr_mul(z, a, x, MPFR_RNDN);
    mpfr_div_2ui(z, z, 1, MPFR_RNDN);
  } else if (!strcmp(name, "gelu_tanh")) { /* x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) */
    mpfr_pow_ui(a, x, 3, MPFR_RNDN);
    mpfr_mul_ui(a, a, 44715, MPFR_RNDN);
    mpfr_div_ui(a, a, 1000000, MPFR_RNDN);
    mpfr_add(a, a, x, MPFR_RNDN);
    mpfr_const_pi(b, MPFR_RNDN);
    mpfr_ui_div(b, 2, b, MPFR_RNDN);
    mpfr_sqrt(b, b, MPFR_RNDN);
    mpfr_mul(a, a, b, MPFR_RNDN);
    mpfr_tanh(a, a, MPFR_RNDN);
    mpfr_add_ui(a, a, 1, MPFR_RNDN);
    mpfr_mul(z, a, x, MPFR_RNDN);
    mpfr_div_2ui(z, z, 1, MPFR_RNDN);
  } else if (!strcmp(name, "softplus") || !strcmp(name, "mish")) { /* log(1 + e^x), x tanh(that) */
    mpfr_exp(a, x, MPFR_RNDN);
    mpfr_log1p(a, a, MPFR_RNDN);
    if (name[0] == 's') mpfr_set(z, a, MPFR_RNDN);
    else mpfr_tanh(a, a, MPFR_RNDN), mpfr_mul(z, a, x, MPFR_RNDN);
  } else { /* elu: x > 0 ? x : e^x - 1 */
    if (mpfr_sgn(x) > 0) mpfr_set(z, x, MPFR_RNDN);
    else mpfr_exp(a, x, MPFR_RNDN), mpfr_sub_ui(z, a, 1, MPFR_RNDN);
  }
  mpfr_clears(a, b, (mpfr_ptr)0);
}

/* (y, t) of the naive value, rounded as the references are */
static void naive_ref(const char *name, float xf, double *y, int *t) {
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_t x, z, r;
  mpfr_init2(x, 24), mpfr_init2(z, NP), mpfr_init2(r, 53);
  mpfr_set_emin(mpfr_get_emin_min()), mpfr_set_emax(mpfr_get_emax_max());
  mpfr_set_flt(x, xf, MPFR_RNDN);
  naive(name, z, x);
  int tr = mpfr_set(r, z, MPFR_RNDN);
  mpfr_set_emin(-1073), mpfr_set_emax(1024);
  tr = mpfr_check_range(r, tr, MPFR_RNDN);
  tr = mpfr_subnormalize(r, tr, MPFR_RNDN);
  *y = mpfr_get_d(r, MPFR_RNDN);
  mpfr_set_emin(mpfr_get_emin_min()), mpfr_set_emax(mpfr_get_emax_max());
  int c = mpfr_cmp(r, z);
  *t = (c > 0) - (c < 0);
  mpfr_set_emin(emin), mpfr_set_emax(emax);
  mpfr_clears(x, z, r, (mpfr_ptr)0);
}

/* The limit of |x| per function where NP = 4000 bits of the textbook formula keep the
 * result's leading 60 bits: the cancellation loses about as many bits as log2 of the
 * quantity added to 1 (e^-x, erfc(|x|/sqrt 2) ~ e^(-x^2/2), e^(-2u)):
 *  sigmoid, silu: e^-|x| at |x| = 2000 is 2^-2885; gelu: e^(-x^2/2) at 60 is 2^-2597;
 *  gelu_tanh: e^(-2u), u = 0.79788 (25 + 0.044715 * 25^3) = 577, is 2^-1665; softplus and
 *  mish: e^-2x at 1000 is 2^-2885; elu: e^x - 1 at x = -2000 needs 2886 bits. */
static double limit_of(const char *name) {
  if (!strcmp(name, "gelu")) return 60;
  if (!strcmp(name, "gelu_tanh")) return 25;
  if (!strcmp(name, "softplus") || !strcmp(name, "mish")) return 1000;
  return 2000;
}

static const char *const acts[] = {"sigmoid", "silu", "gelu", "gelu_tanh", "softplus", "mish", "elu"};

static void test_against_naive(void **state) {
  (void)state;
  for (size_t a = 0; a < sizeof acts / sizeof acts[0]; a++) {
    const struct reference *r = ref_find(acts[a]);
    assert_non_null(r);
    const double lim = limit_of(acts[a]);
    int n = 0;
    /* the tails' thresholds and their neighbours, small and subnormal inputs, then random */
    static const float fixed[] = {64.0f, 63.99999f, 64.00001f, 40.0f, 39.99999f, 16.0f, 15.99999f, 1.0f, -1.0f,
                                  0.5f, -0.5f, 0x1p-149f, -0x1p-149f, 0x1p-126f, -0x1p-100f, 3.0f, -3.0f, 20.0f,
                                  -20.0f, 38.5f, -38.5f, 745.0f, -745.0f};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0] + 300; i++) {
      float x;
      if (i < sizeof fixed / sizeof fixed[0]) x = fixed[i];
      else do x = u2f((uint32_t)test_rand64()); while (!(fabsf(x) <= lim) || x == 0);
      if (!(fabsf(x) <= lim)) continue;
      double y1, y2;
      int t1, t2;
      ref_mpfr(r, f2u(x), &y1, &t1);
      naive_ref(acts[a], x, &y2, &t2);
      if (y1 != y2 || t1 != t2)
        fail_msg("%s(%a): reference (%a, %d), naive (%a, %d)", acts[a], (double)x, y1, t1, y2, t2);
      n++;
    }
    printf("%s: %d inputs with |x| <= %g equal to the naive loop\n", acts[a], n, lim);
  }
}

/* Special values, derived by hand: the limits at +-inf (x sigmoid(x) -> 0 from below:
 * -0), the signs of zeros (f(x) ~ x/2 or x near 0), 1/2 at 0, and the far tails (the
 * value within 2^-80 relative of x or 1: rounds to it, t = +1 below it, -1 above it;
 * or below half the smallest subnormal: a zero, t against its sign). */
static void test_special(void **state) {
  (void)state;
  static const struct {
    const char *f;
    float x;
    double y;
    int t;
  } c[] = {
      {"sigmoid", 0.0f, 0.5, 0},        {"sigmoid", -0.0f, 0.5, 0},       {"sigmoid", INFINITY, 1, 0},
      {"sigmoid", -INFINITY, 0, 0},     {"sigmoid", 1e30f, 1, 1},         {"sigmoid", -1e30f, 0, -1},
      {"silu", -0.0f, -0.0, 0},         {"silu", INFINITY, INFINITY, 0},  {"silu", -INFINITY, -0.0, 0},
      {"silu", 1e30f, 1e30f, 1},        {"silu", -1e30f, -0.0, 1},        {"gelu", -0.0f, -0.0, 0},
      {"gelu", INFINITY, INFINITY, 0},  {"gelu", -INFINITY, -0.0, 0},     {"gelu", 1e30f, 1e30f, 1},
      {"gelu", -1e30f, -0.0, 1},        {"gelu_tanh", -0.0f, -0.0, 0},    {"gelu_tanh", 1e30f, 1e30f, 1},
      {"gelu_tanh", -1e30f, -0.0, 1},   {"gelu_tanh", -INFINITY, -0.0, 0}, {"softplus", INFINITY, INFINITY, 0},
      {"softplus", -INFINITY, 0, 0},    {"softplus", 1e30f, 1e30f, -1},   {"softplus", -1e30f, 0, -1},
      {"mish", -0.0f, -0.0, 0},         {"mish", INFINITY, INFINITY, 0},  {"mish", -INFINITY, -0.0, 0},
      {"mish", 1e30f, 1e30f, 1},        {"mish", -1e30f, -0.0, 1},        {"elu", -0.0f, -0.0, 0},
      {"elu", -INFINITY, -1, 0},        {"elu", INFINITY, INFINITY, 0},   {"elu", -1e30f, -1, -1},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    double y;
    int t;
    ref_mpfr(ref_find(c[i].f), f2u(c[i].x), &y, &t);
    if (d2u(y) != d2u(c[i].y) || t != c[i].t)
      fail_msg("%s(%a) = (%a, %d), expected (%a, %d)", c[i].f, (double)c[i].x, y, t, c[i].y, c[i].t);
  }
  double y;
  int t;
  ref_mpfr(ref_find("gelu"), f2u(NAN), &y, &t);
  assert_true(isnan(y) && t == 0);
}

/* Each formula of the expression table parses, and the named reference is its value. */
static void test_formulas(void **state) {
  (void)state;
  for (size_t a = 0; a < sizeof acts / sizeof acts[0]; a++) {
    char text[64], err[256];
    snprintf(text, sizeof text, "%s(2*x)-%s(x)", acts[a], acts[a]);
    const struct reference *r = ref_resolve(text, 0, 0, "--ref", err, sizeof err);
    if (!r) fail_msg("%s: %s", text, err);
    double y, ya, yb;
    int t, ta, tb;
    ref_mpfr(r, f2u(1.5f), &y, &t);
    ref_mpfr(ref_find(acts[a]), f2u(3.0f), &ya, &ta);
    ref_mpfr(ref_find(acts[a]), f2u(1.5f), &yb, &tb);
    /* f(3) - f(1.5) rounded once against the difference of the two rounded values: within
     * the sum of their half ulps (a consistency check of the composition) */
    assert_true(t != REF_T_UNDECIDABLE);
    assert_true(fabs(y - (ya - yb)) <= 0x1p-52 * (fabs(ya) + fabs(yb)));
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_special),
      cmocka_unit_test(test_against_naive),
      cmocka_unit_test(test_formulas),
  };
  return cmocka_run_group_tests_name("activation", tests, NULL, NULL);
}
