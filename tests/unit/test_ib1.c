/* test_ib1.c: the ball evaluator's fast first precision (reference/interval/ib1.h, the
 * source the device runs) against MPFR and the host engine.
 *
 *  - its tables (1/n!, 1/(2j+1), 768 bits of 2/pi) against MPFR's values: each pair within
 *    2^-106 |hi| of the exact value (the bound ib1.h's radii rest on), every word of 2/pi;
 *  - its operations and functions on random double-word balls of every size the invariant
 *    allows: the result must hold the exact value (MPFR at 2000 bits) at the midpoints and
 *    at both ends of the operands' balls;
 *  - the fast level alone (ib1_decide) on the 34 expressions of docs/expressions.md, the
 *    evaluator's other functions and test_ibarb's forms, on the binades around 2^-149, 2^-126, 2^-60, 2^-20,
 *    1, 2^20, 2^64 and 2^127 of both signs (first, last and random inputs) and the zeros
 *    of the differences: every input it decides must equal the host engine's pair
 *    (ref_mpfr: exact MPFR operations, then Ziv's loop over Arb balls), y and t bit for bit;
 *    it prints the share it decides, the share it hands to the generic 1-word level (no
 *    fast rule) and the share it leaves to 2 words.
 *  - the exponent kept apart (ib1s_*): beyond ib1's range, every input the fast level
 *    decides equals the generic levels' pair (2 to 20 words), and it decides most inputs
 *    of expressions whose values pass 2^480 there;
 * `test_ib1 --measure N` (opt-in) times, on one thread, the generic 1-word level and the
 * fast level on N random inputs of each expression (all 2^32 patterns; the best of three
 * alternating runs each) and prints the inputs a second and the share each decides. */
#include "testutil.h"
#include "ib_test.h"

#include <mpfr.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "reference/expr/expr.h"
#include "reference/interval/ib_prog.h"
#include "reference/reference.h"
#include "src/catalogue/registry.h"


static const char *const exprs[] = {
    IB_TEST_EXPRS_34,
    /* the other functions with a fast rule, alone and cancelling */
    "tan(x)", "sin(x)", "cos(x)-1", "expm1(x)", "log1p(x)", "sinh(x)-x", "cosh(x)", "tanh(x)", "recip(x)",
    "sqrt(x)", "rsqrt(x)", "log(x)", "exp(x)", "x^5-x^3", "x^(-3)", "cbrt(x)", "exp2(x)-1", "log10(1+x)",
    "sin(x)^2+cos(x)^2-1", "tan(x)-x",
    /* test_ibarb's forms with values beyond the exponent range, and its other functions (the
     * generic code inside the fast level) */
    "log(cosh(x))", "log(exp(x)+exp(x/2))", "log(exp(x)-exp(x/2))", "log(x^2*exp(x))-x", "log10(exp(x)+x)/x",
    "sqrt(cosh(x))/exp(x/2)", "log1p(exp(x)^3)/x", "expm1(x)*exp(-x)", "asin(x)", "acos(x)", "asinh(x)",
    "acosh(x)", "atanh(x)", "sinpi(x)", "cospi(x)", "erfc(x)", "erfcx(x)", "rcbrt(x)", "normcdf(x)",
    /* values beyond ib1's range, through the exponent kept apart (ib1s_*): results beyond
     * binary64 (infinities, zeros), normal ones scaled back, sums at distant exponents,
     * square roots of odd exponents, logarithms, powers */
    "exp(x)*sin(x)", "exp(-x)*sin(x)", "sinh(x)/x", "x^2*exp(x)", "log(sinh(x)/x)", "log(cosh(x))-fabs(x)",
    "sqrt(exp(x))", "rsqrt(cosh(x))", "exp(x)/cosh(x)", "exp(x)-exp(x-1)", "(exp(x)+x)^3/exp(3*x)",
    "exp(x)^7*exp(-7*x)", "1/sinh(x)+exp(-x)", "expm1(x)/exp(x)", "exp(x^2)*exp(-x^2-1)", "x*exp(-x^2)"};
#define N_EXPR ((int)(sizeof exprs / sizeof exprs[0]))

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint64_t next64(void) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return rng;
}
static double unit(void) { return (double)(next64() >> 11) * 0x1p-53; } /* [0, 1) */

