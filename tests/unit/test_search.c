/* test_search.c: the search kind (src/kinds/search/) on the CPU: the binary64 ulp and its MPFR
 * verdict (reference/search/ref64.c) on hand-derived cases and against an independent MPFR loop;
 * the device's dd ranking reference (dd.h, compiled here for the host) against MPFR on random inputs
 * and at the boundaries of its branches; the sampler's determinism; a planted wrong exp that the
 * search must find; the verdict wording; the result file read back. */
#include "testutil.h"

#include <float.h>
#include <jansson.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "reference/search/ref64.h"
#include "reference/search/ref64_arb.h"
#include "src/engine/driver.h"
#include "src/kinds/search/dd.h"
#include "src/kinds/search/file.h"
#include "src/kinds/search/result.h"

extern const struct kind kind_search;

/* ulp64 and ulp32 by hand: 2^(max(floor(log2|v|), emin) - p). */
static void test_ulp_defs(void **state) {
  assert_true(r64_ulp64(1.0) == 0x1p-52);
  assert_true(r64_ulp64(0x1.fffffffffffffp+0) == 0x1p-52);
  assert_true(r64_ulp64(2.0) == 0x1p-51);
  assert_true(r64_ulp64(-3.0) == 0x1p-51);
  assert_true(r64_ulp64(0x1p-1022) == 0x1p-1074);  /* smallest normal: the subnormal spacing */
  assert_true(r64_ulp64(0x1.8p-1030) == 0x1p-1074); /* subnormal */
  assert_true(r64_ulp64(0) == 0x1p-1074);
  assert_true(r64_ulp64(0x1p+1023) == 0x1p+971);
  assert_true(r64_ulp32(1.0) == 0x1p-23);
  assert_true(r64_ulp32(0x1p-140) == 0x1p-149);
  assert_int_equal(r64_steps(R64_F64, 1.0, 0x1.0000000000001p+0), 1);
  assert_int_equal(r64_steps(R64_F64, -0.0, 0.0), 0);
  assert_int_equal(r64_steps(R64_F64, -0x1p-1074, 0x1p-1074), 2); /* across both zeros: one step each side */
  assert_int_equal(r64_steps(R64_F32, 1.0, (double)nextafterf(1.0f, 2.0f)), 1);
}

/* MPFR's verdict on outputs whose error is known by hand. */
static void test_verdict_by_hand(void **state) {
  const struct r64_fn *e = r64_find("exp"), *p = r64_find("pow"), *l = r64_find("log");
  struct r64_verdict v;
  assert_non_null(e);
  assert_int_equal(r64_arity(p), 2);
  assert_true(r64_eval(e, R64_F64, 0.0, 0, 1.0, &v)); /* exp(0) = 1 exactly */
  assert_true(v.ulp_err == 0 && v.steps == 0 && v.cr == 1.0);
  r64_eval(e, R64_F64, 0.0, 0, 0x1.0000000000001p+0, &v); /* 1 + 2^-52: one ulp of 1 */
  assert_true(v.ulp_err == 1.0 && v.steps == 1);
  r64_eval(e, R64_F64, 0.0, 0, 0x1.fffffffffffffp-1, &v); /* 1 - 2^-53: half an ulp of 1 (the ulp of f(x)) */
  assert_true(v.ulp_err == 0.5 && v.steps == 1);
  r64_eval(e, R64_F64, 1.0, 0, M_E, &v); /* M_E is RN(e) (C's header) */
  assert_true(v.cr == M_E && v.steps == 0 && v.ulp_err < 0.5);
  r64_eval(p, R64_F32, 2.0, 0.5, (double)sqrtf(2.0f), &v); /* sqrtf is correctly rounded (IEEE 754) */
  assert_true(v.cr == (double)sqrtf(2.0f) && v.steps == 0 && v.ulp_err < 0.5);
  r64_eval(p, R64_F32, 2.0, 0.5, (double)nextafterf(sqrtf(2.0f), 2.0f), &v);
  assert_true(v.steps == 1 && v.ulp_err > 0.5 && v.ulp_err < 1.5);
  assert_false(r64_eval(e, R64_F64, 710.0, 0, INFINITY, &v)); /* e^710 > DBL_MAX: not measured */
  assert_false(r64_eval(l, R64_F64, -1.0, 0, NAN, &v));       /* outside the domain */
  assert_true(r64_eval(e, R64_F64, 1.0, 0, INFINITY, &v));    /* finite f(x), infinite output */
  assert_true(isinf(v.ulp_err) && v.steps == UINT64_MAX);
}

