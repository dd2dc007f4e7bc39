/* fns.c: the functions the search kind knows, and their variants. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "src/kinds/search/dd.h"
#include "src/kinds/search/search.h"

/* Domains: magnitudes where the result is neither trivial (exp(x) = 1 below 2^-60) nor beyond
 * binary64 (exp(x) overflows above 709.79, is 0 below -745.14); points near which errors are
 * classically largest (overflow and underflow thresholds, 1 for the logarithms, multiples of
 * pi/2 for the trigonometric functions, -1 for log1p). sin, cos and tan: the whole binary64 range
 * (dd.h reduces huge arguments exactly, MPFR and glibc's long double functions too). */
#define ALL 1
#define POS 0
#define PI2 0x1.921fb54442d18p+0 /* pi/2 rounded to binary64 */
#define LN2 0x1.62e42fefa39efp-1 /* log(2) rounded */
#define BIG 0x1.fffffffffffffp+1023
#define BIG32 0x1.fffffep+127
/* FN1(name, sleef, guide, device, domain): a binary64 function of one argument, ranked on the host
 * by its long double version; FN2 the same with two; FNF a binary32 function of two arguments
 * (ref: its MPFR reference, ranked by the long double version of that). The domain: arity,
 * format, {{lo, hi, both signs}, {the second argument's}}, number of points, {points}, period. */
#define FN1(n, sl, g, dev, ...) {#n, #n, {__VA_ARGS__}, n##l, NULL, n, NULL, NULL, sl, g, dev}
#define FN2(n, sl, g, dev, ...) {#n, #n, {__VA_ARGS__}, NULL, n##l, NULL, n, NULL, sl, g, dev}
#define FNF(n, ref, g, dev, ...) {#n, #ref, {__VA_ARGS__}, NULL, ref##l, NULL, NULL, n, NULL, g, dev}

static long double rsqrt_ld(long double x) { return 1.0L / sqrtl(x); }
static long double rcbrt_ld(long double x) { return 1.0L / cbrtl(x); }
/* sin(pi x), cos(pi x) in long double after the exact reduction of dd.h's dd_sincospi: x - 2n in
 * [-1, 1], then r in [-1/4, 1/4] and the quadrant. */
static long double sincospi_ld(long double x, int cosine) {
  long double t = x - 2.0L * rintl(0.5L * x), n = rintl(2.0L * t), r = t - 0.5L * n;
  long double a = 3.14159265358979323846264338327950288L * r;
  int q = ((int)n + cosine) & 3;
  return q == 0 ? sinl(a) : q == 1 ? cosl(a) : q == 2 ? -sinl(a) : -cosl(a);
}
static long double erfcx_ld(long double x) { return expl(x * x) * erfcl(x); }
static long double normcdf_ld(long double x) { return 0.5L * erfcl(-x / sqrtl(2.0L)); }
static long double rhypot_ld(long double x, long double y) { return 1.0L / hypotl(x, y); }
static long double erfinv_ld(long double x) {
  dd r = dd_erfinv((double)x);
  return (long double)r.hi + r.lo;
}
static long double erfcinv_ld(long double x) {
  dd r = dd_erfcinv((double)x);
  return (long double)r.hi + r.lo;
}
static long double normcdfinv_ld(long double x) {
  dd r = dd_erfcinv(2 * (double)x);
  return -1.41421356237309504880168872420969808L * ((long double)r.hi + r.lo);
}
static long double sinpi_ld(long double x) { return sincospi_ld(x, 0); }
static long double cospi_ld(long double x) { return sincospi_ld(x, 1); }

/* CUDA's bounds (guide): the CUDA C++ Programming Guide, Mathematical Functions, double-precision
 * table "Double-Precision Mathematical Standard Library Functions with Maximum ULP Error" (legacy
 * edition as of CUDA 13.0, the table after the single-precision Table 17), in steps from the
 * correctly rounded result over the full range; powf, atan2f, hypotf: the single-precision Table 17
 * (docs/cuda-math/ulp-bounds.tsv). The double-precision table is committed as data in
 * docs/cuda-math/ulp-bounds-double.tsv (verbatim cells and their numbers); tests/unit/test_search_bounds.c
 * checks every bound below against it. A VIOLATED verdict names the input, so it can be checked
 * against any edition. */
