/* ref64.c: the MPFR references of the search kind and the binary64 (and two-argument binary32)
 * ulp error; definitions in ref64.h and docs/definitions.md. */
#include "reference/search/ref64.h"

#include "reference/search/ref64_arb.h"

#include <math.h>
#include <mpfr.h>
#include <string.h>

typedef int (*r64_f1)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
typedef int (*r64_f2)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

struct r64_fn {
  const char *name;
  r64_f1 f1;
  r64_f2 f2;
};

/* atan2(a, b) of C is mpfr_atan2(r, a, b); fmod is mpfr_fmod; rsqrt (1/sqrt) is mpfr_rec_sqrt;
 * sinpi, cospi (sin(pi x), cos(pi x)) are MPFR 4.2's mpfr_sinpi, mpfr_cospi; rcbrt is r64_rcbrt;
 * erfcx, normcdf, erfinv, erfcinv, normcdfinv and rhypot, which MPFR lacks, are Arb's rounded correctly (ref64_arb.h); the
 * others are MPFR's functions of the same name. */
/* 1/cbrt(x) = x^(1/-3): MPFR's rootn with n = -3, correctly rounded like the others. */
static int r64_rcbrt(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t rnd) { return mpfr_rootn_si(r, a, -3, rnd); }

/* lgamma(x) = log|Gamma(x)|: mpfr_lgamma, its sign output dropped. */
static int r64_lgamma(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t rnd) {
  int sign;
  return mpfr_lgamma(r, &sign, a, rnd);
}

static const struct r64_fn r64_fns[] = {
    {"exp", mpfr_exp, NULL},     {"exp2", mpfr_exp2, NULL},     {"exp10", mpfr_exp10, NULL},
    {"expm1", mpfr_expm1, NULL}, {"log", mpfr_log, NULL},       {"log2", mpfr_log2, NULL},
    {"log10", mpfr_log10, NULL}, {"log1p", mpfr_log1p, NULL},   {"sin", mpfr_sin, NULL},
    {"cos", mpfr_cos, NULL},     {"tan", mpfr_tan, NULL},       {"asin", mpfr_asin, NULL},
    {"acos", mpfr_acos, NULL},   {"atan", mpfr_atan, NULL},     {"sinh", mpfr_sinh, NULL},
    {"cosh", mpfr_cosh, NULL},   {"tanh", mpfr_tanh, NULL},     {"cbrt", mpfr_cbrt, NULL},
    {"erf", mpfr_erf, NULL},     {"asinh", mpfr_asinh, NULL},   {"acosh", mpfr_acosh, NULL},
    {"atanh", mpfr_atanh, NULL}, {"rsqrt", mpfr_rec_sqrt, NULL},
    {"sinpi", mpfr_sinpi, NULL}, {"cospi", mpfr_cospi, NULL}, {"rcbrt", r64_rcbrt, NULL},
    {"erfc", mpfr_erfc, NULL},   {"erfcx", r64_erfcx, NULL},    {"normcdf", r64_normcdf, NULL}, {"erfinv", r64_erfinv, NULL}, {"erfcinv", r64_erfcinv, NULL},
    {"normcdfinv", r64_normcdfinv, NULL},     {"pow", NULL, mpfr_pow},       {"atan2", NULL, mpfr_atan2},
    {"hypot", NULL, mpfr_hypot}, {"rhypot", NULL, r64_rhypot},
    {"lgamma", r64_lgamma, NULL}, {"tgamma", mpfr_gamma, NULL}, {"j0", mpfr_j0, NULL},     {"j1", mpfr_j1, NULL},
    {"y0", mpfr_y0, NULL},       {"y1", mpfr_y1, NULL}, {"fmod", NULL, mpfr_fmod},
};

const struct r64_fn *r64_find(const char *name) {
  for (size_t i = 0; i < sizeof r64_fns / sizeof r64_fns[0]; i++)
    if (!strcmp(r64_fns[i].name, name)) return &r64_fns[i];
  return NULL;
}

int r64_arity(const struct r64_fn *f) { return f->f2 ? 2 : 1; }

/* 2^(max(floor(log2|v|), emin) - p), exact for every finite v (frexp is exact). */
static double ulp_at(double v, int emin, int p) {
  int e;
  if (v == 0 || !isfinite(v)) return ldexp(1.0, emin - p);
  frexp(v, &e); /* |v| = m 2^e, 1/2 <= m < 1: floor(log2|v|) = e - 1 */
  return ldexp(1.0, (e - 1 > emin ? e - 1 : emin) - p);
}
double r64_ulp64(double v) { return ulp_at(v, -1022, 52); }
double r64_ulp32(double v) { return ulp_at(v, -126, 23); }