/* The ulp error of glibc's exp and log against a naive MPFR computation at 600 bits, normal and
 * subnormal results. */
static double naive_err(const char *fn, double x, double out) {
  mpfr_t f, d;
  mpfr_inits2(600, f, d, (mpfr_ptr)0);
  mpfr_set_d(f, x, MPFR_RNDN);
  if (!strcmp(fn, "exp"))
    mpfr_exp(f, f, MPFR_RNDN);
  else
    mpfr_log(f, f, MPFR_RNDN);
  long e = (long)mpfr_get_exp(f) - 1;
  mpfr_sub_d(d, f, out, MPFR_RNDN);
  mpfr_abs(d, d, MPFR_RNDN);
  mpfr_mul_2si(d, d, 52 - (e > -1022 ? e : -1022), MPFR_RNDN);
  double r = mpfr_get_d(d, MPFR_RNDN);
  mpfr_clears(f, d, (mpfr_ptr)0);
  return r;
}
static void test_verdict_vs_naive(void **state) {
  struct r64_verdict v;
  for (int i = 0; i < 2000; i++) {
    double x = -744.0 + 1453.0 * (double)(test_rand64() >> 11) * 0x1p-53;
    r64_eval(r64_find("exp"), R64_F64, x, 0, exp(x), &v);
    assert_true(v.measured);
    assert_true(fabs(v.ulp_err - naive_err("exp", x, exp(x))) <= 0x1p-40);
    double z = sr_double(test_rand64() & 0x7fefffffffffffffull);
    r64_eval(r64_find("log"), R64_F64, z, 0, log(z), &v);
    assert_true(fabs(v.ulp_err - naive_err("log", z, log(z))) <= 0x1p-40);
  }
  r64_eval(r64_find("exp"), R64_F64, -740.0, 0, exp(-740.0), &v); /* subnormal result */
  assert_true(fabs(v.ulp_err - naive_err("exp", -740.0, exp(-740.0))) <= 0x1p-40);
  assert_true(v.ulp_err < 0.5000001); /* 2^-1074 spacing: glibc rounds it correctly there */
}

/* The dd ranking reference against MPFR: relative error of (hi + lo) 2^s below 2^-80. */
typedef dd (*ddfn)(double, double, int *);
static const struct {
  const char *name;
  ddfn f;
} dd_fns[] = {
    {"exp", dd_fn_exp},     {"exp2", dd_fn_exp2},   {"exp10", dd_fn_exp10}, {"expm1", dd_fn_expm1},
    {"log", dd_fn_log},     {"log2", dd_fn_log2},   {"log10", dd_fn_log10}, {"log1p", dd_fn_log1p},
    {"sin", dd_fn_sin},     {"cos", dd_fn_cos},     {"tan", dd_fn_tan},     {"asin", dd_fn_asin},
    {"acos", dd_fn_acos},   {"atan", dd_fn_atan},   {"sinh", dd_fn_sinh},   {"cosh", dd_fn_cosh},
    {"tanh", dd_fn_tanh},   {"cbrt", dd_fn_cbrt},   {"pow", dd_fn_pow},     {"atan2", dd_fn_atan2},
    {"hypot", dd_fn_hypot}, {"erf", dd_fn_erf},     {"fmod", dd_fn_fmod},   {"asinh", dd_fn_asinh},
    {"acosh", dd_fn_acosh}, {"atanh", dd_fn_atanh}, {"rsqrt", dd_fn_rsqrt},
    {"sinpi", dd_fn_sinpi}, {"cospi", dd_fn_cospi}, {"rcbrt", dd_fn_rcbrt},
    {"erfc", dd_fn_erfc},   {"erfcx", dd_fn_erfcx}, {"normcdf", dd_fn_normcdf},
    {"rhypot", dd_fn_rhypot}, {"erfinv", dd_fn_erfinv},
    {"erfcinv", dd_fn_erfcinv}, {"normcdfinv", dd_fn_normcdfinv},
};
typedef int (*mfn1)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
static int mpfr_rcbrt_t(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t rnd) { return mpfr_rootn_si(r, a, -3, rnd); }
typedef int (*mfn2)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);
static const struct {
  const char *name;
  mfn1 f1;
  mfn2 f2;
} mp_fns[] = {{"exp", mpfr_exp, 0},     {"exp2", mpfr_exp2, 0},   {"exp10", mpfr_exp10, 0}, {"expm1", mpfr_expm1, 0},
              {"log", mpfr_log, 0},     {"log2", mpfr_log2, 0},   {"log10", mpfr_log10, 0}, {"log1p", mpfr_log1p, 0},
              {"sin", mpfr_sin, 0},     {"cos", mpfr_cos, 0},     {"tan", mpfr_tan, 0},     {"asin", mpfr_asin, 0},
              {"acos", mpfr_acos, 0},   {"atan", mpfr_atan, 0},   {"sinh", mpfr_sinh, 0},   {"cosh", mpfr_cosh, 0},
              {"tanh", mpfr_tanh, 0},   {"cbrt", mpfr_cbrt, 0},   {"pow", 0, mpfr_pow},     {"atan2", 0, mpfr_atan2},
              {"hypot", 0, mpfr_hypot}, {"erf", mpfr_erf, 0},   {"fmod", 0, mpfr_fmod},   {"asinh", mpfr_asinh, 0},
              {"acosh", mpfr_acosh, 0}, {"atanh", mpfr_atanh, 0}, {"rsqrt", mpfr_rec_sqrt, 0},
              {"sinpi", mpfr_sinpi, 0}, {"cospi", mpfr_cospi, 0}, {"rcbrt", mpfr_rcbrt_t, 0},
              {"erfc", mpfr_erfc, 0},   {"erfcx", r64_erfcx, 0},  {"normcdf", r64_normcdf, 0},
              {"rhypot", 0, r64_rhypot}, {"erfinv", r64_erfinv, 0},
              {"erfcinv", r64_erfcinv, 0}, {"normcdfinv", r64_normcdfinv, 0}};