const struct sr_fn sr_fns[] = {
    FN1(exp, "Sleef_exp_u10", 1, 1, 1, SR_F64, {{0x1p-60, 0x1.74910d52d3052p+9, ALL}}, 4,
        {0x1.62e42fefa39efp+9, -0x1.6232bdd7abcd2p+9, -0x1.74385446d71c3p+9, LN2}, 0),
    FN1(exp2, "Sleef_exp2_u10", 1, 1, 1, SR_F64, {{0x1p-60, 0x1.0cc8p+10, ALL}}, 2, {0x1p+10, -0x1.ffp+9}, 0),
    FN1(exp10, "Sleef_exp10_u10", 1, 1, 1, SR_F64, {{0x1p-60, 0x1.45p+8, ALL}}, 2,
        {0x1.34413509f79fep+8, -0x1.33a7146f72a42p+8}, 0),
    FN1(expm1, "Sleef_expm1_u10", 1, 1, 1, SR_F64, {{0x1p-60, 0x1.62e42fefa39efp+9, ALL}}, 2, {LN2, -LN2}, 0),
    FN1(log, "Sleef_log_u10", 1, 1, 1, SR_F64, {{0x1p-1074, BIG, POS}}, 2, {1.0, 2.0}, 0),
    FN1(log2, "Sleef_log2_u10", 1, 1, 1, SR_F64, {{0x1p-1074, BIG, POS}}, 1, {1.0}, 0),
    FN1(log10, "Sleef_log10_u10", 1, 1, 1, SR_F64, {{0x1p-1074, BIG, POS}}, 2, {1.0, 10.0}, 0),
    FN1(log1p, "Sleef_log1p_u10", 1, 1, 1, SR_F64, {{0x1p-60, BIG, ALL}}, 2, {-0x1.fffffffffffffp-1, -0.5}, 0),
    FN1(sin, "Sleef_sin_u10", 2, 1, 1, SR_F64, {{0x1p-30, BIG, ALL}}, 0, {0}, PI2),
    FN1(cos, "Sleef_cos_u10", 2, 1, 1, SR_F64, {{0x1p-30, BIG, ALL}}, 0, {0}, PI2),
    FN1(tan, "Sleef_tan_u10", 2, 1, 1, SR_F64, {{0x1p-30, BIG, ALL}}, 0, {0}, PI2),
    FN1(asin, "Sleef_asin_u10", 2, 1, 1, SR_F64, {{0x1p-60, 1.0, ALL}}, 2, {1.0, 0.5}, 0),
    FN1(acos, "Sleef_acos_u10", 2, 1, 1, SR_F64, {{0x1p-60, 1.0, ALL}}, 2, {1.0, 0.5}, 0),
    FN1(atan, "Sleef_atan_u10", 2, 1, 1, SR_F64, {{0x1p-60, 0x1p+60, ALL}}, 1, {1.0}, 0),
    FN1(sinh, "Sleef_sinh_u10", 2, 1, 1, SR_F64, {{0x1p-60, 0x1.633ce8fb9f87ep+9, ALL}}, 1, {0x1.633ce8fb9f87dp+9}, 0),
    FN1(cosh, "Sleef_cosh_u10", 1, 1, 1, SR_F64, {{0x1p-60, 0x1.633ce8fb9f87ep+9, ALL}}, 1, {0x1.633ce8fb9f87dp+9}, 0),
    FN1(tanh, "Sleef_tanh_u10", 1, 1, 1, SR_F64, {{0x1p-60, 0x1.4p+4, ALL}}, 1, {0.5}, 0),
    FN1(cbrt, "Sleef_cbrt_u10", 1, 1, 1, SR_F64, {{0x1p-1074, BIG, ALL}}, 0, {0}, 0),
    FN1(erf, "Sleef_erf_u10", 2, 1, 1, SR_F64, {{0x1p-60, 0x1.8p+2, ALL}}, 0, {0}, 0),
    FN1(asinh, "Sleef_asinh_u10", 3, 1, 1, SR_F64, {{0x1p-60, BIG, ALL}}, 1, {0.5}, 0),
    FN1(acosh, "Sleef_acosh_u10", 3, 1, 1, SR_F64, {{1.0, BIG, POS}}, 1, {1.0}, 0),
    FN1(atanh, "Sleef_atanh_u10", 2, 1, 1, SR_F64, {{0x1p-60, 0x1.fffffffffffffp-1, ALL}}, 1, {0x1.fffffffffffffp-1}, 0),
    /* rsqrt: CUDA's only (glibc has none), ranked on the host by 1/sqrtl */
    {"rsqrt", "rsqrt", {1, SR_F64, {{0x1p-1074, BIG, POS}}, 0, {0}, 0}, rsqrt_ld, NULL, NULL, NULL, NULL, NULL, 1, 1},
    /* sinpi, cospi, rcbrt: CUDA's and SLEEF's (glibc 2.36 has none); sinpi and cospi sampled on
     * |x| < 2^52 (beyond, x is an integer or a half-integer: results 0, +-1 or exact) and near the
     * multiples of 1/2 (zeros and extrema) */
    {"sinpi", "sinpi", {1, SR_F64, {{0x1p-1074, 0x1p+52, ALL}}, 0, {0}, 0.5}, sinpi_ld, NULL, NULL, NULL, NULL,
     "Sleef_sinpi_u05", 2, 1},
    {"cospi", "cospi", {1, SR_F64, {{0x1p-1074, 0x1p+52, ALL}}, 0, {0}, 0.5}, cospi_ld, NULL, NULL, NULL, NULL,
     "Sleef_cospi_u05", 2, 1},
    {"rcbrt", "rcbrt", {1, SR_F64, {{0x1p-1074, BIG, ALL}}, 0, {0}, 0}, rcbrt_ld, NULL, NULL, NULL, NULL, NULL, 1, 1},
    /* erfc: below -6 it is 2 in binary64 (the negative side is sampled to -27.3 all the same), above
     * 27.3 below half the least subnormal */
    FN1(erfc, "Sleef_erfc_u15", 5, 1, 1, SR_F64, {{0x1p-60, 0x1.b4p+4, ALL}}, 2, {0x1.a8p+4, 0.5}, 0),
    /* erfcx, normcdf: CUDA's only (ranked on the host by long double formulas); erfcx overflows
     * below -26.6, normcdf is 1 in binary64 above 8.3 and below the subnormals under -38.5 */
    {"erfcx", "erfcx", {1, SR_F64, {{0x1p-60, 0x1p+40, ALL}}, 1, {2.5}, 0}, erfcx_ld, NULL, NULL, NULL, NULL, NULL, 4, 1},
    {"normcdf", "normcdf", {1, SR_F64, {{0x1p-60, 0x1.36p+5, ALL}}, 1, {-0x1.3p+5}, 0}, normcdf_ld, NULL, NULL, NULL, NULL, NULL,
     5, 1},
    /* lgamma, tgamma, j0, j1, y0, y1: the host libraries' for now (CUDA's need a dd ranking
     * reference); lgamma near its zeros 1 and 2 and its poles, the Bessel functions near their
     * first zeros */
    FN1(lgamma, "Sleef_lgamma_u10", -1, 0, 1, SR_F64, {{0x1p-60, BIG, ALL}}, 4, {1.0, 2.0, -2.5, -3.5}, 0),
    FN1(tgamma, "Sleef_tgamma_u10", 10, 0, 1, SR_F64, {{0x1p-60, 0x1.56p+7, ALL}}, 2, {0x1.7p+7, -0x1.1p+7}, 0),
    FN1(j0, NULL, -1, 0, 1, SR_F64, {{0x1p-60, 0x1p+30, ALL}}, 2, {0x1.33d152e971b4p+1, 0x1.6148f5b2c2e45p+2}, 0),
    FN1(j1, NULL, -1, 0, 1, SR_F64, {{0x1p-60, 0x1p+30, ALL}}, 2, {0x1.ea75575af6f09p+1, 0x1.c0ff5f3b47250p+2}, 0),
    FN1(y0, NULL, -1, 0, 1, SR_F64, {{0x1p-1074, 0x1p+30, POS}}, 2, {0x1.c982eb8d417eap-1, 0x1.fa9534d98569cp+1}, 0),
    FN1(y1, NULL, -1, 0, 1, SR_F64, {{0x1p-1000, 0x1p+30, POS}}, 2, {0x1.193bed4dff243p+1, 0x1.5b7fe4e87b02ep+2}, 0),
    /* erfinv: CUDA's only, on (-1, 1), near 1 where it grows (ranked on the host by dd.h's) */
    {"erfinv", "erfinv", {1, SR_F64, {{0x1p-60, 0x1.fffffffffffffp-1, ALL}}, 2, {0x1.fffffffffffffp-1, 0.5}, 0}, erfinv_ld,
     NULL, NULL, NULL, NULL, NULL, 5, 1},
    /* erfcinv: CUDA's only, on (0, 2), down to the least subnormal */
    {"erfcinv", "erfcinv", {1, SR_F64, {{0x1p-1074, 0x1.fffffffffffffp+0, POS}}, 2, {0.5, 1.5}, 0}, erfcinv_ld, NULL,
     NULL, NULL, NULL, NULL, 6, 1},
    /* normcdfinv: CUDA's only, on (0, 1), down to the least subnormal */
    {"normcdfinv", "normcdfinv", {1, SR_F64, {{0x1p-1074, 0x1.fffffffffffffp-1, POS}}, 2, {0.25, 0.75}, 0}, normcdfinv_ld,
     NULL, NULL, NULL, NULL, NULL, 8, 1},
    FN2(pow, "Sleef_pow_u10", 2, 1, 2, SR_F64, {{0x1p-40, 0x1p+40, POS}, {0x1p-40, 0x1p+12, ALL}}, 1, {1.0}, 0),
    FN2(atan2, "Sleef_atan2_u10", 2, 1, 2, SR_F64, {{0x1p-100, 0x1p+100, ALL}, {0x1p-100, 0x1p+100, ALL}}, 0, {0}, 0),
    FN2(hypot, "Sleef_hypot_u05", 2, 1, 2, SR_F64, {{0x1p-1074, BIG, ALL}, {0x1p-1074, BIG, ALL}}, 0, {0}, 0),
    /* rhypot: CUDA's only; its result overflows where hypot is below 2^-1024 */
    {"rhypot", "rhypot", {2, SR_F64, {{0x1p-1074, BIG, ALL}, {0x1p-1074, BIG, ALL}}, 0, {0}, 0}, NULL, rhypot_ld, NULL, NULL,
     NULL, NULL, 1, 1},
    FN2(fmod, NULL, 0, 1, 2, SR_F64, {{0x1p-1074, BIG, ALL}, {0x1p-1074, BIG, ALL}}, 0, {0}, 0),
    FNF(powf, pow, 4, 1, 2, SR_F32, {{0x1p-126, BIG32, POS}, {0x1p-30, 0x1p+10, ALL}}, 1, {1.0}, 0),
    FNF(atan2f, atan2, 3, 1, 2, SR_F32, {{0x1p-149, BIG32, ALL}, {0x1p-149, BIG32, ALL}}, 0, {0}, 0),
    FNF(hypotf, hypot, 3, 1, 2, SR_F32, {{0x1p-149, BIG32, ALL}, {0x1p-149, BIG32, ALL}}, 0, {0}, 0),
};
const int sr_nfns = sizeof sr_fns / sizeof sr_fns[0];

