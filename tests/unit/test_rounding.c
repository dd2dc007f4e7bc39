/* test_rounding.c: directed rounding of the exact value from the reference pair (y, t)
 * (ms_round32, src/measure/measure.h), its accounting and verdict, and the host variants
 * that round under fesetround.
 *
 *  - hand-derived cases for each branch of the derivation: exact results, y on a binary32
 *    number with t = +1, -1 and 0, y strictly between binary32 numbers (RN midpoints
 *    included, which directed modes ignore), subnormal results and the signed zeros of
 *    results rounded to zero, overflow to +-inf or +-FLT_MAX by mode, infinite y;
 *  - the derivation against MPFR: exact values z placed within 2^-60 relative of binary32
 *    numbers, midpoints, zero and the overflow threshold (where y = RN53(z) lands on a
 *    binary32 number and t decides), and f(x) for sqrt, 1/x and x / d over random inputs
 *    and the subnormal and overflow regions, each rounded by MPFR to 24 bits with MPFR_RNDZ,
 *    MPFR_RNDU, MPFR_RNDD in binary32's exponent range (mpfr_subnormalize);
 *  - the host variants sqrtf.host.r?, rcp.host.r?, div.host.r?.D against the same MPFR
 *    roundings, and run through the engine over ranges that hold their overflow and
 *    subnormal results. The seed of the random inputs is fixed (testutil.h). */
#include "testutil.h"

#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "src/catalogue/registry.h"
#include "src/measure/metrics.h"
#include "src/measure/verdict.h"

static const mpfr_rnd_t MPFR_MODE[RND_COUNT] = {MPFR_RNDN, MPFR_RNDZ, MPFR_RNDU, MPFR_RNDD};

/* ---- hand-derived cases ---------------------------------------------------------------- */

/* rz, ru, rd: the expected RZ24, RU24, RD24 of the exact value z behind (y, t). */
static void expect3(double y, int t, uint32_t rz, uint32_t ru, uint32_t rd) {
  if (ms_round32(y, t, RND_Z) != rz || ms_round32(y, t, RND_U) != ru || ms_round32(y, t, RND_D) != rd)
    fail_msg("y=%a t=%d: RZ 0x%08x RU 0x%08x RD 0x%08x, expected 0x%08x 0x%08x 0x%08x", y, t,
             ms_round32(y, t, RND_Z), ms_round32(y, t, RND_U), ms_round32(y, t, RND_D), rz, ru, rd);
}

static void test_exact_and_on_binary32(void **state) {
  (void)state;
  /* t = 0: z = y, a binary32 number: every mode gives it */
  expect3(2.0, 0, 0x40000000u, 0x40000000u, 0x40000000u);
  expect3(-3.0, 0, 0xc0400000u, 0xc0400000u, 0xc0400000u);
  expect3(0.0, 0, 0x00000000u, 0x00000000u, 0x00000000u);
  expect3(-0.0, 0, 0x80000000u, 0x80000000u, 0x80000000u);
  /* y = 1 with t = +1: 1 - 2^-54 < z < 1 (y is RN53(z)), so RD = RZ = 1 - 2^-24 =
   * 0x3f7fffff and RU = 1; rounding y again would give 1 in every mode (the trap) */
  expect3(1.0, +1, 0x3f7fffffu, 0x3f800000u, 0x3f7fffffu);
  /* t = -1: 1 < z < 1 + 2^-52: RD = RZ = 1, RU = 1 + 2^-23 */
  expect3(1.0, -1, 0x3f800000u, 0x3f800001u, 0x3f800000u);
  /* y = -1, t = +1: y > z, z < -1: RD = -(1 + 2^-23), RU = RZ = -1 */
  expect3(-1.0, +1, 0xbf800000u, 0xbf800000u, 0xbf800001u);
  /* y = -1, t = -1: -1 < z: RU = RZ = -(1 - 2^-24), RD = -1 */
  expect3(-1.0, -1, 0xbf7fffffu, 0xbf7fffffu, 0xbf800000u);
  /* a binade's bottom below: y = 2^-126 (smallest normal), t = +1: RD is the largest
   * subnormal 0x007fffff */
  expect3(0x1p-126, +1, 0x007fffffu, 0x00800000u, 0x007fffffu);
  /* a subnormal y on a binary32 number: 3 * 2^-149, t = -1 */
  expect3(0x3p-149, -1, 0x00000003u, 0x00000004u, 0x00000003u);
}

