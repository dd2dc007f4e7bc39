/* expr_fn.c: the functions an expression may call (expr_fn.h): each catalogue name with
 * its Arb enclosure or its defining formula, their functions of power series, and the
 * rational powers of balls and series. */
#include "reference/expr/expr_fn.h"

#include <arb_hypgeom.h>
#include <arb_poly.h>
#include <flint/fmpq.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference/arb_special.h" /* erfcx, normcdf, normcdfinv */
#include "reference/arb_ziv.h"
#include "reference/fast/fast.h" /* FAST_SERIES_NOWHERE */

/* ---------------------------------------------------------------------------------
 * The functions: each catalogue name with its Arb enclosure (or its defining formula). */

/* x < c for every point of x (c a small integer) */
static int all_below(const arb_t x, slong c) {
  arb_t t;
  arb_init(t);
  arb_set_si(t, c);
  int k = arb_lt(x, t);
  arb_clear(t);
  return k;
}
static int all_above(const arb_t x, slong c) {
  arb_t t;
  arb_init(t);
  arb_set_si(t, c);
  int k = arb_gt(x, t);
  arb_clear(t);
  return k;
}

#define PLAIN(name, call)                                                                                       \
  static int a_##name(arb_t r, const arb_t x, slong prec) {                                                     \
    call(r, x, prec);                                                                                          \
    return 0;                                                                                                  \
  }
PLAIN(exp, arb_exp)
PLAIN(expm1, arb_expm1)
PLAIN(sin, arb_sin)
PLAIN(cos, arb_cos)
PLAIN(tan, arb_tan)
PLAIN(sinpi, arb_sin_pi)
PLAIN(cospi, arb_cos_pi)
PLAIN(sinh, arb_sinh)
PLAIN(cosh, arb_cosh)
PLAIN(tanh, arb_tanh)
PLAIN(atan, arb_atan)
PLAIN(asinh, arb_asinh)
PLAIN(erf, arb_hypgeom_erf)
PLAIN(erfc, arb_hypgeom_erfc)
/* tgamma: at an exact negative integer, a pole where mpfr_gamma (the exact path) gives NaN,
 * the argument lies outside the domain (-1: NaN, as for log below 0), so that both paths
 * give NaN there (a ball around a pole is Arb's indeterminate gamma, as before) */
static int a_tgamma(arb_t r, const arb_t x, slong prec) {
  if (arb_is_int(x) && arb_is_negative(x)) return -1;
  arb_gamma(r, x, prec);
  return 0;
}
PLAIN(recip, arb_inv)