/* SLEEF's scalar functions, looked up by name among the weak declarations below: absent when the
 * build links no SLEEF. */
#define SLEEF1(n) extern double n(double) __attribute__((weak));
#define SLEEF2(n) extern double n(double, double) __attribute__((weak));
SLEEF1(Sleef_exp_u10) SLEEF1(Sleef_exp2_u10) SLEEF1(Sleef_exp10_u10) SLEEF1(Sleef_expm1_u10) SLEEF1(Sleef_log_u10)
SLEEF1(Sleef_log2_u10) SLEEF1(Sleef_log10_u10) SLEEF1(Sleef_log1p_u10) SLEEF1(Sleef_sin_u10) SLEEF1(Sleef_cos_u10)
SLEEF1(Sleef_tan_u10) SLEEF1(Sleef_asin_u10) SLEEF1(Sleef_acos_u10) SLEEF1(Sleef_atan_u10) SLEEF1(Sleef_sinh_u10)
SLEEF1(Sleef_cosh_u10) SLEEF1(Sleef_tanh_u10) SLEEF1(Sleef_cbrt_u10) SLEEF1(Sleef_erf_u10)
SLEEF1(Sleef_asinh_u10) SLEEF1(Sleef_acosh_u10) SLEEF1(Sleef_atanh_u10) SLEEF1(Sleef_sinpi_u05) SLEEF1(Sleef_cospi_u05) SLEEF1(Sleef_erfc_u15) SLEEF1(Sleef_lgamma_u10) SLEEF1(Sleef_tgamma_u10)
SLEEF2(Sleef_pow_u10) SLEEF2(Sleef_atan2_u10) SLEEF2(Sleef_hypot_u05)
static const struct {
  const char *name;
  double (*f1)(double);
  double (*f2)(double, double);
} sleef_fns[] = {
#define S1(n) {#n, n, NULL},
#define S2(n) {#n, NULL, n},
    S1(Sleef_exp_u10) S1(Sleef_exp2_u10) S1(Sleef_exp10_u10) S1(Sleef_expm1_u10) S1(Sleef_log_u10)
    S1(Sleef_log2_u10) S1(Sleef_log10_u10) S1(Sleef_log1p_u10) S1(Sleef_sin_u10) S1(Sleef_cos_u10)
    S1(Sleef_tan_u10) S1(Sleef_asin_u10) S1(Sleef_acos_u10) S1(Sleef_atan_u10) S1(Sleef_sinh_u10)
    S1(Sleef_cosh_u10) S1(Sleef_tanh_u10) S1(Sleef_cbrt_u10) S1(Sleef_erf_u10)
    S1(Sleef_asinh_u10) S1(Sleef_acosh_u10) S1(Sleef_atanh_u10) S1(Sleef_sinpi_u05) S1(Sleef_cospi_u05) S1(Sleef_erfc_u15) S1(Sleef_lgamma_u10) S1(Sleef_tgamma_u10)
    S2(Sleef_pow_u10) S2(Sleef_atan2_u10) S2(Sleef_hypot_u05)
#undef S1
#undef S2
};