/* ---- the tables ---- */
static void check_pairs(const double (*tab)[2], int n, int odd) {
  mpfr_t c, d;
  mpfr_inits2(400, c, d, (mpfr_ptr)0);
  int bad = 0;
  for (int i = 0; i < n; i++) {
    if (odd) mpfr_set_ui(c, 2 * i + 1, MPFR_RNDN), mpfr_ui_div(c, 1, c, MPFR_RNDN);
    else mpfr_fac_ui(c, i, MPFR_RNDN), mpfr_ui_div(c, 1, c, MPFR_RNDN);
    CHECK(tab[i][0] == mpfr_get_d(c, MPFR_RNDN), "%s[%d]: hi is not RN(c)", odd ? "1/(2j+1)" : "1/n!", i);
    mpfr_sub_d(d, c, tab[i][0], MPFR_RNDN);
    mpfr_sub_d(d, d, tab[i][1], MPFR_RNDN);
    mpfr_abs(d, d, MPFR_RNDN);
    mpfr_div_d(d, d, fabs(tab[i][0]), MPFR_RNDN);
    if (mpfr_cmp_d(d, 0x1p-106) > 0) bad++;
  }
  CHECK(bad == 0, "%s: %d pairs farther than 2^-106 |hi| from the value", odd ? "1/(2j+1)" : "1/n!", bad);
  mpfr_clears(c, d, (mpfr_ptr)0);
}
static void check_sc64(void) {
  mpfr_t c, d;
  mpfr_inits2(400, c, d, (mpfr_ptr)0);
  int bad = 0;
  for (int i = 0; i < IB1_NSC; i++)
    for (int k = 0; k < 2; k++) {
      mpfr_set_ui(c, i, MPFR_RNDN);
      mpfr_div_ui(c, c, 64, MPFR_RNDN);
      if (k) mpfr_cos(c, c, MPFR_RNDN);
      else mpfr_sin(c, c, MPFR_RNDN);
      const double hi = ib1_sc64_host[i][2 * k], lo = ib1_sc64_host[i][2 * k + 1];
      mpfr_sub_d(d, c, hi, MPFR_RNDN);
      mpfr_sub_d(d, d, lo, MPFR_RNDN);
      mpfr_abs(d, d, MPFR_RNDN);
      if (hi == 0 ? !mpfr_zero_p(d) : mpfr_cmp_d(d, ldexp(fabs(hi), -106)) > 0 || hi != mpfr_get_d(c, MPFR_RNDN)) bad++;
    }
  CHECK(bad == 0, "sin, cos(i/64): %d entries farther than 2^-106 |hi| from the value", bad);
  mpfr_clears(c, d, (mpfr_ptr)0);
}
static void test_tables(void **state) {
  (void)state;
  check_sc64();
  check_pairs(ib1_rfact_host, IB1_NFACT, 0);
  check_pairs(ib1_rodd_host, IB1_NODD, 1);
  mpfr_t v;
  mpfr_init2(v, 1200);
  mpfr_const_pi(v, MPFR_RNDN);
  mpfr_ui_div(v, 2, v, MPFR_RNDN); /* 2/pi to 1200 bits: its first 768 are right */
  mpfr_mul_2si(v, v, 768, MPFR_RNDN);
  mpfr_floor(v, v);
  mpz_t z;
  mpz_init(z);
  mpfr_get_z(z, v, MPFR_RNDZ);
  int bad = 0;
  for (int i = 11; i >= 0; i--) {
    bad += (uint64_t)mpz_get_ui(z) != ib1_2pi_host[i];
    mpz_tdiv_q_2exp(z, z, 64);
  }
  CHECK(bad == 0 && mpz_sgn(z) == 0, "2/pi: %d words differ from MPFR's", bad);
  mpz_clear(z);
  mpfr_clear(v);
  assert_int_equal(check_failures, 0);
}

