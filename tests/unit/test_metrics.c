/* test_metrics.c: the ulp metric, RN24 from (y, t), per-input accounting and claim
 * verdicts, on hand-derived cases (each derivation in the comment beside it). */
#include "testutil.h"

#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "src/measure/item_stats.h"
#include "src/measure/metrics.h"
#include "reference/reference.h"
#include "src/catalogue/registry.h"
#include "src/report/percent.h"

/* ulp(y) = 2^(max(floor(log2|y|), -126) - 23) */
static void test_ulp_binades(void **state) {
  (void)state;
  assert_true(inv_ulp32(1.0) == 0x1p23);          /* ulp(1) = 2^-23 */
  assert_true(inv_ulp32(1.5) == 0x1p23);          /* same binade */
  assert_true(inv_ulp32(0x1.fffffffffffffp0) == 0x1p23);
  assert_true(inv_ulp32(2.0) == 0x1p22);          /* crossing up: ulp(2) = 2^-22 */
  assert_true(inv_ulp32(0x1.fffffffffffffp-1) == 0x1p24); /* just below 1: ulp = 2^-24 */
  assert_true(inv_ulp32(-3.0) == 0x1p22);         /* sign does not matter */
  assert_true(inv_ulp32(0x1p127) == 0x1p-104);    /* largest binade: 2^(127-23) */
  assert_true(inv_ulp32(0x1p200) == 0x1p-177);    /* beyond binary32: formula still applies */
}

static void test_ulp_subnormal_and_zero(void **state) {
  (void)state;
  assert_true(inv_ulp32(0x1p-126) == 0x1p149);  /* smallest normal: 2^(-126-23) */
  assert_true(inv_ulp32(0x1p-127) == 0x1p149);  /* subnormal: floored at 2^-149 */
  assert_true(inv_ulp32(0x1p-149) == 0x1p149);
  assert_true(inv_ulp32(0x1p-160) == 0x1p149);  /* below the subnormals */
  assert_true(inv_ulp32(0.0) == 0x1p149);
  assert_true(inv_ulp32(-0.0) == 0x1p149);
  assert_true(inv_ulp32(0x1p-1074) == 0x1p149); /* binary64 subnormal */
}

static void test_ulp_error_values(void **state) {
  (void)state;
  /* out = 1, exact 1 - 2^-30 (binade [1/2, 1), ulp 2^-24): error 2^-30 / 2^-24 = 2^-6 */
  assert_true(ulp_error(1.0f, 1.0 - 0x1p-30) == 0x1p-6);
  /* out = 1 - 2^-24 (float below 1), exact 1: ulp(1) = 2^-23, error 1/2 */
  assert_true(ulp_error(nextdown32(1.0f), 1.0) == 0.5);
  /* same two numbers the other way round: exact 1 - 2^-24 has ulp 2^-24: error 1 */
  assert_true(ulp_error(1.0f, 1.0 - 0x1p-24) == 1.0);
  /* subnormal: exact 2^-140, out 2^-140 + 2^-149: one subnormal ulp */
  assert_true(ulp_error(0x1p-140f + 0x1p-149f, 0x1p-140) == 1.0);
  /* exact 2^-151, out 0: 2^-151 / 2^-149 = 1/4 */
  assert_true(ulp_error(0.0f, 0x1p-151) == 0.25);
  /* exact 0, out the smallest subnormal: 1 ulp */
  assert_true(ulp_error(0x1p-149f, 0.0) == 1.0);
  /* exact -2.5, out -2.5 + 2^-21 (one float ulp in [2, 4)): 1 */
  assert_true(ulp_error(-2.5f + 0x1p-22f, -2.5) == 1.0);
}

static void test_hist_bins(void **state) {
  (void)state;
  assert_int_equal(hist_bin(0.0), 0);
  assert_int_equal(hist_bin(0x1p-11), 1);              /* below 2^-10 */
  assert_int_equal(hist_bin(0x1p-10), 2);              /* [2^-10, 2^-9) */
  assert_int_equal(hist_bin(0.5), 2 + (-1 - HIST_KMIN)); /* [1/2, 1) */
  assert_int_equal(hist_bin(1.0), 2 - HIST_KMIN);      /* [1, 2) */
  assert_int_equal(hist_bin(1.99), 2 - HIST_KMIN);
  assert_int_equal(hist_bin(133.9), 2 + 7 - HIST_KMIN); /* [128, 256) */
  assert_int_equal(hist_bin(0x1p60), HIST_N - 1);
}