static int a_fabs(arb_t r, const arb_t x, slong prec) {
  arb_abs(r, x);
  return 0;
}
/* b^x = exp(x log b) */
static int exp_base(arb_t r, const arb_t x, ulong b, slong prec) {
  arb_t l;
  arb_init(l);
  arb_log_ui(l, b, prec + 8);
  arb_mul(l, l, x, prec + 8);
  arb_exp(r, l, prec);
  arb_clear(l);
  return 0;
}
static int a_exp2(arb_t r, const arb_t x, slong prec) { return exp_base(r, x, 2, prec); }
static int a_exp10(arb_t r, const arb_t x, slong prec) { return exp_base(r, x, 10, prec); }
static int a_log(arb_t r, const arb_t x, slong prec) {
  if (all_below(x, 0)) return -1;
  arb_log(r, x, prec);
  return 0;
}
static int log_base(arb_t r, const arb_t x, ulong b, slong prec) {
  if (all_below(x, 0)) return -1;
  arb_t l;
  arb_init(l);
  arb_log_ui(l, b, prec + 8);
  arb_log(r, x, prec + 8);
  arb_div(r, r, l, prec);
  arb_clear(l);
  return 0;
}
static int a_log2(arb_t r, const arb_t x, slong prec) { return log_base(r, x, 2, prec); }
static int a_log10(arb_t r, const arb_t x, slong prec) { return log_base(r, x, 10, prec); }
static int a_log1p(arb_t r, const arb_t x, slong prec) {
  if (all_below(x, -1)) return -1;
  arb_log1p(r, x, prec);
  return 0;
}
static int a_sqrt(arb_t r, const arb_t x, slong prec) {
  if (all_below(x, 0)) return -1;
  arb_sqrt(r, x, prec);
  return 0;
}
static int a_rsqrt(arb_t r, const arb_t x, slong prec) {
  if (all_below(x, 0)) return -1;
  arb_rsqrt(r, x, prec);
  return 0;
}
/* the real q-th root, q odd: sign(x) |x|^(1/q); indeterminate on a ball around 0 */
static void odd_root(arb_t r, const arb_t x, ulong q, slong prec) {
  if (arb_is_nonnegative(x)) arb_root_ui(r, x, q, prec);
  else if (arb_is_negative(x)) {
    arb_neg(r, x);
    arb_root_ui(r, r, q, prec);
    arb_neg(r, r);
  } else arb_indeterminate(r);
}
static int a_cbrt(arb_t r, const arb_t x, slong prec) {
  odd_root(r, x, 3, prec);
  return 0;
}
static int a_rcbrt(arb_t r, const arb_t x, slong prec) {
  odd_root(r, x, 3, prec + 8);
  arb_inv(r, r, prec);
  return 0;
}
static int a_asin(arb_t r, const arb_t x, slong prec) {
  if (all_below(x, -1) || all_above(x, 1)) return -1;
  arb_asin(r, x, prec);
  return 0;
}
static int a_acos(arb_t r, const arb_t x, slong prec) {
  if (all_below(x, -1) || all_above(x, 1)) return -1;
  arb_acos(r, x, prec);
  return 0;
}
static int a_acosh(arb_t r, const arb_t x, slong prec) {
  if (all_below(x, 1)) return -1;
  arb_acosh(r, x, prec);
  return 0;
}
static int a_atanh(arb_t r, const arb_t x, slong prec) {
  if (all_below(x, -1) || all_above(x, 1)) return -1;
  arb_atanh(r, x, prec);
  return 0;
}
static int a_erfinv(arb_t r, const arb_t x, slong prec) {
  if (all_below(x, -1) || all_above(x, 1)) return -1;
  arb_hypgeom_erfinv(r, x, prec);
  return 0;
}
static int a_erfcinv(arb_t r, const arb_t x, slong prec) {
  if (all_below(x, 0) || all_above(x, 2)) return -1;
  arb_hypgeom_erfcinv(r, x, prec);
  return 0;
}
/* (erfcx and normcdf: reference/arb_special.h) */
static int a_normcdfinv(arb_t r, const arb_t x, slong prec) {
  if (all_below(x, 0) || all_above(x, 1)) return -1;
  return arb_special_normcdfinv(r, x, prec);
}
/* lgamma(x) = log |gamma(x)| (Arb's arb_lgamma covers x > 0 only) */
static int a_lgamma(arb_t r, const arb_t x, slong prec) {
  if (arb_is_positive(x)) {
    arb_lgamma(r, x, prec);
    return 0;
  }
  arb_gamma(r, x, prec + 16);
  arb_abs(r, r);
  arb_log(r, r, prec);
  return 0;
}
static int bessel(arb_t r, const arb_t x, int kind, int nu, slong prec) {
  arb_t n;
  arb_init(n);
  arb_set_si(n, nu);
  if (kind == 'J') arb_hypgeom_bessel_j(r, n, x, prec);
  else if (kind == 'Y') arb_hypgeom_bessel_y(r, n, x, prec);
  else arb_hypgeom_bessel_i(r, n, x, prec);
  arb_clear(n);
  return 0;
}
static int a_j0(arb_t r, const arb_t x, slong prec) { return bessel(r, x, 'J', 0, prec); }
static int a_j1(arb_t r, const arb_t x, slong prec) { return bessel(r, x, 'J', 1, prec); }
static int a_y0(arb_t r, const arb_t x, slong prec) { return all_below(x, 0) ? -1 : bessel(r, x, 'Y', 0, prec); }
static int a_y1(arb_t r, const arb_t x, slong prec) { return all_below(x, 0) ? -1 : bessel(r, x, 'Y', 1, prec); }
static int a_i0(arb_t r, const arb_t x, slong prec) { return bessel(r, x, 'I', 0, prec); }
static int a_i1(arb_t r, const arb_t x, slong prec) { return bessel(r, x, 'I', 1, prec); }

