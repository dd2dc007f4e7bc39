/* test_ff.c: the exact float-float check against MPFR, hand-derived cases (split
 * overflow, flush-to-zero breaking 2Sum, Fast2Sum outside its precondition) and an
 * independent naive exact loop compared with the CPU scan. */
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "src/kinds/ff/ff.h"

#define PREC 2000 /* every sum and product of binary32 words here is exact at this precision */

static void mp_f(mpfr_t r, uint32_t u) { mpfr_set_flt(r, u2f(u), MPFR_RNDN); }

/* S and E = R - S with MPFR, from the operation's definition (not from ff_exact). */
static void mp_exact(int op, const struct ff_in *in, const uint32_t *r, mpfr_t S, mpfr_t E) {
  mpfr_t xh, xl, yh, yl, t;
  mpfr_inits2(PREC, xh, xl, yh, yl, t, (mpfr_ptr)0);
  mp_f(xh, in->xh), mp_f(xl, in->xl), mp_f(yh, in->yh), mp_f(yl, in->yl);
  switch (op) {
  case EFT_TWOPROD_DEKKER:
  case EFT_TWOPROD_FMA: mpfr_mul(S, xh, yh, MPFR_RNDN); break;
  case EFT_TWOSUM:
  case EFT_FAST2SUM:
  case EFT_FAST2SUM_UNORDERED: mpfr_add(S, xh, yh, MPFR_RNDN); break;
  case DW_ADD_FP: mpfr_add(S, xh, xl, MPFR_RNDN), mpfr_add(S, S, yh, MPFR_RNDN); break;
  case FF_ADD_SEED:
  case DW_ADD_SLOPPY:
  case DW_ADD_ACCURATE:
    mpfr_add(S, xh, xl, MPFR_RNDN), mpfr_add(t, yh, yl, MPFR_RNDN), mpfr_add(S, S, t, MPFR_RNDN);
    break;
  case DW_MUL_FP:
  case DW_MUL_FP_FMA: mpfr_add(S, xh, xl, MPFR_RNDN), mpfr_mul(S, S, yh, MPFR_RNDN); break;
  case FF_MUL_SEED:
  case DW_MUL_DW:
  case DW_MUL_DW_FMA:
    mpfr_add(S, xh, xl, MPFR_RNDN), mpfr_add(t, yh, yl, MPFR_RNDN), mpfr_mul(S, S, t, MPFR_RNDN);
    break;
  case SUM2_TWOSUM:
  case SUM2_FAST2SUM:
    mpfr_add(S, yh, xl, MPFR_RNDN); /* xh + yh - xh + xl */
    break;
  case FF_CONVERT_SEED: {
    /* the input double, formed as the tool documents: RN64(RN64(xh + xl) + yl 2^-24) */
    mpfr_t d;
    mpfr_init2(d, 53);
    mpfr_add(d, xh, xl, MPFR_RNDN);
    mpfr_mul_2si(t, yl, -24, MPFR_RNDN);
    mpfr_add(d, d, t, MPFR_RNDN);
    mpfr_set(S, d, MPFR_RNDN);
    mpfr_clear(d);
    mpfr_set_d(t, u2d(((uint64_t)r[1] << 32) | r[0]), MPFR_RNDN);
    mpfr_sub(E, t, S, MPFR_RNDN);
    mpfr_clears(xh, xl, yh, yl, t, (mpfr_ptr)0);
    return;
  }
  }
  mp_f(t, r[0]);
  mpfr_sub(E, t, S, MPFR_RNDN);
  if (!ff_is_sum2(op)) mp_f(t, r[1]), mpfr_add(E, E, t, MPFR_RNDN);
  mpfr_clears(xh, xl, yh, yl, t, (mpfr_ptr)0);
}

/* Every operation, random keys over all high words and every partner: the exact
 * decisions of ff_check.h agree with MPFR, the ratio within 2^-48 relative. */