/* RN24 from (y, t): y = 1 + 2^-24 is the midpoint of 1 and 1 + 2^-23. */
static void test_rn32_midpoints(void **state) {
  (void)state;
  const double mid = 1.0 + 0x1p-24;
  assert_int_equal(ms_rn32(mid, +1), f2u(1.0f));             /* y above exact: exact below mid */
  assert_int_equal(ms_rn32(mid, -1), f2u(1.0f + 0x1p-23f));  /* exact above mid */
  assert_int_equal(ms_rn32(mid, 0), f2u(1.0f));              /* true tie: to even (1.0) */
  assert_int_equal(ms_rn32(-mid, -1), f2u(-1.0f));           /* negative: y below exact, |exact| < |mid| */
  assert_int_equal(ms_rn32(-mid, +1), f2u(-1.0f - 0x1p-23f));
  /* odd neighbour: midpoint of 1+2^-23 and 1+2^-22; tie goes to 1+2^-22 (even) */
  const double mid2 = 1.0 + 0x1p-23 + 0x1p-24;
  assert_int_equal(ms_rn32(mid2, 0), f2u(1.0f + 0x1p-22f));
  assert_int_equal(ms_rn32(mid2, +1), f2u(1.0f + 0x1p-23f));
  /* subnormal: 2^-150 is the midpoint of 0 and 2^-149 */
  assert_int_equal(ms_rn32(0x1p-150, -1), 1u);
  assert_int_equal(ms_rn32(0x1p-150, +1), 0u);
  assert_int_equal(ms_rn32(0x1p-150, 0), 0u);
  assert_int_equal(ms_rn32(-0x1p-150, +1), 0x80000001u); /* negative: exact below -2^-150 */
  /* overflow boundary 2^128 - 2^103 */
  assert_int_equal(ms_rn32(0x1.ffffffp127, +1), 0x7f7fffffu);
  assert_int_equal(ms_rn32(0x1.ffffffp127, -1), 0x7f800000u);
  assert_int_equal(ms_rn32(0x1.ffffffp127, 0), 0x7f800000u);
  assert_int_equal(ms_rn32(-0x1.ffffffp127, -1), 0xff7fffffu);
  /* not midpoints: plain rounding whatever t says */
  assert_int_equal(ms_rn32(1.0 + 0x1p-25, -1), f2u(1.0f));
  assert_int_equal(ms_rn32(1.0 + 0x1p-24 + 0x1p-40, +1), f2u(1.0f + 0x1p-23f));
  assert_int_equal(ms_rn32(-0.0, 0), 0x80000000u);
  assert_int_equal(ms_rn32(NAN, 0) & 0x7fc00000u, 0x7fc00000u);
}

static struct stats S;

/* One input against an exactly representable reference y (t = 0), whose correct rounding
 * rn is derived by hand at the call: checked against the engine's RN24, then accounted. */
static void add_rn(struct stats *s, uint32_t x, uint32_t out, double y, uint32_t rn) {
  if (!isnan(y)) assert_int_equal(ms_rn32(y, 0), rn);
  stats_add(s, x, out, y, 0);
}

static void test_accounting_special(void **state) {
  (void)state;
  stats_init(&S);
  add_rn(&S, 0x7fc00000u, 0x7fc00001u, NAN, 0x7fc00000u); /* NaN in, NaN out: correct */
  assert_int_equal(S.correctly_rounded, 1);
  assert_int_equal(S.special_mismatches, 0);
  add_rn(&S, 0x7fc00001u, 0x3f800000u, NAN, 0x7fc00000u); /* NaN in, 1.0 out */
  assert_int_equal(S.special_mismatches, 1);
  assert_int_equal(S.special[0].input, 0x7fc00001u);
  add_rn(&S, 0x80000000u, 0x00000000u, -0.0, 0x80000000u); /* -0 expected, +0 out */
  assert_int_equal(S.special_mismatches, 2);
  assert_int_equal(S.special[0].input, 0x7fc00001u); /* list stays sorted by input */
  assert_int_equal(S.special[1].input, 0x80000000u);
  add_rn(&S, 0x3f000000u, 0x7f800000u, 0.5, 0x3f000000u); /* inf where 0.5 is exact */
  assert_int_equal(S.nonfinite, 1);
  assert_int_equal(S.above_1ulp, 1);
  assert_int_equal(S.n_nonfinite, 1); /* listed with the correctly rounded result */
  assert_int_equal(S.nonfinite_first[0].input, 0x3f000000u);
  assert_int_equal(S.nonfinite_first[0].output, 0x7f800000u);
  assert_int_equal(S.nonfinite_first[0].other, 0x3f000000u);
  add_rn(&S, 0x00001000u, 0x00000000u, 0x1p-140, 0x00000200u); /* flushed */
  assert_int_equal(S.flushed, 1);
  add_rn(&S, 0x00000001u, 0x00000000u, 0x1p-151, 0x00000000u); /* correctly rounded 0: not flushed */
  assert_int_equal(S.flushed, 1);
  assert_int_equal(S.inputs, 6);
  /* correctly rounded overflow: exact 2^130, output +inf */
  add_rn(&S, 0x43000000u, 0x7f800000u, 0x1p130, 0x7f800000u);
  assert_int_equal(S.nonfinite, 1);
  assert_int_equal(S.n_nonfinite, 1);
}

