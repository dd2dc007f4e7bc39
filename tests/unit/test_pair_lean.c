/* test_pair_lean.c: the accumulator a thread of the pipeline of pairs measures into
 * (src/kinds/pair/pair_lean.h: values hot, places and rare counts cold) gives the full
 * accumulator's statistics bit for bit, and its gated notes equal the plain ones:
 *  - pl_hot_note (which reads a maximum's place only when the new value reaches it) against
 *    pl_note on random values, keys and ties, zeros of both signs, NaN and -1 (none);
 *  - pairs in the pipeline's order (tiles of x, each x's partners in a shuffled order, many
 *    equal errors) through pp_measure in runs (one accumulator each, as the device's lanes),
 *    made lean with pl_hot_acc, merged with pl_merge in reverse order and finished with
 *    pl_finish, against one pass of measure_input_at, with 0, 1 and 2 clauses of each
 *    measure and every rounding mode;
 *  - the moments summed exactly (pp_mom_add, pp_mom_fold) against the sums modulo 2^61 - 1
 *    one term at a time (pp_moments), extreme outputs and indices included. */
#include "testutil.h"

#include <stdlib.h>
#include <string.h>

#include "src/kinds/pair/pair_pipe_core.h"
#include "acc_diff.h"

/* Notes on one maximum, x rising now and then (pl_hot_newx), values from a few small
 * numbers and the binary64 numbers next to them: the cold maximum equals pl_note's after
 * every note. */
static void test_gate_equals_note(void **state) {
  (void)state;
  static const double vals[] = {0.0, 0x1p-1074, 1.0, 0x1.0000000000001p0, 0x1.fffffffffffffp0, 2.0, -0.0, NAN};
  int moved = 0, ties = 0, gated = 0;
  for (int seq = 0; seq < 4000; seq++) {
    struct pl_hot h;
    struct pl_cold c;
    pl_hot_init(&h, &c);
    const int s = (int)(test_rand64() % PL_SLOTS);
    double *gate = s == PL_ULP ? &h.ulp.v : s == PL_REL ? &h.rel.v : s == PL_ABS ? &h.abs.v
                 : (s - PL_CLAUSE(0)) % 2 ? &h.cl[(s - PL_CLAUSE(0)) / 2].ratio : &h.cl[(s - PL_CLAUSE(0)) / 2].max;
    double v = -1.0;
    uint64_t key = measure_key(0xffffffffu, 0);
    uint32_t idx = 0, x = (uint32_t)(test_rand64() % 4);
    for (int i = 0; i < 60; i++) {
      const uint64_t r = test_rand64();
      if (r % 5 == 0) x += 1 + (uint32_t)(r >> 8) % 2, pl_hot_newx(&h);
      const uint32_t p = (uint32_t)(r >> 16) % 4;
      const double w = vals[(r >> 24) % (sizeof vals / sizeof vals[0])];
      c.now = (uint32_t)i;
      const double g = *gate;
      pl_note(&v, &key, &idx, w, measure_key(x, p), (uint32_t)i);
      pl_hot_note(gate, &c, s, w, x, p);
      assert_true(same_d(v, pl_cold_v(&c, s)));
      assert_true(key == measure_key(c.x[s], c.partner[s]));
      assert_int_equal(idx, c.idx[s]);
      assert_true(same_d(*gate, v) || same_d(*gate, pl_gate(v)));
      moved += idx == (uint32_t)i, ties += w == v, gated += !(w >= g) && w == v;
    }
  }
  assert_true(moved > 10000 && ties > 10000 && gated > 1000);
}

/* pairs in the pipeline's order: x[i], p[i], out[i], y[i], t[i] */
struct pairs {
  uint32_t *x, *p, *out;
  double *y;
  int8_t *t;
  int n;
};

/* A reference value: mostly ordinary, sometimes one of the special cases, often one fixed
 * value (equal errors: ties on the key). */