/* Step functions g, non-decreasing on the line (logb: on |x|): g maps the ends of the
 * ball, exactly, and the ball [g(lo), g(hi)] holds g of every point between them. */
static void g_floor(arf_t o, const arf_t a) { arf_floor(o, a); }
static void g_ceil(arf_t o, const arf_t a) { arf_ceil(o, a); }
static void g_trunc(arf_t o, const arf_t a) {
  if (arf_sgn(a) >= 0) arf_floor(o, a);
  else arf_ceil(o, a);
}
/* The exact sums below (a + 1/2, a - floor(a)) take as many bits as the distance between
 * a's lowest bit and 2^-1: bounded by a's own mantissa once |a| >= 1/2 and a is not an
 * integer (its bits then reach from 2^e, e >= -1, below 2^0). An integer, or |a| < 1/2,
 * is answered first without a sum: 2^-(2^33) + 1/2 exactly would take 2^33 bits. */
static int round_trivial(arf_t o, const arf_t a) {
  if (!arf_is_finite(a) || arf_is_int(a)) {
    arf_set(o, a);
    return 1;
  }
  if (arf_cmpabs_2exp_si(a, -1) < 0) {
    arf_zero(o);
    return 1;
  }
  return 0;
}
/* half-way cases away from zero */
static void g_round(arf_t o, const arf_t a) {
  if (round_trivial(o, a)) return;
  const int neg = arf_sgn(a) < 0; /* before o, which may be a, is written */
  arf_t h;
  arf_init(h);
  arf_abs(h, a);
  arf_t half;
  arf_init(half);
  arf_set_si_2exp_si(half, 1, -1);
  arf_add(h, h, half, ARF_PREC_EXACT, ARF_RND_DOWN); /* exact */
  arf_clear(half);
  arf_floor(o, h);
  if (neg) arf_neg(o, o);
  arf_clear(h);
}
/* half-way cases to even */
static void g_rint(arf_t o, const arf_t a) {
  if (round_trivial(o, a)) return;
  arf_t f, d;
  arf_init(f), arf_init(d);
  arf_floor(f, a);
  arf_sub(d, a, f, ARF_PREC_EXACT, ARF_RND_DOWN); /* exact, in [0, 1) */
  int c = arf_cmp_2exp_si(d, -1);
  int odd = 0;
  if (c == 0 && arf_is_int(f)) {
    arf_mul_2exp_si(d, f, -1);
    odd = !arf_is_int(d);
  }
  arf_set(o, f);
  if (c > 0 || (c == 0 && odd)) arf_add_ui(o, o, 1, ARF_PREC_EXACT, ARF_RND_DOWN);
  arf_clear(f), arf_clear(d);
}
/* floor(log2 a) for a > 0: a = 0.1b..b * 2^e, so e - 1 */
static void g_logb(arf_t o, const arf_t a) {
  if (!arf_is_finite(a)) {
    arf_set(o, a);
    return;
  }
  fmpz_t e;
  fmpz_init(e);
  fmpz_sub_ui(e, ARF_EXPREF(a), 1);
  arf_set_fmpz(o, e);
  fmpz_clear(e);
}

static int step(arb_t r, const arb_t x, void (*g)(arf_t, const arf_t), slong prec) {
  arf_t lo, hi;
  arf_init(lo), arf_init(hi);
  arb_get_lbound_arf(lo, x, prec);
  arb_get_ubound_arf(hi, x, prec);
  g(lo, lo), g(hi, hi);
  if (arf_equal(lo, hi)) arb_set_arf(r, lo); /* exact */
  else if (arf_is_finite(lo) && arf_is_finite(hi)) arb_set_interval_arf(r, lo, hi, prec);
  else arb_indeterminate(r);
  arf_clear(lo), arf_clear(hi);
  return 0;
}
static int a_floor(arb_t r, const arb_t x, slong prec) { return step(r, x, g_floor, prec); }
static int a_ceil(arb_t r, const arb_t x, slong prec) { return step(r, x, g_ceil, prec); }
static int a_trunc(arb_t r, const arb_t x, slong prec) { return step(r, x, g_trunc, prec); }
static int a_round(arb_t r, const arb_t x, slong prec) { return step(r, x, g_round, prec); }
static int a_rint(arb_t r, const arb_t x, slong prec) { return step(r, x, g_rint, prec); }
static int a_logb(arb_t r, const arb_t x, slong prec) {
  if (arb_contains_zero(x)) {
    arb_indeterminate(r);
    return 0;
  }
  arb_t a;
  arb_init(a);
  arb_abs(a, x);
  step(r, a, g_logb, prec);
  arb_clear(a);
  return 0;
}