/* The lists of non-finite outputs through folds and merges: a part's list of
 * min(count, LIST_MAX) inputs is kept; a part (or a file) that counted some without a list
 * leaves the statistics without any (never a list that may not be the lowest). */
static void test_nonfinite_lists(void **state) {
  (void)state;
  static struct stats a, b, c;
  stats_init(&a), stats_init(&b), stats_init(&c);
  /* NaN at 0x40000000 + 3k, k = 0..9 (10 inputs), exact 2 everywhere (RN24 = 0x40000000):
   * a gets k odd, b k even, c all; the lowest 8 are k = 0..7 */
  for (uint32_t k = 0; k < 10; k++) {
    stats_add(k % 2 ? &a : &b, 0x40000000u + 3 * k, 0x7fc00000u, 2.0, 0);
    stats_add(&c, 0x40000000u + 3 * k, 0x7fc00000u, 2.0, 0);
  }
  assert_int_equal(a.n_nonfinite, 5);
  assert_int_equal(c.n_nonfinite, LIST_MAX);
  stats_merge(&a, &b);
  assert_int_equal(a.nonfinite, 10);
  assert_int_equal(a.n_nonfinite, LIST_MAX);
  for (int k = 0; k < LIST_MAX; k++) assert_int_equal(a.nonfinite_first[k].input, 0x40000000u + 3 * (uint32_t)k);
  const char *field = NULL;
  assert_true(stats_equal(&a, &c, &field));
  /* a part that counted 3 without listing them (as the pair kind's reductions do) */
  struct part p;
  part_init(&p);
  p.a.nonfinite = 3, p.a.inputs = 3;
  stats_init(&b);
  stats_fold_part(&b, 0x50000000u, 3, &p);
  assert_true(b.nonfinite_unlisted);
  assert_int_equal(b.n_nonfinite, 0);
  stats_merge(&a, &b);
  assert_int_equal(a.nonfinite, 13);
  assert_true(a.nonfinite_unlisted);
  assert_int_equal(a.n_nonfinite, 0);
  assert_false(stats_equal(&a, &c, &field));
  /* a side with no non-finite outputs needs no list */
  stats_init(&b);
  stats_add(&b, 0x3f800000u, 0x3f800000u, 1.0, 0);
  stats_merge(&c, &b);
  assert_false(c.nonfinite_unlisted);
  assert_int_equal(c.n_nonfinite, LIST_MAX);
}

static void test_accounting_max_ties(void **state) {
  (void)state;
  stats_init(&S);
  /* exact 1 - 2^-30 (ulp 2^-24): outputs 1 (error 2^-6) at two inputs; the lower wins */
  add_rn(&S, 0x200u, 0x3f800000u, 1.0 - 0x1p-30, 0x3f800000u);
  add_rn(&S, 0x100u, 0x3f800000u, 1.0 - 0x1p-30, 0x3f800000u);
  add_rn(&S, 0x300u, 0x3f800000u, 1.0 - 0x1p-30, 0x3f800000u);
  assert_true(S.max_ulp == 0x1p-6);
  assert_int_equal(S.max_ulp_input, 0x100u);
  assert_int_equal(S.max_rel_input, 0x100u);
  assert_int_equal(S.correctly_rounded, 3);
  assert_int_equal(S.faithful, 3);
  assert_int_equal(S.hist[hist_bin(0x1p-6)], 3);
}

static void test_symmetry_monotonic(void **state) {
  (void)state;
  stats_init(&S);
  stats_symmetry(&S, 0x3f000000u, 0x3e000000u, 0xbe000000u, 1); /* odd and right */
  stats_symmetry(&S, 0x3f000001u, 0x3e000000u, 0xbe000001u, 1); /* odd, off by one */
  stats_symmetry(&S, 0x3f000002u, 0x3e000000u, 0x3e000000u, 0); /* even and right */
  assert_int_equal(S.symmetry_checked, 3);
  assert_int_equal(S.symmetry_violations, 1);
  assert_int_equal(S.sym[0].input, 0x3f000001u);
  stats_monotonic(&S, 0x10u, 0x3f000000u, 0x3f000001u, 1); /* increases: fine */
  stats_monotonic(&S, 0x11u, 0x3f000001u, 0x3f000000u, 1); /* decreases: violation */
  stats_monotonic(&S, 0x12u, 0x3f000001u, 0x3f000000u, 0); /* decreasing wanted: fine */
  stats_monotonic(&S, 0x13u, 0x80000000u, 0x00000000u, 1); /* -0 then +0: equal values */
  assert_int_equal(S.monotonic_violations, 1);
  assert_int_equal(S.mono[0].input, 0x10u);
}

