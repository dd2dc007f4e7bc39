/* test_reference.c: the reference against MPFR at 1024 bits, and every shortcut of
 * the tanh reference against MPFR at and around its boundaries. */
#include "testutil.h"

#include <mpfr.h>
#include <omp.h>

#include "src/catalogue/registry.h"
#include "src/measure/measure.h"
#include "src/reference/reference.h"

/* Independent check of (y, t) and of RN24: f(x) at 1024 bits; y must be its
 * binary64 rounding (53 bits, binary64 subnormal range), t the sign of y - exact,
 * and ms_rn32 its rounding to binary32 (24 bits, binary32 subnormal range). */
static void check_against_200_bits(const struct reference *r, uint32_t xb) {
  double y;
  int t;
  ref_eval(r, xb, &y, &t);
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(mpfr_get_emin_min());
  mpfr_set_emax(mpfr_get_emax_max());
  mpfr_t x, z, w;
  mpfr_inits2(1024, x, z, w, (mpfr_ptr)0);
  mpfr_set_flt(x, u2f(xb), MPFR_RNDN);
  /* 1024 bits: tanh x - x ~ x^3/3 >= 2^-447 x stays visible. Where z itself is
   * rounded onto y (tanh of huge x is 1 - 2e^(-2x)), its ternary gives the side. */
  int tz = r->mpfr_fn(z, x, MPFR_RNDN);
  mpfr_set_d(w, y, MPFR_RNDN);
  int cmp = mpfr_cmp(w, z);
  if (cmp == 0) cmp = tz;
  if ((cmp > 0) - (cmp < 0) != t) fail_msg("x=0x%08x: ternary %d but y - exact has sign %d", xb, t, cmp);
  /* y = RN53(z): |y - z| <= half the binary64 gap at y */
  mpfr_t z53;
  mpfr_init2(z53, 53);
  mpfr_set(z53, z, MPFR_RNDN);
  if (mpfr_get_d(z53, MPFR_RNDN) != y) fail_msg("x=0x%08x: y=%a is not RN53(tanh x)", xb, y);
  /* RN24 with binary32's subnormals: emin = -148 in MPFR's convention */
  mpfr_t z24;
  mpfr_init2(z24, 24);
  mpfr_set_emin(-148);
  mpfr_set_emax(128);
  int tr = mpfr_set(z24, z, MPFR_RNDN);
  tr = mpfr_check_range(z24, tr, MPFR_RNDN); /* z may lie far outside binary32's range */
  tr = mpfr_subnormalize(z24, tr, MPFR_RNDN);
  float f = mpfr_get_flt(z24, MPFR_RNDN);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  if (f2u(f) != ms_rn32(y, t)) fail_msg("x=0x%08x: RN24 is %a, ms_rn32 gives %a", xb, f, u2f(ms_rn32(y, t)));
  mpfr_clears(x, z, w, z53, z24, (mpfr_ptr)0);
}

static void test_spot_values(void **state) {
  (void)state;
  const struct reference *r = ref_find("tanh");
  assert_non_null(r);
  const uint32_t spots[] = {
    0x00000001u, 0x00400000u, 0x00800000u, 0x2f800000u, 0x31ffffffu, 0x32000000u, 0x32000001u,
    0x3a000000u, 0x3b8f5c29u, 0x3d7fffffu, 0x3d800000u, 0x3e800000u, 0x3f000000u, 0x3f198000u /* 307/512 */,
    0x3f800000u, 0x40000000u, 0x41100000u /* 9 */, 0x41108000u /* 9.03125 */, 0x41987fffu, 0x41988000u,
    0x42c80000u, 0x7f7fffffu,
  };
  for (size_t i = 0; i < sizeof spots / sizeof spots[0]; i++) {
    check_against_200_bits(r, spots[i]);
    check_against_200_bits(r, spots[i] | SIGN32);
  }
  for (int i = 0; i < 2000; i++) {
    uint32_t x = (uint32_t)test_rand64();
    if ((x & 0x7fffffffu) > 0x7f800000u) continue;
    check_against_200_bits(r, x & 0x7fffffffu);
  }
  ref_thread_cleanup();
}