/* log2 of the relative error of f's dd at (x, y) against MPFR (-1000 when exact; 1 when the dd is
 * not finite where MPFR is); 0 skips (MPFR not finite or zero). */
static double dd_relerr(int k, double x, double y, int *skip) {
  mpfr_t a, b, v, w;
  int s;
  *skip = 0;
  dd r = dd_fns[k].f(x, y, &s);
  mpfr_inits2(300, v, w, (mpfr_ptr)0);
  mpfr_inits2(53, a, b, (mpfr_ptr)0);
  mpfr_set_d(a, x, MPFR_RNDN), mpfr_set_d(b, y, MPFR_RNDN);
  if (mp_fns[k].f1)
    mp_fns[k].f1(v, a, MPFR_RNDN);
  else
    mp_fns[k].f2(v, a, b, MPFR_RNDN);
  double res;
  if (!mpfr_number_p(v) || mpfr_zero_p(v) || mpfr_get_exp(v) > 1024 || mpfr_get_exp(v) < -1073) {
    *skip = 1;
    res = 0;
  } else if (!isfinite(r.hi)) {
    res = 1;
  } else {
    mpfr_mul_2si(v, v, -s, MPFR_RNDN);
    mpfr_set_d(w, r.hi, MPFR_RNDN);
    mpfr_add_d(w, w, r.lo, MPFR_RNDN);
    mpfr_sub(w, w, v, MPFR_RNDN);
    mpfr_div(w, w, v, MPFR_RNDN);
    res = mpfr_zero_p(w) ? -1000 : (double)mpfr_get_exp(w);
  }
  mpfr_clears(a, b, v, w, (mpfr_ptr)0);
  return res;
}
static void check_dd(int k, double x, double y, int *worst) {
  int skip;
  double e = dd_relerr(k, x, y, &skip);
  if (skip) return;
  if (e > -80) fprintf(stderr, "dd %s(%a, %a): relative error 2^%g\n", dd_fns[k].name, x, y, e);
  assert_true(e <= -80);
  if (e > *worst) *worst = (int)e;
}
static void report_worst(const char *what, int k, int worst) {
  if (getenv("SEARCH_TEST_VERBOSE")) fprintf(stderr, "dd %s %s: worst relative error 2^%d\n", dd_fns[k].name, what, worst);
}
static void test_dd_random(void **state) {
  for (size_t k = 0; k < sizeof dd_fns / sizeof dd_fns[0]; k++) {
    int fi = -1, worst = -1000;
    for (int i = 0; i < sr_nfns; i++)
      if (!strcmp(sr_fns[i].name, dd_fns[k].name)) fi = i;
    assert_true(fi >= 0 && !strcmp(mp_fns[k].name, dd_fns[k].name));
    for (uint64_t i = 0; i < 400; i++) {
      double x, y;
      sr_input(&sr_fns[fi].dom, 7, sr_stream(&sr_fns[fi]), i, &x, &y);
      check_dd((int)k, x, y, &worst);
    }
    report_worst("random", (int)k, worst);
  }
}
/* At and around the boundaries of dd.h's branches: each point and 3 binary64 numbers either side. */
static void test_dd_boundaries(void **state) {
  static const struct {
    const char *fn;
    double x, y;
  } pts[] = {
      {"log", 0.5, 0},          {"log", 2.0, 0},          {"log", 0x1p-1000, 0},     {"log", 0x1p-1074, 0},
      {"log", 0x1.fffffffffffffp+1023, 0}, {"log2", 1.0, 0}, {"log10", 10.0, 0},   {"log1p", 1.0, 0},
      {"log1p", -0.5, 0},       {"log1p", 0x1p-60, 0},    {"log1p", -0x1.fffffffffffffp-1, 0},
      {"expm1", 0.34, 0},       {"expm1", -0.34, 0},      {"expm1", 0x1p-60, 0},     {"exp", 709.78, 0},
      {"exp", -745.1, 0},       {"exp", -708.4, 0},       {"exp2", -1074.0, 0},      {"exp2", 1023.5, 0},
      {"exp10", 308.25, 0},     {"exp10", -323.5, 0},     {"asin", 0.5, 0},          {"asin", -0.5, 0},
      {"asin", 1.0, 0},         {"asin", 0x1.fffffffffffffp-1, 0}, {"acos", 0.5, 0}, {"acos", -0.5, 0},
      {"acos", 0x1.fffffffffffffp-1, 0}, {"acos", -0x1.fffffffffffffp-1, 0}, {"atan", 0x1p+60, 0},
      {"atan", 1.0, 0},         {"sinh", 40.0, 0},        {"cosh", 40.0, 0},         {"sinh", 710.4, 0},
      {"tanh", 0x1p-60, 0},     {"tanh", 19.0, 0},        {"cbrt", 0x1p-900, 0},     {"cbrt", 0x1p-1074, 0},
      {"sin", 0x1.921fb54442d18p+1, 0}, {"cos", 0x1.921fb54442d18p+0, 0}, {"tan", 0x1.921fb54442d18p+0, 0},
      {"sin", 0x1p+30, 0},      {"sin", 0x1.6ac5b262ca1ffp+849, 0}, {"cos", 0x1.6ac5b262ca1ffp+849, 0},
      {"tan", -0x1.6ac5b262ca1ffp+849, 0}, {"sin", 0x1.fffffffffffffp+1023, 0}, {"cos", -0x1p+1023, 0},
      {"tan", 0x1.0000000000001p+30, 0}, {"sin", 0x1.921fb54442d18p+52, 0}, {"cos", 0x1.921fb54442d18p+80, 0},      {"cos", 0x1.fffffffffffffp+29, 0}, {"sin", 0x1.6ac5b262ca1ffp+849 / 0x1p+820, 0},
      {"pow", 2.0, -1074.0},    {"pow", 0x1.0000000000001p+0, 0x1p+40}, {"pow", 10.0, 308.0},
      {"atan2", 1.0, -1.0},     {"atan2", 0x1p-100, 0x1p+100}, {"atan2", -0x1p+100, 0x1p-100},
      {"hypot", 0x1p-1074, 0x1p-1074}, {"hypot", 0x1.fffffffffffffp+1023, 0x1p+1000}, {"hypot", 3.0, 4.0},
      {"erf", 0x1p-60, 0},      {"erf", 1.0, 0},          {"erf", 6.0, 0},           {"erf", -5.9, 0},
      {"fmod", 0x1.fffffffffffffp+1023, 0x1p-1074}, {"fmod", 0x1.fffffffffffffp+1023, 0x1.8p-1070},
      {"fmod", 3.0, 0x1.8p+0},  {"fmod", 0x1p-1074, 0x1p-1073}, {"fmod", 0x1.8p+60, 0x1.0000000000001p+10},
      {"fmod", 0x1.fffffffffffffp-1, 0x1p-40}, {"fmod", -7.5, 2.0},
      {"sinpi", 0.25, 0},       {"sinpi", 0.75, 0},       {"sinpi", 1.0, 0},         {"sinpi", -1.5, 0},
      {"sinpi", 0x1p-500, 0},   {"sinpi", 0x1p-1074, 0},  {"sinpi", 0x1p+52, 0},     {"sinpi", 0x1.fffffffffffffp+51, 0},
      {"cospi", 0.25, 0},       {"cospi", 0.5, 0},        {"cospi", -0.75, 0},       {"cospi", 0x1.8p+51, 0},
      {"cospi", 0x1p-1074, 0},  {"rcbrt", 0x1p-1074, 0},  {"rcbrt", 0x1p-900, 0},    {"rcbrt", -27.0, 0},
      {"rcbrt", 0x1.fffffffffffffp+1023, 0}, {"cbrt", 0x1.fffffffffffffp+1023, 0}, {"cbrt", -0x1p+901, 0},
      {"erfc", 2.5, 0},         {"erfc", -2.5, 0},        {"erfc", 0x1p-60, 0},      {"erfc", 3.0, 0},
      {"erfc", 10.0, 0},        {"erfc", 26.0, 0},        {"erfc", 27.2, 0},         {"erfc", -6.0, 0},
      {"erfcx", 2.5, 0},        {"erfcx", -2.5, 0},       {"erfcx", 0x1p+40, 0},     {"erfcx", -26.5, 0},
      {"erfcx", 0x1p-60, 0},    {"normcdf", -38.4, 0},    {"normcdf", 0x1.c48c6001f0acp+1, 0}, {"normcdf", -0x1.c48c6001f0acp+1, 0},
      {"normcdf", 8.0, 0},      {"normcdf", 0x1p-60, 0},
      {"rhypot", 3.0, 4.0},     {"rhypot", 0x1p-1074, 0x1p-1074}, {"rhypot", 0x1.fffffffffffffp+1023, 0x1p+1000},
      {"rhypot", 1.0, 0x1p-60},
      {"erfinv", 0.5, 0},       {"erfinv", -0.5, 0},      {"erfinv", 0x1.fffffffffffffp-1, 0}, {"erfinv", 0x1p-60, 0},
      {"erfinv", 0x1p-1074, 0}, {"erfinv", 0.99, 0},
      {"erfcinv", 0x1p-1074, 0}, {"erfcinv", 0.5, 0},     {"erfcinv", 1.5, 0},       {"erfcinv", 0x1.fffffffffffffp+0, 0},
      {"erfcinv", 1.0, 0},      {"erfcinv", 0x1p-1022, 0}, {"erfcinv", 0.01, 0},     {"erfcinv", 0x1.8p-30, 0},
      {"normcdfinv", 0x1p-1074, 0}, {"normcdfinv", 0.25, 0}, {"normcdfinv", 0.75, 0}, {"normcdfinv", 0.5, 0},
      {"normcdfinv", 0x1.fffffffffffffp-1, 0},
  };
  int worst = -1000;
  for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
    size_t k = 0;
    while (strcmp(dd_fns[k].name, pts[i].fn)) k++;
    double x = pts[i].x;
    for (int d = 0; d < 3; d++) x = nextafter(x, -INFINITY);
    for (int d = 0; d < 7; d++, x = nextafter(x, INFINITY)) check_dd((int)k, x, pts[i].y, &worst);
  }
}