static void test_list_keeps_lowest(void **state) {
  (void)state;
  struct sample l[LIST_MAX];
  int n = 0;
  for (uint32_t i = 100; i > 0; i--) list_insert(l, &n, (struct sample){i * 7 % 101, 0, 0, 0});
  assert_int_equal(n, LIST_MAX);
  /* i*7 mod 101 for i = 1..100 takes every value 1..100 once: the lowest are 1..8 */
  for (int i = 0; i < LIST_MAX; i++) assert_int_equal(l[i].input, (uint32_t)i + 1);
}

static void test_claim_verdicts(void **state) {
  (void)state;
  char r[64];
  assert_int_equal(claim_verdict("133.95290", CLAIM_MEASURED, 133.952904, r, sizeof r), VERDICT_HOLDS);
  assert_string_equal(r, "133.95290");
  assert_int_equal(claim_verdict("133.95290", CLAIM_MEASURED, 133.9528, r, sizeof r), VERDICT_LOOSE);
  assert_int_equal(claim_verdict("133.95290", CLAIM_MEASURED, 133.95296, r, sizeof r), VERDICT_VIOLATED);
  assert_int_equal(claim_verdict("1.1126e-5", CLAIM_MEASURED, 1.11264e-5, r, sizeof r), VERDICT_HOLDS);
  assert_string_equal(r, "1.1126e-05");
  assert_int_equal(claim_verdict("1.1126e-5", CLAIM_MEASURED, 1.11266e-5, r, sizeof r), VERDICT_VIOLATED);
  assert_int_equal(claim_verdict("2", CLAIM_DOCUMENTED, 1.5, r, sizeof r), VERDICT_HOLDS);
  assert_int_equal(claim_verdict("2", CLAIM_DOCUMENTED, 2.01, r, sizeof r), VERDICT_VIOLATED);
  assert_int_equal(claim_verdict("x", CLAIM_MEASURED, 1, r, sizeof r), VERDICT_NONE);
  assert_int_equal(claim_verdict(NULL, CLAIM_MEASURED, 1, r, sizeof r), VERDICT_NONE);
}


/* Absolute error |out - y| over the inputs in [abs_lo, abs_hi]. */
static void test_abs_error_range(void **state) {
  (void)state;
  stats_init(&S);
  assert_true(S.max_abs == -1.0);
  assert_true(isinf(S.abs_lo) && S.abs_lo < 0 && isinf(S.abs_hi) && S.abs_hi > 0); /* default: every input */
  stats_set_abs_range(&S, 0.5, 2.0);
  /* x = 0.5 (the lower end, in range): out 1, exact 1 - 2^-30: |1 - (1 - 2^-30)| = 2^-30 */
  add_rn(&S, 0x3f000000u, 0x3f800000u, 1.0 - 0x1p-30, 0x3f800000u);
  /* x = 3 (out of range): a larger error, 2^-20, is not counted */
  add_rn(&S, 0x40400000u, 0x3f800000u, 1.0 - 0x1p-20, 0x3f7ffff0u); /* 1 - 2^-20 is a binary32 number */
  /* x = 0.25 (below the range): 2^-10, not counted */
  add_rn(&S, 0x3e800000u, 0x3f800000u, 1.0 - 0x1p-10, 0x3f7fc000u);
  /* x = 2 (the upper end, in range): out 0.5, exact 0.5 + 2^-40: 2^-40, smaller */
  add_rn(&S, 0x40000000u, 0x3f000000u, 0.5 + 0x1p-40, 0x3f000000u);
  assert_true(S.max_abs == 0x1p-30);
  assert_int_equal(S.max_abs_input, 0x3f000000u);
  assert_int_equal(S.max_abs_output, 0x3f800000u);
  assert_true(S.max_abs_ref == 1.0 - 0x1p-30);
  /* the ulp error sees every input: 2^-10 / 2^-24 = 2^14 at x = 0.25 */
  assert_true(S.max_ulp == 0x1p14);
  /* x = 1.5 through the slow path (zero output, exact 2^-29): flushed, and measured: 2^-29 */
  add_rn(&S, 0x3fc00000u, 0x00000000u, 0x1p-29, 0x31000000u);
  assert_int_equal(S.flushed, 1);
  assert_true(S.max_abs == 0x1p-29);
  assert_int_equal(S.max_abs_input, 0x3fc00000u);
  /* x = 1.25, an infinite output where the exact value is finite: non-finite, not measured */
  add_rn(&S, 0x3fa00000u, 0x7f800000u, 0.75, 0x3f400000u);
  assert_true(S.max_abs == 0x1p-29);
  /* a NaN input is never in range */
  add_rn(&S, 0x7fc00000u, 0x3f800000u, NAN, 0x7fc00000u);
  assert_int_equal(S.max_abs_input, 0x3fc00000u);
}

/* [-pi, pi] as the registry states it: RN53(pi) = 0x1.921fb54442d18p1 lies between
 * the binary32 neighbours 0x40490fda (3.14159250) and 0x40490fdb (3.14159274) of pi. */
