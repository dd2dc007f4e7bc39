/* reftest.h: what the references' tests share (each function folder's test_<name>.c):
 * an independent check of a reference's (y, t) and RN24 against MPFR at 1024 bits, and
 * the comparison of a shortcut with the MPFR referee over a range. Every expected value
 * comes from MPFR at a precision far above the reference's. */
#ifndef ULPCERT_REFTEST_H
#define ULPCERT_REFTEST_H

#include "testutil.h"

#include <mpfr.h>
#include <omp.h>

#include "src/catalogue/registry.h"
#include "src/measure/measure.h"
#include "src/reference/reference.h"

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

/* The tests of a function folder: registry_init, then cmocka. */
#define REFTEST_MAIN(...)                                                                                          \
  int main(void) {                                                                                                 \
    printf("random seed 0x%016llx\n", (unsigned long long)test_rng_state);                                       \
    if (registry_init(NULL, 0)) return 1;                                                                          \
    const struct CMUnitTest tests[] = {__VA_ARGS__};                                                               \
    return cmocka_run_group_tests(tests, NULL, NULL);                                                              \
  }

#endif