/* The ranking estimate of dd.h in the scaled space, by hand: out = 1 + 2^-52 against exp(0) is one
 * ulp; a subnormal result 3 2^-1074 against an exact 2.5 2^-1074 is half an ulp. */
static void test_dd_estimate(void **state) {
  assert_true(dd_estimate(SR_F64, dd_make(1, 0), 0, 0x1.0000000000001p+0) == 1.0);
  assert_true(dd_estimate(SR_F64, dd_make(1.25, 0), -1073, 3 * 0x1p-1074) == 0.5); /* 1.25 2^-1073 = 2.5 2^-1074 */
  assert_true(dd_estimate(SR_F64, dd_make(NAN, 0), 0, 1.0) < 0);
  assert_true(isinf(dd_estimate(SR_F64, dd_make(1, 0), 0, INFINITY)));
  assert_true(dd_estimate(SR_F32, dd_make(1, 0), 0, 1.0 + 0x1p-23) == 1.0);
}

/* The sampler: a pure function of (seed, stream, i), inside the domain. */
static void test_sampler(void **state) {
  for (int f = 0; f < sr_nfns; f++) {
    const struct sr_dom *d = &sr_fns[f].dom;
    for (uint64_t i = 0; i < 2000; i++) {
      double x1, y1, x2, y2;
      sr_input(d, 1, sr_stream(&sr_fns[f]), i, &x1, &y1);
      sr_input(d, 1, sr_stream(&sr_fns[f]), i, &x2, &y2);
      assert_true(sr_bits64(x1) == sr_bits64(x2) && sr_bits64(y1) == sr_bits64(y2));
      assert_true(fabs(x1) >= d->a[0].lo && fabs(x1) <= d->a[0].hi);
      assert_true(d->a[0].both_signs || x1 >= 0);
      if (d->arity == 2) assert_true(fabs(y1) >= d->a[1].lo && fabs(y1) <= d->a[1].hi);
      if (d->fmt == SR_F32) assert_true((double)(float)x1 == x1 && (double)(float)y1 == y1);
    }
  }
  double a, b, c, e;
  sr_input(&sr_fns[0].dom, 1, 5, 123, &a, &b);
  sr_input(&sr_fns[0].dom, 2, 5, 123, &c, &e);
  assert_true(a != c); /* another seed, other inputs */
}

