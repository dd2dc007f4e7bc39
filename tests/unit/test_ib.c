/* test_ib.c: the ball evaluator (reference/interval/) against MPFR and Arb.
 *
 *  - its constants (pi, log 2, Euler's gamma: 20 words each, ib_const.h) against MPFR's,
 *    word for word;
 *  - its operations on random balls: every result must enclose Arb's value at the
 *    midpoints (a necessary condition of an enclosure);
 *  - the 34 expressions of docs/expressions.md (the 14 of `bench --expressions` and 20 a
 *    user would write for a numerical kernel), each compiled to its program
 *    (reference/expr/expr_ib.c) and decided by ib_decide, the source the device runs, on
 *    the binades around 2^-149, 2^-126, 2^-60, 2^-20, 1, 2^20, 2^64 and 2^127 of both
 *    signs (their first and last inputs and random ones) and the zeros of the differences
 *    (0 and its neighbours, +-1 and theirs): every input it decides must equal the host
 *    engine's pair (ref_mpfr: exact MPFR operations, then Ziv's loop over Arb balls), y and
 *    t bit for bit (where the host engine cannot decide: the named reference's proved
 *    shortcut, or a hand derivation below; none may be left unchecked); and the
 *    evaluator's other functions (tan, erfc, exp2, exp10, log2, log10, recip, cbrt) alone
 *    and in cancelling sums. It also prints how many it decided at each precision.
 * And the last precision (20 words, 1280 bits): differences that cancel 740 to 1075 bits
 * (1 - sigmoid(x) for x in [512, 745]), decided there and equal to a naive Arb loop.
 * `test_ib --measure N` (opt-in) samples N random inputs of each expression over all 2^32
 * patterns and prints the share decided at each precision and the time per input. */
#include "testutil.h"
#include "ib_test.h"

#include <stdlib.h>

#include <mpfr.h>
#include <omp.h>
#include <string.h>
#include <time.h>

#include "reference/interval/ib_prog.h"
#include "reference/expr/expr.h"
#include "src/catalogue/registry.h"
#include "reference/reference.h"


static const char *const exprs[] = {
    IB_TEST_EXPRS_34};
#define N_EXPR ((int)(sizeof exprs / sizeof exprs[0]))
/* the evaluator's other functions, each alone (the catalogue's referee decides) and in a
 * sum that cancels */
static const char *const more[] = {"tan(x)",  "erfc(x)",  "exp2(x)",  "exp10(x)",       "log2(x)",
                                   "log10(x)", "recip(x)", "cbrt(x)",  "tan(x)-x",        "exp2(x)-1",
                                   "log10(1+x)", "erfc(x)-1", "cbrt(x)^2-x^(2/3)+x"};
#define N_MORE ((int)(sizeof more / sizeof more[0]))

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t next32(void) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (uint32_t)(rng >> 11);
}

/* ---- the constants ---- */
static void check_const(const uint64_t *D, int64_t E, void (*mp)(mpfr_ptr, mpfr_rnd_t), const char *name) {
  mpfr_t v;
  mpfr_init2(v, 1400);
  mp(v, MPFR_RNDZ);
  CHECK(mpfr_get_exp(v) == E, "%s: exponent %ld, MPFR %ld", name, (long)E, (long)mpfr_get_exp(v));
  mpfr_mul_2si(v, v, 64 * IB_MAXL - mpfr_get_exp(v), MPFR_RNDZ); /* frac 2^1280 */
  mpfr_trunc(v, v);
  mpz_t z;
  mpz_init(z);
  mpfr_get_z(z, v, MPFR_RNDZ);
  int bad = 0;
  for (int i = IB_MAXL - 1; i >= 0; i--) {
    const uint64_t w = (uint64_t)mpz_get_ui(z);
    bad += w != D[i];
    mpz_tdiv_q_2exp(z, z, 64);
  }
  CHECK(!bad, "%s: %d words differ from MPFR's", name, bad);
  mpz_clear(z);
  mpfr_clear(v);
}
static void mp_ln2(mpfr_ptr v, mpfr_rnd_t r) { mpfr_const_log2(v, r); }
static void mp_pi(mpfr_ptr v, mpfr_rnd_t r) { mpfr_const_pi(v, r); }
static void mp_euler(mpfr_ptr v, mpfr_rnd_t r) { mpfr_const_euler(v, r); }