/* elu(x) = x for x > 0, expm1(x) for x <= 0: either piece on a ball that lies on one side,
 * the union of both on a ball around 0 (both pieces are continuous there). */
static int a_elu(arb_t r, const arb_t x, slong prec) {
  if (arb_is_positive(x)) arb_set_round(r, x, prec);
  else if (arb_is_nonpositive(x)) arb_expm1(r, x, prec);
  else {
    arb_t e;
    arb_init(e);
    arb_expm1(e, x, prec);
    arb_union(r, x, e, prec);
    arb_clear(e);
  }
  return 0;
}

/* The one table: every function an expression may call. A row has an Arb enclosure
 * (and the catalogue's referee of the same name decides exact values, exact_eval), or
 * a defining formula in x (the activation functions), expanded where it is called.
 * Every name is a reference of the catalogue (test_expr checks it). */
const struct expr_fnrow expr_fn_table[] = {
    /* name, Arb enclosure, formula, parity, direction (expr_fn.h) */
    {"exp", a_exp, NULL, 0, 1, 0},
    {"exp2", a_exp2, NULL, 0, 1, 0},
    {"exp10", a_exp10, NULL, 0, 1, 0},
    {"expm1", a_expm1, NULL, 0, 1, 0},
    {"log", a_log, NULL, 0, 1, 0},
    {"log2", a_log2, NULL, 0, 1, 0},
    {"log10", a_log10, NULL, 0, 1, 0},
    {"log1p", a_log1p, NULL, 0, 1, 0},
    {"sqrt", a_sqrt, NULL, 0, 1, 0},
    {"rsqrt", a_rsqrt, NULL, 0, -2, 0},
    {"cbrt", a_cbrt, NULL, EXPR_FN_ODD, 1, 0},
    {"rcbrt", a_rcbrt, NULL, EXPR_FN_ODD, -2, 0},
    {"recip", a_recip, NULL, EXPR_FN_ODD, -2, 0},
    {"sin", a_sin, NULL, EXPR_FN_ODD, 0, 0},
    {"cos", a_cos, NULL, EXPR_FN_EVEN, 0, 0},
    {"tan", a_tan, NULL, EXPR_FN_ODD, 0, 0},
    {"sinpi", a_sinpi, NULL, EXPR_FN_ODD, 0, 0},
    {"cospi", a_cospi, NULL, EXPR_FN_EVEN, 0, 0},
    {"asin", a_asin, NULL, EXPR_FN_ODD, 1, 0},
    {"acos", a_acos, NULL, 0, -1, 0},
    {"atan", a_atan, NULL, EXPR_FN_ODD, 1, 0},
    {"sinh", a_sinh, NULL, EXPR_FN_ODD, 1, 0},
    {"cosh", a_cosh, NULL, EXPR_FN_EVEN, 2, 0},
    {"tanh", a_tanh, NULL, EXPR_FN_ODD, 1, 0},
    {"asinh", a_asinh, NULL, EXPR_FN_ODD, 1, 0},
    {"acosh", a_acosh, NULL, 0, 1, 0},
    {"atanh", a_atanh, NULL, EXPR_FN_ODD, 1, 0},
    {"erf", a_erf, NULL, EXPR_FN_ODD, 1, 0},
    {"erfc", a_erfc, NULL, 0, -1, 0},
    {"erfcx", arb_special_erfcx, NULL, 0, -1, 0},
    {"erfinv", a_erfinv, NULL, EXPR_FN_ODD, 1, 0},
    {"erfcinv", a_erfcinv, NULL, 0, -1, 0},
    {"normcdf", arb_special_normcdf, NULL, 0, 1, 0},
    {"normcdfinv", a_normcdfinv, NULL, 0, 1, 0},
    {"lgamma", a_lgamma, NULL, 0, 0, 0},
    {"tgamma", a_tgamma, NULL, 0, 0, 0},
    {"j0", a_j0, NULL, EXPR_FN_EVEN, 0, 0},
    {"j1", a_j1, NULL, EXPR_FN_ODD, 0, 0},
    {"y0", a_y0, NULL, 0, 0, 0},
    {"y1", a_y1, NULL, 0, 0, 0},
    {"cyl_bessel_i0", a_i0, NULL, EXPR_FN_EVEN, 0, 0},
    {"cyl_bessel_i1", a_i1, NULL, EXPR_FN_ODD, 0, 0},
    {"fabs", a_fabs, NULL, EXPR_FN_EVEN, 2, 0},
    {"floor", a_floor, NULL, 0, 1, 1},
    {"ceil", a_ceil, NULL, 0, 1, 1},
    {"trunc", a_trunc, NULL, EXPR_FN_ODD, 1, 1},
    {"round", a_round, NULL, EXPR_FN_ODD, 1, 1},
    {"rint", a_rint, NULL, 0, 1, 1},
    {"nearbyint", a_rint, NULL, 0, 1, 1},
    {"logb", a_logb, NULL, 0, 0, 0},
    /* activation functions (functions/<name>/): the formulas define them */
    {"sigmoid", NULL, "1/(1+exp(-x))", 0, 0, 0},
    {"silu", NULL, "x/(1+exp(-x))", 0, 0, 0},
    /* x Phi(x) = x/2 (1 + erf(x/sqrt 2)), written with erfc: no cancellation for x < 0 */
    {"gelu", NULL, "x/2*erfc(-x/sqrt(2))", 0, 0, 0},
    /* x/2 (1 + tanh(u)), u = sqrt(2/pi) (x + 0.044715 x^3), written with 1 + tanh(u) =
     * 2/(1 + e^(-2u)): no cancellation for x < 0 */
    {"gelu_tanh", NULL, "x/(1+exp(-2*sqrt(2/pi)*(x+0.044715*x^3)))", 0, 0, 0},
    {"softplus", NULL, "log1p(exp(x))", 0, 0, 0},
    {"mish", NULL, "x*tanh(log1p(exp(x)))", 0, 0, 0},
    {"elu", a_elu, NULL, 0, 1, 0}, /* x for x > 0, expm1(x) otherwise (alpha = 1) */
};
const int expr_fn_count = (int)(sizeof expr_fn_table / sizeof expr_fn_table[0]);

