/* reftest.h: what the references' tests share (each function folder's test_<name>.c):
 * an independent check of a reference's (y, t) and RN24 against MPFR at 1024 bits, and
 * the comparison of a shortcut with the MPFR referee over a range. Every expected value
 * comes from MPFR at a precision far above the reference's. */
#ifndef ULPCERT_REFTEST_H
#define ULPCERT_REFTEST_H

#include "tests/unit/testutil.h"

#include <mpfr.h>
#include <omp.h>

#include "src/catalogue/registry.h"
#include "src/measure/measure.h"
#include "reference/reference.h"

/* Independent check of (y, t) and of RN24: f(x) at 1024 bits; y must be its
 * binary64 rounding (53 bits, binary64 subnormal range), t the sign of y - exact,
 * and ms_rn32 its rounding to binary32 (24 bits, binary32 subnormal range). */
static inline void check_against_200_bits(const struct reference *r, uint32_t xb) {
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

/* Every shortcut answer equals MPFR's in [b - n, b + n) for each boundary b. */
static inline uint64_t compare_range(const struct reference *r, uint32_t lo, uint32_t hi, uint32_t stride, uint64_t *answered) {
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

/* Every input within d of each base that is finite-or-infinite and of the base's sign
 * (and kept by keep, when not NULL), checked against MPFR at 1024 bits. */
static inline void check_around(const struct reference *r, const uint32_t *base, size_t nb, int d,
                                int (*keep)(uint32_t)) {
  for (size_t i = 0; i < nb; i++)
    for (int k = -d; k <= d; k++) {
      uint32_t x = base[i] + (uint32_t)k;
      if (((x ^ base[i]) & SIGN32) || (x & 0x7fffffffu) > 0x7f800000u || (keep && !keep(x))) continue;
      check_against_200_bits(r, x);
    }
}

/* ---- the tests that two references share ---- */

/* cos and sin (the engine asks for x >= 0 only): every input within 200 of 2^-27, 1, 0,
 * the infinity and the least subnormal that lies below 2, and 2000 random inputs below
 * 2^23. */
static inline int reftest_below_2(uint32_t x) { return x < 0x40000000u; }
static inline void reftest_cos_sin(const char *name) {
  /* 2^-27, 1, 0, the infinity, the least subnormal */
  static const uint32_t tb[] = {0x32000000u, 0x3f800000u, 0x00000000u, 0x7f800000u, 0x00000001u};
  const struct reference *r = ref_find(name);
  assert_non_null(r);
  check_around(r, tb, sizeof tb / sizeof tb[0], 200, reftest_below_2);
  for (int i = 0; i < 2000; i++) {
    uint32_t x = (uint32_t)test_rand64() & 0x7fffffffu;
    if (x < 0x4b000000u) check_against_200_bits(r, x);
  }
  ref_thread_cleanup();
}

/* cos and sin from 2^10 up (trig_large): every input within 100 of 2^10 (where
 * trig_large starts) and of the largest finite binary32, and every 15013th input from 2^10
 * to FLT_MAX (65934 inputs, every binade): the shortcut answers each (its rounding test
 * fails about once in 2^45 at random) and agrees with MPFR. */
static inline int reftest_below_inf(uint32_t x) { return x < 0x7f800000u; }
static inline void reftest_cos_sin_large(const char *name) {
  static const uint32_t tl[] = {0x44800000u, 0x7f7fffffu};
  const struct reference *r = ref_find(name);
  assert_non_null(r);
  check_around(r, tl, sizeof tl / sizeof tl[0], 100, reftest_below_inf);
  uint64_t answered;
  const uint32_t lo = 0x44800000u, hi = 0x7f800000u, stride = 15013u;
  assert_int_equal(compare_range(r, lo, hi, stride, &answered), 0);
  printf("%s: %llu of %u sampled inputs from 2^10 to FLT_MAX decided by the shortcut\n", name,
         (unsigned long long)answered, (hi - lo + stride - 1) / stride);
  assert_true(answered == (hi - lo + stride - 1) / stride);
  ref_thread_cleanup();
}

/* f(x) for |x| >= 2^20 (finite) overflows even MPFR's widest exponent range at 1024 bits;
 * those inputs are covered by the boundary checks at the overflow and underflow limits
 * (exp, exp2, exp10). */
static inline int reftest_exp_checkable(uint32_t x) {
  uint32_t m = x & 0x7fffffffu;
  return m < 0x49800000u || m == 0x7f800000u;
}

/* exp and exp10: every checkable input within 200 of the boundaries of both, and 2000
 * random checkable inputs. */
static inline void reftest_exp_exp10(const char *name) {
  /* 2^-55 and 2^-56 (either sign), 710, -746, 309, -324, 0 and the infinities */
  static const uint32_t eb[] = {0x24000000u, 0xa4000000u, 0x23800000u, 0xa3800000u, 0x44318000u /* 710 */,
                                0xc43a8000u /* -746 */, 0x439a8000u /* 309 */, 0xc3a20000u /* -324 */, 0x00000000u,
                                0x7f800000u, 0xff800000u};
  const struct reference *r = ref_find(name);
  assert_non_null(r);
  check_around(r, eb, sizeof eb / sizeof eb[0], 200, reftest_exp_checkable);
  for (int i = 0; i < 2000; i++) {
    uint32_t x = (uint32_t)test_rand64();
    if ((x & 0x7fffffffu) <= 0x7f800000u && reftest_exp_checkable(x)) check_against_200_bits(r, x);
  }
  ref_thread_cleanup();
}

/* The tests of a function folder: registry_init, then cmocka. */
#define REFTEST_MAIN(...)                                                                                          \
  int main(void) {                                                                                                 \
    printf("random seed 0x%016llx\n", (unsigned long long)test_rng_state);                                       \
    if (registry_init(NULL, 0)) return 1;                                                                          \
    const struct CMUnitTest tests[] = {__VA_ARGS__};                                                               \
    return cmocka_run_group_tests(tests, NULL, NULL);                                                              \
  }

#endif