/* A run of the kind on the CPU over blocks [0, to]. */
static struct kind_result *run_kind(const char *name, uint32_t from, uint32_t to, int expect_status) {
  struct scan_cli sc;
  memset(&sc, 0, sizeof sc);
  scan_default_opts(&sc.o);
  sc.backend = 0, sc.o.from = from, sc.o.to = to, sc.o.threads = 2;
  char *names[1] = {(char *)name};
  struct run_request rq = {.nnames = 1, .names = names, .sc = &sc, .seed = 1};
  struct kind_result *r = NULL;
  uint32_t cov[4][2];
  int ncov;
  assert_int_equal(kind_search.begin(&rq, &r), 0);
  assert_int_equal(kind_search.scan(r, from, to, cov, &ncov), 0);
  assert_true(ncov == 1 && cov[0][0] == from && cov[0][1] == to);
  assert_int_equal(kind_search.finish(r), 0); /* the local search, as the driver does after every range */
  assert_int_equal(kind_search.status(r), expect_status);
  return r;
}

/* The planted wrong exp (one ulp too large on [1.5, 1.5 + 2^-8]) is found: the largest error is in
 * that interval, VIOLATED, and MPFR in this test confirms the error at the input reported. */
static void test_planted(void **state) {
  struct kind_result *r = run_kind("search.exp.planted", 0, 15, EXIT_FAIL);
  assert_int_equal(r->nv, 1);
  const struct sr_stat *s = &r->st[0];
  assert_true(s->sampled == 16 * 65536ull);
  assert_true(s->local == (uint64_t)SR_WALK * SR_ROUNDS_CPU * SR_BATCH_CPU);
  int b = sr_best(s);
  assert_true(b >= 0);
  const struct sr_cand *c = &s->pool[b];
  assert_true(c->x >= 1.5 && c->x <= 1.5 + 0x1p-8);
  assert_true(c->out == nextafter(exp(c->x), INFINITY));
  double e = naive_err("exp", c->x, c->out);
  assert_true(e > 0.75 && fabs(e - c->ulp_err) <= 0x1p-40);
  char v[512];
  const struct sr_variant *vs;
  sr_variants(&vs);
  sr_verdict(&vs[r->v[0]], s, v, sizeof v);
  /* steps: the output's distance in binary64 numbers from RN(e^x), MPFR at 53 bits (e^x is normal here) */
  mpfr_t m;
  mpfr_init2(m, 53);
  mpfr_set_d(m, c->x, MPFR_RNDN);
  mpfr_exp(m, m, MPFR_RNDN);
  uint64_t steps = sr_bits64(c->out) - sr_bits64(mpfr_get_d(m, MPFR_RNDN)); /* out above RN: positive */
  mpfr_clear(m);
  assert_true(steps == c->steps && steps >= 1);
  char want[200];
  snprintf(want, sizeof want, "VIOLATED (0.75 ulp documented): %.6f ulp, %llu steps from the correctly rounded result, "
           "at x = %a", c->ulp_err, (unsigned long long)steps, c->x);
  assert_string_equal(v, want);
  kind_search.release(r);
  /* glibc's exp on the same inputs: nothing in the interval stands out, no bound */
  r = run_kind("search.exp.glibc", 0, 3, EXIT_OK);
  b = sr_best(&r->st[0]);
  assert_true(b >= 0 && r->st[0].pool[b].ulp_err < 0.75);
  kind_search.release(r);
}