static int in_range(const struct stats *s, uint32_t x) {
  struct measure_cfg c;
  stats_measure_cfg(s, &c);
  return measure_in_abs_range(&c, x);
}

static void test_abs_error_pi_range(void **state) {
  (void)state;
  stats_init(&S);
  stats_set_abs_range(&S, -0x1.921fb54442d18p1, 0x1.921fb54442d18p1);
  assert_true(in_range(&S, 0x40490fdau));
  assert_false(in_range(&S, 0x40490fdbu));
  assert_true(in_range(&S, 0xc0490fdau));
  assert_false(in_range(&S, 0xc0490fdbu));
  assert_true(in_range(&S, 0x80000000u)); /* -0 */
  assert_false(in_range(&S, 0xffc00000u)); /* NaN */
}

/* Ties go to the lowest input, within a run, across runs and across merges. */
static void test_abs_error_ties(void **state) {
  (void)state;
  /* exact 1 - 2^-30, output 1: error 2^-30 at every input */
  const double y = 1.0 - 0x1p-30;
  stats_init(&S);
  add_rn(&S, 0x3f800020u, 0x3f800000u, y, 0x3f800000u);
  add_rn(&S, 0x3f800010u, 0x3f800000u, y, 0x3f800000u);
  add_rn(&S, 0x3f800018u, 0x3f800000u, y, 0x3f800000u);
  assert_true(S.max_abs == 0x1p-30);
  assert_int_equal(S.max_abs_input, 0x3f800010u);
  /* one run of four inputs, the maximum tied at its second and fourth */
  const uint32_t out[4] = {0x3f800001u, 0x3f800000u, 0x3f800001u, 0x3f800000u};
  const double ys[4] = {1.0, y, 1.0, y}, iu[4] = {inv_ulp32(1.0), inv_ulp32(y), inv_ulp32(1.0), inv_ulp32(y)};
  const int8_t ts[4] = {0, 1, 0, 1}; /* 1 - 2^-30 is RN53 of something below it, say */
  (void)iu;
  struct stats *a = malloc(sizeof *a), *b = malloc(sizeof *b);
  stats_init(a);
  stats_add_run(a, 0x3f900000u, 4, out, ys, ts);
  /* 1 + 2^-23 against exact 1: 2^-23, at the first and third */
  assert_true(a->max_abs == 0x1p-23);
  assert_int_equal(a->max_abs_input, 0x3f900000u);
  stats_init(b);
  add_rn(b, 0x3f900008u, 0x3f800001u, 1.0, 0x3f800000u); /* the same 2^-23, higher input */
  add_rn(b, 0x3f8fffffu, 0x3f800001u, 1.0, 0x3f800000u); /* the same 2^-23, lower input */
  struct stats *c = malloc(sizeof *c);
  memcpy(c, a, sizeof *c);
  stats_merge(a, b);
  stats_merge(b, c);
  assert_int_equal(a->max_abs_input, 0x3f8fffffu);
  assert_int_equal(b->max_abs_input, 0x3f8fffffu);
  assert_true(a->max_abs == 0x1p-23 && b->max_abs == 0x1p-23);
  /* a work item's statistics (a device's, say) fold in by the same rule */
  struct part p;
  part_init(&p);
  p.a.inputs = 1, p.a.faithful = 1, p.hist[0] = 1;
  p.a.ulp = (struct measure_max){0, 0.5, 0x3f000000u, 0x3f000001u, 0}, p.a.rel = p.a.ulp;
  p.a.abs = (struct measure_max){0x1p-23, 0.5, 0x3f000000u, 0x3f000001u, 0};
  stats_fold_part(c, 0x3f000000u, 1, &p);
  assert_int_equal(c->max_abs_input, 0x3f000000u);
  assert_int_equal(c->max_abs_output, 0x3f000001u);
  p.a.abs = (struct measure_max){0x1p-24, 0.25, 0x3e000000u, 0x3e000001u, 0}; /* lower input, smaller error: no change */
  stats_fold_part(c, 0x3e000000u, 1, &p);
  assert_int_equal(c->max_abs_input, 0x3f000000u);
  /* equality sees the absolute error and its range */
  const char *field = NULL;
  memcpy(b, c, sizeof *b);
  assert_true(stats_equal(b, c, &field));
  b->max_abs_input = 0x3f000001u;
  assert_false(stats_equal(b, c, &field));
  assert_string_equal(field, "max_abs_input");
  memcpy(b, c, sizeof *b);
  stats_set_abs_range(b, -1.0, 1.0);
  assert_false(stats_equal(b, c, &field));
  assert_string_equal(field, "abs_lo");
  /* an empty side of a merge takes the other's range */
  stats_init(a);
  stats_merge(a, b);
  assert_true(a->abs_lo == -1.0 && a->abs_hi == 1.0);
  free(a), free(b), free(c);
}