static void test_between_binary32(void **state) {
  (void)state;
  /* the RN midpoint 1 + 2^-24 is not a binary32 number: RD = RZ = 1, RU = 1 + 2^-23
   * whatever t says (directed modes have no ties) */
  for (int t = -1; t <= 1; t++) expect3(1.0 + 0x1p-24, t, 0x3f800000u, 0x3f800001u, 0x3f800000u);
  expect3(1.0 + 0x3p-26, -1, 0x3f800000u, 0x3f800001u, 0x3f800000u);
  expect3(-(1.0 + 0x3p-26), +1, 0xbf800000u, 0xbf800000u, 0xbf800001u);
  /* 0.1 (binary64) lies between 0x3dcccccc and 0x3dcccccd (RN is the upper one) */
  expect3(0.1, +1, 0x3dccccccu, 0x3dcccccdu, 0x3dccccccu);
  /* just below 2^k: 2 - 2^-30: RD = 2 - 2^-23 = 0x3fffffff, RU = 2 */
  expect3(2.0 - 0x1p-30, -1, 0x3fffffffu, 0x40000000u, 0x3fffffffu);
}

static void test_subnormal_and_zero(void **state) {
  (void)state;
  /* 1.5 * 2^-149: between 2^-149 and 2^-148 */
  expect3(0x3p-150, 0, 0x00000001u, 0x00000002u, 0x00000001u);
  /* 2^-150 (exact, not binary32): RD = RZ = +0, RU = 2^-149 */
  expect3(0x1p-150, 0, 0x00000000u, 0x00000001u, 0x00000000u);
  /* -2^-150: RD = -2^-149; RU and RZ give -0 (the zero of z's sign) */
  expect3(-0x1p-150, 0, 0x80000000u, 0x80000000u, 0x80000001u);
  /* 2^-149 with t = +1 (z just below it): RD = RZ = +0 (pred(2^-149)), RU = 2^-149 */
  expect3(0x1p-149, +1, 0x00000000u, 0x00000001u, 0x00000000u);
  /* -2^-149 with t = -1 (z just above it, in (-2^-149, 0)): RU = RZ = -0, RD = -2^-149 */
  expect3(-0x1p-149, -1, 0x80000000u, 0x80000000u, 0x80000001u);
  /* y = +0 with t = -1: 0 < z < 2^-1075: RD = RZ = +0, RU = 2^-149 */
  expect3(0.0, -1, 0x00000000u, 0x00000001u, 0x00000000u);
  /* y = -0 with t = +1: -2^-1075 < z < 0: RD = -2^-149, RU = RZ = -0 */
  expect3(-0.0, +1, 0x80000000u, 0x80000000u, 0x80000001u);
  /* a binary64 subnormal y */
  expect3(0x1p-1074, -1, 0x00000000u, 0x00000001u, 0x00000000u);
}

static void test_overflow(void **state) {
  (void)state;
  const double fmax = 0x1.fffffep127;
  /* y = FLT_MAX, t = -1: z > FLT_MAX: RD = RZ = FLT_MAX, RU = +inf */
  expect3(fmax, -1, 0x7f7fffffu, 0x7f800000u, 0x7f7fffffu);
  /* t = +1: z < FLT_MAX: RD = RZ = 0x7f7ffffe, RU = FLT_MAX */
  expect3(fmax, +1, 0x7f7ffffeu, 0x7f7fffffu, 0x7f7ffffeu);
  /* the RN overflow threshold 2^128 - 2^103 is no binary32 number: RD = RZ = FLT_MAX, RU = inf */
  for (int t = -1; t <= 1; t++) expect3(0x1.ffffffp127, t, 0x7f7fffffu, 0x7f800000u, 0x7f7fffffu);
  expect3(0x1p128, 0, 0x7f7fffffu, 0x7f800000u, 0x7f7fffffu);
  expect3(0x1p200, 0, 0x7f7fffffu, 0x7f800000u, 0x7f7fffffu);
  /* negative: RD = -inf, RU = RZ = -FLT_MAX */
  expect3(-0x1p200, 0, 0xff7fffffu, 0xff7fffffu, 0xff800000u);
  expect3(-fmax, +1, 0xff7fffffu, 0xff7fffffu, 0xff800000u);
  /* y = +inf from a binary64 overflow (t = +1): RD = RZ = FLT_MAX, RU = inf */
  expect3(INFINITY, +1, 0x7f7fffffu, 0x7f800000u, 0x7f7fffffu);
  expect3(-INFINITY, -1, 0xff7fffffu, 0xff7fffffu, 0xff800000u);
  /* an exact infinity (a pole, t = 0) stays itself */
  expect3(INFINITY, 0, 0x7f800000u, 0x7f800000u, 0x7f800000u);
  /* NaN: a NaN in every mode */
  assert_true(is_nan32(ms_round32(NAN, 0, RND_D)) && is_nan32(ms_round32(NAN, 0, RND_U)));
  /* RND_N is ms_rn32 */
  assert_int_equal(ms_round32(1.0 + 0x1p-24, -1, RND_N), ms_rn32(1.0 + 0x1p-24, -1));
}

