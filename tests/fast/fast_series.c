/* fast_series.c: Taylor series on balls (struct fast_fn, fast.h) for the test functions
 * of tests/fast/, with Arb: erf's and lgamma's here; exp's, log's, tanh's and sin's are
 * the catalogue's (functions/<name>/reference.c). The series of f(x + t) in t is f
 * applied to the polynomial [x, 1]; Arb's ball arithmetic makes every coefficient enclose f^(k)(xi)/k! for
 * every xi in the ball x. Where a formula has a singularity in the ball, Arb returns
 * non-finite balls (the builder treats them as "not analytic"); the functions also
 * check their domains explicitly. */
#include "reference/fast/fast.h"

#include "reference/reference.h"

#include <arb_hypgeom.h>
#include <arb_poly.h>

/* p = [a*x + b, a]: the series variable of f(a*(x + t) + b). */
static void affine(arb_poly_t p, const arb_t x, slong a, slong b, slong prec) {
  arb_t c;
  arb_init(c);
  arb_mul_si(c, x, a, prec);
  arb_add_si(c, c, b, prec);
  arb_poly_zero(p);
  arb_poly_set_coeff_arb(p, 0, c);
  arb_poly_set_coeff_si(p, 1, a);
  arb_clear(c);
}

static void copy_out(arb_ptr res, const arb_poly_t q, slong len) {
  for (slong i = 0; i < len; i++) arb_poly_get_coeff_arb(res + i, q, i);
}

/* erf: entire. */
static int ser_erf(arb_ptr res, const arb_t x, slong len, slong prec) {
  arb_poly_t p, q;
  arb_poly_init(p);
  arb_poly_init(q);
  affine(p, x, 1, 0, prec);
  arb_hypgeom_erf_series(q, p, len, prec);
  copy_out(res, q, len);
  arb_poly_clear(p);
  arb_poly_clear(q);
  return 0;
}

/* lgamma(x) = log|Gamma(x)| (what mpfr_lgamma computes), poles at 0, -1, -2, ...
 *   x > 0: Arb's log-gamma series (the principal branch, real there);
 *   x < 0: reflection Gamma(x) Gamma(1-x) = pi / sin(pi x), so
 *          log|Gamma(x+t)| = log(pi) - log|sin(pi (x+t))| - log Gamma(1 - x - t),
 *          with 1 - x - t > 1 and sin(pi(x+t)) of one sign on the ball (checked:
 *          its enclosure excludes 0, which also excludes every integer from the ball).
 * A ball containing 0, or a ball whose sin(pi x) enclosure contains 0 (a pole may be
 * inside), is "not analytic". */
static int ser_lgamma(arb_ptr res, const arb_t x, slong len, slong prec) {
  arb_poly_t p, q, s;
  arb_t c;
  int ret = 0;
  arb_poly_init(p);
  arb_poly_init(q);
  arb_poly_init(s);
  arb_init(c);
  if (arb_is_positive(x)) {
    affine(p, x, 1, 0, prec);
    arb_poly_lgamma_series(q, p, len, prec);
  } else if (arb_is_negative(x)) {
    affine(p, x, 1, 0, prec);
    arb_poly_sin_pi_series(s, p, len, prec);
    arb_poly_get_coeff_arb(c, s, 0);
    if (arb_contains_zero(c)) {
      ret = -1;
      goto out;
    }
    if (arb_is_negative(c)) arb_poly_neg(s, s); /* |sin(pi(x+t))| on the ball */
    arb_poly_log_series(s, s, len, prec);
    affine(p, x, -1, 1, prec);                  /* 1 - x - t */
    arb_poly_lgamma_series(q, p, len, prec);
    arb_poly_add_series(q, q, s, len, prec);
    arb_poly_neg(q, q);
    arb_const_pi(c, prec);
    arb_log(c, c, prec);
    arb_poly_get_coeff_arb(res, q, 0); /* res[0] as a temporary */
    arb_add(res, res, c, prec);
    arb_poly_set_coeff_arb(q, 0, res);
  } else {
    ret = -1;
    goto out;
  }
  copy_out(res, q, len);
out:
  arb_poly_clear(p);
  arb_poly_clear(q);
  arb_poly_clear(s);
  arb_clear(c);
  return ret;
}

/* the catalogue's series (functions/<name>/reference.c) */
int ref_exp_series(arb_ptr res, const arb_t x, slong len, slong prec);
int ref_log_series(arb_ptr res, const arb_t x, slong len, slong prec);
int ref_tanh_series(arb_ptr res, const arb_t x, slong len, slong prec);
int ref_sin_series(arb_ptr res, const arb_t x, slong len, slong prec);
const struct fast_fn fast_fn_exp = {"exp", ref_exp_series, FAST_SYM_NONE};    /* functions/exp/ */
const struct fast_fn fast_fn_log = {"log", ref_log_series, FAST_SYM_NONE};    /* functions/log/ */
const struct fast_fn fast_fn_tanh = {"tanh", ref_tanh_series, FAST_SYM_ODD}; /* functions/tanh/ */
const struct fast_fn fast_fn_sin = {"sin", ref_sin_series, FAST_SYM_ODD};     /* functions/sin/ */
const struct fast_fn fast_fn_erf = {"erf", ser_erf, FAST_SYM_ODD};
const struct fast_fn fast_fn_lgamma = {"lgamma", ser_lgamma, FAST_SYM_NONE};