/* ---- the operations ---- */
/* a random ball whose high word has its exponent in [lo, hi] */
static ib1 rand_ball(int lo, int hi, int positive) {
  ib1 a;
  const int e = lo + (int)(next64() % (uint64_t)(hi - lo + 1));
  a.h = ldexp(1 + unit(), e);
  if (!positive && (next64() & 1)) a.h = -a.h;
  const int kind = (int)(next64() % 4);
  a.l = kind == 0 ? 0 : ldexp(unit() - 0.5, e - 53 - (kind == 3 ? (int)(next64() % 80) : 0));
  double s, t;
  ib1_two_sum(a.h, a.l, &s, &t);
  a.h = s, a.l = t;
  const int rk = (int)(next64() % 3);
  a.r = rk == 0 ? 0 : ldexp(unit(), e - (rk == 1 ? 100 : 60));
  return a;
}
/* the point h + l + theta r (theta = -1, 0, 1) exactly */
static void point(mpfr_ptr p, const ib1 *a, int theta) {
  mpfr_set_prec(p, 2200);
  mpfr_set_d(p, a->h, MPFR_RNDN);
  mpfr_add_d(p, p, a->l, MPFR_RNDN);
  if (theta) mpfr_add_d(p, p, theta * a->r, MPFR_RNDN);
}
/* |v - (h + l)| <= r */
static int holds(const ib1 *a, mpfr_srcptr v) {
  mpfr_t m, d;
  mpfr_inits2(2400, m, d, (mpfr_ptr)0);
  point(m, a, 0);
  mpfr_sub(d, v, m, MPFR_RNDN);
  mpfr_abs(d, d, MPFR_RNDU);
  const int ok = mpfr_cmp_d(d, a->r) <= 0;
  mpfr_clears(m, d, (mpfr_ptr)0);
  return ok;
}
enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_SQRT, OP_POW, OP_EXP, OP_EXPM1, OP_LOG, OP_LOG1P, OP_SIN, OP_COS,
       OP_TAN, OP_SINH, OP_COSH, OP_TANH, OP_N };
static const char *const op_names[OP_N] = {"add", "sub", "mul",  "div", "sqrt", "pow", "exp",  "expm1",
                                           "log", "log1p", "sin", "cos", "tan",  "sinh", "cosh", "tanh"};
static void mp_op(int op, mpfr_ptr v, mpfr_srcptr a, mpfr_srcptr b, int pw) {
  switch (op) {
  case OP_ADD: mpfr_add(v, a, b, MPFR_RNDN); break;
  case OP_SUB: mpfr_sub(v, a, b, MPFR_RNDN); break;
  case OP_MUL: mpfr_mul(v, a, b, MPFR_RNDN); break;
  case OP_DIV: mpfr_div(v, a, b, MPFR_RNDN); break;
  case OP_SQRT: mpfr_sqrt(v, a, MPFR_RNDN); break;
  case OP_POW: mpfr_pow_si(v, a, pw, MPFR_RNDN); break;
  case OP_EXP: mpfr_exp(v, a, MPFR_RNDN); break;
  case OP_EXPM1: mpfr_expm1(v, a, MPFR_RNDN); break;
  case OP_LOG: mpfr_log(v, a, MPFR_RNDN); break;
  case OP_LOG1P: mpfr_log1p(v, a, MPFR_RNDN); break;
  case OP_SIN: mpfr_sin(v, a, MPFR_RNDN); break;
  case OP_COS: mpfr_cos(v, a, MPFR_RNDN); break;
  case OP_TAN: mpfr_tan(v, a, MPFR_RNDN); break;
  case OP_SINH: mpfr_sinh(v, a, MPFR_RNDN); break;
  case OP_COSH: mpfr_cosh(v, a, MPFR_RNDN); break;
  default: mpfr_tanh(v, a, MPFR_RNDN); break;
  }
}
static void ib1_op(int op, ib1 *r, const ib1 *a, const ib1 *b, int pw, int *ok) {
  static const int fns[] = {IBF_EXP, IBF_EXPM1, IBF_LOG, IBF_LOG1P, IBF_SIN,
                            IBF_COS, IBF_TAN,   IBF_SINH, IBF_COSH, IBF_TANH};
  switch (op) {
  case OP_ADD: ib1_add(r, a, b, ok); break;
  case OP_SUB: ib1_sub(r, a, b, ok); break;
  case OP_MUL: ib1_mul(r, a, b, ok); break;
  case OP_DIV: ib1_div(r, a, b, ok); break;
  case OP_SQRT: ib1_sqrt(r, a, ok); break;
  case OP_POW: ib1_pow_int(r, a, pw, ok); break;
  default: ib1_fn(r, a, fns[op - OP_EXP], ok);
  }
}
static void test_operations(void **state) {
  (void)state;
  int tried[OP_N] = {0}, bad[OP_N] = {0};
  mpfr_t pa, pb, v;
  mpfr_inits2(2200, pa, pb, v, (mpfr_ptr)0);
  for (int it = 0; it < 16 * 400; it++) {
    const int op = it % OP_N;
    /* argument sizes each rule meets: small and large, up to the invariant's bounds */
    int lo = -200, hi = 200, pos = 0;
    if (op == OP_SQRT || op == OP_LOG) pos = 1, lo = -400, hi = 400;
    if (op == OP_EXP || op == OP_EXPM1 || op >= OP_SINH) lo = -80, hi = 8;
    if (op == OP_LOG1P) lo = -80, hi = 30, pos = (int)(next64() & 1);
    if (op == OP_SIN || op == OP_COS || op == OP_TAN) lo = -150, hi = 420;
    if (op == OP_POW) lo = -30, hi = 30;
    ib1 a = rand_ball(lo, hi, pos);
    const ib1 b = rand_ball(-200, 200, 0);
    if ((op == OP_SIN || op == OP_COS || op == OP_TAN) && a.r > 0x1p-60) a.r = ldexp(unit(), -60); /* below a period */
    const int pw = (int)(next64() % 13) - 6;
    ib1 r;
    int ok = 1;
    ib1_op(op, &r, &a, &b, pw, &ok);
    if (!ok) continue;
    tried[op]++;
    for (int ta = -1; ta <= 1; ta++)
      for (int tb = -1; tb <= 1; tb++) {
        point(pa, &a, ta);
        point(pb, &b, tb);
        mpfr_set_prec(v, 2000);
        mp_op(op, v, pa, pb, pw);
        if (!holds(&r, v)) {
          if (bad[op] < 3)
            fprintf(stderr, "  %s: a = (%a, %a, %a), b = (%a, %a, %a), ends %d %d: the result misses MPFR's value\n",
                    op_names[op], a.h, a.l, a.r, b.h, b.l, b.r, ta, tb);
          bad[op]++;
        }
      }
  }
  for (int op = 0; op < OP_N; op++) {
    printf("  %-6s %3d balls evaluated of 400, %d misses\n", op_names[op], tried[op], bad[op]);
    CHECK(bad[op] == 0, "%s: %d results miss the exact value", op_names[op], bad[op]);
    CHECK(tried[op] >= 200, "%s: only %d of 400 evaluated", op_names[op], tried[op]);
  }
  mpfr_clears(pa, pb, v, (mpfr_ptr)0);
  assert_int_equal(check_failures, 0);
}