static void test_exact_vs_mpfr(void **state) {
  (void)state;
  printf("seed 0x%016llx\n", (unsigned long long)test_rng_state);
  mpfr_t S, E, q, b;
  mpfr_inits2(PREC, S, E, q, b, (mpfr_ptr)0);
  const uint32_t npart = FF_ADV + 9;
  int checked = 0, bound_checks = 0;
  for (int op = 0; op < FF_NOPS; op++) {
    for (int it = 0; it < 4000; it++) {
      uint32_t xb = (uint32_t)test_rand64();
      if (it < 64) xb = (uint32_t)(0x3f800000u + it); /* some near 1 too */
      const uint32_t np = op == FF_CONVERT_SEED ? 1 : npart;
      struct ff_in in;
      ff_pair(op, (uint64_t)xb * np + (uint64_t)(it % np), np, 1, &in);
      if (!ff_pair_finite(&in)) continue;
      uint32_t r[2];
      ff_eval(op, &in, r);
      if (!ff_result_finite(op, r)) continue;
      struct ff_xp xs, xe;
      ff_exact(op, &in, r, &xs, &xe);
      mp_exact(op, &in, r, S, E);
      assert_int_equal(ff_xp_sign(&xs), mpfr_sgn(S) > 0 ? 1 : mpfr_sgn(S) < 0 ? -1 : 0);
      assert_int_equal(ff_xp_sign(&xe), mpfr_sgn(E) > 0 ? 1 : mpfr_sgn(E) < 0 ? -1 : 0);
      if (mpfr_sgn(S) != 0) {
        mpfr_div(q, E, S, MPFR_RNDN);
        mpfr_abs(q, q, MPFR_RNDN);
        double want = mpfr_get_d(q, MPFR_RNDN);
        double got = fabs(ff_xp_value(&xe)) / fabs(ff_xp_value(&xs));
        assert_true(fabs(got - want) <= want * 0x1p-48);
        /* exact bound comparisons, at a bound placed right at the measured ratio too */
        double bounds[3] = {2 * 0x1p-48, want, nextafter(want, 0)};
        for (int k = 0; k < 3; k++) {
          if (!(bounds[k] > 0)) continue;
          mpfr_set_d(b, bounds[k], MPFR_RNDN);
          mpfr_mul(b, b, S, MPFR_RNDN);
          mpfr_abs(b, b, MPFR_RNDN);
          mpfr_abs(q, E, MPFR_RNDN);
          int mp_within = mpfr_cmp(q, b) <= 0;
          assert_int_equal(ff_within(&xe, &xs, bounds[k]), mp_within);
          bound_checks++;
        }
      }
      if (ff_is_sum2(op)) {
        float rn = mpfr_get_flt(S, MPFR_RNDN);
        int want_rn = f2u(rn) == r[0] || (rn == 0.0f && u2f(r[0]) == 0.0f);
        assert_int_equal(ff_is_rn(r[0], &xs), want_rn);
      }
      checked++;
    }
  }
  printf("%d evaluations, %d bound comparisons agree with MPFR\n", checked, bound_checks);
  assert_true(checked > 30000);
  mpfr_clears(S, E, q, b, (mpfr_ptr)0);
}

/* ff_is_rn at hand-picked points: midpoints (ties to even), binade boundaries, zero. */
static void test_is_rn(void **state) {
  (void)state;
  struct ff_xp S;
  /* S = 1 + 2^-24 (a tie): RN is 1 (even), not 1 + 2^-23 */
  S.n = 0, ff_xp_add(&S, 1.0), ff_xp_add(&S, 0x1p-24);
  assert_true(ff_is_rn(0x3f800000u, &S));
  assert_false(ff_is_rn(0x3f800001u, &S));
  /* S = 1 + 3 2^-24 (a tie): RN is 1 + 2^-22 (even) */
  S.n = 0, ff_xp_add(&S, 1.0), ff_xp_add(&S, 3 * 0x1p-24);
  assert_true(ff_is_rn(0x3f800002u, &S));
  assert_false(ff_is_rn(0x3f800001u, &S));
  /* just below 1 by 2^-26: the spacing below 1 is 2^-24, so RN is 1 */
  S.n = 0, ff_xp_add(&S, 1.0), ff_xp_add(&S, -0x1p-26);
  assert_true(ff_is_rn(0x3f800000u, &S));
  /* 1 - 2^-25 is the midpoint of 1 - 2^-24 (odd) and 1: RN is 1 */
  S.n = 0, ff_xp_add(&S, 1.0), ff_xp_add(&S, -0x1p-25);
  assert_true(ff_is_rn(0x3f800000u, &S));
  assert_false(ff_is_rn(0x3f7fffffu, &S));
  /* 2^-150 rounds to zero (tie, zero even); 2^-150 + 2^-200 to 2^-149 */
  S.n = 0, ff_xp_add(&S, 0x1p-150);
  assert_true(ff_is_rn(0, &S));
  ff_xp_add(&S, 0x1p-200);
  assert_false(ff_is_rn(0, &S));
  assert_true(ff_is_rn(1, &S));
}