static double pick_y(void) {
  const uint64_t r = test_rand64();
  switch (r % 19) {
  case 0: return NAN;
  case 1: return (r >> 8) & 1 ? INFINITY : -INFINITY;
  case 2: return 0.0;
  case 3: return -0.0;
  case 4: return ldexp(1.0 + (double)((r >> 12) % 1024) / 1024, 130); /* past FLT_MAX */
  case 5: return ldexp(1.0, -140) * (1.0 + (double)((r >> 12) % 8) / 8);   /* subnormal binary32 range */
  case 6:
  case 7:
  case 8: return 0.75;
  case 9: return (double)bnd_f32(0x3f800000u + (uint32_t)((r >> 9) % 4)) + 0x1p-25; /* a rounding boundary */
  default: {
    const double m = 1.0 + (double)(r >> 12) * 0x1p-52;
    const int e = (int)((r >> 3) % 40) - 20;
    return ((r >> 2) & 1 ? -1.0 : 1.0) * ldexp(m, e);
  }
  }
}

/* an output near RN24(y) (a few ulps either way), or a special output */
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
    return cr + (uint32_t)((int)((r >> 8) % 5) - 2);
  }
}

/* nx x from a random start, each with np partners (from a small set, so that partners
 * repeat across x) in a shuffled order */
static void make_pairs(struct pairs *s, int nx, int np) {
  s->n = nx * np;
  s->x = malloc(s->n * sizeof *s->x), s->p = malloc(s->n * sizeof *s->p), s->out = malloc(s->n * sizeof *s->out);
  s->y = malloc(s->n * sizeof *s->y), s->t = malloc(s->n);
  assert_true(s->x && s->p && s->out && s->y && s->t);
  static const uint32_t starts[] = {0x3c000000u, 0xbc000000u, 0x00000000u};
  uint32_t x = starts[test_rand64() % 3];
  for (int i = 0; i < nx; i++) {
    x += 1 + (uint32_t)(test_rand64() % 3);
    for (int k = 0; k < np; k++) {
      const int j = i * np + k;
      const uint64_t r = test_rand64();
      s->x[j] = x, s->p[j] = 0x40000000u + (uint32_t)(r % (uint64_t)(2 * np)) * 0x1000u;
      s->y[j] = pick_y();
      s->t[j] = (int8_t)(r % 11 == 0 ? ((r >> 5) & 1 ? MS_UNDECIDABLE : -MS_UNDECIDABLE) : (int)((r >> 6) % 3) - 1);
      if (isnan(s->y[j]) && (s->t[j] == 1 || s->t[j] == -1)) s->t[j] = 0;
      s->out[j] = pick_out(s->y[j], s->t[j] == 2 || s->t[j] == -2 ? 0 : s->t[j]);
    }
  }
}

static void free_pairs(struct pairs *s) { free(s->x), free(s->p), free(s->out), free(s->y), free(s->t); }

/* s cut into nruns runs (each one accumulator; with newx, pl_hot_newx at each new x of a
 * run), merged in reverse order and finished, against one pass of the full accumulator. */
static void check_pairs(const struct pairs *s, const struct measure_cfg *c, int nruns, int newx) {
  struct measure_acc full;
  measure_init(&full);
  struct pl_hot *hot = malloc(nruns * sizeof *hot);
  struct pl_cold *cold = malloc(nruns * sizeof *cold);
  uint32_t *cnt = calloc(nruns, sizeof *cnt);
  assert_true(hot && cold && cnt);
  for (int r = 0; r < nruns; r++) pl_hot_init(&hot[r], &cold[r]);
  for (int i = 0; i < s->n; i++) {
    const int r = (int)((int64_t)i * nruns / s->n);
    if (newx && i && s->x[i] != s->x[i - 1]) pl_hot_newx(&hot[r]);
    const struct measure_note a = measure_input_at(&full, c, s->x[i], s->p[i], s->x[i], s->out[i], s->y[i], s->t[i]);
    const struct measure_note b =
        pp_measure(&hot[r], &cold[r], c, 0, 0, 0, s->x[i], s->p[i], s->out[i], s->y[i], s->t[i], (uint32_t)i);
    cnt[r]++;
    assert_int_equal(a.hist, b.hist);
    assert_true(same_d(a.e, b.e));
    assert_int_equal(a.special, b.special);
    assert_int_equal(a.cr, b.cr);
  }
  struct pl_acc m;
  pl_init(&m);
  for (int r = nruns - 1; r >= 0; r--) {
    struct pl_acc l;
    pl_hot_acc(&hot[r], &cold[r], cnt[r], &l);
    pl_merge(&m, &l, c->n_clauses);
  }
  struct measure_acc got;
  pl_finish(&m, c->n_clauses, s->out, s->y, &got);
  const char *d = acc_diff(&full, &got);
  if (d) fail_msg("pair accumulator and full differ in %s (rounding %d, %d clauses, %d runs, newx %d)", d,
                  c->rounding, c->n_clauses, nruns, newx);
  free(hot), free(cold), free(cnt);
}

