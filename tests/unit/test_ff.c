/* test_ff.c: the exact float-float check against MPFR, hand-derived cases (split
 * overflow, flush-to-zero breaking 2Sum, Fast2Sum outside its precondition), an
 * independent naive exact loop compared with the CPU scan, and the merge of failure
 * lists that the kernel uses (ff_list.h). */
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "src/kinds/ff/ff.h"
#include "src/kinds/ff/ff_list.h"
#include "src/kinds/ff/ff_tally.h"
#include "src/kinds/ff/ff_walk.h"

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

/* A relative error within 2^-40 of the bound is decided exactly (ff_outcome_near). By hand:
 * DWPlusFP with x = (1, 0), y = 0 has S = 1; a given result (1, 2^-47) has E = 2^-47, so
 * rel = 2^-47 = 2u^2 exactly. Against B = 2^-47 and B = 2^-47 (1 + 2^-45) it is within
 * (|E| <= B |S|); against B = 2^-47 (1 - 2^-45) = 2^-47 - 2^-92 it exceeds, a failure of
 * class "other" (finite, no subnormal word, |S| = 1, no split, no precondition, plain),
 * in D (high words 1 and 0, |S| >= 2^-60). */
static void test_near_bound(void **state) {
  (void)state;
  const struct ff_in in = {f2u(1.0f), 0, 0, 0};
  const uint32_t r[2] = {f2u(1.0f), f2u(0x1p-47f)};
  static const double bounds[] = {0x1p-47, 0x1p-47 + 0x1p-92, 0x1p-47 - 0x1p-92};
  for (int i = 0; i < 3; i++) {
    struct ff_stats st;
    ff_stats_init(&st);
    int cls = -1;
    const int f = ff_account(&st, st.hist, DW_ADD_FP, FF_PLAIN, bounds[i], 5, &in, r, 2, &cls);
    assert_true(st.max_rel == 0x1p-47 && st.max_rel_key == 5 && st.max_rel_d == 0x1p-47);
    assert_int_equal(st.pairs, 1);
    assert_int_equal(st.in_domain, 1);
    assert_int_equal(st.inexact, 1);
    assert_int_equal(f, i == 2);
    assert_int_equal(st.exceeds, i == 2);
    assert_int_equal(st.exceeds_in_domain, i == 2);
    assert_int_equal(st.failures, i == 2);
    if (i == 2) assert_int_equal(cls, FFC_OTHER);
  }
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

/* ff_exact starts E as S negated (its comment says why that is the expansion TwoSum
 * builds from the negated terms, up to the signs of zeros). Against E built term by term,
 * -t[0], ..., -t[n - 1], then the result words: the same nonzero components, the same
 * binary64 value bit for bit, the same sign, on random pairs of every operation with
 * terms (the terms written out here from the operations' definitions). */
static int terms_of(int op, const struct ff_in *in, double *t) {
  const double xh = ff_f2d(in->xh), xl = ff_f2d(in->xl), yh = ff_f2d(in->yh), yl = ff_f2d(in->yl);
  switch (op) {
  case EFT_TWOPROD_DEKKER:
  case EFT_TWOPROD_FMA: t[0] = xh * yh; return 1;
  case EFT_TWOSUM:
  case EFT_FAST2SUM:
  case EFT_FAST2SUM_UNORDERED: t[0] = xh, t[1] = yh; return 2;
  case DW_ADD_FP: t[0] = xh, t[1] = xl, t[2] = yh; return 3;
  case FF_ADD_SEED:
  case DW_ADD_SLOPPY:
  case DW_ADD_ACCURATE: t[0] = xh, t[1] = xl, t[2] = yh, t[3] = yl; return 4;
  case DW_MUL_FP:
  case DW_MUL_FP_FMA: t[0] = xh * yh, t[1] = xl * yh; return 2;
  case FF_MUL_SEED:
  case DW_MUL_DW:
  case DW_MUL_DW_FMA: t[0] = xh * yh, t[1] = xh * yl, t[2] = xl * yh, t[3] = xl * yl; return 4;
  case SUM2_TWOSUM:
  case SUM2_FAST2SUM: t[0] = xh, t[1] = yh, t[2] = -xh, t[3] = xl; return 4;
  default: return -1;
  }
}
static void test_error_expansion(void **state) {
  (void)state;
  int checked = 0, zeros = 0;
  for (int op = 0; op < FF_NOPS; op++)
    for (int it = 0; it < 20000 && op != FF_CONVERT_SEED; it++) {
      uint32_t xb = (uint32_t)test_rand64();
      if (it < 64) xb = (uint32_t)(0x3f800000u + it);
      struct ff_in in;
      ff_pair(op, (uint64_t)xb * 32 + (uint64_t)(it % 32), 32, 3, &in);
      if (!ff_pair_finite(&in)) continue;
      uint32_t r[2];
      ff_eval(op, &in, r);
      struct ff_xp S, E, E0 = {0};
      ff_exact(op, &in, r, &S, &E);
      double t[4];
      const int nt = terms_of(op, &in, t);
      for (int i = 0; i < nt; i++) ff_xp_add(&E0, -t[i]);
      ff_xp_add(&E0, ff_f2d(r[0]));
      if (!ff_is_sum2(op)) ff_xp_add(&E0, ff_f2d(r[1]));
      assert_int_equal(E.n, E0.n);
      for (int i = 0; i < E.n; i++) {
        assert_true(E.c[i] == E0.c[i] || (isnan(E.c[i]) && isnan(E0.c[i])));
        zeros += E.c[i] == 0 && d2u(E.c[i]) != d2u(E0.c[i]);
      }
      assert_true(d2u(ff_xp_value(&E)) == d2u(ff_xp_value(&E0)) || isnan(ff_xp_value(&E)));
      assert_int_equal(ff_xp_sign(&E), ff_xp_sign(&E0));
      checked++;
    }
  printf("%d expansions equal; %d zero components of the other sign\n", checked, zeros);
  assert_true(checked > 200000);
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

/* ---- worst cases: published, and derived by hand, evaluated through the engine ----
 * A word or a formula is a polynomial in u = 2^-24 with integer coefficients, times 2^scale. */
struct upoly {
  int scale;
  long c[5]; /* c[0] + c[1] u + ... + c[4] u^4 */
};

static void q_upoly(mpq_t r, const struct upoly *p) {
  mpq_t t;
  mpq_init(t);
  mpq_set_ui(r, 0, 1);
  for (int k = 4; k >= 0; k--) { /* Horner in u */
    mpq_div_2exp(r, r, 24);
    mpq_set_si(t, p->c[k], 1);
    mpq_add(r, r, t);
  }
  if (p->scale >= 0) mpq_mul_2exp(r, r, (unsigned long)p->scale);
  else mpq_div_2exp(r, r, (unsigned long)-p->scale);
  mpq_clear(t);
}

/* The binary32 word of a polynomial that must be exactly one. */
static uint32_t word_of(const struct upoly *p) {
  mpq_t r, b;
  mpq_inits(r, b, (mpq_ptr)0);
  q_upoly(r, p);
  float f = (float)mpq_get_d(r); /* mpq_get_d truncates: exact when r is a binary32 */
  mpq_set_d(b, (double)f);
  assert_true(mpq_equal(r, b));
  mpq_clears(r, b, (mpq_ptr)0);
  return f2u(f);
}

/* The exact S of op on the operands, with GMP rationals (not ff_exact). */
static void q_exact(int op, const struct ff_in *in, mpq_t S) {
  mpq_t xh, xl, yh, yl, x, y;
  mpq_inits(xh, xl, yh, yl, x, y, (mpq_ptr)0);
  mpq_set_d(xh, (double)u2f(in->xh)), mpq_set_d(xl, (double)u2f(in->xl));
  mpq_set_d(yh, (double)u2f(in->yh)), mpq_set_d(yl, (double)u2f(in->yl));
  mpq_add(x, xh, xl);
  mpq_add(y, yh, yl); /* yl = 0 for operations with a binary32 y */
  if (op == DW_ADD_FP || op == DW_ADD_ACCURATE) mpq_add(S, x, y);
  else mpq_mul(S, x, y);
  mpq_clears(xh, xl, yh, yl, x, y, (mpq_ptr)0);
}

struct worst_case {
  const char *what;
  int op;
  struct upoly xh, xl, yh, yl;
  struct upoly num, den; /* the relative error, num / den */
  uint32_t key_xb, key_seed; /* where the default partner set (32 partners) holds it */
  int slot;
};

/* The two published worst cases (JMP 2017, the examples of Algorithms 4 and 6; u = 2^-24), and
 * four products derived here by hand. Each product is a pair the worst-case partner
 * FF_WORST_MUL builds in ordinary runs (high word key_xb, seed 1); the expected errors
 * below come from the derivations, not from the tool. Roundings are to nearest even;
 * "ulp 2u^2" etc. is the spacing of binary32 numbers at that magnitude.
 *
 * DWTimesFP1, x = 2^-20 (1 + 15522u, u - 541u^2), y = 2^20 (2 - 31014u); scaled by 2^20:
 *   xh y = 2 + 30u - 481399308u^2 = 2 + 2u - 11637260u^2 (481399308 = 28 2^24 + 11637260):
 *   ch = 2 (ulp 4u, 2u - 0.694u below the half), cl1 = 2u - 11637260u^2.
 *   xl y = 2u - 32096u^2 + 541 31014u^3 = 2u - 32095u^2 + 1358u^3 (541 31014 = 2^24 + 1358):
 *   ulp 2u^2, a tie at 2u - 32095u^2 broken upwards: cl2 = 2u - 32094u^2.
 *   Fast2Sum(ch, cl2): th = 2, tl1 = cl2. tl1 + cl1 = 4u - 11669354u^2, ulp 4u^2, a tie
 *   (-11669354 = -4 2917338 - 2) to even: tl2 = 4u - 11669352u^2. R = 2 + 4u - 11669352u^2.
 *   S = (1 + 15523u - 541u^2)(2 - 31014u) = 2 + 4u - 11669355u^2 + 1358u^3.
 *   E = 3u^2 - 1358u^3: relative (3u^2 - 1358u^3) / (2 + 4u - 11669355u^2 + 1358u^3),
 *   1.4999594 u^2 (bound 1.5u^2 + 4u^3).
 * DWTimesFP3, x = -2^-10 (1 + 3988u, u) (xl the tie: xh is even), y = -2^10 (1 + 4206u);
 *   unscaled and signs dropped (both negative): xh y = 1 + 8194u + 3988 4206u^2 and
 *   3988 4206 = 2^24 - 3688: ch = 1 + 8194u, cl1 = u - 3688u^2 (just below the
 *   midpoint u). xl y + cl1 = 2u + 518u^2, ulp 4u^2, a tie (518 = 4 129 + 2) to even:
 *   cl3 = 2u + 520u^2; R = 1 + 8196u + 520u^2. S = (1 + 3989u)(1 + 4206u)
 *   = 1 + 8195u + (2^24 + 518)u^2 = 1 + 8196u + 518u^2. E = 2u^2: relative
 *   2u^2 / (1 + 8196u + 518u^2) = 1.9990234 u^2 (bound 2u^2).
 * DWTimesDW1, x = 2^4 (1 + 10u, u - u^2), y = 2^-4 (1 + 12u, u - u^2); unscaled:
 *   xh yh = 1 + 22u + 120u^2: ch = 1 + 22u, cl1 = 120u^2.
 *   xh yl = u + 9u^2 - 10u^3 (ulp 2u^2, just below the midpoint): tl1 = u + 8u^2;
 *   xl yh = u + 11u^2 - 12u^3: tl2 = u + 10u^2.
 *   tl1 + tl2 = 2u + 18u^2, ulp 4u^2, a tie to even: cl2 = 2u + 16u^2.
 *   cl1 + cl2 = 2u + 136u^2 exact: cl3. R = 1 + 24u + 136u^2.
 *   S = (1 + 11u - u^2)(1 + 13u - u^2) = 1 + 24u + 141u^2 - 24u^3 + u^4.
 *   E = -5u^2 + 24u^3 - u^4: relative (5u^2 - 24u^3 + u^4) / S = 4.9999914 u^2: the
 *   7u^2 of JMP is not reached; 5u^2 (Muller and Rideau) nearly is.
 * DWTimesDW3, x = 2^12 (1 + 94u, u - 333u^2), y = 2^-12 (1 + 4u, u - 2u^2); unscaled:
 *   ch = 1 + 98u, cl1 = 376u^2. xl yl = u^2 - 335u^3 + 666u^4 (ulp u^3): tl0 = u^2 - 335u^3.
 *   xh yl + tl0 = u + 93u^2 - 523u^3 (ulp 2u^2, just below the midpoint): tl1 = u + 92u^2.
 *   xl yh + tl1 = 2u - 237u^2 - 1332u^3 (below 2u: ulp 2u^2, just below the midpoint):
 *   cl2 = 2u - 238u^2. cl1 + cl2 = 2u + 138u^2, ulp 4u^2, a tie to even: cl3 = 2u + 136u^2.
 *   R = 1 + 100u + 136u^2. S = (1 + 95u - 333u^2)(1 + 5u - 2u^2)
 *   = 1 + 100u + 140u^2 - 1855u^3 + 666u^4. E = -4u^2 + 1855u^3 - 666u^4: relative
 *   (4u^2 - 1855u^3 + 666u^4) / S = 3.9998656 u^2 (bound 4u^2). */
static const struct worst_case worst_cases[] = {
  {"DWPlusFP, JMP's example: 2u^2 / (1 + 3u - 2u^2)", DW_ADD_FP,
   {0, {1}}, {0, {0, 1, -1}}, {-1, {-1, 1}}, {0, {0}},
   {1, {0, 0, 1}}, {0, {1, 3, -2}}, 0x3f800000u, 1, FF_WORST_ADD},
  {"AccurateDWPlusDW, JMP's example: (3u^2 - 2u^3) / (1 + 3u - 3u^2 + 2u^3)", DW_ADD_ACCURATE,
   {0, {1}}, {0, {0, 1, -1}}, {-1, {-1, 1}}, {-1, {0, 0, -1, 2}},
   {0, {0, 0, 3, -2}}, {0, {1, 3, -3, 2}}, 0x3f800000u, 1, FF_WORST_ADD},
  {"DWTimesFP1, by hand: (3u^2 - 1358u^3) / (2 + 4u - 11669355u^2 + 1358u^3)", DW_MUL_FP,
   {-20, {1, 15522}}, {-20, {0, 1, -541}}, {20, {2, -31014}}, {0, {0}},
   {0, {0, 0, 3, -1358}}, {0, {2, 4, -11669355, 1358}}, 0x35801e51u, 1, FF_WORST_MUL},
  {"DWTimesFP3, by hand: 2u^2 / (1 + 8196u + 518u^2)", DW_MUL_FP_FMA,
   {-10, {-1, -3988}}, {-10, {0, -1}}, {10, {-1, -4206}}, {0, {0}},
   {1, {0, 0, 1}}, {0, {1, 8196, 518}}, 0xba8007cau, 1, FF_WORST_MUL},
  {"DWTimesDW1, by hand: (5u^2 - 24u^3 + u^4) / (1 + 24u + 141u^2 - 24u^3 + u^4)", DW_MUL_DW,
   {4, {1, 10}}, {4, {0, 1, -1}}, {-4, {1, 12}}, {-4, {0, 1, -1}},
   {0, {0, 0, 5, -24, 1}}, {0, {1, 24, 141, -24, 1}}, 0x41800005u, 1, FF_WORST_MUL},
  {"DWTimesDW3, by hand: (4u^2 - 1855u^3 + 666u^4) / (1 + 100u + 140u^2 - 1855u^3 + 666u^4)", DW_MUL_DW_FMA,
   {12, {1, 94}}, {12, {0, 1, -333}}, {-12, {1, 4}}, {-12, {0, 1, -2}},
   {0, {0, 0, 4, -1855, 666}}, {0, {1, 100, 140, -1855, 666}}, 0x4580002fu, 1, FF_WORST_MUL},
};

/* Each worst case, four ways: (1) the engine's evaluation (ff_eval) at the explicit
 * operands has exactly the expected relative error (GMP rationals, independent of
 * ff_exact); (2) the explicit-pair entry of the scans (ff_eval_account) reports it,
 * within the documented 2^-49, with the same printed digits, within the bound;
 * (3) the default partner set holds the pair at its key (ff_pair); (4) a CPU scan of
 * that one high word with the default 32 partners reports it as its maximum in D, at
 * that key, and for the paper's cases (no random bits) at -1, 2^10 and any seed too. */
static void test_worst_cases(void **state) {
  (void)state;
  ff_registry_init();
  mpq_t F, S, E, t;
  mpq_inits(F, S, E, t, (mpq_ptr)0);
  mpfr_t fr;
  mpfr_init2(fr, 200);
  for (size_t c = 0; c < sizeof worst_cases / sizeof worst_cases[0]; c++) {
    const struct worst_case *w = &worst_cases[c];
    const struct ff_variant *v = NULL;
    for (int i = 0; i < FF_NVAR; i++)
      if (ff_variants[i].op == w->op && ff_variants[i].flav == FF_PLAIN) v = &ff_variants[i];
    assert_non_null(v);
    const double bound = v->bound_u2 * 0x1p-48;
    struct ff_in in = {word_of(&w->xh), word_of(&w->xl), word_of(&w->yh), word_of(&w->yl)};
    q_upoly(F, &w->num);
    q_upoly(t, &w->den);
    mpq_div(F, F, t);
    /* (1) exact */
    uint32_t r[2];
    ff_eval(w->op, &in, r);
    q_exact(w->op, &in, S);
    mpq_set_d(E, (double)u2f(r[0]));
    mpq_set_d(t, (double)u2f(r[1]));
    mpq_add(E, E, t);
    mpq_sub(E, E, S);
    mpq_div(t, E, S);
    mpq_abs(t, t);
    if (!mpq_equal(t, F)) gmp_printf("%s: exact relative error %Qd, expected %Qd\n", w->what, t, F);
    assert_true(mpq_equal(t, F));
    /* (2) the explicit-pair entry */
    struct ff_stats st;
    ff_stats_init(&st);
    assert_int_equal(ff_eval_account(&st, st.hist, w->op, FF_PLAIN, bound, 0, &in), 0);
    assert_int_equal(st.pairs, 1);
    assert_int_equal(st.inexact, 1);
    assert_int_equal(st.in_domain, 1);
    assert_int_equal(st.exceeds, 0);
    mpfr_set_q(fr, F, MPFR_RNDN);
    double want = mpfr_get_d(fr, MPFR_RNDN);
    assert_true(fabs(st.max_rel_d - want) <= want * 0x1p-49);
    char got_s[64], want_s[64];
    const char *fmts[2] = {"%.6e", "%.12e"}, *mfmts[2] = {"%.6Re", "%.12Re"};
    for (int k = 0; k < 2; k++) {
      snprintf(got_s, sizeof got_s, fmts[k], st.max_rel_d);
      mpfr_snprintf(want_s, sizeof want_s, mfmts[k], fr);
      assert_string_equal(got_s, want_s);
    }
    mpfr_mul_2ui(fr, fr, 48, MPFR_RNDN);
    snprintf(got_s, sizeof got_s, "%.4f", st.max_rel_d * 0x1p48);
    mpfr_snprintf(want_s, sizeof want_s, "%.4Rf", fr);
    assert_string_equal(got_s, want_s);
    printf("%s: %s u^2 (%.9f u^2), bound %s\n", w->what, got_s, st.max_rel_d * 0x1p48, v->bound_text);
    /* (3) the key of the default partner set */
    const uint32_t npart = ff_npart(v, 9);
    assert_int_equal(npart, 32);
    struct ff_in k_in;
    ff_pair(w->op, (uint64_t)w->key_xb * npart + (uint64_t)w->slot, npart, w->key_seed, &k_in);
    assert_memory_equal(&k_in, &in, sizeof in);
    /* (4) a scan of that high word */
    const uint32_t paper[3] = {0x3f800000u, 0xbf800000u, 0x44800000u};
    const uint64_t seeds[2] = {1, 0x123456789abcdefull};
    int nx = w->slot == FF_WORST_ADD ? 3 : 1, ns = w->slot == FF_WORST_ADD ? 2 : 1;
    for (int a = 0; a < nx; a++)
      for (int b = 0; b < ns; b++) {
        uint32_t xb = w->slot == FF_WORST_ADD ? paper[a] : w->key_xb;
        uint64_t seed = w->slot == FF_WORST_ADD ? seeds[b] : w->key_seed;
        ff_cpu_scan(v, xb, xb, npart, seed, 1, &st, NULL, NULL);
        assert_int_equal(st.pairs + st.skipped, npart);
        assert_true(fabs(st.max_rel_d - want) <= want * 0x1p-49);
        assert_int_equal(st.max_rel_d_key, (uint64_t)xb * npart + (uint64_t)w->slot);
        assert_int_equal(st.exceeds_in_domain, 0);
      }
  }
  mpfr_clear(fr);
  mpq_clears(F, S, E, t, (mpq_ptr)0);
}

/* ff_div47 (a binary64 division in place of a 64-bit integer one) against the integer
 * division for every divisor it is given, and ff_fbits (normalized by a count of leading
 * zeros) against normalization one bit at a time, for every significand below 2^24 at
 * exponents that land in the normal and subnormal ranges and across their boundary. */
static void test_int_helpers(void **state) {
  (void)state;
  for (uint32_t d = 1u << 23; d < 1u << 24; d++) assert_true(ff_div47(d) == (1ull << 47) / d);
  static const int Es[] = {-100, -149, -150, -160, -170, -172, -173, -174, -180};
  for (size_t e = 0; e < sizeof Es / sizeof Es[0]; e++)
    for (uint32_t m = 0; m < 1u << 24; m++) {
      uint32_t mm = m, want;
      int E = Es[e];
      if (!mm) want = 0x80000000u;
      else {
        while (mm < (1u << 23)) mm <<= 1, E--;
        if (E + 150 >= 1) want = 0x80000000u | ((uint32_t)(E + 150) << 23) | (mm & 0x7fffffu);
        else want = 0x80000000u | (-149 - E >= 24 ? 0u : mm >> (-149 - E));
      }
      if (ff_fbits(m, Es[e], 0x80000000u) != want) fail_msg("ff_fbits(%#x, %d)", m, Es[e]);
    }
}

/* The kernel's walk (ff_walk.h), followed for every thread of a block on runs [kb, ke)
 * aligned and not to high words, of partner counts 1 (the conversion), 23 (no random
 * partner), 32 (the default), 33 and 4119 (the most): every key of the run is taken
 * exactly once, by the round that covers it; (xb, k) is the key's quotient and
 * remainder by npart; a warp's lanes take increasing keys; and with 32 partners on a
 * run that starts on a high word, a warp meets FF_COLS partners per round, every warp
 * each of them once in FF_WARPS rounds. */
static void test_walk(void **state) {
  (void)state;
  static const uint32_t nparts[] = {1, 23, 32, 33, 4119};
  /* run starts: high word starts[][0] and starts[][1] keys more */
  static const uint64_t starts[][2] = {{0, 0}, {1000, 0}, {0, 77}, {0x3f000000, 5}, {0xffffff00u, 3}};
  static const uint32_t lens[] = {1, 255, 256, 257, 4096, 5000};
  static uint8_t seen[5000];
  for (size_t a = 0; a < sizeof nparts / sizeof nparts[0]; a++)
    for (size_t b = 0; b < sizeof starts / sizeof starts[0]; b++)
      for (size_t c = 0; c < sizeof lens / sizeof lens[0]; c++) {
        const uint32_t np = nparts[a];
        const uint64_t kb = starts[b][0] * np + starts[b][1], kmax = ((uint64_t)1 << 32) * np; /* the last key + 1 */
        const uint32_t n = kmax - kb < lens[c] ? (uint32_t)(kmax - kb) : lens[c];
        const uint64_t ke = kb + n;
        uint32_t st[2];
        ff_walk_steps(np, st);
        memset(seen, 0, n);
        for (uint32_t tid = 0; tid < FF_THREADS; tid++) {
          struct ff_walk w;
          ff_walk_start(&w, tid, kb, np);
          uint64_t prev = 0;
          for (uint64_t base = kb, r = 0; base < ke; base += FF_THREADS, r++, ff_walk_next(&w, np, st)) {
            assert_true(w.key >= base && w.key < base + FF_THREADS);
            assert_true(w.k < np); /* beyond the run, past the last high word, xb may wrap */
            if (w.key < ke) assert_true((uint64_t)w.xb * np + w.k == w.key);
            if ((tid & 31) && r == 0) assert_true(w.key > prev);
            if (w.key < ke) seen[w.key - kb]++;
            if (np == 32 && kb % 32 == 0) /* partners FF_COLS g .. FF_COLS g + FF_COLS - 1, g = (warp + r) % FF_WARPS */
              assert_int_equal(w.k / FF_COLS, ((tid >> 5) + r) % FF_WARPS);
          }
          /* the lane order within the first round: thread tid - 1 of the same warp is below */
          ff_walk_start(&w, tid, kb, np);
          prev = w.key;
          if (tid & 31) {
            struct ff_walk v;
            ff_walk_start(&v, tid - 1, kb, np);
            for (int r = 0; r < 2 * FF_WARPS; r++, ff_walk_next(&w, np, st), ff_walk_next(&v, np, st))
              assert_true(v.key < w.key);
          }
        }
        for (uint32_t i = 0; i < n; i++) assert_int_equal(seen[i], 1);
      }
}

/* The kernel's counting (ff_tally.h: 16-bit counts two to a word, maxima by key offset)
 * against ff_account_bin's, pair by pair, on the same random pairs of every operation and
 * flavour at bounds none, exact, 2u^2 and the operation's measured neighbourhood: every
 * count, the failures as the sum of the classes, the maxima and their keys. */
static void test_tally(void **state) {
  (void)state;
  static const double bounds[] = {-1.0, 0.0, 2 * 0x1p-48, 0x1p-47 * (1 - 0x1p-42)};
  for (int op = 0; op < FF_NOPS; op++)
    for (int flav = 0; flav < FF_NFLAV; flav++)
      for (size_t b = 0; b < sizeof bounds / sizeof bounds[0]; b++) {
        struct ff_stats st;
        ff_stats_init(&st);
        struct ff_tally t;
        ff_tally_init(&t);
        const uint32_t np = op == FF_CONVERT_SEED ? 1 : 32;
        const uint64_t kb = (uint64_t)(test_rand64() % 0xfff00000u) * np;
        for (uint32_t off = 0; off < 3000; off++) {
          const uint64_t key = kb + (off * 7919u) % 3000u; /* every offset once, out of order */
          struct ff_in in;
          ff_pair(op, key, np, 5, &in);
          if (!ff_pair_finite(&in)) {
            st.skipped++, FT_ADD(&t, FT_SKIPPED, 1);
            continue;
          }
          uint32_t r[2];
          const int nr = ff_eval(op, &in, r);
          int hb, cls = -1;
          const int f = ff_account_bin(&st, &hb, op, flav, bounds[b], key, &in, r, nr, &cls);
          struct ff_outcome o;
          ff_outcome(op, bounds[b], &in, r, &o);
          if (o.ev & FFO_NEAR) ff_outcome_near(op, bounds[b], &in, r, &o);
          ff_tally_add(&t, &o, (uint32_t)(key - kb));
          assert_int_equal(hb, o.hbin);
          assert_int_equal(f, (o.ev & FFO_FAIL) != 0);
          if (f) ff_tally_fail(&t, ff_classify(op, flav, &in, r, nr, o.sv));
        }
        const uint64_t want[FT_N] = {st.in_domain, st.inexact, st.nonfinite, st.zero_exact, st.zero_mismatch,
                                     st.exceeds, st.not_cr, st.claim_mismatch, st.pairs, st.exceeds_in_domain,
                                     st.skipped, st.cls[0], st.cls[1], st.cls[2], st.cls[3], st.cls[4]};
        uint64_t fails = 0;
        for (int c = 0; c < FT_N; c++) assert_int_equal(ff_tally_count(&t, c), want[c]);
        for (int c = 0; c < FFC_N; c++) fails += ff_tally_count(&t, FT_CLS + c);
        assert_int_equal(fails, st.failures);
        assert_true(d2u(t.max_rel) == d2u(st.max_rel) && d2u(t.max_rel_d) == d2u(st.max_rel_d));
        if (st.max_rel >= 0) assert_int_equal(kb + t.max_rel_off, st.max_rel_key);
        if (st.max_rel_d >= 0) assert_int_equal(kb + t.max_rel_d_off, st.max_rel_d_key);
      }
}

/* ---- failure lists (ff_list.h) ---- */

/* list l of a hand-built set: keys[0 .. n), each record's rh = 100 key + l (so that a
 * merged record shows it moved whole, from its list) */
static void mk_list(struct ff_fail *lists, uint32_t *n, int l, const uint64_t *keys, uint32_t nk) {
  n[l] = nk;
  for (uint32_t i = 0; i < nk; i++)
    lists[l * FF_LIST + i] = (struct ff_fail){keys[i], (uint32_t)(100 * keys[i] + (uint64_t)l), 7, (uint32_t)l, 0};
}

static void want_list(const struct ff_fail *out, uint32_t got, const uint64_t *keys, const int *from, uint32_t n) {
  assert_int_equal(got, n);
  for (uint32_t i = 0; i < n; i++) {
    assert_int_equal(out[i].key, keys[i]);
    assert_int_equal(out[i].rh, 100 * keys[i] + (uint64_t)from[i]);
    assert_int_equal(out[i].rl, 7);
    assert_int_equal(out[i].cls, from[i]);
  }
}

/* Hand-built lists, the expected merges worked out by hand. */
static void test_list_merge_hand(void **state) {
  (void)state;
  assert_int_equal(FF_LIST, 8); /* the cases below count on it */
  struct ff_fail lists[FF_MERGE_MAX * FF_LIST], out[FF_LIST];
  uint32_t n[FF_MERGE_MAX];
  /* interleaved, one list empty, one full: the union sorted is 1 2 4 5 6 7 8 9 10 11 12 13
     30; its 8 lowest are 1 (list 3), 2 (0), 4 5 (1), 6 7 8 (3), 9 (0) */
  const uint64_t a0[] = {2, 9}, a1[] = {4, 5, 30}, a3[] = {1, 6, 7, 8, 10, 11, 12, 13};
  mk_list(lists, n, 0, a0, 2), mk_list(lists, n, 1, a1, 3), mk_list(lists, n, 2, NULL, 0), mk_list(lists, n, 3, a3, 8);
  const uint64_t w1[] = {1, 2, 4, 5, 6, 7, 8, 9};
  const int f1[] = {3, 0, 1, 1, 3, 3, 3, 0};
  want_list(out, ff_list_merge(lists, n, 4, out), w1, f1, 8);
  /* fewer than FF_LIST in all: 50 (list 1), 100 (0), 150 (1) */
  const uint64_t b0[] = {100}, b1[] = {50, 150}, w2[] = {50, 100, 150};
  const int f2[] = {1, 0, 1};
  mk_list(lists, n, 0, b0, 1), mk_list(lists, n, 1, b1, 2);
  want_list(out, ff_list_merge(lists, n, 2, out), w2, f2, 3);
  /* nothing: no list, or only empty ones */
  assert_int_equal(ff_list_merge(lists, n, 0, out), 0);
  mk_list(lists, n, 0, NULL, 0), mk_list(lists, n, 1, NULL, 0);
  assert_int_equal(ff_list_merge(lists, n, 2, out), 0);
  /* the kernel's shape, 1 + 8 lists: an empty earlier list and eight full warp lists, warp w
     holding keys w + 8 i (i = 0..7, as if every lane failed): the 8 lowest are 0..7, key k
     from warp k, list 1 + k */
  mk_list(lists, n, 0, NULL, 0);
  for (int w = 0; w < 8; w++) {
    uint64_t k[8];
    for (int i = 0; i < 8; i++) k[i] = (uint64_t)(w + 8 * i);
    mk_list(lists, n, 1 + w, k, 8);
  }
  const uint64_t w3[] = {0, 1, 2, 3, 4, 5, 6, 7};
  const int f3[] = {1, 2, 3, 4, 5, 6, 7, 8};
  want_list(out, ff_list_merge(lists, n, 9, out), w3, f3, 8);
  /* a full earlier list of lower keys (an earlier launch): it stays as it was */
  const uint64_t c0[] = {0, 1, 2, 3, 4, 5, 6, 7};
  for (int w = 0; w < 8; w++) {
    uint64_t k[8];
    for (int i = 0; i < 8; i++) k[i] = (uint64_t)(8 + w + 8 * i);
    mk_list(lists, n, 1 + w, k, 8);
  }
  mk_list(lists, n, 0, c0, 8);
  const int f4[] = {0, 0, 0, 0, 0, 0, 0, 0};
  want_list(out, ff_list_merge(lists, n, 9, out), c0, f4, 8);
}

/* The kernel's scheme against the host's list (ff_list_insert, in any order): launches of
 * a block of FF_WARPS warps walking its run as the kernel does (ff_walk, 32 partners);
 * each warp appends its failures in lane order while it has room, then the earlier list
 * and the warps' lists are merged. Failure densities from none to every pair, over
 * several launches, and runs of any length. */
static void test_list_merge_warps(void **state) {
  (void)state;
  assert_true(FF_WARPS + 1 <= FF_MERGE_MAX);
  for (int trial = 0; trial < 2000; trial++) {
    struct ff_stats host;
    ff_stats_init(&host);
    struct ff_fail lists[(FF_WARPS + 1) * FF_LIST], merged[FF_LIST];
    uint32_t n[FF_WARPS + 1] = {0};
    uint64_t kb = test_rand64() % 1000;
    const int launches = 1 + (int)(test_rand64() % 4);
    for (int la = 0; la < launches; la++) {
      const uint64_t ke = kb + test_rand64() % 1500;
      const uint64_t dens = test_rand64() % 5; /* a pair fails with probability dens^2 / 16 */
      struct ff_walk w[FF_THREADS];
      uint32_t st[2];
      ff_walk_steps(32, st);
      for (uint32_t t = 0; t < FF_THREADS; t++) ff_walk_start(&w[t], t, kb, 32);
      for (int i = 1; i <= FF_WARPS; i++) n[i] = 0;
      for (uint64_t base = kb; base < ke; base += FF_THREADS)
        for (uint32_t t = 0; t < FF_THREADS; t++) { /* warp by warp, lane by lane */
          const uint64_t key = w[t].key;
          ff_walk_next(&w[t], 32, st);
          if (key >= ke || test_rand64() % 16 >= dens * dens) continue;
          const struct ff_fail f = {key, (uint32_t)key ^ 0x5a5a5a5au, (uint32_t)(key >> 3), (uint32_t)(key % 5), 0};
          ff_list_insert(&host, &f);
          const uint32_t l = 1 + t / 32;
          if (n[l] < FF_LIST) lists[l * FF_LIST + n[l]++] = f;
        }
      n[0] = ff_list_merge(lists, n, FF_WARPS + 1, merged);
      memcpy(lists, merged, sizeof merged);
      kb = ke + test_rand64() % 3000; /* the next launch starts higher */
    }
    assert_int_equal(n[0], host.nfail);
    assert_memory_equal(lists, host.fail, n[0] * sizeof(struct ff_fail));
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_exact_vs_mpfr), cmocka_unit_test(test_is_rn), cmocka_unit_test(test_hand_cases), cmocka_unit_test(test_near_bound), cmocka_unit_test(test_error_expansion),
      cmocka_unit_test(test_ftz_breaks_twosum), cmocka_unit_test(test_scan_vs_naive),
      cmocka_unit_test(test_seed_is_sloppy), cmocka_unit_test(test_worst_cases),
      cmocka_unit_test(test_int_helpers), cmocka_unit_test(test_walk), cmocka_unit_test(test_tally), cmocka_unit_test(test_list_merge_hand),
      cmocka_unit_test(test_list_merge_warps)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
