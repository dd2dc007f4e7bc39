/* ref64_arb.c: erfcx, normcdf, erfinv, erfcinv, normcdfinv and rhypot for the search kind (ref64_arb.h): Arb balls that contain the
 * value, rounded by ref_arb_ziv. The exact values at binary64 arguments, erfcx(0) = 1 and
 * normcdf(0) = 1/2 (and the infinities), are set here; elsewhere both are transcendental, so a
 * ball decides the rounding given precision enough. */
#include "reference/search/ref64_arb.h"

#include <arb_hypgeom.h>

#include "reference/arb_special.h" /* erfcx, normcdf, normcdfinv */
#include "reference/arb_ziv.h"

#define R64_ARB_PREC_MAX 65536

/* f(+-0) and the infinities: erfcx(0) = 1, erfcx(+inf) = 0, erfcx(-inf) = +inf; normcdf(0) = 1/2,
 * normcdf(+-inf) = 1, 0. Returns 1 when x is one of them (r set exactly). */
static int special(mpfr_ptr r, mpfr_srcptr x, int erfcx) {
  if (mpfr_nan_p(x)) return mpfr_set_nan(r), 1;
  if (mpfr_zero_p(x)) return mpfr_set_d(r, erfcx ? 1.0 : 0.5, MPFR_RNDN), 1;
  if (!mpfr_inf_p(x)) return 0;
  if (erfcx)
    mpfr_sgn(x) > 0 ? mpfr_set_zero(r, 1) : mpfr_set_inf(r, 1);
  else
    mpfr_set_d(r, mpfr_sgn(x) > 0 ? 1.0 : 0.0, MPFR_RNDN);
  return 1;
}

int r64_erfcx(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (special(r, x, 1)) return 0;
  return ref_arb_ziv(r, x, rnd, arb_special_erfcx, R64_ARB_PREC_MAX);
}

int r64_normcdf(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (special(r, x, 0)) return 0;
  return ref_arb_ziv(r, x, rnd, arb_special_normcdf, R64_ARB_PREC_MAX);
}

/* rhypot: y is passed to the ball through ref_arb_ziv_arg. 1/sqrt(s) of a dyadic s is dyadic (or
 * a rounding midpoint) only if sqrt(s) is a power of two; for nonzero binary64 x, y, scale both by
 * a power of two to integers a, b not both even: a odd and b even (or the reverse) makes a^2 + b^2
 * odd, a power of two only if 1, impossible; both odd makes it 2 mod 4, so 2, so a = b = 1 and
 * x^2 + y^2 = 2 x^2, not a power of 4. So the value is exact only where an argument is zero, and
 * those are computed here; elsewhere a ball decides given precision enough. */
static int rhypot_ball(arb_t r, const arb_t x, slong prec, const void *arg) {
  arb_t y;
  arb_init(y);
  arf_set_mpfr(arb_midref(y), (mpfr_srcptr)arg);
  arb_sqr(r, x, prec + 16);
  arb_addmul(r, y, y, prec + 16);
  arb_rsqrt(r, r, prec);
  arb_clear(y);
  return 0;
}

int r64_rhypot(mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x) || mpfr_nan_p(y)) return mpfr_set_nan(r), 0;
  if (mpfr_inf_p(x) || mpfr_inf_p(y)) return mpfr_set_zero(r, 1), 0;
  if (mpfr_zero_p(x) && mpfr_zero_p(y)) return mpfr_set_inf(r, 1), 0;
  if (mpfr_zero_p(x) || mpfr_zero_p(y)) { /* 1/|y| or 1/|x|: MPFR's correctly rounded quotient */
    mpfr_t a;
    mpfr_init2(a, mpfr_get_prec(mpfr_zero_p(x) ? y : x));
    mpfr_abs(a, mpfr_zero_p(x) ? y : x, MPFR_RNDN);
    int t = mpfr_ui_div(r, 1, a, rnd);
    mpfr_clear(a);
    return t;
  }
  return ref_arb_ziv_arg(r, x, rnd, rhypot_ball, y, R64_ARB_PREC_MAX);
}

/* erfinv: exact only at 0 (erf of a nonzero algebraic number is transcendental, so no nonzero
 * dyadic y has a dyadic erf(y)); 0, +-1 and beyond are set here. */
static int erfinv_ball(arb_t r, const arb_t x, slong prec) {
  arb_hypgeom_erfinv(r, x, prec);
  return 0;
}

int r64_erfinv(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x) || mpfr_cmpabs_ui(x, 1) > 0) return mpfr_set_nan(r), 0;
  if (mpfr_zero_p(x)) return mpfr_set(r, x, rnd);
  if (mpfr_cmpabs_ui(x, 1) == 0) return mpfr_set_inf(r, mpfr_sgn(x)), 0;
  return ref_arb_ziv(r, x, rnd, erfinv_ball, R64_ARB_PREC_MAX);
}

/* erfcinv: exact only at 1 (erfcinv(x) = erfinv(1 - x), as for erfinv); 0, 1, 2 and beyond are set
 * here. */
static int erfcinv_ball(arb_t r, const arb_t x, slong prec) {
  arb_hypgeom_erfcinv(r, x, prec);
  return 0;
}

int r64_erfcinv(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x) || mpfr_sgn(x) < 0 || mpfr_cmp_ui(x, 2) > 0) return mpfr_set_nan(r), 0;
  if (mpfr_zero_p(x)) return mpfr_set_inf(r, 1), 0;
  if (mpfr_cmp_ui(x, 2) == 0) return mpfr_set_inf(r, -1), 0;
  if (mpfr_cmp_ui(x, 1) == 0) return mpfr_set_zero(r, 1), 0;
  return ref_arb_ziv(r, x, rnd, erfcinv_ball, R64_ARB_PREC_MAX);
}

/* normcdfinv: exact only at 1/2 (where erfcinv's argument is 1); 0, 1/2, 1 and beyond set here. */
int r64_normcdfinv(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x) || mpfr_sgn(x) < 0 || mpfr_cmp_ui(x, 1) > 0) return mpfr_set_nan(r), 0;
  if (mpfr_zero_p(x)) return mpfr_set_inf(r, -1), 0;
  if (mpfr_cmp_ui(x, 1) == 0) return mpfr_set_inf(r, 1), 0;
  if (mpfr_cmp_d(x, 0.5) == 0) return mpfr_set_zero(r, 1), 0;
  return ref_arb_ziv(r, x, rnd, arb_special_normcdfinv, R64_ARB_PREC_MAX);
}