/* Hand-derived: TwoSum exact; Fast2Sum outside its precondition; the split overflow. */
static void test_hand_cases(void **state) {
  (void)state;
  float s, e;
  ff_two_sum(1.0f, 0x1p-30f, &s, &e);
  assert_true(s == 1.0f && e == 0x1p-30f);
  /* Fast2Sum(2^-30, 1): s = RN(1 + 2^-30) = 1; x - a = RN(1 - 2^-30) = 1 (spacing 2^-24
     below 1); e = 1 - 1 = 0: the 2^-30 is lost */
  ff_fast_two_sum(0x1p-30f, 1.0f, &s, &e);
  assert_true(s == 1.0f && e == 0.0f);
  struct ff_stats st;
  ff_stats_init(&st);
  struct ff_in in = {f2u(0x1p-30f), 0, f2u(1.0f), 0};
  uint32_t r[2] = {f2u(s), f2u(e)};
  int cls = -1;
  assert_int_equal(ff_account(&st, st.hist, EFT_FAST2SUM_UNORDERED, FF_PLAIN, 0.0, 0, &in, r, 2, &cls), 1);
  assert_int_equal(cls, FFC_PRECONDITION);
  assert_int_equal(st.inexact, 1);
  /* Dekker's TwoProduct with a = 1.5 2^116: 4097 a = 1.5 2^116 4097 > 2^128 overflows, so
     the split gives inf - inf = NaN and the error term is NaN */
  float p;
  ff_two_prod_dekker(0x1.8p116f, 1.0f, &p, &e);
  assert_true(p == 0x1.8p116f);
  assert_true(isnan(e));
  in = (struct ff_in){f2u(0x1.8p116f), 0, f2u(1.0f), 0};
  r[0] = f2u(p), r[1] = f2u(e);
  ff_stats_init(&st);
  assert_int_equal(ff_account(&st, st.hist, EFT_TWOPROD_DEKKER, FF_PLAIN, 0.0, 0, &in, r, 2, &cls), 1);
  assert_int_equal(cls, FFC_OVERFLOW);
  assert_int_equal(st.nonfinite, 1);
  /* the same with an FMA is exact: p = a, e = 0 */
  ff_two_prod_fma(0x1.8p116f, 1.0f, &p, &e);
  assert_true(p == 0x1.8p116f && e == 0.0f);
}

/* Flush to zero breaks 2Sum. Emulated flushing (every binary32 input and result below
 * 2^-126 replaced by zero), worked by hand for a = 2^-125, b = -(2^-125 - 2^-148):
 * x = fl(a + b) = fl(2^-148) = 0; bv = x - a = -2^-125; av = x - bv = 2^-125;
 * e = (a - av) + (b - bv) = 0 + fl(2^-148) = 0. So (s, e) = (0, 0) while a + b = 2^-148:
 * the checker must call it inexact, a failure of class underflow/flush. Without
 * flushing the same code is exact (x = 2^-148, e = 0). */
static float fz(float v) { return fabsf(v) < 0x1p-126f ? copysignf(0.0f, v) : v; }
static void test_ftz_breaks_twosum(void **state) {
  (void)state;
  float a = 0x1p-125f, b = -(0x1p-125f - 0x1p-148f);
  float x = fz(fz(a) + fz(b)), bv = fz(x - a), av = fz(x - bv), e = fz(fz(a - av) + fz(b - bv));
  assert_true(x == 0.0f && e == 0.0f);
  struct ff_in in = {f2u(a), 0, f2u(b), 0};
  uint32_t r[2] = {f2u(x), f2u(e)};
  struct ff_stats st;
  ff_stats_init(&st);
  int cls = -1;
  assert_int_equal(ff_account(&st, st.hist, EFT_TWOSUM, FF_FTZ, 0.0, 0, &in, r, 2, &cls), 1);
  assert_int_equal(cls, FFC_UNDERFLOW);
  assert_int_equal(st.inexact, 1);
  /* IEEE (no flush): exact */
  float s2, e2;
  ff_two_sum(a, b, &s2, &e2);
  assert_true(s2 == 0x1p-148f && e2 == 0.0f);
  r[0] = f2u(s2), r[1] = f2u(e2);
  ff_stats_init(&st);
  assert_int_equal(ff_account(&st, st.hist, EFT_TWOSUM, FF_PLAIN, 0.0, 0, &in, r, 2, &cls), 0);
  assert_int_equal(st.inexact, 0);
}

/* The CPU scan against a naive exact loop (MPFR, per pair) on small ranges: counts,
 * maxima and bound excesses; and a split of the range merged equals one pass. */