/* Every shortcut answer equals MPFR's in [b - n, b + n) for each boundary b. */
static uint64_t compare_range(const struct reference *r, uint32_t lo, uint32_t hi, uint32_t stride, uint64_t *answered) {
  uint64_t bad = 0, ans = 0;
#pragma omp parallel for schedule(dynamic, 256) reduction(+ : bad, ans)
  for (uint32_t x = lo; x < hi; x += stride) {
    double ys, ym;
    int ts, tm;
    if (!r->shortcut(x, &ys, &ts)) continue;
    ans++;
    ref_mpfr(r, x, &ym, &tm);
    if (d2u(ys) != d2u(ym) || ts != tm) {
      bad++;
#pragma omp critical
      fprintf(stderr, "shortcut mismatch at 0x%08x: %a/%d vs MPFR %a/%d\n", x, ys, ts, ym, tm);
    }
  }
#pragma omp parallel
  ref_thread_cleanup();
  *answered = ans;
  return bad;
}

static void test_shortcut_boundaries(void **state) {
  (void)state;
  const struct reference *r = ref_find("tanh");
  const uint32_t bounds[] = {0x32000000u /* 2^-27 */, 0x3d800000u /* 2^-4 */, 0x41988000u /* 19.0625 */};
  const uint32_t n = 1u << 14;
  for (size_t i = 0; i < 3; i++) {
    uint64_t ans;
    assert_int_equal(compare_range(r, bounds[i] - n, bounds[i] + n, 1, &ans), 0);
    assert_true(ans > 0);
  }
  /* below 2^-27 and from 19.0625 on, every input is answered */
  double y;
  int t;
  assert_true(r->shortcut(0x31ffffffu, &y, &t) && y == (double)u2f(0x31ffffffu) && t == 1);
  assert_true(r->shortcut(0x41988000u, &y, &t) && y == 1.0 && t == 1);
  assert_true(r->shortcut(0x7f800000u, &y, &t) && y == 1.0 && t == 0);
  assert_true(r->shortcut(0, &y, &t) && y == 0.0 && t == 0);
  assert_false(r->shortcut(0x41987fffu, &y, &t)); /* just below 19.0625: MPFR */
  assert_false(r->shortcut(0x3d800000u, &y, &t)); /* 2^-4: MPFR */
  assert_false(r->shortcut(0xbf800000u, &y, &t)); /* negative: the engine mirrors */
}

/* The series filter (2^-27 <= x < 2^-4) on a sample across its whole range; it must
 * also answer most inputs, or the speed it exists for is gone. */
static void test_series_region_sample(void **state) {
  (void)state;
  const struct reference *r = ref_find("tanh");
  uint64_t ans;
  const uint32_t lo = 0x32000000u, hi = 0x3d800000u, stride = 397;
  assert_int_equal(compare_range(r, lo, hi, stride, &ans), 0);
  uint64_t tried = (hi - lo + stride - 1) / stride;
  printf("series filter answered %llu of %llu sampled inputs\n", (unsigned long long)ans, (unsigned long long)tried);
  assert_true(ans > tried * 95 / 100);
}

/* The engine evaluates x >= 0 and mirrors: MPFR's tanh must be odd bit for bit. */
static void test_mpfr_oddness(void **state) {
  (void)state;
  const struct reference *r = ref_find("tanh");
  for (int i = 0; i < 20000; i++) {
    uint32_t x = (uint32_t)test_rand64() & 0x7fffffffu;
    if (x > 0x7f800000u) continue;
    double yp, yn;
    int tp, tn;
    ref_mpfr(r, x, &yp, &tp);
    ref_mpfr(r, x | SIGN32, &yn, &tn);
    if (d2u(yn) != d2u(-yp) || tn != -tp) fail_msg("tanh not odd at 0x%08x", x);
  }
  ref_thread_cleanup();
}

/* 1/x and sqrt(x): their shortcuts answer every input; each against MPFR at 1024
 * bits on special values (exact quotients and roots, subnormals, extremes) and random
 * ones. */
static void test_recip_sqrt(void **state) {
  (void)state;
  const struct reference *rc = ref_find("recip"), *sq = ref_find("sqrt");
  assert_non_null(rc);
  assert_non_null(sq);
  const uint32_t spots[] = {0x00000000u, 0x00000001u, 0x00000003u, 0x007fffffu, 0x00800000u, 0x3f800000u,
                            0x40000000u, 0x40400000u /* 3 */, 0x40800000u /* 4 */, 0x41100000u /* 9 */,
                            0x3eaaaaabu, 0x7f7fffffu, 0x7f000000u, 0x7f800000u, 0x5f800000u, 0x1f800000u};
  for (size_t i = 0; i < sizeof spots / sizeof spots[0]; i++) {
    check_against_200_bits(rc, spots[i]);
    check_against_200_bits(rc, spots[i] | SIGN32);
    check_against_200_bits(sq, spots[i]);
  }
  for (int i = 0; i < 20000; i++) {
    uint32_t x = (uint32_t)test_rand64();
    if ((x & 0x7fffffffu) > 0x7f800000u) continue;
    check_against_200_bits(rc, x);
    check_against_200_bits(sq, x & 0x7fffffffu);
  }
  /* exact cases have t = 0 */
  double y;
  int t;
  assert_true(rc->shortcut(0x3f000000u /* 0.5 */, &y, &t) && y == 2.0 && t == 0);
  assert_true(sq->shortcut(0x41100000u /* 9 */, &y, &t) && y == 3.0 && t == 0);
  assert_true(sq->shortcut(0xbf800000u /* -1 */, &y, &t) && isnan(y));
  assert_true(sq->shortcut(0x80000000u /* -0 */, &y, &t) && y == 0 && signbit(y) && t == 0);
  ref_thread_cleanup();
}