/* ---- accounting and verdict ------------------------------------------------------------- */

static struct stats S;

static void test_accounting_directed(void **state) {
  (void)state;
  stats_init(&S);
  S.rounding = RND_D;
  /* z just below 1 (y = 1, t = +1): RD is 0x3f7fffff; 1.0 is RN's answer, not RD's, though
   * its ulp error reads 0 */
  stats_add(&S, 0x3f800000u, 0x3f7fffffu, 1.0, +1);
  assert_int_equal(S.correctly_rounded, 1);
  assert_int_equal(S.faithful, 1); /* e = 2^-24 / ulp(1) = 0.5 */
  stats_add(&S, 0x3f800001u, 0x3f800000u, 1.0, +1);
  assert_int_equal(S.correctly_rounded, 1);
  assert_int_equal(S.faithful, 2);
  assert_int_equal(rounding_verdict(S.rounding, S.correctly_rounded, S.inputs), VERDICT_VIOLATED);
  /* RD of -2^-150 is -2^-149: -0 is flushed */
  stats_add(&S, 0x00000002u, 0x80000000u, -0x1p-150, 0);
  assert_int_equal(S.flushed, 1);
  assert_int_equal(S.special_mismatches, 0);
  /* RD overflow: z = 2^200, RD = FLT_MAX: correct, faithful, not measured */
  const double before = S.max_ulp;
  stats_add(&S, 0x00000003u, 0x7f7fffffu, 0x1p200, 0);
  assert_int_equal(S.correctly_rounded, 2);
  assert_true(S.max_ulp == before);
  /* +inf there is non-finite */
  stats_add(&S, 0x00000004u, 0x7f800000u, 0x1p200, 0);
  assert_int_equal(S.nonfinite, 1);

  stats_init(&S);
  S.rounding = RND_U;
  /* RU of -2^-150 is -0: +0 is a zero of the wrong sign */
  stats_add(&S, 0x00000001u, 0x00000000u, -0x1p-150, 0);
  assert_int_equal(S.special_mismatches, 1);
  assert_int_equal(S.special[0].other, 0x80000000u);
  stats_add(&S, 0x00000002u, 0x80000000u, -0x1p-150, 0);
  assert_int_equal(S.correctly_rounded, 1);
  /* RU of 2^200 is +inf: correct; FLT_MAX is measured, |FLT_MAX - 2^200| / 2^177 */
  stats_add(&S, 0x00000003u, 0x7f800000u, 0x1p200, 0);
  assert_int_equal(S.correctly_rounded, 2);
  stats_add(&S, 0x00000004u, 0x7f7fffffu, 0x1p200, 0);
  assert_int_equal(S.above_1ulp, 1);
  assert_true(S.max_ulp == (0x1p200 - 0x1.fffffep127) * 0x1p-177);
  /* an RN stats object is unchanged by the mode field's default */
  stats_init(&S);
  assert_int_equal(S.rounding, RND_N);
  assert_int_equal(rounding_verdict(RND_N, 0, 5), VERDICT_NONE);
  assert_int_equal(rounding_verdict(RND_Z, 5, 5), VERDICT_HOLDS);
}

