/* test_lean.c: the lean accumulator (src/measure/lean.h), which the device's one-argument
 * reduction keeps per thread, gives the full accumulator's statistics bit for bit: runs of
 * increasing inputs through lean_input, merged with lean_merge in any order and made full
 * with lean_finish, equal one pass of measure_input_at over the same inputs. Inputs are
 * built to hit every branch of the measure (undecidable, NaN and infinite exact values,
 * non-finite, flushed and wrong-signed zero outputs, directed overflows) and to tie the
 * maxima exactly, under every rounding mode, with 0, 1 and 2 bound clauses of each
 * measure. */
#include "testutil.h"

#include <stdlib.h>
#include <string.h>

#include "src/measure/lean.h"
#include "acc_diff.h"

/* n inputs in increasing order, with their outputs and references */
struct seq {
  uint32_t *x, *out;
  double *y;
  int8_t *t;
  int n;
};

/* A reference value: mostly ordinary, sometimes one of the special cases. */
static double pick_y(void) {
  const uint64_t r = test_rand64();
  switch (r % 23) {
  case 0: return NAN;
  case 1: return (r >> 8) & 1 ? INFINITY : -INFINITY;
  case 2: return 0.0;
  case 3: return -0.0;
  case 4: return ldexp(1.0 + (double)((r >> 12) % 1024) / 1024, 130); /* past FLT_MAX */
  case 5: return ldexp(1.0, -140) * (1.0 + (double)((r >> 12) % 8) / 8);   /* subnormal binary32 range */
  case 6: return 0.75;                                                       /* a fixed value: exact ties */
  case 7: return (double)bnd_f32(0x3f800000u + (uint32_t)((r >> 9) % 4)) + 0x1p-25; /* a rounding boundary */
  default: {
    const double m = 1.0 + (double)(r >> 12) * 0x1p-52;
    const int e = (int)((r >> 3) % 40) - 20;
    return ((r >> 2) & 1 ? -1.0 : 1.0) * ldexp(m, e);
  }
  }
}

/* An output near RN24(y) (a few ulps either way), or a special output. */
static uint32_t pick_out(double y, int t) {
  const uint64_t r = test_rand64();
  const uint32_t cr = ms_rn32(y, t);
  switch (r % 17) {
  case 0: return 0x7fc00000u;
  case 1: return 0x7f800000u | (cr & 0x80000000u);
  case 2: return 0;
  case 3: return 0x80000000u;
  default:
    if (is_nan32(cr) || is_inf32(cr)) return cr;
    return cr + (uint32_t)((int)((r >> 8) % 7) - 3);
  }
}

static void make_seq(struct seq *s, int n) {
  s->n = n;
  s->x = malloc(n * sizeof *s->x), s->out = malloc(n * sizeof *s->out);
  s->y = malloc(n * sizeof *s->y), s->t = malloc(n);
  assert_true(s->x && s->out && s->y && s->t);
  /* magnitudes from 2^-7 up, of one sign (a device thread's inputs lie in one sign half),
   * in steps of 1 or up to 2^12 */
  static const uint32_t starts[] = {0x3c000000u, 0xbc000000u, 0x00000000u};
  uint32_t x = starts[test_rand64() % 3];
  for (int i = 0; i < n; i++) {
    const uint64_t st = test_rand64();
    x += 1 + (uint32_t)(st & 1 ? st % 4096 : 0);
    const uint64_t r = test_rand64();
    s->x[i] = x;
    s->y[i] = pick_y();
    s->t[i] = (int8_t)(r % 11 == 0 ? (r & 16 ? MS_UNDECIDABLE : -MS_UNDECIDABLE) : (int)(r % 3) - 1);
    if (isnan(s->y[i]) && (s->t[i] == 1 || s->t[i] == -1)) s->t[i] = 0;
    s->out[i] = pick_out(s->y[i], s->t[i] == 2 || s->t[i] == -2 ? 0 : s->t[i]);
  }
}

static void free_seq(struct seq *s) { free(s->x), free(s->out), free(s->y), free(s->t); }

