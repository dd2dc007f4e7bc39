/* test_host_variants.c: CPU runs of the host C library's functions (<fn>.host) on reduced
 * ranges that hold each function's special points: zeros and subnormals, +-1, the largest
 * finite numbers, the infinities and the first NaNs, and per function its poles, zeros,
 * overflow and underflow thresholds and saturation points (the ranges below, 512 inputs
 * around each). The expected counts and maxima come from a naive loop in this file: the
 * correctly rounded result from MPFR at 24 bits in binary32's exponent range (with its
 * subnormals), the ulp error from MPFR at 300 bits, as README.md defines them. */
#include "testutil.h"

#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "src/catalogue/registry.h"
#include "src/kinds/binary32/scan.h"
#include "src/measure/metrics.h"

typedef int (*mpfr_fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

/* log|Gamma(x)| */
static int m_lgamma(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) {
  int sign;
  return mpfr_lgamma(r, &sign, x, rnd);
}

/* logb: the exponent floor(log2|x|) of a finite nonzero x (subnormals: their own);
 * logb(+-0) = -inf, logb(+-inf) = +inf */
static int m_logb(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(x)) return mpfr_set_nan(r), 0;
  if (mpfr_inf_p(x)) return mpfr_set_inf(r, 1), 0;
  if (mpfr_zero_p(x)) return mpfr_set_inf(r, -1), 0;
  return mpfr_set_si(r, (long)mpfr_get_exp(x) - 1, rnd);
}

/* J1, odd, with j1(-inf) = -0: the sign CUDA's j1f documents (j1f(+-inf) = +-0) and that
 * oddness gives (the reference's convention, functions/j1/reference.c); mpfr_j1 gives +0 */
static int m_j1(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_inf_p(x)) return mpfr_set_zero(r, mpfr_signbit(x) ? -1 : 1), 0;
  return mpfr_j1(r, x, rnd);
}

/* the nearest integer, ties to even (rintf and nearbyintf in the default rounding mode) */
static int m_rint(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_rint(r, x, MPFR_RNDN); }

/* The ranges are 512 inputs centred on these bit patterns (0 ends the list). */
struct hcase {
  const char *variant;
  mpfr_fn f;
  uint32_t centre[6];
};

static const struct hcase CASES[] = {
  {"acosf.host", mpfr_acos, {0}},
  {"acoshf.host", mpfr_acosh, {0}},
  {"asinf.host", mpfr_asin, {0}},
  {"asinhf.host", mpfr_asinh, {0}},
  {"atanf.host", mpfr_atan, {0x4b800000u /* 2^24 */}},
  {"atanhf.host", mpfr_atanh, {0x3f000000u /* 0.5 */}},
  {"cbrtf.host", mpfr_cbrt, {0x41000000u /* 8 */}},
  {"coshf.host", mpfr_cosh, {0x42b2d4fcu /* 89.416: overflow */, 0xc2b2d4fcu}},
  {"erfcf.host", mpfr_erfc, {0x4120dfa4u /* 10.055: underflow */, 0xc0751eb8u /* -3.83: 2 */}},
  {"erff.host", mpfr_erf, {0x407ad42cu /* 3.919: 1 */}},
  {"exp10f.host", mpfr_exp10, {0x421a209bu /* 38.53: overflow */, 0xc2349e35u /* -45.15: underflow */}},
  {"exp2f.host", mpfr_exp2, {0x43000000u /* 128 */, 0xc3160000u /* -150 */, 0xc2fc0000u /* -126 */}},
  {"expm1f.host", mpfr_expm1, {0x42b17218u /* 88.72: overflow */, 0xc18aa123u /* -17.33: -1 */}},
  {"j0f.host", mpfr_j0, {0x4019e8a9u /* first zero 2.4048 */, 0x5f000000u /* 2^63 */}},
  {"j1f.host", m_j1, {0x40753aacu /* first zero 3.8317 */, 0x5f000000u}},
  {"lgammaf.host", m_lgamma, {0x40000000u /* 2 */, 0xc0000000u /* -2 */, 0x7c44af83u /* 4.08e36: overflow */}},
  {"log10f.host", mpfr_log10, {0x41200000u /* 10 */}},
  {"log1pf.host", mpfr_log1p, {0x33800000u /* 2^-24 */}},
  {"log2f.host", mpfr_log2, {0x40000000u /* 2 */}},
  {"sinhf.host", mpfr_sinh, {0x42b2d4fcu /* 89.416: overflow */, 0xc2b2d4fcu}},
  {"tanf.host", mpfr_tan, {0x3fc90fdbu /* pi/2 */, 0x4b800000u /* 2^24 */}},
  {"tgammaf.host", mpfr_gamma, {0x420c2910u /* 35.04: overflow */, 0xc0000000u /* -2 */, 0xc2280000u /* -42 */}},
  {"y0f.host", mpfr_y0, {0x3f64c176u /* first zero 0.8936 */, 0x5f000000u}},
  {"y1f.host", mpfr_y1, {0x400c9df7u /* first zero 2.1971 */, 0x5f000000u}},
  {"ceilf.host", mpfr_rint_ceil, {0x3f000000u /* 0.5 */, 0x4b000000u /* 2^23 */}},
  {"floorf.host", mpfr_rint_floor, {0xbf000000u /* -0.5 */, 0x4b000000u}},
  {"truncf.host", mpfr_rint_trunc, {0x3f000000u, 0xcb000000u /* -2^23 */}},
  {"roundf.host", mpfr_rint_round, {0x3f000000u, 0x4b000000u}},
  {"rintf.host", m_rint, {0x3fc00000u /* 1.5 */, 0x4b000000u}},
  {"nearbyintf.host", m_rint, {0xbfc00000u /* -1.5 */, 0x4b000000u}},
  {"fabsf.host", mpfr_abs, {0}},
  {"logbf.host", m_logb, {0x00800000u /* 2^-126 */}},
};

