/* test_host_variants.c: CPU runs of the host C math libraries' functions (glibc's <fn>.host,
 * and LLVM libc's <fn>.llvm, musl's <fn>.musl, SLEEF's <fn>.sleef_* where the build links them:
 * src/libm/libm.h) on reduced ranges that hold each function's special points: zeros and
 * subnormals, the binade boundaries +-1 and +-2^-126 (subnormal to normal), the largest
 * finite numbers with the infinities and the first NaNs, and per function its poles, zeros,
 * overflow and underflow thresholds and saturation points (the ranges below, 512 inputs
 * around each). The expected counts and maxima come from a naive loop in this file: the
 * correctly rounded result from MPFR at 24 bits in binary32's exponent range (with its
 * subnormals), the ulp error from MPFR at 300 bits, as docs/definitions.md defines them. Every
 * library variant of the catalogue must be covered by a case here. */
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

/* The ranges are 512 inputs centred on these bit patterns (0 ends the list). A case is the
 * C function; its variants are <fn>.host (glibc: there unless noglibc) and those of the other
 * libraries linked in. */
struct hcase {
  const char *fn;
  mpfr_fn f;
  uint32_t centre[6];
  int noglibc; /* glibc has no such function */
};

static const struct hcase CASES[] = {
  {"acosf", mpfr_acos, {0}, 0},
  {"acoshf", mpfr_acosh, {0}, 0},
  {"asinf", mpfr_asin, {0}, 0},
  {"asinhf", mpfr_asinh, {0}, 0},
  {"atanf", mpfr_atan, {0x4b800000u /* 2^24 */}, 0},
  {"atanhf", mpfr_atanh, {0x3f000000u /* 0.5 */}, 0},
  {"cbrtf", mpfr_cbrt, {0x41000000u /* 8 */}, 0},
  {"coshf", mpfr_cosh, {0x42b2d4fcu /* 89.416: overflow */, 0xc2b2d4fcu}, 0},
  {"erfcf", mpfr_erfc, {0x4120dfa4u /* 10.055: underflow */, 0xc0751eb8u /* -3.83: 2 */}, 0},
  {"erff", mpfr_erf, {0x407ad42cu /* 3.919: 1 */}, 0},
  {"exp10f", mpfr_exp10, {0x421a209bu /* 38.53: overflow */, 0xc2349e35u /* -45.15: underflow */}, 0},
  {"exp2f", mpfr_exp2, {0x43000000u /* 128 */, 0xc3160000u /* -150 */, 0xc2fc0000u /* -126 */}, 0},
  {"expm1f", mpfr_expm1, {0x42b17218u /* 88.72: overflow */, 0xc18aa123u /* -17.33: -1 */}, 0},
  {"j0f", mpfr_j0, {0x4019e8a9u /* first zero 2.4048 */, 0x5f000000u /* 2^63 */}, 0},
  {"j1f", m_j1, {0x40753aacu /* first zero 3.8317 */, 0x5f000000u}, 0},
  {"lgammaf", m_lgamma, {0x40000000u /* 2 */, 0xc0000000u /* -2 */, 0x7c44af83u /* 4.08e36: overflow */}, 0},
  {"log10f", mpfr_log10, {0x41200000u /* 10 */}, 0},
  {"log1pf", mpfr_log1p, {0x33800000u /* 2^-24 */}, 0},
  {"log2f", mpfr_log2, {0x40000000u /* 2 */}, 0},
  {"sinhf", mpfr_sinh, {0x42b2d4fcu /* 89.416: overflow */, 0xc2b2d4fcu}, 0},
  {"tanf", mpfr_tan, {0x3fc90fdbu /* pi/2 */, 0x4b800000u /* 2^24 */}, 0},
  {"tgammaf", mpfr_gamma, {0x420c2910u /* 35.04: overflow */, 0xc0000000u /* -2 */, 0xc2280000u /* -42 */}, 0},
  {"y0f", mpfr_y0, {0x3f64c176u /* first zero 0.8936 */, 0x5f000000u}, 0},
  {"y1f", mpfr_y1, {0x400c9df7u /* first zero 2.1971 */, 0x5f000000u}, 0},
  {"ceilf", mpfr_rint_ceil, {0x3f000000u /* 0.5 */, 0x4b000000u /* 2^23 */}, 0},
  {"floorf", mpfr_rint_floor, {0xbf000000u /* -0.5 */, 0x4b000000u}, 0},
  {"truncf", mpfr_rint_trunc, {0x3f000000u, 0xcb000000u /* -2^23 */}, 0},
  {"roundf", mpfr_rint_round, {0x3f000000u, 0x4b000000u}, 0},
  {"rintf", m_rint, {0x3fc00000u /* 1.5 */, 0x4b000000u}, 0},
  {"nearbyintf", m_rint, {0xbfc00000u /* -1.5 */, 0x4b000000u}, 0},
  {"fabsf", mpfr_abs, {0}, 0},
  {"logbf", m_logb, {0x00800000u /* 2^-126 */}, 0},
  {"tanhf", mpfr_tanh, {0x41300000u /* 11: saturates to 1 */}, 0},
  {"sinf", mpfr_sin, {0x3fc90fdbu /* pi/2 */, 0x4b800000u /* 2^24 */}, 0},
  {"cosf", mpfr_cos, {0x3fc90fdbu /* pi/2: near a zero */, 0x4b800000u}, 0},
  {"expf", mpfr_exp, {0x42b17218u /* 88.72: overflow */, 0xc2cff1b5u /* -103.97: underflow */}, 0},
  {"logf", mpfr_log, {0x3f800000u /* 1: the zero */}, 0},
  {"sqrtf", mpfr_sqrt, {0x40800000u /* 4 */}, 0},
  {"sinpif", mpfr_sinpi, {0x3f000000u /* 1/2 */, 0x4b000000u /* 2^23: integers */}, 1},
  {"cospif", mpfr_cospi, {0x3f000000u /* 1/2: a zero */, 0x4b000000u}, 1},
};