/* ord: the position of a value among the format's numbers (both zeros 0, an infinity one past the
 * largest finite number). */
static int64_t ord_of(enum r64_format fmt, double a) {
  int64_t m;
  if (fmt == R64_F64) {
    uint64_t u;
    memcpy(&u, &a, 8);
    m = (int64_t)(u & 0x7fffffffffffffffull);
  } else {
    float f = (float)a;
    uint32_t u;
    memcpy(&u, &f, 4);
    m = (int64_t)(u & 0x7fffffffu);
  }
  return signbit(a) ? -m : m;
}

uint64_t r64_steps(enum r64_format fmt, double a, double b) {
  int64_t d = ord_of(fmt, a) - ord_of(fmt, b);
  return d < 0 ? (uint64_t)(-d) : (uint64_t)d;
}

static int call(const struct r64_fn *f, mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t rnd) {
  return f->f2 ? f->f2(r, a, b, rnd) : f->f1(r, a, rnd);
}

/* RN(f(x)) in the format: MPFR's correctly rounded result in the format's precision and exponent
 * range, subnormals by mpfr_subnormalize (one rounding: no double rounding). */
static double round_to_format(const struct r64_fn *f, enum r64_format fmt, mpfr_srcptr a, mpfr_srcptr b) {
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  int p = fmt == R64_F64 ? 53 : 24;
  mpfr_t r;
  mpfr_init2(r, p);
  /* binary64: numbers 2^-1074 .. (1 - 2^-53) 2^1024, MPFR exponents -1073 .. 1024 (binary32:
   * -148 .. 128) */
  mpfr_set_emin(fmt == R64_F64 ? -1073 : -148);
  mpfr_set_emax(fmt == R64_F64 ? 1024 : 128);
  int t = call(f, r, a, b, MPFR_RNDN);
  t = mpfr_check_range(r, t, MPFR_RNDN);
  mpfr_subnormalize(r, t, MPFR_RNDN);
  double y = mpfr_get_d(r, MPFR_RNDN); /* exact: r has at most 53 bits in binary64's range */
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  mpfr_clear(r);
  return y;
}

int r64_eval(const struct r64_fn *f, enum r64_format fmt, double x, double y, double out, struct r64_verdict *v) {
  mpfr_t a, b, e, d;
  memset(v, 0, sizeof *v);
  mpfr_inits2(R64_PREC, e, d, (mpfr_ptr)0);
  mpfr_inits2(53, a, b, (mpfr_ptr)0);
  mpfr_set_d(a, x, MPFR_RNDN); /* exact: x and y are binary64 values */
  mpfr_set_d(b, y, MPFR_RNDN);
  v->cr = round_to_format(f, fmt, a, b);
  call(f, e, a, b, MPFR_RNDN); /* f(x) to R64_PREC bits, in MPFR's default (huge) exponent range */
  mpfr_snprintf(v->exact, sizeof v->exact, "%.29Re", e);
  v->measured = !isnan(v->cr) && !isinf(v->cr) && !mpfr_inf_p(e);
  if (v->measured && !isfinite(out)) {
    v->ulp_err = INFINITY;
    v->steps = UINT64_MAX;
  } else if (v->measured) {
    double u = fmt == R64_F64 ? r64_ulp64(0) : r64_ulp32(0); /* ulp at the exact value */
    if (!mpfr_zero_p(e)) {
      long ex = (long)mpfr_get_exp(e) - 1; /* floor(log2|f(x)|) */
      long emin = fmt == R64_F64 ? -1022 : -126, p = fmt == R64_F64 ? 52 : 23;
      u = ldexp(1.0, (int)((ex > emin ? ex : emin) - p));
    }
    mpfr_set_prec(d, R64_PREC + 1100);  /* out - f(x) exactly: both fit in that many bits */
    mpfr_sub_d(d, e, out, MPFR_RNDN);
    mpfr_abs(d, d, MPFR_RNDN);
    mpfr_div_d(d, d, u, MPFR_RNDN);     /* exact: u is a power of two */
    v->ulp_err = mpfr_get_d(d, MPFR_RNDU);
    v->steps = r64_steps(fmt, out, v->cr);
  }
  mpfr_clears(a, b, e, d, (mpfr_ptr)0);
  return v->measured;
}