static void test_symmetry_rule(void **state) {
  (void)state;
  struct measure_cfg c;
  memset(&c, 0, sizeof c);
  for (int r = 0; r < RND_COUNT; r++) {
    c.rounding = r;
    assert_true(measure_sym_applies(&c, 0)); /* even references stay even */
    assert_int_equal(measure_sym_applies(&c, 1), r == RND_N || r == RND_Z);
  }
  /* the reason, on 1/3: RD(-1/3) = -RU(1/3) */
  assert_int_equal(ms_round32(-1.0 / 3, +1, RND_D) ^ 0x80000000u, ms_round32(1.0 / 3, -1, RND_U));
}

/* ---- against MPFR ----------------------------------------------------------------------- */

/* (y, t) = (RN53(z), sign(y - z)) in binary64's exponent range, with subnormals. */
static void mp_rn53(mpfr_srcptr z, double *y, int *t) {
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_t r;
  mpfr_init2(r, 53);
  mpfr_set_emin(-1073), mpfr_set_emax(1024);
  int i = mpfr_set(r, z, MPFR_RNDN);
  i = mpfr_check_range(r, i, MPFR_RNDN); /* mpfr_set may leave an exponent outside the range */
  i = mpfr_subnormalize(r, i, MPFR_RNDN);
  *y = mpfr_get_d(r, MPFR_RNDN);
  *t = (i > 0) - (i < 0);
  mpfr_set_emin(emin), mpfr_set_emax(emax);
  mpfr_clear(r);
}

/* z rounded to binary32 in mode rnd by MPFR (24 bits, binary32's exponent range), as bits. */
static uint32_t mp_round24(mpfr_srcptr z, mpfr_rnd_t rnd) {
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_t r;
  mpfr_init2(r, 24);
  mpfr_set_emin(-148), mpfr_set_emax(128);
  int i = mpfr_set(r, z, rnd);
  i = mpfr_check_range(r, i, rnd); /* mpfr_set may leave an exponent outside the range */
  mpfr_subnormalize(r, i, rnd);
  const float f = mpfr_get_flt(r, rnd); /* exact: r is a binary32 number, or +-inf, or +-0 */
  mpfr_set_emin(emin), mpfr_set_emax(emax);
  mpfr_clear(r);
  return f2u(f);
}

static long n_checked;

/* ms_round32 from MPFR's (y, t) against MPFR's own rounding of z, in the three directed
 * modes (and RN, ms_rn32), and ms_round32_all's four at once. */
static void check_z(mpfr_srcptr z) {
  double y;
  int t;
  mp_rn53(z, &y, &t);
  uint32_t all[RND_COUNT];
  ms_round32_all(y, t, all);
  for (int m = 0; m < RND_COUNT; m++) {
    const uint32_t want = mp_round24(z, MPFR_MODE[m]), got = ms_round32(y, t, m);
    if (want != got || want != all[m]) {
      mpfr_printf("z = %.40Ra: mode %d, y = %a, t = %d: 0x%08x (all modes at once 0x%08x), MPFR 0x%08x\n", z, m, y, t,
                  got, all[m], want);
      fail();
    }
  }
  n_checked++;
}

/* z = b (1 + k 2^-62) for k in {-3..3}, and b's opposite: on, just above and just below b,
 * where y = RN53(z) = b and only t tells the side. */
static void check_around(double b) {
  mpfr_t z, e;
  mpfr_init2(z, 200), mpfr_init2(e, 200);
  for (int k = -3; k <= 3; k++)
    for (int s = -1; s <= 1; s += 2) {
      mpfr_set_d(z, s * b, MPFR_RNDN);
      mpfr_mul_2si(e, z, -62, MPFR_RNDN);
      mpfr_mul_si(e, e, k, MPFR_RNDN);
      mpfr_add(z, z, e, MPFR_RNDN); /* exact: 200 bits hold s b (1 + k 2^-62) */
      check_z(z);
    }
  mpfr_clear(z), mpfr_clear(e);
}