/* Verdicts on a documented absolute bound; no measured value, no verdict. */
static void test_abs_verdicts(void **state) {
  (void)state;
  struct variant v = {.name = "t", .claim = {NULL, NULL, CLAIM_NONE, "", NULL},
                      .doc = {NULL, NULL, CLAIM_DOCUMENTED, "doc", "3.588787907149953e-7"}};
  assert_int_equal(variant_verdict(&v, 100.0, 1.0, 0x1p-22), VERDICT_HOLDS);
  assert_int_equal(variant_verdict(&v, 100.0, 1.0, 0x1.8p-22), VERDICT_HOLDS);    /* 3.576e-7 */
  assert_int_equal(variant_verdict(&v, 100.0, 1.0, 0x1.9p-22), VERDICT_VIOLATED); /* 3.725e-7 */
  assert_int_equal(variant_verdict(&v, 100.0, 1.0, -1.0), VERDICT_NONE);
  v.doc.max_ulp = "2";
  assert_int_equal(variant_verdict(&v, 1.5, 1.0, 0x1p-22), VERDICT_HOLDS);
  assert_int_equal(variant_verdict(&v, 2.5, 1.0, 0x1p-22), VERDICT_VIOLATED);
  assert_int_equal(variant_verdict(&v, 1.5, 1.0, 0x1p-20), VERDICT_VIOLATED);
  /* the registry's entries: __sinf documents 2^-21.41 over [-pi, pi] */
  const struct variant *s = variant_find("__sinf");
  assert_non_null(s);
  assert_true(s->abs_ranged);
  assert_true(s->abs_hi == 0x1.921fb54442d18p1 && s->abs_lo == -s->abs_hi);
  assert_string_equal(s->doc.max_abs, "3.588787907149953e-7");
  assert_true(strtod(s->doc.max_abs, NULL) >= pow(2.0, -21.41));
}


/* bound(x) = c0 + floor(c1n |x| / c1d), exactly */
static void test_clause_bound(void **state) {
  (void)state;
  struct bound_clause c = {BM_ULP_CR, -INFINITY, INFINITY, 1.0, 0.0, 2, 1173, 1000};
  assert_true(clause_bound(&c, f2u(0.0f)) == 2);
  assert_true(clause_bound(&c, f2u(1000.0f)) == 2 + 1173);      /* 1.173 * 1000 = 1173 exactly */
  assert_true(clause_bound(&c, f2u(-852.5f)) == 2 + 999);       /* 999.9825 */
  assert_true(clause_bound(&c, f2u(0.85f)) == 2);               /* 0.99705... */
  assert_true(clause_bound(&c, f2u(-0.8525f)) == 2);            /* 0.99998... */
  /* 1000/1173 = 0.852514...: the binary32 number above it gives 1.0000000x: bound 3 */
  assert_true(clause_bound(&c, 0x3f5a3e6bu) == 3 && clause_bound(&c, 0x3f5a3e6au) == 2);
  struct bound_clause k = {BM_ULP_CR, -INFINITY, INFINITY, 1.0, 0.0, 3, 0, 1};
  assert_true(clause_bound(&k, f2u(-1e30f)) == 3); /* constant */
}

/* ulps from the correctly rounded result: steps on the binary32 line */
static void test_clause_ulp_cr(void **state) {
  (void)state;
  struct bound_clause c = {BM_ULP_CR, -INFINITY, INFINITY, 1.0, 0.0, 2, 0, 1};
  assert_true(clause_error(&c, 0, 0, 1.0, 0x3f800001u, 0x3f800000u) == 1);
  assert_true(clause_error(&c, 0, 0, 1.0, 0x3f7ffffeu, 0x3f800000u) == 2); /* across the binade */
  assert_true(clause_error(&c, 0, 0, 0, 0x80000001u, 0x00000001u) == 2);   /* -2^-149 to 2^-149: via zero */
  assert_true(clause_error(&c, 0, 0, 0, 0x80000000u, 0x00000000u) == 0);   /* -0 and +0 */
  assert_true(clause_error(&c, 0, 0, 0, 0x00000000u, 0x00800000u) == 0x800000); /* flushed 2^-126 */
  assert_true(clause_error(&c, 0, 0, 0, 0x7f800000u, 0x7f7fffffu) == 1);   /* overflow past the largest */
  assert_true(clause_error(&c, 0, 0, 0, 0xff7fffffu, 0x7f7fffffu) == 2.0 * 0x7f7fffff);
  struct bound_clause r = {BM_REL, -INFINITY, INFINITY, 1.0, 0.0, 1, 0, 1};
  assert_true(clause_error(&r, 0, 0x1p-30, 0.5, 0, 0) == 0x1p-29);
  assert_true(clause_error(&r, 0, 0x1p-30, 0.0, 0, 0) == -1); /* undefined at y = 0 */
}

