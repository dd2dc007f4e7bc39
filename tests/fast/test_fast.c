/* test_fast.c: the fast reference path against the MPFR referee (cmocka).
 *
 *   make -f tests/fast/Makefile test   (the build line is in tests/fast/README.md)
 *   ./test_fast            (about a minute on 2 cores; FAST_QUICK=1 for fewer samples)
 *
 * For every function: build a table over ranges with both signs, tiny and
 * subnormal inputs, whole binades, zeros and poles; compare fast_eval with MPFR on
 * the first/last input of every block (and their neighbours and mirrors), random
 * inputs in every block and random inputs over the ranges: 0 mismatches. Check the
 * bound itself (|f(x)2^-E - v| <= eps, MPFR at 600 bits) on a subset. Then the
 * rounding-error analysis alone on random polynomials, mutants that must be caught,
 * and the table structure. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "fast_testutil.h"

struct ft_case {
  const struct fast_fn *fn;
  mpfr_fn1 mpfr;
  struct fast_range r[3];
  int nr;
  struct fast_range core; /* where nearly every input must be decided */
  double core_min;        /* minimum decided fraction there */
};

/* 0x00000000..0x00ffffff: +0, the subnormals and the first binade; 0x3d800000 = 2^-4. */
static const struct ft_case cases[] = {
    /* exp: all finite results and beyond (overflow above 88.7 in binary32 terms is
     * not an issue: binary64 overflows at 709.78, underflows to 0 below -745.13) */
    {&fast_fn_exp, mpfr_exp, {{0x00000000u, 0x44318000u /* 710 */}, {0x80000000u, 0xc43a8000u /* -746 */}}, 2,
     {0xc4340000u /* -720 */, 0xc4390000u /* -740 */}, 0.999},
    /* log: every positive binary32, and a slice of negatives (nowhere: undecided) */
    {&fast_fn_log, mpfr_log, {{0x00000000u, 0x7f7fffffu}, {0x80000000u, 0x80ffffffu}}, 2,
     {0x3f000000u /* 0.5 */, 0x40000000u /* 2 */}, 0.999},
    /* tanh (odd): up to 19.0625, where RN53 becomes 1 */
    {&fast_fn_tanh, mpfr_tanh, {{0x00000000u, 0x41988000u /* 19.0625 */}}, 1,
     {0x32000000u /* 2^-27 */, 0x41988000u}, 0.999},
    /* sin (odd): [0, 128], with the zeros k pi */
    {&fast_fn_sin, mpfr_sin, {{0x00000000u, 0x43000000u /* 128 */}}, 1,
     {0x3d800000u /* 2^-4 */, 0x42700000u /* 60 */}, 0.999},
    /* erf (odd): up to 12 */
    {&fast_fn_erf, mpfr_erf, {{0x00000000u, 0x41400000u /* 12 */}}, 1,
     {0x00000001u, 0x40c00000u /* 6 */}, 0.999},
    /* lgamma: (0, 2^23], and [-16, 0) with its poles and zeros */
    {&fast_fn_lgamma, ft_mpfr_lgamma, {{0x00000000u, 0x4b000000u /* 2^23 */}, {0x80000000u, 0xc1800000u /* -16 */}}, 2,
     {0x3f800000u /* 1 */, 0x41000000u /* 8 */}, 0.999},
};
#define NCASES (sizeof cases / sizeof cases[0])

static int quick(void) { return getenv("FAST_QUICK") != NULL; }

/* Random inputs from one range only. */
static uint32_t *range_samples(struct fast_range r, uint64_t n, uint64_t seed) {
  uint32_t *xs = malloc(n * sizeof *xs);
  uint64_t len = (uint64_t)r.hi - r.lo + 1u;
  for (uint64_t i = 0; i < n; i++) xs[i] = r.lo + (uint32_t)(ft_rng(&seed) % len);
  return xs;
}

/* Bound check on every 64th sample (all, if few). Returns the violations. */
static uint64_t check_bounds(const struct fast_view *v, mpfr_fn1 fn, const uint32_t *xs, uint64_t n,
                             double *maxratio) {
  uint64_t bad = 0, step = n > 64 * 4096 ? 64 : (n > 4096 ? n / 4096 : 1);
  double mr = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : bad) reduction(max : mr)
  for (uint64_t i = 0; i < n; i += step) {
    double ratio;
    if (!ft_bound_ok(v, fn, xs[i], &ratio)) bad++;
    if (ratio > mr) mr = ratio;
  }
  *maxratio = mr;
  return bad;
}