/* ---- the expressions ---- */
struct tally {
  long tried, decided, generic, undecided, mismatched, unverified;
};
static void one_input(const struct ib_prog *P, const struct reference *ref, uint32_t x, struct tally *t,
                      const char *text) {
  double y, ry;
  int tt, rt;
  t->tried++;
  const int d = ib1_decide(P, x, &y, &tt);
  if (d < 0) t->generic++;
  if (d == 0) t->undecided++;
  if (d != 1) return;
  t->decided++;
  ref_mpfr(ref, x, &ry, &rt);
  if (rt == REF_T_UNDECIDABLE || rt == -REF_T_UNDECIDABLE) {
    if (t->unverified < 3) fprintf(stderr, "  %s at x=%a: the host engine cannot decide\n", text, (double)u2f(x));
    t->unverified++;
    return;
  }
  if (memcmp(&y, &ry, sizeof y) || tt != rt) {
    if (t->mismatched < 5)
      fprintf(stderr, "  %s at x=%a (0x%08x): fast %a t=%d, host %a t=%d\n", text, (double)u2f(x), x, y, tt, ry, rt);
    t->mismatched++;
  }
}
static long all_tried, all_decided;
static const int binades[] = {-149, -126, -60, -20, 0, 20, 64, 127};
static void check_expr(const char *text) {
  char err[256];
  struct expr *e = expr_parse(text, err, sizeof err);
  CHECK(e != NULL, "%s: %s", text, err);
  if (!e) return;
  static struct ib_prog P;
  const int rc = expr_ib_compile(e, &P, err, sizeof err);
  const struct reference *ref = ref_resolve(text, 0, 0, "--ref", err, sizeof err);
  CHECK(rc == 0 && ref != NULL, "%s: %s", text, err);
  if (rc || !ref) {
    expr_free(e);
    return;
  }
  struct tally t = {0};
  for (int s = 0; s < 2; s++)
    for (size_t b = 0; b < sizeof binades / sizeof binades[0]; b++)
      for (int side = 0; side < 2; side++) { /* the binade [2^k, 2^(k+1)) and the one below */
        const int kk = binades[b] - side;
        uint32_t lo, hi;
        if (kk < -126) lo = 1, hi = 0x007fffff;
        else lo = (uint32_t)(kk + 127) << 23, hi = lo + 0x7fffff;
        const uint32_t sg = s ? 0x80000000u : 0;
        one_input(&P, ref, sg | lo, &t, text);
        one_input(&P, ref, sg | hi, &t, text);
        for (int i = 0; i < 6; i++) one_input(&P, ref, sg | (lo + (uint32_t)(next64() % (hi - lo + 1))), &t, text);
      }
  const uint32_t special[] = {0, 1, 2, 0x3f800000u, 0x3f7fffffu, 0x3f800001u, 0x3fc90fdbu, 0x40490fdbu};
  for (size_t i = 0; i < sizeof special / sizeof special[0]; i++) {
    one_input(&P, ref, special[i], &t, text);
    one_input(&P, ref, special[i] | 0x80000000u, &t, text);
  }
  printf("  %-46s %3ld inputs: fast %3ld decided (%5.1f%%), %3ld to 2 words, %3ld to the generic word; %ld differ\n",
         text, t.tried, t.decided, 100.0 * t.decided / t.tried, t.undecided, t.generic, t.mismatched);
  if (t.generic < t.tried) all_tried += t.tried, all_decided += t.decided; /* a program with a rule for each function */
  CHECK(t.mismatched == 0, "%s: %ld inputs differ from the host engine", text, t.mismatched);
  CHECK(t.unverified == 0, "%s: %ld decided inputs the host engine cannot check", text, t.unverified);
  expr_free(e);
}
static void test_expressions(void **state) {
  (void)state;
  for (int k = 0; k < N_EXPR; k++) check_expr(exprs[k]);
  /* it cannot pass by deciding nothing: over the inputs of the programs with a fast rule
   * for every function (a third of them in binades beyond 2^64, where exp has none) it
   * decides more than half */
  printf("  all: %ld of %ld inputs of programs with fast rules decided by the fast level\n", all_decided, all_tried);
  CHECK(2 * all_decided > all_tried, "the fast level decides only %ld of %ld", all_decided, all_tried);
  ref_thread_cleanup();
  assert_int_equal(check_failures, 0);
}