/* LLVM libc's and musl's binary64 functions (src/kinds/search/libm64.def), renamed by
 * scripts/libm-objs.sh (ulpcert_llvm_exp, ulpcert_musl_exp): weak, so absent (NULL) when the build
 * links neither library or the library lacks the function. */
#define LM1(n) extern double ulpcert_llvm_##n(double) __attribute__((weak)); \
  extern double ulpcert_musl_##n(double) __attribute__((weak));
#define LM2(n) extern double ulpcert_llvm_##n(double, double) __attribute__((weak)); \
  extern double ulpcert_musl_##n(double, double) __attribute__((weak));
#define LM_FNS(X1, X2) X1(exp) X1(exp2) X1(exp10) X1(expm1) X1(log) X1(log2) X1(log10) X1(log1p) X1(sin) X1(cos) \
  X1(tan) X1(cbrt) X1(erfc) X1(lgamma) X1(tgamma) X1(j0) X1(j1) X1(y0) X1(y1) X1(asin) X1(acos) X1(atan) X1(sinh) X1(cosh) X1(tanh) X1(asinh) X1(acosh) X1(atanh) X1(erf)  \
  X2(hypot) X2(fmod) X2(pow) X2(atan2)
LM_FNS(LM1, LM2)
static const struct {
  const char *name;
  double (*llvm1)(double), (*musl1)(double);
  double (*llvm2)(double, double), (*musl2)(double, double);
} other_fns[] = {
#define O1(n) {#n, ulpcert_llvm_##n, ulpcert_musl_##n, NULL, NULL},
#define O2(n) {#n, NULL, NULL, ulpcert_llvm_##n, ulpcert_musl_##n},
    LM_FNS(O1, O2)
#undef O1
#undef O2
};