static void test_function(void **state) {
  const struct ft_case *c = *state;
  struct fast_opts o;
  fast_opts_default(&o);
  struct fast_table tab;
  assert_int_equal(fast_build(&tab, c->fn, c->r, c->nr, &o), 0);
  assert_int_equal(fast_table_check(&tab), 0);
  ft_print_stats(stdout, &tab);
  struct fast_view v = fast_table_view(&tab);
  uint64_t n;
  uint32_t *xs = ft_samples(&tab, c->r, c->nr, quick() ? 20000 : 300000, 42, &n);
  struct ft_result res = ft_compare(&v, c->mpfr, xs, n);
  printf("  %-7s %" PRIu64 " samples: %" PRIu64 " decided (%.4f%% undecided), %" PRIu64
         " mismatches\n", c->fn->name, res.n, res.decided, 100.0 * (res.n - res.decided) / res.n,
         res.mismatches);
  if (res.mismatches) printf("  first mismatch at 0x%08x\n", res.first_bad);
  assert_int_equal(res.mismatches, 0);
  double mr;
  uint64_t bv = check_bounds(&v, c->mpfr, xs, n, &mr);
  printf("  %-7s bound check: %" PRIu64 " violations, max |f - v| / eps = %.6f\n", c->fn->name, bv, mr);
  assert_int_equal(bv, 0);
  assert_true(mr <= 1.0);
  free(xs);
  /* the core range: nearly everything decided */
  uint64_t nc = quick() ? 20000 : 100000;
  xs = range_samples(c->core, nc, 7);
  res = ft_compare(&v, c->mpfr, xs, nc);
  printf("  %-7s core [0x%08x, 0x%08x]: %.4f%% undecided, %" PRIu64 " mismatches\n", c->fn->name,
         c->core.lo, c->core.hi, 100.0 * (nc - res.decided) / nc, res.mismatches);
  assert_int_equal(res.mismatches, 0);
  assert_true((double)res.decided >= c->core_min * nc);
  free(xs);
  fast_table_free(&tab);
}

/* ---- the rounding-error analysis alone: fast_poly vs the exact polynomial ---- */

/* A random coefficient set of one of four kinds: 0 geometric decay, 1 no decay,
 * 2 cancellation down to a tiny result, 3 tiny coefficients (underflow). */
static void random_poly(uint64_t *s, int kind, int n, int K, double w, double *hi, double *lo) {
  int decay = (int)(ft_rng(s) % 9);
  for (int i = 0; i <= n; i++) {
    double m = 1.0 + (double)(ft_rng(s) >> 11) * 0x1p-53; /* [1, 2) */
    int e = kind == 1 ? (int)(ft_rng(s) % 4) - 2 : kind == 3 ? -1040 - (int)(ft_rng(s) % 30) - i : -decay * i;
    hi[i] = ldexp((ft_rng(s) & 1) ? -m : m, e);
    lo[i] = i < K ? ldexp(hi[i], -53) * ((double)(ft_rng(s) >> 11) * 0x1p-52 - 1.0) : 0.0;
  }
  if (kind == 2) { /* b_0 = -(sum_{i>=1} b_i w^i), rounded: Q(w) is tiny */
    mpfr_t q, t;
    mpfr_inits2(4000, q, t, (mpfr_ptr)0);
    mpfr_set_zero(q, 1);
    for (int i = n; i >= 1; i--) {
      mpfr_mul_d(q, q, w, MPFR_RNDN);
      mpfr_set_d(t, hi[i], MPFR_RNDN);
      mpfr_add_d(t, t, lo[i], MPFR_RNDN);
      mpfr_add(q, q, t, MPFR_RNDN);
    }
    mpfr_mul_d(q, q, w, MPFR_RNDN);
    hi[0] = -mpfr_get_d(q, MPFR_RNDN);
    mpfr_add_d(q, q, hi[0], MPFR_RNDN);
    lo[0] = K > 0 ? -mpfr_get_d(q, MPFR_RNDN) : 0.0;
    mpfr_clears(q, t, (mpfr_ptr)0);
  }
}