/* ---- the operations: random balls, the result must hold the exact result at the
 * midpoints (computed with MPFR at 4000 bits) ---- */
static void ib_to_mpfr(mpfr_ptr m, const ib *a) { /* the midpoint, exactly */
  mpfr_set_prec(m, 64 * IB_MAXL + 64);
  if (a->zero) {
    mpfr_set_zero(m, 1);
    return;
  }
  mpfr_set_ui(m, 0, MPFR_RNDN);
  for (int i = a->l - 1; i >= 0; i--) {
    mpfr_add_ui(m, m, 0, MPFR_RNDN);
    mpfr_t w;
    mpfr_init2(w, 64);
    mpfr_set_uj(w, a->d[i], MPFR_RNDN);
    mpfr_mul_2si(w, w, -64 * (i + 1), MPFR_RNDN);
    mpfr_add(m, m, w, MPFR_RNDN);
    mpfr_clear(w);
  }
  mpfr_mul_2si(m, m, a->e, MPFR_RNDN);
  if (a->neg) mpfr_neg(m, m, MPFR_RNDN);
}
/* |v - m| <= r */
static int holds(const ib *a, mpfr_srcptr v) {
  mpfr_t m, d, r;
  mpfr_inits2(4200, m, d, r, (mpfr_ptr)0);
  ib_to_mpfr(m, a);
  mpfr_set_prec(d, 4200);
  mpfr_sub(d, v, m, MPFR_RNDN);
  mpfr_abs(d, d, MPFR_RNDN);
  mpfr_set_uj(r, a->r.m, MPFR_RNDN);
  mpfr_mul_2si(r, r, a->r.e, MPFR_RNDN);
  const int ok = mpfr_cmp(d, r) <= 0;
  mpfr_clears(m, d, r, (mpfr_ptr)0);
  return ok;
}
static void rand_ib(ib_ctx *c, ib *a) {
  const int n = 1 + (int)(next32() % (unsigned)c->n);
  uint64_t X[IB_MAXL];
  for (int i = 0; i < n; i++) X[i] = ((uint64_t)next32() << 43) ^ ((uint64_t)next32() << 21) ^ next32();
  X[0] |= 1ull << 63;
  if (next32() % 4 == 0) X[0] = 1ull << 63, n > 1 ? X[1] = next32() % 3 : 0; /* near a power of 2 */
  ib_set_words(c, a, X, n, (int64_t)(next32() % 64) - 32, next32() & 1, (ib_mag){0, 0});
  if (next32() % 2) a->r = ibm_make(next32(), a->e - 64 * c->n - (int)(next32() % 8));
}
typedef int (*mpfr_op2)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);
static void check_ops(void) {
  mpfr_t a, b, v;
  mpfr_inits2(4200, a, b, v, (mpfr_ptr)0);
  int bad = 0, tried = 0;
  for (int it = 0; it < 3000; it++) {
    ib_ctx c = {1 << (it % 5), 0};
    ib x, y, r;
    rand_ib(&c, &x);
    rand_ib(&c, &y);
    ib_to_mpfr(a, &x);
    ib_to_mpfr(b, &y);
    mpfr_set_prec(v, 4200);
    const int op = it % 12;
    switch (op) {
    case 0: ib_add(&c, &r, &x, &y), mpfr_add(v, a, b, MPFR_RNDN); break;
    case 1: ib_sub(&c, &r, &x, &y), mpfr_sub(v, a, b, MPFR_RNDN); break;
    case 2: ib_mul(&c, &r, &x, &y), mpfr_mul(v, a, b, MPFR_RNDN); break;
    case 3: ib_div(&c, &r, &x, &y), mpfr_div(v, a, b, MPFR_RNDN); break;
    case 4: ib_abs(&x, &x), ib_to_mpfr(a, &x), ib_sqrt(&c, &r, &x), mpfr_sqrt(v, a, MPFR_RNDN); break;
    case 5: {
      const uint32_t q = 1 + next32() % 100000;
      ib_div_ui(&c, &r, &x, q), mpfr_div_ui(v, a, q, MPFR_RNDN);
      break;
    }
    case 6: ib_exp(&c, &r, &x), mpfr_exp(v, a, MPFR_RNDN); break;
    case 7: ib_abs(&x, &x), ib_to_mpfr(a, &x), ib_log(&c, &r, &x), mpfr_log(v, a, MPFR_RNDN); break;
    case 8: ib_sincos(&c, &r, &y, &x), mpfr_sin(v, a, MPFR_RNDN); break;
    case 9: ib_atan(&c, &r, &x), mpfr_atan(v, a, MPFR_RNDN); break;
    case 10: ib_erf(&c, &r, &x), mpfr_erf(v, a, MPFR_RNDN); break;
    default: ib_expm1(&c, &r, &x), mpfr_expm1(v, a, MPFR_RNDN); break;
    }
    if (c.fail) continue;
    tried++;
    if (!holds(&r, v)) {
      if (bad < 5) {
        char buf[64];
        mpfr_snprintf(buf, sizeof buf, "%.20Rg", a);
        fprintf(stderr, "  op %d at n=%d, a=%s: the ball does not hold MPFR's value\n", op, c.n, buf);
      }
      bad++;
    }
  }
  CHECK(bad == 0, "operations: %d of %d balls miss the exact value", bad, tried);
  CHECK(tried > 2000, "operations: only %d of 3000 evaluated", tried);
  mpfr_clears(a, b, v, (mpfr_ptr)0);
}