/* exp2 of |x| >= 2^20 (finite) overflows even MPFR's widest exponent range at 1024
 * bits; those inputs are covered by the boundary checks at 1024 and -1076. */
static int exp2_checkable(uint32_t x) {
  uint32_t m = x & 0x7fffffffu;
  return m < 0x49800000u || m == 0x7f800000u;
}

/* exp2, log2 and rsqrt: every shortcut against MPFR at 1024 bits at and around its
 * boundaries, and MPFR-decided inputs on a random sample. */
static void test_exp2_log2_rsqrt(void **state) {
  (void)state;
  const struct reference *r[3] = {ref_find("exp2"), ref_find("log2"), ref_find("rsqrt")};
  for (int k = 0; k < 3; k++) assert_non_null(r[k]);
  /* exp2 boundaries: 2^-55, 1024, -1076, the integers -1074 and -1075, 0 and inf */
  const uint32_t eb[] = {0x24000000u, 0xa4000000u, 0x44800000u, 0xc4868000u, 0xc4864000u /* -1074 */,
                         0xc4866000u /* -1075 */, 0x00000000u, 0x7f800000u, 0xff800000u, 0x447fc000u /* 1023 */};
  for (size_t i = 0; i < sizeof eb / sizeof eb[0]; i++)
    for (int d = -300; d <= 300; d++) {
      uint32_t x = eb[i] + (uint32_t)d;
      if (((x ^ eb[i]) & SIGN32) || (x & 0x7fffffffu) > 0x7f800000u || !exp2_checkable(x)) continue;
      check_against_200_bits(r[0], x);
    }
  /* log2 and rsqrt: around powers of two and four, zeros, infinities, subnormals */
  const uint32_t lb[] = {0x3f800000u, 0x40000000u, 0x40800000u, 0x00000001u, 0x00000004u, 0x00800000u,
                         0x7f7fffffu, 0x7f800000u, 0x00000000u, 0x80000000u, 0xbf800000u};
  for (size_t i = 0; i < sizeof lb / sizeof lb[0]; i++)
    for (int d = -50; d <= 50; d++) {
      uint32_t x = lb[i] + (uint32_t)d;
      if (((x ^ lb[i]) & SIGN32) || (x & 0x7fffffffu) > 0x7f800000u) continue;
      if (x >> 31 && (x & 0x7fffffffu)) continue; /* negative: NaN, no MPFR value to compare */
      check_against_200_bits(r[1], x);
      if (x != 0x80000000u) check_against_200_bits(r[2], x); /* -0: IEEE's -inf, not MPFR's */
    }
  double y;
  int t;
  assert_true(r[2]->shortcut(0x80000000u, &y, &t) && isinf(y) && y < 0);
  assert_true(r[1]->shortcut(0xbf800000u, &y, &t) && isnan(y));
  for (int i = 0; i < 3000; i++) {
    uint32_t x = (uint32_t)test_rand64();
    if ((x & 0x7fffffffu) > 0x7f800000u) continue;
    if (exp2_checkable(x)) check_against_200_bits(r[0], x);
    check_against_200_bits(r[1], x & 0x7fffffffu);
    check_against_200_bits(r[2], (x & 0x7fffffffu) | 1);
  }
  ref_thread_cleanup();
}

/* exp, exp10, log, sin, cos: every shortcut against MPFR at 1024 bits at and around its
 * boundaries, and random inputs (|x| < 2^20 for exp and exp10, as for exp2). */