static void test_eval_bound(void **state) {
  (void)state;
  uint64_t trials = quick() ? 20000 : 200000, bad = 0;
  double mr[4] = {0, 0, 0, 0};
#pragma omp parallel for schedule(dynamic, 64) reduction(+ : bad)
  for (uint64_t tr = 0; tr < trials; tr++) {
    uint64_t s = tr * 0x9e37u + 1;
    int kind = (int)(tr % 4), n = 1 + (int)(ft_rng(&s) % 20), K = 1 + (int)(ft_rng(&s) % (uint64_t)(n + 1));
    int k = 3 + (int)(ft_rng(&s) % 21);
    double w = fast_w((uint32_t)ft_rng(&s), k);
    double coef[2 * (FAST_MAX_DEG + 1)], hi[FAST_MAX_DEG + 1], lo[FAST_MAX_DEG + 1];
    random_poly(&s, kind, n, K, w, hi, lo);
    for (int i = 0; i <= n; i++) coef[i] = hi[i];
    for (int i = 0; i < K; i++) coef[n + 1 + i] = lo[i];
    struct fast_block b = {1.0, 1.0, 0.0, 0, (uint8_t)k, (uint8_t)n, (uint8_t)K, 0};
    double vh, vl;
    fast_poly(&b, coef, w, &vh, &vl);
    mag_t D;
    mag_init(D);
    fast_eval_bound(D, hi, lo, n, K);
    mpfr_t q, t;
    mpfr_inits2(4000, q, t, (mpfr_ptr)0); /* exact: every term fits in 4000 bits */
    mpfr_set_zero(q, 1);
    for (int i = n; i >= 0; i--) {
      mpfr_mul_d(q, q, w, MPFR_RNDN);
      mpfr_add_d(q, q, hi[i], MPFR_RNDN);
      if (i < K) mpfr_add_d(q, q, lo[i], MPFR_RNDN);
    }
    mpfr_sub_d(q, q, vh, MPFR_RNDN);
    mpfr_sub_d(q, q, vl, MPFR_RNDN);
    mpfr_abs(q, q, MPFR_RNDN);
    arf_t da;
    arf_init(da);
    arf_set_mag(da, D);
    arf_get_mpfr(t, da, MPFR_RNDU); /* exact: D has 30 bits */
    arf_clear(da);
    if (mpfr_cmp(q, t) > 0) bad++;
    mpfr_div(q, q, t, MPFR_RNDU);
    double ratio = mpfr_get_d(q, MPFR_RNDU);
#pragma omp critical(ft_mr)
    if (ratio > mr[kind]) mr[kind] = ratio;
    mpfr_clears(q, t, (mpfr_ptr)0);
    mag_clear(D);
  }
  printf("  fast_eval_bound: %" PRIu64 " random polynomials, %" PRIu64 " violations; max error/bound: "
         "decay %.3g, flat %.3g, cancel %.3g, tiny %.3g\n", trials, bad, mr[0], mr[1], mr[2], mr[3]);
  assert_int_equal(bad, 0);
}

/* ---- mutants: planted errors must show up as mismatches ---- */

/* Every input of a block (2^lgsize), or nmax random ones if the block is larger. */
static uint32_t *block_inputs(const struct fast_table *tab, uint32_t b, uint64_t nmax, uint64_t *n) {
  uint64_t size = 1ull << tab->blk[b].lgsize, seed = 5;
  *n = size < nmax ? size : nmax;
  uint32_t *xs = malloc(*n * sizeof *xs);
  for (uint64_t i = 0; i < *n; i++)
    xs[i] = tab->first[b] + (uint32_t)(size <= nmax ? i : ft_rng(&seed) % size);
  return xs;
}

/* A planted error of 2^-60 |b_1| in the coefficient b_1 (in its low part: the high
 * part cannot move by less than 2^-53 relative) must cause mismatches on the inputs
 * of that block, since it is far above eps and Ziv's test cannot see it; without it,
 * none. The block picked maximises the expected count, ~ |b_1/b_0| * inputs. */