static void test_derivation_vs_mpfr_boundaries(void **state) {
  (void)state;
  n_checked = 0;
  /* binary32 numbers of every kind, RN midpoints, the RN overflow threshold, 2^128 */
  const double b[] = {1.0, 2.0, 0x1.fffffep0, 0x1.000002p0, 0.1f, 3.0, 0x1p-126, 0x1.fffffcp-127, 0x1p-149,
                      0x3p-149, 0x1p-148, 0x1.fffffep127, 0x1p127, 1.0 + 0x1p-24, 0x1p-150, 0x3p-150,
                      0x1.ffffffp127, 0x1p128, 0x1p-1074, 0x1p1023};
  for (size_t i = 0; i < sizeof b / sizeof b[0]; i++) check_around(b[i]);
  /* random binary32 numbers, and random midpoints between neighbours */
  for (int i = 0; i < 20000; i++) {
    uint32_t u = (uint32_t)test_rand64() & 0x7fffffffu;
    if (u >= 0x7f800000u) continue;
    check_around((double)u2f(u));
    if (u < 0x7f7fffffu) check_around(((double)u2f(u) + (double)u2f(u + 1)) / 2);
  }
  /* z = 0 exactly, and z tiny beyond binary64 (y = +-0 with t != 0), z beyond binary64's
   * range (y = +-inf) */
  mpfr_t z;
  mpfr_init2(z, 64);
  mpfr_set_zero(z, +1), check_z(z);
  mpfr_set_zero(z, -1), check_z(z);
  mpfr_set_si_2exp(z, 1, -1200, MPFR_RNDN), check_z(z);
  mpfr_set_si_2exp(z, -1, -1200, MPFR_RNDN), check_z(z);
  mpfr_set_si_2exp(z, 3, 1100, MPFR_RNDN), check_z(z);
  mpfr_set_si_2exp(z, -3, 1100, MPFR_RNDN), check_z(z);
  mpfr_clear(z);
  printf("  ms_round32 equals MPFR's directed rounding on %ld exact values (seed 0x243f6a8885a308d3)\n", n_checked);
}

/* f(x) for sqrt, 1/x, x / d: MPFR gives (y, t) at 53 bits and the directed roundings at 24
 * bits straight from f (no intermediate); ms_round32 must agree, and so must the host
 * variant of that mode. */
enum fn { F_SQRT, F_RCP, F_DIV };
typedef float (*hostfn)(float);
float host_sqrtf_rz(float), host_sqrtf_ru(float), host_sqrtf_rd(float);
float host_rcp_rz(float), host_rcp_ru(float), host_rcp_rd(float);
#define DIVISOR(id, name, d) float host_div_rn_##id(float), host_div_rz_##id(float), host_div_ru_##id(float), host_div_rd_##id(float);
#include "functions/div/divisors.def"
#undef DIVISOR

static int mp_f(mpfr_ptr r, enum fn f, float x, float d, mpfr_rnd_t rnd) {
  mpfr_t mx;
  mpfr_init2(mx, 24);
  mpfr_set_flt(mx, x, MPFR_RNDN);
  int i = f == F_SQRT ? mpfr_sqrt(r, mx, rnd) : f == F_RCP ? mpfr_ui_div(r, 1, mx, rnd) : mpfr_div_d(r, mx, d, rnd);
  mpfr_clear(mx);
  return i;
}

static void check_fx(enum fn f, float x, float d, const hostfn host[RND_COUNT]) {
  if (isnan(x) || (f == F_SQRT && x < 0) || isinf(x) || x == 0) return; /* exact or undefined: not rounding */
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_t r;
  mpfr_init2(r, 53);
  mpfr_set_emin(-1073), mpfr_set_emax(1024);
  int i = mp_f(r, f, x, d, MPFR_RNDN);
  i = mpfr_subnormalize(r, i, MPFR_RNDN);
  const double y = mpfr_get_d(r, MPFR_RNDN);
  const int t = (i > 0) - (i < 0);
  mpfr_set_prec(r, 24);
  mpfr_set_emin(-148), mpfr_set_emax(128);
  for (int m = 0; m < RND_COUNT; m++) {
    i = mp_f(r, f, x, d, MPFR_MODE[m]);
    mpfr_subnormalize(r, i, MPFR_MODE[m]);
    const uint32_t want = f2u(mpfr_get_flt(r, MPFR_MODE[m]));
    const uint32_t got = ms_round32(y, t, m), hv = host[m] ? f2u(host[m](x)) : want;
    if (got != want || hv != want) {
      printf("f %d x = %a d = %a mode %d: ms_round32 0x%08x, host 0x%08x, MPFR 0x%08x\n", f, x, d, m, got, hv, want);
      fail();
    }
  }
  mpfr_set_emin(emin), mpfr_set_emax(emax);
  mpfr_clear(r);
  n_checked++;
}