/* ---- the expressions ---- */
struct tally {
  long tried, decided, by_words[IB_MAXL + 1], mismatched, host_undecidable, by_named, unverified;
};
/* The catalogue reference a written-out form stands for (its referee and proved shortcut:
 * functions/<name>/), or NULL: where the host engine cannot decide an input (a deviation
 * below 2^-2048 of the value), the named reference's pair is the independent answer. */
static const char *named_of(const char *text) {
  static const char *const pairs[][2] = {
      {"x/(1+exp(-x))", "silu"},           {"log(1+exp(x))", "softplus"},
      {"x*tanh(log(1+exp(x)))", "mish"},   {"(x+fabs(x))/2+log1p(exp(-fabs(x)))", "softplus"},
      {"1/(1+exp(-x))", "sigmoid"},        {"x*(1+tanh(x/2))/2", "silu"},
      {"0.5*x*(1+erf(x/sqrt(2)))", "gelu"}, {"0.5*x*(1+tanh(sqrt(2/pi)*(x+0.044715*x^3)))", "gelu_tanh"},
      {"log1p(exp(x))", "softplus"},       {"x*tanh(log1p(exp(x)))", "mish"},
      {"expm1((x-fabs(x))/2)-(-x-fabs(x))/2", "elu"}};
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    if (!strcmp(pairs[i][0], text)) return pairs[i][1];
  return NULL;
}
/* By hand, where the host engine cannot decide and no named reference exists: the value
 * is an exact binary64 anchor A plus a deviation D of known sign with |D| < |A| 2^-60, so
 * (gap lemma: both neighbours of a binary64 number v lie at least |v| 2^-54 away) it
 * rounds to A with t = -sign(D); or |value| < 2^-1076, which rounds to a zero of its sign.
 *  x sigmoid(k x) = x / (1 + e^-kx), k = 1.702 or 1.5: for k x >= 64, A = x, D = -x e^-kx /
 *    (1 + e^-kx) < 0 with |D| < x e^-64; for k x <= -64, |value| < |x| e^-k|x| <= 2^128
 *    e^(-96) ... only where that is below 2^-1076 (|x| >= 2^10), a -0 with t = +1.
 *  exp(x) - 1 - x for x <= -64, |x| < 2^52: A = -1 - x (exact), D = e^x > 0, e^x < 2^-92.
 *  tanh(x) - x for 64 <= |x| < 2^52: A = sign(x) - x (exact), D = tanh x - sign x, of
 *    sign -sign(x), |D| = 2/(e^2|x| + 1) < 2^-184.
 *  sigmoid(x) (1 - sigmoid(x)) = e^-|x| / (1 + e^-|x|)^2, in (0, e^-|x|): below 2^-1076 for
 *    |x| >= 746 (746 log2(e) > 1076.2), so +0 with t = -1.
 *  exp2(x) - 1 for x <= -64: A = -1, D = 2^x in (0, 2^-64].
 *  erfc(x) - 1 for |x| >= 10: erfc(10) < 2.1e-45 < 2^-147; x >= 10: A = -1, D = erfc x > 0;
 *    x <= -10: erfc x - 1 = 1 - erfc|x|, A = 1, D = -erfc|x| < 0. */