static void test_exp_log_sin_cos(void **state) {
  (void)state;
  const char *names[] = {"exp", "exp10", "log", "sin", "cos"};
  const struct reference *r[5];
  for (int k = 0; k < 5; k++) assert_non_null(r[k] = ref_find(names[k]));
  const uint32_t eb[] = {0x24000000u, 0xa4000000u, 0x23800000u, 0xa3800000u, 0x44318000u /* 710 */,
                         0xc43a8000u /* -746 */, 0x439a8000u /* 309 */, 0xc3a20000u /* -324 */, 0x00000000u,
                         0x7f800000u, 0xff800000u};
  for (size_t i = 0; i < sizeof eb / sizeof eb[0]; i++)
    for (int d = -200; d <= 200; d++) {
      uint32_t x = eb[i] + (uint32_t)d;
      if (((x ^ eb[i]) & SIGN32) || (x & 0x7fffffffu) > 0x7f800000u || !exp2_checkable(x)) continue;
      check_against_200_bits(r[0], x);
      check_against_200_bits(r[1], x);
    }
  const uint32_t tb[] = {0x32000000u, 0x3f800000u, 0x00000000u, 0x7f800000u, 0x00000001u};
  for (size_t i = 0; i < sizeof tb / sizeof tb[0]; i++)
    for (int d = -200; d <= 200; d++) {
      uint32_t x = tb[i] + (uint32_t)d;
      if (((x ^ tb[i]) & SIGN32) || (x & 0x7fffffffu) > 0x7f800000u) continue;
      if (x != 0x7f800000u) check_against_200_bits(r[2], x); /* log */
      if (x < 0x40000000u) check_against_200_bits(r[3], x), check_against_200_bits(r[4], x);
    }
  for (int i = 0; i < 2000; i++) {
    uint32_t x = (uint32_t)test_rand64();
    if ((x & 0x7fffffffu) > 0x7f800000u) continue;
    if (exp2_checkable(x)) check_against_200_bits(r[0], x), check_against_200_bits(r[1], x);
    check_against_200_bits(r[2], x & 0x7fffffffu);
    if ((x & 0x7fffffffu) < 0x4b000000u) check_against_200_bits(r[3], x & 0x7fffffffu), check_against_200_bits(r[4], x & 0x7fffffffu);
  }
  ref_thread_cleanup();
}

/* x / d for every fixed divisor: the binary64 quotient and the FMA remainder's sign
 * against MPFR at 1024 bits, at the ends of the binary32 line, around results that are
 * exact or binary32 midpoints, near overflow and underflow, and on random inputs. */
static void test_div(void **state) {
  (void)state;
  static const char *const names[] = {
#define DIVISOR(id, name, d) "div." name,
#include "functions/div/divisors.def"
#undef DIVISOR
  };
  static const float divs[] = {
#define DIVISOR(id, name, d) d,
#include "functions/div/divisors.def"
#undef DIVISOR
  };
  for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
    const struct reference *r = ref_find(names[k]);
    assert_non_null(r);
    const uint32_t db = f2u(divs[k]);
    const uint32_t base[] = {0x00000000u, 0x00000001u, 0x00800000u, 0x3f800000u, 0x7f7fffffu, 0x7f800000u,
                             db, db + 0x00800000u, 0x80000000u, db | SIGN32, 0x40400000u, 0x4b400000u};
    for (size_t i = 0; i < sizeof base / sizeof base[0]; i++)
      for (int e = -40; e <= 40; e++) {
        uint32_t x = base[i] + (uint32_t)e;
        if (((x ^ base[i]) & SIGN32) || (x & 0x7fffffffu) > 0x7f800000u) continue;
        check_against_200_bits(r, x);
      }
    for (int i = 0; i < 2000; i++) {
      uint32_t x = (uint32_t)test_rand64();
      if ((x & 0x7fffffffu) > 0x7f800000u) continue;
      check_against_200_bits(r, x);
    }
    /* x = d / 2 (exact in binary32 for every d here): the quotient 1/2 is exact, t = 0 */
    double y;
    int t;
    assert_true(r->shortcut(f2u(divs[k] * 0.5f), &y, &t) && y == 0.5 && t == 0);
  }
  ref_thread_cleanup();
}

int main(void) {
  printf("random seed 0x%016llx\n", (unsigned long long)test_rng_state);
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_spot_values),
    cmocka_unit_test(test_shortcut_boundaries),
    cmocka_unit_test(test_series_region_sample),
    cmocka_unit_test(test_mpfr_oddness),
    cmocka_unit_test(test_recip_sqrt),
    cmocka_unit_test(test_exp2_log2_rsqrt),
    cmocka_unit_test(test_exp_log_sin_cos),
    cmocka_unit_test(test_div),
  };
  return cmocka_run_group_tests_name("reference", tests, NULL, NULL);
}