/* Random inputs, and runs of 4096 bit patterns of both signs from each start. */
static void check_fn(enum fn f, float d, const hostfn host[RND_COUNT], const uint32_t *starts, int nstarts) {
  for (int i = 0; i < 40000; i++) check_fx(f, u2f((uint32_t)test_rand64()), d, host);
  for (int k = 0; k < nstarts; k++)
    for (uint32_t j = 0; j < 4096; j++) {
      check_fx(f, u2f(starts[k] + j), d, host);
      check_fx(f, u2f((starts[k] + j) | 0x80000000u), d, host);
    }
}

static void test_functions_vs_mpfr(void **state) {
  (void)state;
  n_checked = 0;
  /* sqrt: subnormal inputs, around 1 and 4 (perfect squares: exact results), the top */
  const hostfn hs[RND_COUNT] = {NULL, host_sqrtf_rz, host_sqrtf_ru, host_sqrtf_rd};
  const uint32_t ss[] = {0x00000001u, 0x3f7ff800u, 0x40800000u, 0x7f7ff000u};
  check_fn(F_SQRT, 0, hs, ss, 4);
  for (uint32_t k = 1; k < 4096; k++) check_fx(F_SQRT, (float)(k * k), 0, hs); /* exact: t = 0 */
  /* 1/x: overflow below 2^-128 (0x00200000), subnormal results above 2^126 (0x7e800000) */
  const hostfn hr[RND_COUNT] = {NULL, host_rcp_rz, host_rcp_ru, host_rcp_rd};
  const uint32_t rs[] = {0x00000001u, 0x001ff800u, 0x3f7ff800u, 0x7e7ff800u, 0x7f7ff000u};
  check_fn(F_RCP, 0, hr, rs, 5);
  /* x / d for every divisor: overflow of x / 2^-130 from 2^-2 (0x3e800000), subnormal
   * quotients by 2^126 and 2^127 below 1 and 2, and results below 2^-149 */
  const uint32_t ds[] = {0x00000001u, 0x3e7ff800u, 0x3f7ff800u, 0x3fffff00u, 0x7f7ff000u};
#define DIVISOR(id, name, d)                                                                              \
  {                                                                                                       \
    const hostfn hd[RND_COUNT] = {host_div_rn_##id, host_div_rz_##id, host_div_ru_##id, host_div_rd_##id}; \
    check_fn(F_DIV, d, hd, ds, 5);                                                                         \
  }
#include "functions/div/divisors.def"
#undef DIVISOR
  printf("  ms_round32 and the host variants equal MPFR's roundings of sqrt, 1/x, x/d on %ld inputs\n", n_checked);
}

/* ---- the catalogue and the engine -------------------------------------------------------- */

static void test_catalogue_roundings(void **state) {
  (void)state;
  char err[256];
  assert_int_equal(registry_init(err, sizeof err), 0);
  const struct {
    const char *name;
    int mode;
  } want[] = {{"__fsqrt_rn", RND_N}, {"__fsqrt_rz", RND_Z}, {"__fsqrt_ru", RND_U}, {"__fsqrt_rd", RND_D},
              {"__frcp_rd", RND_D},  {"__frsqrt_rn", RND_N}, {"__fdiv_ru.3", RND_U}, {"__fdiv_rz.2^-130", RND_Z},
              {"sqrtf.host.rd", RND_D}, {"rcp.host.ru", RND_U}, {"div.host.rz.pi", RND_Z}, {"div.host.rn.0.1", RND_N},
              {"sqrt.rn", RND_N},    {"rcp.host", RND_N}};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    const struct variant *v = variant_find(want[i].name);
    if (!v) fail_msg("no variant %s", want[i].name);
    assert_int_equal(v->rounding, want[i].mode);
  }
  assert_string_equal(rounding_name(RND_D), "RD");
  assert_int_equal(rounding_parse("RU"), RND_U);
  assert_int_equal(rounding_parse("ru"), -1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_exact_and_on_binary32),   cmocka_unit_test(test_between_binary32),
      cmocka_unit_test(test_subnormal_and_zero),      cmocka_unit_test(test_overflow),
      cmocka_unit_test(test_accounting_directed),     cmocka_unit_test(test_symmetry_rule),
      cmocka_unit_test(test_derivation_vs_mpfr_boundaries), cmocka_unit_test(test_functions_vs_mpfr),
      cmocka_unit_test(test_catalogue_roundings),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