/* A stats with two clauses: domains, exclusion, counts over the bound, maxima with ties
 * to the lowest input, and a split merging into the whole. */
static void test_clause_accounting(void **state) {
  (void)state;
  /* clause 0: ulps from RN(f(x)) <= 1 + floor(|x| / 2) for x in [-4, 4] minus [0.5, 1] */
  /* clause 1: relative error <= 2^-20 for x >= 2 */
  const struct bound_clause cl[2] = {{BM_ULP_CR, -4.0, 4.0, 0.5, 1.0, 1, 1, 2},
                                     {BM_REL, 2.0, INFINITY, 1.0, 0.0, 0x1p-20, 0, 1}};
  struct stats *a = malloc(sizeof *a), *b = malloc(sizeof *b), *w = malloc(sizeof *w);
  assert_non_null(a), assert_non_null(b), assert_non_null(w);
  stats_init(a), stats_init(b), stats_init(w);
  stats_set_clauses(a, cl, 2), stats_set_clauses(b, cl, 2), stats_set_clauses(w, cl, 2);
  /* x = 0.25: out 2 steps above RN = 1 (0x3f800000); bound 1 + floor(0.125) = 1: over */
  const uint32_t in[6] = {0x3e800000u, 0x3f400000u, 0x40000000u, 0x40400000u, 0xc0400000u, 0x40a00000u};
  const uint32_t out[6] = {0x3f800002u, 0x3f80000au, 0x3f800002u, 0x3f800003u, 0x3f800002u, 0x3f800010u};
  const double y[6] = {1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
  const uint32_t rn[6] = {0x3f800000u, 0x3f800000u, 0x3f800000u, 0x3f800000u, 0x3f800000u, 0x3f800000u};
  /* x = 0.75 excluded; x = 2: 2 steps, bound 2: not over, ratio 1; rel 2^-22 < 2^-20;
   * x = 3: 3 steps, bound 1 + 1 = 2: over, ratio 1.5; rel 3 2^-23; x = -3: 2 steps,
   * bound 2, ratio 1; not in clause 1; x = 5: outside clause 0; rel 2^-19: over */
  for (int i = 0; i < 6; i++) {
    add_rn(w, in[i], out[i], y[i], rn[i]);
    add_rn(i % 2 ? a : b, in[i], out[i], y[i], rn[i]);
  }
  assert_int_equal(w->cl[0].inputs, 4);
  assert_int_equal(w->cl[0].over, 2);
  assert_true(w->cl[0].max == 3);
  assert_int_equal(w->cl[0].max_input, 0x40400000u);
  assert_int_equal(w->cl[0].max_output, 0x3f800003u);
  assert_true(w->cl[0].ratio == 2); /* x = 0.25: 2 / 1 */
  assert_int_equal(w->cl[0].ratio_input, 0x3e800000u);
  assert_int_equal(w->cl[1].inputs, 3);
  assert_int_equal(w->cl[1].over, 1);
  assert_true(w->cl[1].max == 0x1p-19);
  assert_int_equal(w->cl[1].max_input, 0x40a00000u);
  assert_true(w->cl[1].ratio == 2);
  assert_int_equal(clauses_verdict(w->cl, 2), VERDICT_VIOLATED);
  /* ties: x = 2 and x = -3 both give ratio 1 with 2 steps; a tie in max goes low too */
  struct stats *t = malloc(sizeof *t);
  assert_non_null(t);
  stats_init(t);
  stats_set_clauses(t, cl, 1);
  add_rn(t, 0xc0400000u, 0x3f800002u, 1.0, 0x3f800000u);
  add_rn(t, 0x40000000u, 0x3f800002u, 1.0, 0x3f800000u);
  assert_int_equal(t->cl[0].max_input, 0x40000000u);
  assert_int_equal(t->cl[0].ratio_input, 0x40000000u);
  assert_int_equal(clauses_verdict(t->cl, 1), VERDICT_HOLDS);
  /* the slow path: a flushed output at x = -2 (RN = 2^-126): 2^23 steps, over */
  add_rn(t, 0xc0000000u, 0x00000000u, 0x1p-126, 0x00800000u);
  assert_int_equal(t->cl[0].over, 1);
  assert_true(t->cl[0].max == 0x1p23);
  /* a NaN output is not measured; a NaN input is in no domain */
  add_rn(t, 0x3e800000u, 0x7fc00000u, 1.0, 0x3f800000u);
  add_rn(t, 0x7fc00000u, 0x7fc00000u, NAN, 0x7fc00000u);
  assert_int_equal(t->cl[0].inputs, 3);
  stats_merge(a, b);
  const char *field = NULL;
  if (!stats_equal(a, w, &field)) fail_msg("split and merged differs in %s", field);
  free(a), free(b), free(w), free(t);
}

/* The registry's clauses and the verdict over them */
static void test_clause_registry(void **state) {
  (void)state;
  assert_int_equal(registry_init(NULL, 0), 0);
  const struct variant *e = variant_find("__expf");
  assert_non_null(e);
  assert_int_equal(e->n_clauses, 1);
  assert_int_equal(e->clause[0].measure, BM_ULP_CR);
  assert_true(clause_bound(&e->clause[0], f2u(10.0f)) == 2 + 11); /* 11.73 */
  const struct variant *l = variant_find("lg2.approx");
  assert_true(clause_in_domain(&l->clause[0], f2u(0.5f)));   /* 0.5 is outside (0.5, 2) */
  assert_false(clause_in_domain(&l->clause[0], 0x3f000001u)); /* just above 0.5 */
  assert_true(clause_in_domain(&l->clause[0], f2u(2.0f)));
  assert_false(clause_in_domain(&l->clause[0], f2u(-4.0f))); /* positive inputs only */
  assert_true(clause_in_domain(&l->clause[0], 0x00000001u));
  const struct variant *c = variant_find("cos.approx");
  assert_true(clause_in_domain(&c->clause[0], 0x439d1462u));  /* below 100 pi */
  assert_false(clause_in_domain(&c->clause[0], 0x439d1463u)); /* above it */
  /* c0 is 2^-14.7 rounded upward: 2^-14.7 in (c0-, c0] */
  mpfr_t t;
  mpfr_init2(t, 200);
  mpfr_set_si(t, -147, MPFR_RNDN);
  mpfr_div_ui(t, t, 10, MPFR_RNDN);
  mpfr_exp2(t, t, MPFR_RNDN);
  assert_true(mpfr_cmp_d(t, c->clause[0].c0) <= 0 && mpfr_cmp_d(t, nextafter(c->clause[0].c0, 0)) > 0);
  mpfr_clear(t);
  assert_int_equal(verdict_worst(VERDICT_HOLDS, VERDICT_VIOLATED), VERDICT_VIOLATED);
  assert_int_equal(verdict_worst(VERDICT_LOOSE, VERDICT_HOLDS), VERDICT_LOOSE);
  assert_int_equal(verdict_worst(VERDICT_NONE, VERDICT_HOLDS), VERDICT_HOLDS);
}

/* Shares as the tables print them: exact where printing shows them truly, never "100" for a
 * count short of all nor "0" for one above none (powf.llvm: 204 of 141733920768 pairs not
 * correctly rounded reads 99.99 at two decimals, 99.9999 at four). */
static void fmt_share(char *buf, size_t n, uint64_t a, uint64_t b, int d) { snprintf(buf, n, "%.*f", d, share_pct(a, b, d)); }
static void test_share_pct(void **state) {
  (void)state;
  char b[32];
  fmt_share(b, sizeof b, 141733920564ull, 141733920768ull, 2), assert_string_equal(b, "99.99");
  fmt_share(b, sizeof b, 141733920564ull, 141733920768ull, 4), assert_string_equal(b, "99.9999");
  fmt_share(b, sizeof b, 141733920768ull, 141733920768ull, 2), assert_string_equal(b, "100.00");
  fmt_share(b, sizeof b, 1, 4294967296ull, 4), assert_string_equal(b, "0.0001");
  fmt_share(b, sizeof b, 0, 4294967296ull, 4), assert_string_equal(b, "0.0000");
  fmt_share(b, sizeof b, 7, 0, 2), assert_string_equal(b, "0.00");
  fmt_share(b, sizeof b, 1, 3, 2), assert_string_equal(b, "33.33");
  fmt_share(b, sizeof b, 9999, 10000, 2), assert_string_equal(b, "99.99");
  fmt_share(b, sizeof b, 99999, 100000, 2), assert_string_equal(b, "99.99");
  fmt_share(b, sizeof b, 9994, 10000, 1), assert_string_equal(b, "99.9");
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_clause_bound),     cmocka_unit_test(test_clause_ulp_cr),
    cmocka_unit_test(test_clause_accounting), cmocka_unit_test(test_clause_registry),
    cmocka_unit_test(test_ulp_binades),      cmocka_unit_test(test_ulp_subnormal_and_zero),
    cmocka_unit_test(test_ulp_error_values), cmocka_unit_test(test_hist_bins),
    cmocka_unit_test(test_rn32_midpoints),   cmocka_unit_test(test_accounting_special),
    cmocka_unit_test(test_accounting_max_ties), cmocka_unit_test(test_symmetry_monotonic),
    cmocka_unit_test(test_list_keeps_lowest), cmocka_unit_test(test_nonfinite_lists), cmocka_unit_test(test_claim_verdicts),
    cmocka_unit_test(test_abs_error_range),  cmocka_unit_test(test_abs_error_pi_range),
    cmocka_unit_test(test_abs_error_ties),   cmocka_unit_test(test_abs_verdicts), cmocka_unit_test(test_share_pct),
  };
  return cmocka_run_group_tests_name("metrics", tests, NULL, NULL);
}