/* ---- the exponent apart, against the generic levels ----
 * Over magnitudes where the values leave ib1's range ([2^5, 2^45) and the whole exponent
 * range, both signs), every input the fast level decides is decided again by the generic
 * levels of 2 to 20 words (ib.h's multiword balls with their own exponent: an independent
 * implementation), which must give the same pair; and beyond 2^9, where e^x is past 2^480,
 * the fast level must decide most inputs of the expressions whose values go there (before
 * the exponent was kept apart it decided none of them). */
static void test_exponent_apart(void **state) {
  (void)state;
  static const char *const far[] = {
      "exp(x)*sin(x)", "exp(-x)*sin(x)", "sinh(x)/x", "x^2*exp(x)", "log(sinh(x)/x)", "log(cosh(x))",
      "sqrt(exp(x))", "rsqrt(cosh(x))", "exp(x)/cosh(x)", "exp(x)-exp(x-1)", "(exp(x)+x)^3/exp(3*x)",
      "1/sinh(x)+exp(-x)", "expm1(x)/exp(x)", "x*exp(-x^2)", "cosh(x)-1", "exp(x)^3", "sqrt(sinh(x))",
      "exp(x/3)^5/exp(x)", "1/(exp(x)+1)", "log(exp(x)+exp(x/2))"};
  for (size_t k = 0; k < sizeof far / sizeof far[0]; k++) {
    char err[256];
    struct expr *e = expr_parse(far[k], err, sizeof err);
    static struct ib_prog P;
    CHECK(e && !expr_ib_compile(e, &P, err, sizeof err), "%s: %s", far[k], err);
    if (!e) continue;
    long dec = 0, cmp = 0, bad = 0, big = 0, bigdec = 0;
    for (int i = 0; i < 4000; i++) {
      int ex = i % 2 ? 132 + (int)(next64() % 40) : 1 + (int)(next64() % 254);
      const uint32_t x = (uint32_t)ex << 23 | (uint32_t)(next64() & 0x7fffff) | (next64() & 1 ? 0x80000000u : 0);
      double y, y2;
      int t, t2, d = 0;
      const int far_x = ex >= 136 && ex <= 166; /* |x| in [2^9, 2^40) */
      big += far_x;
      if (ib1_decide(&P, x, &y, &t) != 1) continue;
      dec++, bigdec += far_x;
      for (int lev = 1; lev < IB_LEVELS && d == 0; lev++) d = ib_decide_level(&P, x, lev, &y2, &t2);
      if (d != 1) continue;
      cmp++;
      if (memcmp(&y, &y2, sizeof y) || t != t2) {
        if (bad < 3) fprintf(stderr, "  %s at x=%a: fast %a t=%d, generic %a t=%d\n", far[k], (double)u2f(x), y, t, y2, t2);
        bad++;
      }
    }
    printf("  %-28s fast decided %4ld of 4000 (%4ld of %4ld in [2^9, 2^40)), %4ld compared, %ld differ\n", far[k], dec,
           bigdec, big, cmp, bad);
    CHECK(bad == 0, "%s: %ld pairs differ from the generic levels'", far[k], bad);
    CHECK(10 * cmp >= 9 * dec, "%s: only %ld of %ld compared", far[k], cmp, dec);
    expr_free(e);
  }
  /* the expressions whose every value there is far from 1 (no cancellation): most decided */
  static const char *const must[] = {"exp(x)*sin(x)", "sinh(x)/x", "log(sinh(x)/x)", "sqrt(exp(x))", "exp(x)^3"};
  for (size_t k = 0; k < sizeof must / sizeof must[0]; k++) {
    char err[256];
    struct expr *e = expr_parse(must[k], err, sizeof err);
    static struct ib_prog P;
    if (!e || expr_ib_compile(e, &P, err, sizeof err)) continue;
    long dec = 0;
    for (int i = 0; i < 1000; i++) {
      const uint32_t x = (uint32_t)(136 + (int)(next64() % 31)) << 23 | (uint32_t)(next64() & 0x7fffff);
      double y;
      int t;
      dec += ib1_decide(&P, x, &y, &t) == 1;
    }
    CHECK(dec >= 900, "%s: the fast level decides only %ld of 1000 inputs in [2^9, 2^40)", must[k], dec);
    expr_free(e);
  }
  assert_int_equal(check_failures, 0);
}