static void test_scan_vs_naive(void **state) {
  (void)state;
  ff_registry_init();
  static const uint32_t ranges[][2] = {{0x3f800000u, 0x3f80003fu}, {0x00000000u, 0x0000001fu},
                                       {0x7b000000u, 0x7b00001fu}, {0x80800000u, 0x8080001fu}};
  mpfr_t S, E, q, b;
  mpfr_inits2(PREC, S, E, q, b, (mpfr_ptr)0);
  for (int vi = 0; vi < FF_NVAR; vi++) {
    const struct ff_variant *v = &ff_variants[vi];
    if (v->flav != FF_PLAIN) continue;
    const uint32_t npart = ff_npart(v, 9);
    const double bound = v->bound_u2 < 0 ? -1.0 : v->bound_u2 * 0x1p-48;
    for (size_t ri = 0; ri < sizeof ranges / sizeof ranges[0]; ri++) {
      uint64_t inexact = 0, nonfinite = 0, exceeds = 0, pairs = 0;
      double maxrel = -1;
      for (uint64_t x = ranges[ri][0]; x <= ranges[ri][1]; x++)
        for (uint32_t k = 0; k < npart; k++) {
          struct ff_in in;
          ff_pair(v->op, x * npart + k, npart, 1, &in);
          if (!ff_pair_finite(&in)) continue;
          pairs++;
          uint32_t r[2];
          ff_eval(v->op, &in, r);
          if (!ff_result_finite(v->op, r)) {
            nonfinite++, inexact++, exceeds += bound >= 0;
            continue;
          }
          mp_exact(v->op, &in, r, S, E);
          inexact += mpfr_sgn(E) != 0;
          if (mpfr_sgn(S) == 0) {
            exceeds += mpfr_sgn(E) != 0 && bound >= 0;
            continue;
          }
          mpfr_div(q, E, S, MPFR_RNDN);
          mpfr_abs(q, q, MPFR_RNDN);
          double rel = mpfr_get_d(q, MPFR_RNDN);
          if (rel > maxrel) maxrel = rel;
          if (bound >= 0) {
            mpfr_set_d(b, bound, MPFR_RNDN);
            mpfr_mul(b, b, S, MPFR_RNDN);
            mpfr_abs(b, b, MPFR_RNDN);
            mpfr_abs(q, E, MPFR_RNDN);
            exceeds += mpfr_cmp(q, b) > 0;
          }
        }
      struct ff_stats st, a, c;
      ff_cpu_scan(v, ranges[ri][0], ranges[ri][1], npart, 1, 2, &st, NULL, NULL);
      assert_int_equal(st.pairs, pairs);
      assert_int_equal(st.inexact, inexact);
      assert_int_equal(st.nonfinite, nonfinite);
      assert_int_equal(st.exceeds, exceeds);
      assert_true(fabs(st.max_rel - maxrel) <= fabs(maxrel) * 0x1p-48);
      /* split in two and merged: identical */
      uint32_t mid = ranges[ri][0] + 7;
      ff_cpu_scan(v, ranges[ri][0], mid, npart, 1, 1, &a, NULL, NULL);
      ff_cpu_scan(v, mid + 1, ranges[ri][1], npart, 1, 2, &c, NULL, NULL);
      ff_stats_merge(&c, &a);
      assert_int_equal(memcmp(&c, &st, sizeof st), 0);
    }
  }
  mpfr_clears(S, E, q, b, (mpfr_ptr)0);
}

/* The seed's operators agree with the JMP algorithms they are (IEEE, no contraction). */
static void test_seed_is_sloppy(void **state) {
  (void)state;
  for (int it = 0; it < 100000; it++) {
    uint64_t key = test_rand64() % ((uint64_t)1 << 32) * 32 + (uint64_t)(it % 32);
    struct ff_in in;
    ff_pair(FF_ADD_SEED, key, 32, 7, &in);
    if (!ff_pair_finite(&in)) continue;
    uint32_t r1[2], r2[2];
    ff_eval(FF_ADD_SEED, &in, r1);
    ff_eval(DW_ADD_SLOPPY, &in, r2);
    assert_memory_equal(r1, r2, sizeof r1);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_exact_vs_mpfr), cmocka_unit_test(test_is_rn), cmocka_unit_test(test_hand_cases),
      cmocka_unit_test(test_ftz_breaks_twosum), cmocka_unit_test(test_scan_vs_naive),
      cmocka_unit_test(test_seed_is_sloppy)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