static struct bound_clause clause(int measure, double lo, double hi, double c0, uint32_t c1n, uint32_t c1d) {
  struct bound_clause c = {measure, lo, hi, 1.0, 0.0, c0, c1n, c1d};
  return c;
}

static void test_pair_acc_equals_full(void **state) {
  (void)state;
  struct pairs s;
  make_pairs(&s, 1500, 33);
  const struct bound_clause cls[] = {
      clause(BM_ULP, -INFINITY, INFINITY, 2, 0, 1),     clause(BM_ULP_CR, -1e3, 1e3, 1, 0, 1),
      clause(BM_REL, -INFINITY, INFINITY, 0, 0, 1),     clause(BM_ABS, 0.5, INFINITY, 0, 0, 1),
      clause(BM_ULP, -INFINITY, INFINITY, 1, 3, 4),     clause(BM_REL, -INFINITY, INFINITY, 1e-7, 0, 1),
      clause(BM_ULP_CR, -INFINITY, INFINITY, 0, 0, 1),
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
        for (int runs = 1; runs <= 40; runs += 13) check_pairs(&s, &c, runs, runs & 1), checked++;
      }
  free_pairs(&s);
  assert_true(checked > 100);
}

/* Every error equal (one reference and two outputs): every note after the first ties, and
 * the maxima must go to the lowest key wherever the runs are cut. */
static void test_pair_acc_ties(void **state) {
  (void)state;
  struct pairs s;
  make_pairs(&s, 300, 17);
  for (int i = 0; i < s.n; i++) s.y[i] = 0.75, s.t[i] = (int8_t)(i % 3 - 1), s.out[i] = 0x3f400000u + (i % 2);
  struct measure_cfg c;
  memset(&c, 0, sizeof c);
  c.abs_lo = -INFINITY, c.abs_hi = INFINITY, c.n_clauses = 2;
  c.clause[0] = clause(BM_ULP_CR, -INFINITY, INFINITY, 0, 0, 1);
  c.clause[1] = clause(BM_REL, -INFINITY, INFINITY, 0, 0, 1);
  for (int runs = 1; runs <= 64; runs *= 4) check_pairs(&s, &c, runs, 1), check_pairs(&s, &c, runs, 0);
  free_pairs(&s);
}

static void test_moments_exact(void **state) {
  (void)state;
  for (int round = 0; round < 200; round++) {
    const int n = 1 + (int)(test_rand64() % 5000), extreme = round % 4 == 0;
    uint64_t m0 = 0, m1 = 0, f0 = 0, f1 = 0;
    struct pp_mom a, b; /* the run cut in two, folded apart */
    pp_mom_init(&a), pp_mom_init(&b);
    const uint32_t cut = (uint32_t)(test_rand64() % (uint64_t)n);
    for (int j = 0; j < n; j++) {
      const uint64_t r = test_rand64();
      const uint32_t out = extreme ? 0xffffffffu - (uint32_t)(r % 3) : (uint32_t)r;
      const uint32_t i = extreme ? 0xfffffffeu - (uint32_t)((r >> 32) % 1024) : (uint32_t)(r >> 40);
      pp_moments(&m0, &m1, i, out);
      pp_mom_add((uint32_t)j < cut ? &a : &b, i, out);
    }
    uint64_t a0, a1, b0, b1;
    pp_mom_fold(&a, &a0, &a1), pp_mom_fold(&b, &b0, &b1);
    f0 = modp_add(a0, b0), f1 = modp_add(a1, b1);
    assert_true(f0 == m0 && f1 == m1);
    assert_true(a0 < MOD_P && a1 < MOD_P && b0 < MOD_P && b1 < MOD_P);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_gate_equals_note),
      cmocka_unit_test(test_pair_acc_equals_full),
      cmocka_unit_test(test_pair_acc_ties),
      cmocka_unit_test(test_moments_exact),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