static void test_mutant_coefficient(void **state) {
  (void)state;
  struct fast_range r = {0x3f800000u /* 1 */, 0x40ffffffu /* < 8 */};
  struct fast_opts o;
  fast_opts_default(&o);
  struct fast_table tab;
  assert_int_equal(fast_build(&tab, &fast_fn_exp, &r, 1, &o), 0);
  uint32_t best = 0;
  double bestv = -1;
  for (uint32_t b = 0; b < tab.hdr.nblk; b++) {
    const struct fast_block *k = &tab.blk[b];
    double v = fabs(tab.coef[k->coef + 1] / tab.coef[k->coef]) * (double)(1u << k->lgsize);
    if (k->ndd >= 2 && k->deg >= 1 && v > bestv) bestv = v, best = b;
  }
  assert_true(bestv > 0);
  const struct fast_block *k = &tab.blk[best];
  double *lo1 = &tab.coef[k->coef + k->deg + 1 + 1], saved = *lo1;
  uint64_t n;
  uint32_t *xs = block_inputs(&tab, best, 1u << 18, &n);
  struct fast_view v = fast_table_view(&tab);
  struct ft_result clean = ft_compare(&v, mpfr_exp, xs, n);
  *lo1 += ldexp(fabs(tab.coef[k->coef + 1]), -60);
  struct ft_result mut = ft_compare(&v, mpfr_exp, xs, n);
  *lo1 = saved;
  printf("  mutant b_1 += 2^-60 |b_1| (block 0x%08x, 2^%d inputs, %" PRIu64 " tested): "
         "%" PRIu64 " mismatches (clean table: %" PRIu64 ")\n", tab.first[best], k->lgsize, n,
         mut.mismatches, clean.mismatches);
  assert_int_equal(clean.mismatches, 0);
  assert_true(mut.mismatches > 0);
  free(xs);
  fast_table_free(&tab);
}

/* A table built to a loose target (eps ~ 2^-46 relative, so its polynomials really
 * are that far off) is right with its own bounds (0 mismatches, many undecided);
 * with every eps divided by 2^40 Ziv's test believes it and answers wrongly. */
static void test_mutant_bound(void **state) {
  (void)state;
  struct fast_range r = {0x3f800000u /* 1 */, 0x3fffffffu /* < 2 */};
  struct fast_opts o;
  fast_opts_default(&o);
  o.target_log2 = -46;
  struct fast_table tab;
  assert_int_equal(fast_build(&tab, &fast_fn_exp, &r, 1, &o), 0);
  struct fast_view v = fast_table_view(&tab);
  uint64_t n = 50000;
  uint32_t *xs = range_samples(r, n, 3);
  struct ft_result clean = ft_compare(&v, mpfr_exp, xs, n);
  for (uint32_t b = 0; b < tab.hdr.nblk; b++)
    tab.blk[b].eps = fmax(ldexp(tab.blk[b].eps, -40), 0x1p-900);
  struct ft_result mut = ft_compare(&v, mpfr_exp, xs, n);
  printf("  loose table (target 2^-46, %u blocks): %" PRIu64 " of %" PRIu64 " decided, %" PRIu64
         " mismatches; eps / 2^40: %" PRIu64 " decided, %" PRIu64 " mismatches\n", tab.hdr.nblk,
         clean.decided, n, clean.mismatches, mut.decided, mut.mismatches);
  assert_int_equal(clean.mismatches, 0);
  assert_true(mut.mismatches > n / 10);
  free(xs);
  fast_table_free(&tab);
}

/* ---- exp where binary64 results turn subnormal, underflow to 0, overflow ---- */

/* Every input of 2^16-pattern slices centred on: exp(x) = 2^-1022 (x ~ -708.40),
 * exp(x) = 2^-1074 and 2^-1075 (x ~ -744.44, -745.13), exp(x) = DBL_MAX (709.78). */