/* every function: +0 and the smallest subnormals, -0 likewise, +-2^-126 (the subnormals'
 * top and the normals' bottom), +-1, the largest finite numbers with the infinities and the
 * first NaNs */
static const uint32_t COMMON[] = {0x00000100u, 0x80000100u, 0x00800000u, 0x80800000u,
                                  0x3f800000u, 0xbf800000u, 0x7f800000u, 0xff800000u};

/* the libraries' suffixes (src/libm/libm.h) */
static const char *const LIBS[] = {".host", ".llvm", ".musl", ".sleef_u05", ".sleef_u10", ".sleef_u15", ".sleef_u35", ".sleef"};
#define MAXV (sizeof LIBS / sizeof LIBS[0])

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

/* out's ulp error against the exact z: |out - z| / ulp(z), ulp(z) = 2^(max(floor(log2|z|),
 * -126) - 23) (MPFR's exponent is floor(log2|z|) + 1); -1 when not measured */
static double naive_ulp(mpfr_srcptr z, float out, mpfr_ptr d) {
  if (!isfinite(out) || !mpfr_number_p(z)) return -1;
  long e = mpfr_zero_p(z) ? -126 : (long)mpfr_get_exp(z) - 1;
  if (e < -126) e = -126;
  mpfr_set_flt(d, out, MPFR_RNDN);
  mpfr_sub(d, d, z, MPFR_RNDN);
  mpfr_abs(d, d, MPFR_RNDN);
  mpfr_mul_2si(d, d, 23 - e, MPFR_RNDN);
  return mpfr_get_d(d, MPFR_RNDN);
}

/* The naive loop over [from, to] for the nv variants of one function: MPFR once per input. */
static void naive_range(const struct variant *const *vs, int nv, mpfr_fn f, uint32_t from, uint32_t to,
                        struct naive *nvs) {
  mpfr_t x, z, z24, d;
  mpfr_inits2(300, x, z, d, (mpfr_ptr)0);
  mpfr_init2(z24, 24);
  for (int k = 0; k < nv; k++) nvs[k] = (struct naive){0, 0, -1, 0xffffffffu};
  for (uint64_t i = from; i <= to; i++) {
    const uint32_t xb = (uint32_t)i;
    const float xf = u2f(xb);
    mpfr_set_flt(x, xf, MPFR_RNDN);
    naive_rn24(f, x, z24);
    f(z, x, MPFR_RNDN);
    const float rn = mpfr_nan_p(z24) ? NAN : mpfr_get_flt(z24, MPFR_RNDN);
    for (int k = 0; k < nv; k++) {
      struct naive *nk = &nvs[k];
      const float out = vs[k]->host_fn(xf);
      nk->inputs++;
      if (mpfr_nan_p(z24)) {
        nk->cr += isnan(out);
        continue;
      }
      nk->cr += f2u(rn) == f2u(out);
      const double err = naive_ulp(z, out, d);
      if (err > nk->max_ulp || (err == nk->max_ulp && err >= 0 && xb < nk->max_ulp_input))
        nk->max_ulp = err, nk->max_ulp_input = xb;
    }
  }
  mpfr_clears(x, z, z24, d, (mpfr_ptr)0);
}

/* Another input for the maximum is right when its error is the naive maximum's within 2^-28
 * ulp: the engine measures against y = RN53(f(x)), within 2^-29 ulp of the exact value
 * (reference.h), so it cannot order errors closer than that (two inputs 32 ulps either side
 * of 2^-126 tie so for logf.sleef_u35). */