/* every function: +0 and the smallest subnormals, -0 likewise, +-1, the largest finite
 * numbers with the infinities and the first NaNs */
static const uint32_t COMMON[] = {0x00000100u, 0x80000100u, 0x3f800000u, 0xbf800000u, 0x7f800000u, 0xff800000u};

struct naive {
  uint64_t inputs, cr;
  double max_ulp;
  uint32_t max_ulp_input;
};

/* RN24(f(x)) into z24: MPFR at 24 bits with binary32's exponent range and subnormals */
static void naive_rn24(mpfr_fn f, mpfr_srcptr x, mpfr_ptr z24) {
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-148), mpfr_set_emax(128);
  int t = f(z24, x, MPFR_RNDN);
  t = mpfr_check_range(z24, t, MPFR_RNDN);
  mpfr_subnormalize(z24, t, MPFR_RNDN);
  mpfr_set_emin(emin), mpfr_set_emax(emax);
}

static void check_range(const struct variant *v, mpfr_fn f, uint32_t from, uint32_t to) {
  struct naive nv = {0, 0, -1, 0xffffffffu};
  mpfr_t x, z, z24, d;
  mpfr_inits2(300, x, z, d, (mpfr_ptr)0);
  mpfr_init2(z24, 24);
  for (uint64_t i = from; i <= to; i++) {
    const uint32_t xb = (uint32_t)i;
    const float xf = u2f(xb), out = v->host_fn(xf);
    nv.inputs++;
    mpfr_set_flt(x, xf, MPFR_RNDN);
    naive_rn24(f, x, z24);
    if (mpfr_nan_p(z24)) {
      nv.cr += isnan(out);
      continue;
    }
    const float rn = mpfr_get_flt(z24, MPFR_RNDN);
    nv.cr += f2u(rn) == f2u(out);
    f(z, x, MPFR_RNDN);
    if (!isfinite(out) || !mpfr_number_p(z)) continue;
    /* ulp(z) = 2^(max(floor(log2|z|), -126) - 23); MPFR's exponent is floor(log2|z|) + 1 */
    long e = mpfr_zero_p(z) ? -126 : (long)mpfr_get_exp(z) - 1;
    if (e < -126) e = -126;
    mpfr_set_flt(d, out, MPFR_RNDN);
    mpfr_sub(d, d, z, MPFR_RNDN);
    mpfr_abs(d, d, MPFR_RNDN);
    mpfr_mul_2si(d, d, 23 - e, MPFR_RNDN);
    const double err = mpfr_get_d(d, MPFR_RNDN);
    if (err > nv.max_ulp || (err == nv.max_ulp && xb < nv.max_ulp_input)) nv.max_ulp = err, nv.max_ulp_input = xb;
  }
  mpfr_clears(x, z, z24, d, (mpfr_ptr)0);

  struct scan_opts o;
  scan_default_opts(&o);
  o.from = from, o.to = to, o.progress = 0, o.threads = 2;
  struct stats *s = malloc(sizeof *s);
  assert_non_null(s);
  struct scan_times tm;
  char err[512];
  const struct variant *vs[1] = {v};
  if (scan_run(vs, 1, &o, &s, &tm, err, sizeof err)) fail_msg("%s: %s", v->name, err);
  if (s->inputs != nv.inputs || s->correctly_rounded != nv.cr || fabs(s->max_ulp - nv.max_ulp) > 0x1p-28 ||
      (nv.max_ulp > 0x1p-20 && s->max_ulp_input != nv.max_ulp_input))
    fail_msg("%s 0x%08x..0x%08x: %llu inputs, %llu correctly rounded, max %.6f ulp at 0x%08x; naive: %llu, %llu, "
             "%.6f at 0x%08x",
             v->name, from, to, (unsigned long long)s->inputs, (unsigned long long)s->correctly_rounded, s->max_ulp,
             s->max_ulp_input, (unsigned long long)nv.inputs, (unsigned long long)nv.cr, nv.max_ulp,
             nv.max_ulp_input);
  free(s);
}

/* 512 inputs centred on c: [c - 256, c + 255] (magnitudes stay within one sign) */
static void check_around(const struct variant *v, mpfr_fn f, uint32_t c) {
  check_range(v, f, c - 256, c + 255);
}

static void test_host_runs(void **state) {
  (void)state;
  int runs = 0;
  for (size_t k = 0; k < sizeof CASES / sizeof CASES[0]; k++) {
    const struct variant *v = variant_find(CASES[k].variant);
    if (!v || !v->host_fn) fail_msg("no host variant %s", CASES[k].variant);
    for (size_t j = 0; j < sizeof COMMON / sizeof COMMON[0]; j++, runs++) check_around(v, CASES[k].f, COMMON[j]);
    for (int j = 0; j < 6 && CASES[k].centre[j]; j++, runs++) check_around(v, CASES[k].f, CASES[k].centre[j]);
  }
  printf("  %zu host variants, %d ranges of 512 inputs\n", sizeof CASES / sizeof CASES[0], runs);
}

int main(void) {
  char err[256];
  if (registry_init(err, sizeof err)) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  g_quiet = 1;
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_host_runs)};
  return cmocka_run_group_tests_name("host_variants", tests, NULL, NULL);
}