/* The wording of a verdict, on candidates set by hand: CUDA's exp documents 1 ulp from the correctly
 * rounded result. */
static void test_verdict_wording(void **state) {
  const struct sr_variant *vs;
  sr_variants(&vs);
  int k = sr_variant_index("search.exp.cuda");
  assert_true(k >= 0 && vs[k].bound == SR_BOUND_STEPS && vs[k].bound_value == 1);
  struct sr_stat s;
  memset(&s, 0, sizeof s);
  s.sampled = 1000, s.local = 24, s.npool = 1;
  s.pool[0] = (struct sr_cand){.x = 0.5, .out = 1.0, .est = 0.9, .checked = 1, .measured = 1, .ulp_err = 0.9, .steps = 1};
  char v[512];
  sr_verdict(&vs[k], &s, v, sizeof v);
  assert_string_equal(v, "no violation found in 1024 inputs (1 ulp from the correctly rounded result documented)");
  s.pool[0].steps = 2, s.pool[0].ulp_err = 1.75;
  sr_verdict(&vs[k], &s, v, sizeof v);
  assert_string_equal(v, "VIOLATED (1 ulp from the correctly rounded result documented): 1.750000 ulp, 2 steps from "
                         "the correctly rounded result, at x = 0x1p-1");
  s.pool[0].checked = 0; /* not recomputed by MPFR: never a violation */
  sr_verdict(&vs[k], &s, v, sizeof v);
  assert_non_null(strstr(v, "no violation found"));
}