static int tie(const struct variant *v, mpfr_fn f, uint32_t xb, const struct naive *n) {
  mpfr_t x, z, d;
  mpfr_inits2(300, x, z, d, (mpfr_ptr)0);
  mpfr_set_flt(x, u2f(xb), MPFR_RNDN);
  f(z, x, MPFR_RNDN);
  const double e = naive_ulp(z, v->host_fn(u2f(xb)), d);
  mpfr_clears(x, z, d, (mpfr_ptr)0);
  return fabs(e - n->max_ulp) <= 0x1p-28;
}

/* The engine (one CPU scan of the nv variants) against the naive loop on [from, to]. */
static void check_range(const struct variant *const *vs, int nv, mpfr_fn f, uint32_t from, uint32_t to) {
  struct naive nvs[MAXV];
  naive_range(vs, nv, f, from, to, nvs);
  struct scan_opts o;
  scan_default_opts(&o);
  o.from = from, o.to = to, o.progress = 0, o.threads = 2;
  struct stats *st[MAXV];
  for (int k = 0; k < nv; k++) assert_non_null(st[k] = malloc(sizeof *st[k]));
  struct scan_times tm;
  char err[512];
  if (scan_run(vs, nv, &o, st, &tm, err, sizeof err)) fail_msg("%s: %s", vs[0]->name, err);
  for (int k = 0; k < nv; k++) {
    const struct stats *s = st[k];
    const struct naive *n = &nvs[k];
    if (s->inputs != n->inputs || s->correctly_rounded != n->cr || fabs(s->max_ulp - n->max_ulp) > 0x1p-28 ||
        (n->max_ulp > 0x1p-20 && s->max_ulp_input != n->max_ulp_input && !tie(vs[k], f, s->max_ulp_input, n)))
      fail_msg("%s 0x%08x..0x%08x: %llu inputs, %llu correctly rounded, max %.6f ulp at 0x%08x; naive: %llu, %llu, "
               "%.6f at 0x%08x",
               vs[k]->name, from, to, (unsigned long long)s->inputs, (unsigned long long)s->correctly_rounded,
               s->max_ulp, s->max_ulp_input, (unsigned long long)n->inputs, (unsigned long long)n->cr, n->max_ulp,
               n->max_ulp_input);
    free(st[k]);
  }
}

/* 512 inputs centred on c: [c - 256, c + 255] (magnitudes stay within one sign) */
static void check_around(const struct variant *const *vs, int nv, mpfr_fn f, uint32_t c) {
  check_range(vs, nv, f, c - 256, c + 255);
}

/* The variants of a case: glibc's (required unless noglibc) and the other libraries'. */
static int case_variants(const struct hcase *c, const struct variant **vs) {
  int nv = 0;
  for (size_t l = 0; l < MAXV; l++) {
    char name[64];
    snprintf(name, sizeof name, "%s%s", c->fn, LIBS[l]);
    const struct variant *v = variant_find(name);
    if (!v && l == 0 && !c->noglibc) fail_msg("no host variant %s", name);
    if (v && !v->host_fn) fail_msg("%s has no host code", name);
    if (v) vs[nv++] = v;
  }
  return nv;
}

static void test_host_runs(void **state) {
  (void)state;
  int runs = 0, variants = 0;
  for (size_t k = 0; k < sizeof CASES / sizeof CASES[0]; k++) {
    const struct variant *vs[MAXV];
    const int nv = case_variants(&CASES[k], vs);
    variants += nv;
    if (!nv) continue;
    for (size_t j = 0; j < sizeof COMMON / sizeof COMMON[0]; j++, runs++) check_around(vs, nv, CASES[k].f, COMMON[j]);
    for (int j = 0; j < 6 && CASES[k].centre[j]; j++, runs++) check_around(vs, nv, CASES[k].f, CASES[k].centre[j]);
  }
  printf("  %d host variants of %zu functions, %d ranges of 512 inputs\n", variants, sizeof CASES / sizeof CASES[0],
         runs);
}

/* Every variant of the C math libraries' families (libm.*) is one of the cases'. */
static void test_libraries_covered(void **state) {
  (void)state;
  for (int i = 0; i < n_variants; i++) {
    const struct variant *v = &variants[i];
    if (strncmp(v->family, "libm.", 5)) continue;
    int found = 0;
    for (size_t k = 0; k < sizeof CASES / sizeof CASES[0] && !found; k++) {
      const size_t n = strlen(CASES[k].fn);
      found = !strncmp(v->name, CASES[k].fn, n) && v->name[n] == '.';
    }
    if (!found) fail_msg("%s has no case in test_host_variants.c", v->name);
  }
}

int main(void) {
  char err[256];
  if (registry_init(err, sizeof err)) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  g_quiet = 1;
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_libraries_covered), cmocka_unit_test(test_host_runs)};
  return cmocka_run_group_tests_name("host_variants", tests, NULL, NULL);
}