/* ---------------------------------------------------------------------------------
 * The functions of power series, for the Taylor series of an expression (expr_series):
 * Arb's series functions where Arb has them, the catalogue's series entries otherwise. */

/* h(0): 0 positive, 1 negative, 2 neither, 3 not finite (the whole ball) */
int expr_ps_sign(const arb_poly_t h) {
  arb_t c;
  arb_init(c);
  arb_poly_get_coeff_arb(c, h, 0);
  int s = !arb_is_finite(c) ? 3 : arb_is_positive(c) ? 0 : arb_is_negative(c) ? 1 : 2;
  arb_clear(c);
  return s;
}
/* f analytic where h(0) > 0, undefined where h(0) < 0 (sqrt, log, ...) */
static int ps_pos_domain(const arb_poly_t h) {
  int s = expr_ps_sign(h);
  return s == 0 ? 0 : s == 1 ? FAST_SERIES_NOWHERE : -1;
}

#define PS_ENTIRE(name, call)                                                                                  \
  static int ps_##name(arb_poly_t r, const arb_poly_t h, slong len, slong prec) {                             \
    if (expr_ps_sign(h) == 3) return -1;                                                                            \
    call(r, h, len, prec);                                                                                     \
    return 0;                                                                                                  \
  }
PS_ENTIRE(exp, arb_poly_exp_series)
PS_ENTIRE(sin, arb_poly_sin_series)
PS_ENTIRE(cos, arb_poly_cos_series)
PS_ENTIRE(sinh, arb_poly_sinh_series)
PS_ENTIRE(cosh, arb_poly_cosh_series)
PS_ENTIRE(atan, arb_poly_atan_series)
PS_ENTIRE(erf, arb_hypgeom_erf_series)
PS_ENTIRE(erfc, arb_hypgeom_erfc_series)