static void test_exp_extremes(void **state) {
  (void)state;
  struct fast_range r[] = {{0xc4300000u /* -704 */, 0xc43c0000u /* -752 */},
                           {0x44300000u /* 704 */, 0x44340000u /* 720 */}};
  struct fast_opts o;
  fast_opts_default(&o);
  struct fast_table tab;
  assert_int_equal(fast_build(&tab, &fast_fn_exp, r, 2, &o), 0);
  struct fast_view v = fast_table_view(&tab);
  const float centre[] = {-708.3964f, -744.4401f, -745.1332f, 709.7827f};
  for (int c = 0; c < 4; c++) {
    uint64_t n = 1u << 16;
    uint32_t *xs = malloc(n * sizeof *xs), mid = f2u(centre[c]);
    for (uint64_t i = 0; i < n; i++) xs[i] = mid - (uint32_t)(n / 2) + (uint32_t)i;
    struct ft_result res = ft_compare(&v, mpfr_exp, xs, n);
    uint64_t zeros = 0, subn = 0;
    for (uint64_t i = 0; i < n; i++) {
      double y;
      int t;
      if (fast_eval(&v, xs[i], &y, &t)) zeros += y == 0.0, subn += y != 0.0 && fabs(y) < 0x1p-1022;
    }
    printf("  exp near %.4f: %" PRIu64 " of %" PRIu64 " decided (%" PRIu64 " zero, %" PRIu64
           " subnormal results), %" PRIu64 " mismatches\n", centre[c], res.decided, n, zeros, subn,
           res.mismatches);
    assert_int_equal(res.mismatches, 0);
    assert_true(res.decided >= n / 2);
    free(xs);
  }
  fast_table_free(&tab);
}

/* ---- structure: save/load, checks, inputs without a polynomial ---- */

static void test_structure(void **state) {
  (void)state;
  struct fast_range r = {0x3e000000u /* 0.125 */, 0x40ffffffu /* < 8 */};
  struct fast_opts o;
  fast_opts_default(&o);
  struct fast_table tab, back;
  assert_int_equal(fast_build(&tab, &fast_fn_tanh, &r, 1, &o), 0);
  const char *path = "test_fast_table.bin";
  assert_int_equal(fast_table_save(&tab, path), 0);
  assert_int_equal(fast_table_load(&back, path), 0);
  remove(path);
  assert_memory_equal(&tab.hdr, &back.hdr, sizeof tab.hdr);
  assert_memory_equal(tab.dir, back.dir, 4 * (size_t)tab.hdr.ndir);
  assert_memory_equal(tab.blk, back.blk, sizeof *tab.blk * tab.hdr.nblk);
  assert_memory_equal(tab.coef, back.coef, 8 * (size_t)tab.hdr.ncoef);
  struct fast_view v = fast_table_view(&back);
  double y;
  int t;
  /* outside the range, NaN, infinities: undecided */
  const uint32_t none[] = {0x3dffffffu, 0x41000000u, 0x7fc00000u, 0x7f800000u, 0xff800000u,
                           0xffffffffu, 0x00000001u, 0x80000000u};
  for (size_t i = 0; i < sizeof none / sizeof none[0]; i++)
    assert_int_equal(fast_eval(&v, none[i], &y, &t), 0);
  /* inside, both signs (odd: mirrored) */
  assert_int_equal(fast_eval(&v, 0x3f800000u, &y, &t), 1);
  double yr;
  int tr;
  ft_ref(mpfr_tanh, 0x3f800000u, &yr, &tr);
  assert_true(ft_same(y, t, yr, tr));
  assert_int_equal(fast_eval(&v, 0xbf800000u, &y, &t), 1);
  assert_true(ft_same(y, t, -yr, -tr));
  /* corrupted tables are refused */
  back.dir[0] = FAST_NODE | (back.hdr.ndir - 8u);
  assert_int_not_equal(fast_table_check(&back), 0);
  fast_table_free(&back);
  /* an empty table decides nothing */
  struct fast_table empty;
  assert_int_equal(fast_build(&empty, &fast_fn_tanh, NULL, 0, &o), 0);
  struct fast_view ve = fast_table_view(&empty);
  assert_int_equal(fast_eval(&ve, 0x3f800000u, &y, &t), 0);
  fast_table_free(&empty);
  fast_table_free(&tab);
}

int main(void) {
  struct CMUnitTest tests[NCASES + 5];
  size_t n = 0;
  for (size_t i = 0; i < NCASES; i++) {
    struct CMUnitTest t = cmocka_unit_test_prestate(test_function, (void *)&cases[i]);
    t.name = cases[i].fn->name;
    tests[n++] = t;
  }
  struct CMUnitTest more[] = {
      cmocka_unit_test(test_eval_bound), cmocka_unit_test(test_mutant_coefficient),
      cmocka_unit_test(test_mutant_bound), cmocka_unit_test(test_exp_extremes),
      cmocka_unit_test(test_structure)};
  for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) tests[n++] = more[i];
  return _cmocka_run_group_tests("fast", tests, n, NULL, NULL);
}