static int hand_pair(const char *text, uint32_t xb, double *y, int *t) {
  const double x = (double)u2f(xb), ax = fabs(x);
  double k = 0;
  if (!strcmp(text, "x*sigmoid(1.702*x)")) k = 1.702;
  if (!strcmp(text, "x/(1+exp(-1.5*x))")) k = 1.5;
  if (k > 0 && k * x >= 64) return *y = x, *t = 1, 1;
  if (k > 0 && x < 0 && ax >= 1024) return *y = -0.0, *t = 1, 1;
  if (!strcmp(text, "exp(x)-1-x") && x <= -64 && ax < 0x1p52) return *y = -1.0 - x, *t = -1, 1;
  if (!strcmp(text, "sigmoid(x)*(1-sigmoid(x))") && ax >= 746) return *y = 0.0, *t = -1, 1;
  if (!strcmp(text, "exp2(x)-1") && x <= -64) return *y = -1.0, *t = -1, 1;
  if (!strcmp(text, "erfc(x)-1") && ax >= 10) return *y = x > 0 ? -1.0 : 1.0, *t = x > 0 ? -1 : 1, 1;
  if (!strcmp(text, "tanh(x)-x") && ax >= 64 && ax < 0x1p52)
    return *y = (x > 0 ? 1.0 : -1.0) - x, *t = x > 0 ? 1 : -1, 1;
  return 0;
}

static void one_input(const struct ib_prog *P, const struct reference *ref, uint32_t x, struct tally *t,
                      const char *text) {
  const struct reference *named = named_of(text) ? ref_find(named_of(text)) : NULL;
  double y, ry;
  int tt, rt, words = 0;
  const int d = ib_decide(P, x, &y, &tt, &words);
  t->tried++;
  if (!d) return;
  t->decided++;
  t->by_words[words]++;
  ref_mpfr(ref, x, &ry, &rt);
  if (rt == REF_T_UNDECIDABLE || rt == -REF_T_UNDECIDABLE) {
    t->host_undecidable++;
    if (!named) {
      if (hand_pair(text, x, &ry, &rt)) t->by_named++;
      else {
        t->unverified++;
        return;
      }
    } else ref_eval(named, x, &ry, &rt); /* the named reference: its proved shortcut, else MPFR */
    if (rt == REF_T_UNDECIDABLE || rt == -REF_T_UNDECIDABLE) {
      t->unverified++;
      return;
    }
    t->by_named++;
  }
  if (memcmp(&y, &ry, sizeof y) || tt != rt) {
    if (t->mismatched < 5)
      fprintf(stderr, "  %s at x=%a (0x%08x): balls %a t=%d, host %a t=%d (%d words)\n", text, (double)u2f(x), x, y,
              tt, ry, rt, words);
    t->mismatched++;
  }
}

static const int binades[] = {-149, -126, -60, -20, 0, 20, 64, 127};