/* The output and reference at input x of s (x is one of its inputs). */
static int find(const struct seq *s, uint32_t x) {
  int lo = 0, hi = s->n - 1;
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (s->x[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  assert_int_equal(s->x[lo], x);
  return lo;
}

/* s cut into nruns runs of consecutive inputs (each run one lean accumulator, as a device
 * thread's), merged in reverse order; compared with one full pass. */
static void check_cfg(const struct seq *s, const struct measure_cfg *c, int nruns) {
  struct measure_acc full;
  measure_init(&full);
  struct lean_acc *runs = malloc(nruns * sizeof *runs);
  assert_non_null(runs);
  for (int r = 0; r < nruns; r++) lean_init(&runs[r]);
  for (int i = 0; i < s->n; i++) {
    const struct measure_note a = measure_input_at(&full, c, s->x[i], 0, s->x[i], s->out[i], s->y[i], s->t[i]);
    const struct measure_note b =
        lean_input(&runs[(int64_t)i * nruns / s->n], c, s->x[i], 0, s->x[i], s->out[i], s->y[i], s->t[i]);
    assert_int_equal(a.hist, b.hist);
    assert_true(same_d(a.e, b.e));
    assert_int_equal(a.special, b.special);
    assert_int_equal(a.cr, b.cr);
  }
  struct lean_acc m;
  lean_init(&m);
  for (int r = nruns - 1; r >= 0; r--) lean_merge(&m, &runs[r], c->n_clauses);
  uint32_t so[LEAN_SLOTS];
  double sy[LEAN_SLOTS];
  for (int k = 0; k < LEAN_SLOTS; k++) {
    const uint32_t x = lean_slot_input(&m, k);
    so[k] = 0, sy[k] = 0;
    if (x != 0xffffffffu) {
      const int i = find(s, x);
      so[k] = s->out[i], sy[k] = s->y[i];
    }
  }
  struct measure_acc got;
  lean_finish(&m, c->n_clauses, so, sy, &got);
  const char *d = acc_diff(&full, &got);
  if (d) fail_msg("lean and full accumulators differ in %s (rounding %d, %d clauses, %d runs)", d, c->rounding,
                  c->n_clauses, nruns);
  /* the comparison sees a planted change: the reference kept at the ulp maximum */
  if (full.ulp.v >= 0) {
    sy[0] = sy[0] * (1 + 0x1p-50) + 0x1p-60;
    lean_finish(&m, c->n_clauses, so, sy, &got);
    assert_non_null(acc_diff(&full, &got));
  }
  free(runs);
}

static struct bound_clause clause(int measure, double lo, double hi, double c0, uint32_t c1n, uint32_t c1d) {
  struct bound_clause c = {measure, lo, hi, 1.0, 0.0, c0, c1n, c1d};
  return c;
}

static void test_lean_equals_full(void **state) {
  (void)state;
  struct seq s;
  make_seq(&s, 60000);
  const struct bound_clause cls[] = {
      clause(BM_ULP, -INFINITY, INFINITY, 2, 0, 1),     clause(BM_ULP_CR, -1e3, 1e3, 1, 0, 1),
      clause(BM_REL, -INFINITY, INFINITY, 0, 0, 1),     clause(BM_ABS, 0.5, INFINITY, 0, 0, 1),
      clause(BM_ULP, -INFINITY, INFINITY, 1, 3, 4), clause(BM_REL, -INFINITY, INFINITY, 1e-7, 0, 1),
  };
  const int ncls = (int)(sizeof cls / sizeof cls[0]);
  int checked = 0;
  for (int mode = RND_N; mode <= RND_D; mode++)
    for (int nc = 0; nc <= CLAUSE_MAX; nc++)
      for (int pick = 0; pick < ncls; pick += 2) {
        struct measure_cfg c;
        memset(&c, 0, sizeof c);
        c.rounding = mode;
        c.abs_lo = pick ? 0x1p-20 : -INFINITY, c.abs_hi = pick ? 0x1p10 : INFINITY;
        c.n_clauses = nc;
        for (int k = 0; k < nc; k++) c.clause[k] = cls[(pick + k) % ncls];
        for (int runs = 1; runs <= 37; runs += 12) check_cfg(&s, &c, runs), checked++;
      }
  free_seq(&s);
  assert_true(checked > 100);
}

/* Round to nearest, the absolute error everywhere, and the two clauses c0 and c1. */
static struct measure_cfg two_clauses(struct bound_clause c0, struct bound_clause c1) {
  struct measure_cfg c;
  memset(&c, 0, sizeof c);
  c.abs_lo = -INFINITY, c.abs_hi = INFINITY;
  c.n_clauses = 2;
  c.clause[0] = c0, c.clause[1] = c1;
  return c;
}

/* Many equal errors: a maximum's input must be the first to reach it, in every run and
 * after the merge (ties to the lowest input). */
static void test_lean_ties(void **state) {
  (void)state;
  struct seq s;
  make_seq(&s, 4096);
  for (int i = 0; i < s.n; i++) s.y[i] = 0.75, s.t[i] = (int8_t)(i % 3 - 1), s.out[i] = 0x3f400000u + (i % 2);
  const struct measure_cfg c =
      two_clauses(clause(BM_ULP, -INFINITY, INFINITY, 0.5, 0, 1), clause(BM_REL, -INFINITY, INFINITY, 0, 0, 1));
  for (int runs = 1; runs <= 64; runs *= 4) check_cfg(&s, &c, runs);
  free_seq(&s);
}

/* A clause whose bound grows with |x|: its largest error and its largest error/bound
 * ratio fall on different inputs, so each maximum must keep its own output and reference. */
static void test_lean_clause_slots(void **state) {
  (void)state;
  struct seq s;
  make_seq(&s, 2000);
  for (int i = 0; i < s.n; i++) {
    s.x[i] = 0x3f800000u + (uint32_t)i * 0x10000u; /* 1 up to about 5e4 */
    s.y[i] = (double)bnd_f32(s.x[i]) + 0x1p-40, s.t[i] = -1;
    s.out[i] = s.x[i] + (uint32_t)(i / 100) + (uint32_t)(i % 3);
  }
  const struct measure_cfg c =
      two_clauses(clause(BM_ULP, -INFINITY, INFINITY, 1, 3, 4), clause(BM_ULP_CR, -INFINITY, INFINITY, 0, 1, 2));
  struct measure_acc full;
  measure_init(&full);
  for (int i = 0; i < s.n; i++) measure_input_at(&full, &c, s.x[i], 0, s.x[i], s.out[i], s.y[i], s.t[i]);
  for (int k = 0; k < 2; k++) assert_true(full.cl[k].max_input != full.cl[k].ratio_input);
  for (int runs = 1; runs <= 16; runs *= 2) check_cfg(&s, &c, runs);
  free_seq(&s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_lean_equals_full),
      cmocka_unit_test(test_lean_ties),
      cmocka_unit_test(test_lean_clause_slots),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