#define PS_POSITIVE(name, call)                                                                                \
  static int ps_##name(arb_poly_t r, const arb_poly_t h, slong len, slong prec) {                             \
    int rc = ps_pos_domain(h);                                                                                 \
    if (!rc) call(r, h, len, prec);                                                                            \
    return rc;                                                                                                 \
  }
PS_POSITIVE(log, arb_poly_log_series)
PS_POSITIVE(sqrt, arb_poly_sqrt_series) /* not analytic at 0 */
PS_POSITIVE(rsqrt, arb_poly_rsqrt_series)

/* e^h - 1: the series of e^h with the value expm1(h(0)), free of e^h(0) - 1's cancellation */
static int ps_expm1(arb_poly_t r, const arb_poly_t h, slong len, slong prec) {
  if (expr_ps_sign(h) == 3) return -1;
  arb_poly_exp_series(r, h, len, prec);
  arb_t c;
  arb_init(c);
  arb_poly_get_coeff_arb(c, h, 0);
  arb_expm1(c, c, prec);
  if (len > 0) arb_poly_set_coeff_arb(r, 0, c);
  arb_clear(c);
  return 0;
}
/* log(1 + h), analytic where h(0) > -1 */
static int ps_log1p(arb_poly_t r, const arb_poly_t h, slong len, slong prec) {
  arb_poly_t g;
  arb_poly_init(g);
  arb_poly_add_si(g, h, 1, prec);
  int rc = ps_pos_domain(g);
  if (!rc) arb_poly_log1p_series(r, h, len, prec);
  arb_poly_clear(g);
  return rc;
}
static int ps_recip(arb_poly_t r, const arb_poly_t h, slong len, slong prec) {
  int s = expr_ps_sign(h);
  if (s >= 2) return -1; /* a pole in the ball */
  arb_poly_inv_series(r, h, len, prec);
  return 0;
}
static int ps_fabs(arb_poly_t r, const arb_poly_t h, slong len, slong prec) {
  int s = expr_ps_sign(h);
  if (s >= 2) return -1; /* not analytic at 0 */
  if (s) arb_poly_neg(r, h);
  else arb_poly_set(r, h);
  arb_poly_truncate(r, len);
  return 0;
}

/* The functions Arb's series cover directly; every other one with a series entry in
 * the catalogue goes through ps_compose. */
static const struct {
  const char *name;
  ps_fn fn;
} ps_table[] = {{"exp", ps_exp},       {"expm1", ps_expm1}, {"log", ps_log},   {"log1p", ps_log1p},
                {"sqrt", ps_sqrt},     {"rsqrt", ps_rsqrt}, {"recip", ps_recip}, {"fabs", ps_fabs},
                {"sin", ps_sin},       {"cos", ps_cos},     {"sinh", ps_sinh}, {"cosh", ps_cosh},
                {"atan", ps_atan},     {"erf", ps_erf},     {"erfc", ps_erfc}};
#define N_PS ((int)(sizeof ps_table / sizeof ps_table[0]))

/* f(h) through f's series entry in the catalogue (f's Taylor coefficients F_k over a
 * ball): f(h) = sum_k F_k(h(0)) (h - h(0))^k. For every point of the ball the exact
 * F_k lie in the entry's balls at the ball h(0), and the coefficients of h - h(0) in
 * h's with the value 0 exactly, so the composition of the balls encloses f(h)'s
 * coefficients. */