static void check_expr(const char *text) {
  char err[256];
  struct expr *e = expr_parse(text, err, sizeof err);
  CHECK(e != NULL, "%s: %s", text, err);
  if (!e) return;
  static struct ib_prog P;
  const int rc = expr_ib_compile(e, &P, err, sizeof err);
  CHECK(rc == 0, "%s: no program: %s", text, err);
  const struct reference *ref = ref_resolve(text, 0, 0, "--ref", err, sizeof err);
  CHECK(ref != NULL, "%s: %s", text, err);
  if (rc || !ref) {
    expr_free(e);
    return;
  }
  struct tally t = {0};
  for (int s = 0; s < 2; s++)
    for (size_t b = 0; b < sizeof binades / sizeof binades[0]; b++) {
      const int k = binades[b];
      /* the binade [2^k, 2^(k+1)) and the one below it */
      for (int side = 0; side < 2; side++) {
        const int kk = k - side;
        uint32_t lo, hi;
        if (kk < -126) lo = 1, hi = 0x007fffff; /* the subnormals */
        else lo = (uint32_t)(kk + 127) << 23, hi = lo + 0x7fffff;
        const uint32_t sg = s ? 0x80000000u : 0;
        one_input(&P, ref, sg | lo, &t, text);
        one_input(&P, ref, sg | hi, &t, text);
        for (int i = 0; i < 6; i++) one_input(&P, ref, sg | (lo + next32() % (hi - lo + 1)), &t, text);
      }
    }
  /* zeros of the differences: 0, +-1 and their neighbours */
  const uint32_t special[] = {0, 1, 2, 0x3f800000u, 0x3f7fffffu, 0x3f800001u};
  for (size_t i = 0; i < sizeof special / sizeof special[0]; i++) {
    one_input(&P, ref, special[i], &t, text);
    one_input(&P, ref, special[i] | 0x80000000u, &t, text);
  }
  printf("  %-40s %3ld inputs, %3ld decided (1w %3ld, 2w %3ld, 4w %3ld, 8w %3ld, 16w %3ld, 20w %3ld), %ld mismatched; "
         "%ld beyond the host's reach: %ld checked against the named reference or by hand, %ld unchecked\n",
         text, t.tried, t.decided, t.by_words[1], t.by_words[2], t.by_words[4], t.by_words[8], t.by_words[16], t.by_words[IB_MAXL],
         t.mismatched, t.host_undecidable, t.by_named, t.unverified);
  CHECK(t.mismatched == 0, "%s: %ld inputs differ from the host engine", text, t.mismatched);
  CHECK(t.unverified == 0, "%s: %ld decided inputs that nothing here checks", text, t.unverified);
  expr_free(e);
}

/* ---- the opt-in measurement ---- */
static void measure(long n) {
  printf("%-46s %9s %8s %8s %8s %8s %8s %8s %8s %10s\n", "expression", "inputs", "1 word", "2", "4", "8", "16", "20",
         "left", "us/input");
  for (int k = 0; k < N_EXPR; k++) {
    char err[256];
    struct expr *e = expr_parse(exprs[k], err, sizeof err);
    static struct ib_prog P;
    if (!e || expr_ib_compile(e, &P, err, sizeof err)) {
      printf("%-46s no program: %s\n", exprs[k], err);
      continue;
    }
    long by[IB_MAXL + 1] = {0}, left = 0, finite = 0;
    const double t0 = omp_get_wtime();
#pragma omp parallel for schedule(dynamic, 64) reduction(+ : left, finite)
    for (long i = 0; i < n; i++) {
      uint32_t x = (uint32_t)((i * 2654435761ull + (uint64_t)k * 40503u) * 0x9e3779b1ull >> 13);
      if ((x & 0x7fffffffu) >= 0x7f800000u) continue;
      finite++;
      double y;
      int t, w;
      if (ib_decide(&P, x, &y, &t, &w)) {
#pragma omp atomic
        by[w]++;
      } else left++;
    }
    const double dt = omp_get_wtime() - t0;
    printf("%-46s %9ld %7.3f%% %7.3f%% %7.3f%% %7.3f%% %7.3f%% %7.3f%% %7.4f%% %10.2f\n", exprs[k], finite,
           100.0 * by[1] / finite, 100.0 * by[2] / finite, 100.0 * by[4] / finite, 100.0 * by[8] / finite,
           100.0 * by[16] / finite, 100.0 * by[IB_MAXL] / finite, 100.0 * left / finite, 1e6 * dt * omp_get_max_threads() / finite);
    expr_free(e);
  }
}