/* The LLVM libc and musl variants of function i, where the build has them. */
static struct sr_variant *add(int fn, enum sr_lib lib, const char *libname);
static void add_others(int i) {
  for (size_t k = 0; k < sizeof other_fns / sizeof other_fns[0]; k++) {
    if (strcmp(other_fns[k].name, sr_fns[i].name)) continue;
    struct sr_variant *v;
    if (other_fns[k].llvm1 || other_fns[k].llvm2)
      v = add(i, SR_LLVM, "llvm"), v->host1 = other_fns[k].llvm1, v->host2 = other_fns[k].llvm2;
    if (other_fns[k].musl1 || other_fns[k].musl2)
      v = add(i, SR_MUSL, "musl"), v->host1 = other_fns[k].musl1, v->host2 = other_fns[k].musl2;
  }
}

/* exp, one ulp too large on [SR_PLANT_LO, SR_PLANT_HI]: the wrong function the tests plant. */
static double planted_exp(double x) {
  double y = exp(x);
  return x >= SR_PLANT_LO && x <= SR_PLANT_HI ? nextafter(y, INFINITY) : y;
}

static struct sr_variant variants[SR_MAXV];
static int nvariants;

static struct sr_variant *add(int fn, enum sr_lib lib, const char *libname) {
  struct sr_variant *v = &variants[nvariants++];
  snprintf(v->name, sizeof v->name, "search.%s.%s", sr_fns[fn].name, libname);
  v->fn = fn, v->lib = lib;
  return v;
}