static int ps_compose(arb_poly_t r, const arb_poly_t h, ser_fn f, slong len, slong prec) {
  arb_ptr F = _arb_vec_init(len);
  arb_t c;
  arb_init(c);
  arb_poly_get_coeff_arb(c, h, 0);
  int rc = f(F, c, len, prec);
  for (slong k = 0; !rc && k < len; k++)
    if (!arb_is_finite(F + k)) rc = -1;
  if (!rc) {
    arb_poly_t Fp, g;
    arb_poly_init(Fp);
    arb_poly_init(g);
    for (slong k = len - 1; k >= 0; k--) arb_poly_set_coeff_arb(Fp, k, F + k);
    arb_poly_set(g, h);
    arb_poly_set_coeff_si(g, 0, 0);
    arb_poly_compose_series(r, Fp, g, len, prec);
    arb_poly_clear(Fp);
    arb_poly_clear(g);
  }
  _arb_vec_clear(F, len);
  arb_clear(c);
  return rc;
}

int expr_fn_apply(arb_poly_t r, const struct node *n, const arb_poly_t h, slong len, slong prec) {
  int rc = n->ps ? n->ps(r, h, len, prec) : ps_compose(r, h, n->ser, len, prec);
  if (rc == -1 && expr_fn_table[n->fn].arb) {
    /* no series: where the argument's values h(0) lie wholly outside f's domain (the
     * adapter's -1: no point of the ball is in it, e.g. asin on [2, 4]), f is defined
     * nowhere on the block, which the table's builder leaves undecided without splitting
     * it (the balls decide such inputs NaN: ib_prog.h) */
    arb_t c, v;
    arb_init(c), arb_init(v);
    arb_poly_get_coeff_arb(c, h, 0);
    if (expr_fn_table[n->fn].arb(v, c, prec) == -1) rc = FAST_SERIES_NOWHERE;
    arb_clear(c), arb_clear(v);
  }
  return rc;
}

ps_fn expr_ps_find(const char *name) {
  for (int i = 0; i < N_PS; i++)
    if (!strcmp(ps_table[i].name, name)) return ps_table[i].fn;
  return NULL;
}

const char *expr_fn_name(int fn) { return expr_fn_table[fn].name; }


/* x^(n/d) at every point of ball a: d = 1 an integer power; d odd the real root, d even
 * defined for a >= 0 only */
int expr_arb_qpow(arb_t r, const arb_t a, const fmpq_t q, slong prec) {
  const ulong d = fmpz_get_ui(fmpq_denref(q));
  arb_t t;
  arb_init(t);
  int rc = 0;
  if (d == 1) arb_set(t, a);
  else if (d % 2) odd_root(t, a, d, prec + 8);
  else if (all_below(a, 0)) rc = -1;
  else arb_root_ui(t, a, d, prec + 8);
  if (!rc) arb_pow_fmpz(r, t, fmpq_numref(q), prec);
  arb_clear(t);
  return rc;
}

/* h^(n/d) as expr_arb_qpow defines it: d = 1 an integer power (a pole at h(0) = 0 when n < 0),
 * else analytic where h(0) != 0: h^(n/d) for h(0) > 0; for h(0) < 0, d odd,
 * (-1)^n (-h)^(n/d), and d even undefined. */
int expr_ps_qpow(arb_poly_t r, const arb_poly_t h, const fmpq *q, slong len, slong prec) {
  const ulong d = fmpz_get_ui(fmpq_denref(q));
  const slong n = fmpz_get_si(fmpq_numref(q));
  const int s = expr_ps_sign(h);
  if (s == 3 || (s == 2 && (d > 1 || n < 0))) return -1;
  if (d == 1) {
    arb_poly_t g;
    arb_poly_init(g);
    if (n < 0) arb_poly_inv_series(g, h, len, prec + 8);
    else arb_poly_set(g, h);
    arb_poly_pow_ui_trunc_binexp(r, g, (ulong)(n < 0 ? -n : n), len, prec);
    arb_poly_clear(g);
    return 0;
  }
  if (s == 1 && d % 2 == 0) return FAST_SERIES_NOWHERE;
  arb_poly_t g;
  arb_t a;
  arb_poly_init(g);
  arb_init(a);
  arb_set_fmpq(a, q, prec + 8);
  if (s == 1) arb_poly_neg(g, h);
  else arb_poly_set(g, h);
  arb_poly_pow_arb_series(r, g, a, len, prec);
  if (s == 1 && n % 2) arb_poly_neg(r, r);
  arb_poly_clear(g);
  arb_clear(a);
  return 0;
}