/* sigmoid(x) (1 - sigmoid(x)) and 1 - tanh(x/2) over [512, 746): 1 - sigmoid(x)
 * = e^-x / (1 + e^-x) (and 1 - tanh(x/2), twice that) cancels x log2(e) = 739 to 1076 bits, beyond 16 words (1024 bits) from
 * x = 672 or so; the value stays a normal binary64 (e^-745 > 2^-1075). Every input the
 * balls decide equals the naive Arb loop's pair, the balls decide 99% of what the loop
 * decides, and the 20-word level decides some of them (those 16 words cannot). */
static void naive_dsig(arb_t y, const arb_t x, slong p) {
  arb_t s, u;
  arb_init(s), arb_init(u);
  arb_neg(u, x);
  arb_exp(u, u, p);
  arb_add_ui(u, u, 1, p);
  arb_inv(s, u, p); /* sigmoid */
  arb_sub_ui(u, s, 1, p);
  arb_neg(u, u);
  arb_mul(y, s, u, p);
  arb_clear(s), arb_clear(u);
}
static void naive_1mtanh(arb_t y, const arb_t x, slong p) {
  arb_t u;
  arb_init(u);
  arb_mul_2exp_si(u, x, -1);
  arb_tanh(u, u, p);
  arb_sub_ui(u, u, 1, p);
  arb_neg(y, u);
  arb_clear(u);
}
static void test_last_level(void **state) {
  (void)state;
  const struct ib_ncase cs[] = {{"sigmoid(x)*(1-sigmoid(x))", naive_dsig}, {"1-tanh(x/2)", naive_1mtanh}};
  for (size_t c = 0; c < sizeof cs / sizeof cs[0]; c++) {
    static struct ib_test_prog p;
    assert_int_equal(ib_test_load(cs[c].text, &p, 0), 0);
    long naive = 0, both = 0, by_last = 0, bad = 0;
    const uint32_t lo = 0x44000000u, hi = 0x443a8000u; /* 512, 746 */
    for (uint32_t x = lo; x < hi; x += 7919) {
      double yb, yn;
      int tb, tn, words = 0;
      const int db = ib_decide(&p.P, x, &yb, &tb, &words), dn = ib_naive_pair(cs[c].f, x, &yn, &tn);
      naive += dn;
      if (!db || !dn) continue;
      both++, by_last += words == IB_MAXL;
      if (d2u(yb) != d2u(yn) || tb != tn) {
        if (bad++ < 5)
          fprintf(stderr, "  %s at x=%a (0x%08x), %d words: %a t=%d, naive %a t=%d\n", cs[c].text, (double)u2f(x), x,
                  words, yb, tb, yn, tn);
      }
    }
    printf("  %-28s [512, 746): the naive loop decides %ld, the balls %ld of them (%ld at %d words), %ld differ\n",
           cs[c].text, naive, both, by_last, IB_MAXL, bad);
    assert_int_equal(bad, 0);
    assert_true(both * 100 >= naive * 99);
    assert_true(by_last > 0);
  }
  flint_cleanup();
}

static void test_constants(void **state) {
  (void)state;
  check_const(ib_pi_host, IB_PI_E, mp_pi, "pi");
  check_const(ib_ln2_host, IB_LN2_E, mp_ln2, "log 2");
  check_const(ib_euler_host, IB_EULER_E, mp_euler, "Euler's gamma");
  assert_int_equal(check_failures, 0);
}
static void test_operations(void **state) {
  (void)state;
  check_ops();
  assert_int_equal(check_failures, 0);
}
static void test_expressions(void **state) {
  (void)state;
  for (int k = 0; k < N_EXPR; k++) check_expr(exprs[k]);
  for (int k = 0; k < N_MORE; k++) check_expr(more[k]);
  ref_thread_cleanup();
  assert_int_equal(check_failures, 0);
}

int main(int argc, char **argv) {
  if (argc > 2 && !strcmp(argv[1], "--measure")) {
    measure(atol(argv[2]));
    return 0;
  }
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_constants),
      cmocka_unit_test(test_operations),
      cmocka_unit_test(test_expressions),
      cmocka_unit_test(test_last_level),
  };
  return cmocka_run_group_tests_name("ib", tests, NULL, NULL);
}