/* Two runs of the same blocks keep the same candidates; shards merged count every input once; the
 * result file reads back bit for bit. */
static void test_repeat_merge_file(void **state) {
  struct kind_result *a = run_kind("search.hypotf.glibc", 0, 1, EXIT_OK), *b = run_kind("search.hypotf.glibc", 0, 1, EXIT_OK);
  assert_int_equal(a->st[0].npool, b->st[0].npool);
  for (int i = 0; i < a->st[0].npool; i++)
    assert_true(sr_bits64(a->st[0].pool[i].x) == sr_bits64(b->st[0].pool[i].x) &&
                sr_bits64(a->st[0].pool[i].y) == sr_bits64(b->st[0].pool[i].y));
  struct kind_result *c = run_kind("search.hypotf.glibc", 2, 2, EXIT_OK);
  char err[256];
  assert_int_equal(sr_same(a, c, "a", "c", err, sizeof err), 0);
  sr_merge(a, c);
  assert_true(a->st[0].sampled == 3 * 65536ull);
  const char *path = "build/tests/search_test.json";
  assert_int_equal(sr_write(path, a, err, sizeof err), 0);
  json_error_t je;
  json_t *root = json_load_file(path, 0, &je);
  assert_non_null(root);
  struct kind_result *d = NULL;
  assert_int_equal(sr_read(root, path, &d, err, sizeof err), 0);
  assert_true(d->seed == a->seed && d->st[0].sampled == a->st[0].sampled && d->st[0].npool == a->st[0].npool);
  for (int i = 0; i < a->st[0].npool; i++)
    assert_memory_equal(&d->st[0].pool[i], &a->st[0].pool[i], offsetof(struct sr_cand, exact));
  json_decref(root);
  remove(path);
  kind_search.release(a), kind_search.release(b), kind_search.release(c), kind_search.release(d);
}

/* SLEEF 3.5.1's exp_u10 overflows below log(DBL_MAX): at 0x1.62e42fe102c84p+9 (found by the search),
 * MPFR's exp is finite (below DBL_MAX) while Sleef_exp_u10 returns +inf. */
extern double Sleef_exp_u10(double) __attribute__((weak));
static void test_sleef_exp_overflow(void **state) {
  if (!Sleef_exp_u10) {
    fprintf(stderr, "test_sleef_exp_overflow: SLEEF not linked, skipped\n");
    skip();
  }
  double x = 0x1.62e42fe102c84p+9;
  mpfr_t m;
  mpfr_init2(m, 200);
  mpfr_set_d(m, x, MPFR_RNDN);
  mpfr_exp(m, m, MPFR_RNDN);
  assert_true(mpfr_cmp_d(m, DBL_MAX) < 0);
  mpfr_clear(m);
  assert_true(isinf(Sleef_exp_u10(x)));
}

/* The published hard-to-round cases committed in reference/search/hardcases/ (README.md there
 * cites them): each input of exp.wc is what its source says, an x whose exp(x) has at least 45
 * identical bits after binary64's round bit, recomputed here with MPFR to 300 bits (the run is
 * counted from bit 55 of the significand on; 300 bits leave over 190 bits beyond it). */