/* ---- the opt-in measurement ---- */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}
static int generic1(const struct ib_prog *P, uint32_t x, double *y, int *t) { /* today's 1-word level */
  ib r;
  ib_ctx c = {1, 0};
  ib_eval(P, x, &c, &r);
  if (c.fail >= 2) return -1;
  return !c.fail && ib_round53(&r, y, t) ? 1 : 0;
}
static void measure(long n) {
  printf("%-46s %12s %8s %12s %8s %8s %7s\n", "expression (1 thread)", "generic 1w/s", "decided", "fast/s", "decided",
         "generic", "speedup");
  uint32_t *xs = malloc((size_t)n * 4);
  for (int k = 0; k < 34; k++) {
    char err[256];
    struct expr *e = expr_parse(exprs[k], err, sizeof err);
    static struct ib_prog P;
    if (!e || expr_ib_compile(e, &P, err, sizeof err)) continue;
    long m = 0;
    while (m < n) {
      const uint32_t x = (uint32_t)next64();
      if ((x & 0x7fffffffu) < 0x7f800000u) xs[m++] = x;
    }
    long dg = 0, df = 0, gen = 0;
    double y, tg = 1e30, tf = 1e30;
    int t;
    for (int rep = 0; rep < 3; rep++) { /* alternating, the best of three each (a shared machine) */
      dg = df = 0;
      double t0 = now();
      for (long i = 0; i < m; i++) dg += generic1(&P, xs[i], &y, &t) == 1;
      const double a = now() - t0;
      t0 = now();
      for (long i = 0; i < m; i++) /* the fast level, the generic word where it has no rule */
        df += ib_decide_level(&P, xs[i], 0, &y, &t) == 1;
      const double b = now() - t0;
      tg = a < tg ? a : tg, tf = b < tf ? b : tf;
    }
    for (long i = 0; i < m; i++) gen += ib1_decide(&P, xs[i], &y, &t) < 0;
    printf("%-46s %12.0f %7.2f%% %12.0f %7.2f%% %7.2f%% %6.2fx\n", exprs[k], m / tg, 100.0 * dg / m, m / tf,
           100.0 * df / m, 100.0 * gen / m, tg / tf);
    expr_free(e);
  }
  free(xs);
}

int main(int argc, char **argv) {
  if (argc > 2 && !strcmp(argv[1], "--measure")) {
    measure(atol(argv[2]));
    return 0;
  }
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tables),
      cmocka_unit_test(test_operations),
      cmocka_unit_test(test_expressions),
      cmocka_unit_test(test_exponent_apart),
  };
  return cmocka_run_group_tests_name("ib1", tests, NULL, NULL);
}