static void build(void) {
  for (int i = 0; i < sr_nfns; i++) {
    const struct sr_fn *f = &sr_fns[i];
    struct sr_variant *v;
    if (f->device) {
      v = add(i, SR_CUDA, "cuda");
      v->bound = f->guide >= 0 ? SR_BOUND_STEPS : SR_NO_BOUND, v->bound_value = f->guide;
      v->bound_source = f->dom.fmt == SR_F64 ? "CUDA C++ Programming Guide, double-precision table (maximum ulp error)"
                                             : "CUDA C++ Programming Guide, single-precision Table 17 (maximum ulp error)";
    }
    if (f->libc1 || f->libc2 || f->libf2) {
      v = add(i, SR_GLIBC, "glibc");
      v->host1 = f->libc1, v->host2 = f->libc2, v->hostf2 = f->libf2;
    }
    add_others(i);
    for (size_t k = 0; f->sleef && k < sizeof sleef_fns / sizeof sleef_fns[0]; k++)
      if (!strcmp(sleef_fns[k].name, f->sleef) && (sleef_fns[k].f1 || sleef_fns[k].f2)) {
        char lib[16];
        snprintf(lib, sizeof lib, "sleef_%s", strrchr(f->sleef, '_') + 1); /* the tier: u05, u10, u15 */
        v = add(i, SR_SLEEF, lib);
        /* no bound: SLEEF documents 1.0 ulp (u10) and 0.5001 ulp (u05) each within an argument range
         * of its own (its reference, purec), which are not encoded here */
        v->host1 = sleef_fns[k].f1, v->host2 = sleef_fns[k].f2;
      }
    if (!strcmp(f->name, "exp")) {
      v = add(i, SR_PLANTED, "planted");
      v->host1 = planted_exp;
      v->bound = SR_BOUND_ULP, v->bound_value = 0.75;
      v->bound_source = "a planted wrong function (exp one ulp too large on [1.5, 1.5+2^-8]) and a bound of "
                        "0.75 ulp, which glibc's exp meets: the search must report it VIOLATED";
    }
  }
}

int sr_variants(const struct sr_variant **v) {
  if (!nvariants) build();
  *v = variants;
  return nvariants;
}

int sr_variant_index(const char *name) {
  const struct sr_variant *v;
  int n = sr_variants(&v);
  for (int i = 0; i < n; i++)
    if (!strcmp(v[i].name, name)) return i;
  return -1;
}