static int identical_after_round_bit(double x) {
  mpfr_t v;
  mpfr_init2(v, 300);
  mpfr_set_d(v, x, MPFR_RNDN);
  mpfr_exp(v, v, MPFR_RNDN);
  mpfr_mul_2si(v, v, 53 - mpfr_get_exp(v), MPFR_RNDN); /* 2^52 <= v < 2^53: the round bit is the 2^-1 bit */
  mpfr_frac(v, v, MPFR_RNDN);
  mpfr_mul_2ui(v, v, 1, MPFR_RNDN); /* drop the round bit */
  mpfr_frac(v, v, MPFR_RNDN);
  mpfr_mul_2ui(v, v, 1, MPFR_RNDN);
  int first = mpfr_cmp_ui(v, 1) >= 0, run = 0;
  while (run < 200) {
    int b = mpfr_cmp_ui(v, 1) >= 0;
    if (b != first) break;
    run++;
    mpfr_frac(v, v, MPFR_RNDN);
    mpfr_mul_2ui(v, v, 1, MPFR_RNDN);
  }
  mpfr_clear(v);
  return run;
}
static void test_hardcases_exp(void **state) {
  FILE *f = fopen("reference/search/hardcases/exp.wc", "r");
  char line[128];
  int n = 0, least = 1000;
  assert_non_null(f);
  while (fgets(line, sizeof line, f)) {
    double x = strtod(line, NULL);
    int r = identical_after_round_bit(x);
    if (r < 45) fprintf(stderr, "exp.wc: %a has %d identical bits after the round bit\n", x, r);
    assert_true(r >= 45);
    if (r < least) least = r;
    n++;
  }
  fclose(f);
  assert_true(n >= 40);
  if (getenv("SEARCH_TEST_VERBOSE")) fprintf(stderr, "exp.wc: %d inputs, at least %d identical bits each\n", n, least);
}

/* A stop during the local search (g_scan_stop set as SIGINT sets it) keeps the sampling whole and
 * drops what the local search had done (the pool and counts of the sampling alone, the range
 * covered, the local search pending); finishing it afterwards gives the uninterrupted run. */
static void test_stop_in_local_search(void **state) {
  struct kind_result *a = run_kind("search.exp.glibc", 0, 1, EXIT_OK);
  struct scan_cli sc;
  memset(&sc, 0, sizeof sc);
  scan_default_opts(&sc.o);
  sc.backend = 0, sc.o.from = 0, sc.o.to = 1, sc.o.threads = 2;
  char *names[1] = {"search.exp.glibc"};
  struct run_request rq = {.nnames = 1, .names = names, .sc = &sc, .seed = 1};
  struct kind_result *b = NULL;
  uint32_t cov[4][2];
  int ncov;
  assert_int_equal(kind_search.begin(&rq, &b), 0);
  assert_int_equal(kind_search.scan(b, 0, 1, cov, &ncov), 0);
  struct sr_stat sampled = b->st[0];
  g_scan_stop = 1;
  assert_int_equal(kind_search.finish(b), EXIT_INTERRUPT);
  g_scan_stop = 0;
  assert_true(!b->local_done && b->st[0].local == 0 && b->st[0].sampled == 2 * 65536ull);
  assert_int_equal(b->st[0].npool, sampled.npool);
  for (int i = 0; i < sampled.npool; i++) assert_true(sr_bits64(b->st[0].pool[i].x) == sr_bits64(sampled.pool[i].x));
  assert_true(b->ri.ncov == 1 && b->ri.cov[0][0] == 0 && b->ri.cov[0][1] == 1);
  assert_int_equal(kind_search.finish(b), 0);
  assert_true(b->local_done && b->st[0].local == a->st[0].local && b->st[0].npool == a->st[0].npool);
  for (int i = 0; i < a->st[0].npool; i++)
    assert_memory_equal(&b->st[0].pool[i], &a->st[0].pool[i], sizeof a->st[0].pool[i]);
  kind_search.release(a), kind_search.release(b);
}

int main(void) {
  g_quiet = 1;
  fprintf(stderr, "test_search: seed of the random inputs 0x%016llx\n", (unsigned long long)test_rng_state);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_ulp_defs),         cmocka_unit_test(test_verdict_by_hand),
      cmocka_unit_test(test_verdict_vs_naive), cmocka_unit_test(test_dd_random),
      cmocka_unit_test(test_dd_boundaries),    cmocka_unit_test(test_dd_estimate),
      cmocka_unit_test(test_sampler),          cmocka_unit_test(test_planted),
      cmocka_unit_test(test_verdict_wording),  cmocka_unit_test(test_repeat_merge_file),
      cmocka_unit_test(test_sleef_exp_overflow), cmocka_unit_test(test_hardcases_exp),
      cmocka_unit_test(test_stop_in_local_search),
  };
  return cmocka_run_group_tests_name("search", tests, NULL, NULL);
}
