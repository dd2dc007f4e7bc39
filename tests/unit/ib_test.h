/* ib_test.h: what the ball evaluator's tests (test_ib, test_ib1, test_ibarb, test_ibinv,
 * test_ibgamma, test_ibbessel, test_ibzero, test_ibnan) share:
 *  - a check that reports and counts instead of stopping (the test asserts
 *    check_failures == 0 at its end), and the 34 expressions of `bench --expressions`
 *    (src/cmd/bench_expr.c);
 *  - an expression's ball program and the host engine's reference (ib_test_load);
 *  - the naive decider (ib_naive_pair): a formula written as a plain Arb evaluation, run at
 *    rising precision until its ball rounds to one binary64 pair; and the comparison of an
 *    expression's program with it over a list of inputs (ib_compare);
 *  - the inputs: a small LCG (ib_next32, seeded by each test: ib_seed), the first, last
 *    and random inputs of binades (ib_binade, ib_sweep) and a bit pattern's neighbours
 *    (ib_around).
 * Each test keeps its own expressions, formulas and assertions. */
#ifndef ULPCERT_IB_TEST_H
#define ULPCERT_IB_TEST_H

#include <arb.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference/bits.h"
#include "reference/expr/expr.h"
#include "reference/interval/ib_prog.h"
#include "reference/reference.h"

static int check_failures;
#define CHECK(cond, ...)                                                                                         \
  do {                                                                                                         \
    if (!(cond)) {                                                                                             \
      fprintf(stderr, __VA_ARGS__);                                                                            \
      fprintf(stderr, "\n");                                                                                    \
      check_failures++;                                                                                        \
    }                                                                                                          \
  } while (0)

/* the 14 expressions of bench --expressions before issue 44, then its 20 */
#define IB_TEST_EXPRS_34                                                                                        \
  "x/(1+exp(-x))", "x*sigmoid(1.702*x)", "x/(1+exp(-1.5*x))", "log(1+exp(x))", "rsqrt(x*x+1)",                 \
      "x*tanh(log(1+exp(x)))", "(x+fabs(x))/2+log1p(exp(-fabs(x)))", "1/(1+exp(-x))", "x*(1+tanh(x/2))/2",     \
      "0.5*x*(1+erf(x/sqrt(2)))", "0.5*x*(1+tanh(sqrt(2/pi)*(x+0.044715*x^3)))", "log1p(exp(x))",              \
      "x*tanh(log1p(exp(x)))", "expm1((x-fabs(x))/2)-(-x-fabs(x))/2", "1-cos(x)", "exp(x)-1-x",                \
      "sqrt(x^2+4)-2", "log(x+sqrt(x^2+1))", "tanh(x)-x", "atan(x)-x", "sin(x)/x", "(exp(x)-exp(-x))/2",       \
      "erf(x)*exp(x^2)", "log(1+x^2)", "x/sqrt(1+x^2)", "exp(-1/x^2)", "sigmoid(x)*(1-sigmoid(x))",           \
      "x^3/(1+x^2)", "cosh(x)-1", "x*exp(-x)", "1/(1+x^2)", "log(sinh(x)/x)", "x*log(fabs(x))",                \
      "(1+x)^(1/3)-1"

/* ---- an expression's programs ---- */

struct ib_test_prog {
  const struct reference *ref; /* the host engine's (ref_mpfr), when asked for */
  struct ib_prog P;            /* the ball program (ib_decide) */
};

/* text parsed and compiled to its ball program, and with with_ref its reference through
 * the host's expression engine (ref_resolve): 0, or -1 after a failed CHECK */
static inline int ib_test_load(const char *text, struct ib_test_prog *p, int with_ref) {
  char err[256];
  struct expr *e = expr_parse(text, err, sizeof err);
  CHECK(e != NULL, "%s: %s", text, err);
  if (!e) return -1;
  const int rc = expr_ib_compile(e, &p->P, err, sizeof err);
  expr_free(e);
  CHECK(rc == 0, "%s: no program: %s", text, err);
  p->ref = NULL;
  if (!with_ref) return rc ? -1 : 0;
  p->ref = ref_resolve(text, 0, 0, "--ref", err, sizeof err);
  CHECK(p->ref != NULL, "%s: %s", text, err);
  return rc || !p->ref ? -1 : 0;
}

/* ---- the naive decider ---- */

/* x -> an Arb ball of the value at precision p, by the formula as written (no identity, no
 * rewriting); an indeterminate ball where it has no value */
typedef void (*ib_naive_fn)(arb_t y, const arb_t x, slong p);

/* One end v of a ball rounded to nearest binary64 (subnormals, overflow to inf included:
 * mpfr_get_d rounds correctly to the double format), with t = sign(y - v). */
static inline void ib_round_end(const mpfr_t v, double *y, int *t) {
  *y = mpfr_get_d(v, MPFR_RNDN);
  if (isinf(*y)) *t = *y > 0 ? 1 : -1;
  else {
    const int c = mpfr_cmp_d(v, *y); /* v - y */
    *t = c > 0 ? -1 : c < 0 ? 1 : 0;
  }
}

/* f at the binary32 number of bits xb, evaluated at 64, 128, ... 8192 bits until the ball's
 * two ends round to the same binary64 number on the same side of it (round to nearest even;
 * t the sign of y minus the exact value, MPFR's ternary): 1 and that pair, which is the
 * exact one since every Arb operation encloses its exact result. 0 (undecided) when no
 * precision decides, the value is not finite (an indeterminate ball), or it is an exact
 * zero (whose sign is IEEE's rule, not Arb's). A ball of one sign whose magnitude exceeds
 * 2^1100 at every point rounds to +-inf (t = the sign: the infinity lies beyond the value);
 * one whose magnitude lies below 2^-1100 at every point (under half the least subnormal,
 * 2^-1075) to +-0 (t = -sign). */
static inline int ib_naive_pair(ib_naive_fn f, uint32_t xb, double *y, int *t) {
  arb_t x, v;
  arf_t a, b;
  mpfr_t lo, hi;
  arb_init(x), arb_init(v), arf_init(a), arf_init(b);
  mpfr_init2(lo, 8300), mpfr_init2(hi, 8300);
  arb_set_d(x, (double)u2f(xb));
  int ok = 0;
  for (slong p = 64; p <= 8192 && !ok; p *= 2) {
    f(v, x, p);
    if (!arb_is_finite(v)) continue;
    if (arb_is_zero(v)) break;
    const int sign = arb_is_positive(v) ? 1 : arb_is_negative(v) ? -1 : 0;
    arb_get_abs_lbound_arf(a, v, 64); /* a <= |v| <= b at every point of the ball */
    arb_get_abs_ubound_arf(b, v, 64);
    if (sign && arf_cmpabs_2exp_si(a, 1100) > 0) { /* beyond binary64's range: +-inf */
      *y = sign * INFINITY, *t = sign, ok = 1;
      break;
    }
    if (sign && arf_cmpabs_2exp_si(b, -1100) < 0) { /* below half the least subnormal: +-0 */
      *y = sign > 0 ? 0.0 : -0.0, *t = -sign, ok = 1;
      break;
    }
    if (arf_cmpabs_2exp_si(b, 1100) > 0) continue; /* straddles zero, or too wide yet */
    arb_get_interval_mpfr(lo, hi, v);
    double ylo, yhi;
    int tlo, thi;
    ib_round_end(lo, &ylo, &tlo);
    ib_round_end(hi, &yhi, &thi);
    /* decided: both ends round to the same number, on the same side (or the ball is one
     * exact point); a binary64 number inside the ball leaves it open */
    ok = d2u(ylo) == d2u(yhi) && tlo == thi && (tlo != 0 || arb_is_exact(v));
    if (ok) *y = ylo, *t = tlo;
  }
  arb_clear(x), arb_clear(v), arf_clear(a), arf_clear(b);
  mpfr_clear(lo), mpfr_clear(hi);
  return ok;
}

/* an expression and the same formula as a naive Arb evaluation */
struct ib_ncase {
  const char *text;
  ib_naive_fn f;
};

/* The expression text against its formula f over in[0..n): how many inputs the balls decide, the naive loop decides,
 * both decide, how many of those both decide have |x| >= 2^57 (big_both; big: of those the
 * naive loop decides), and how many pairs differ (y bit for bit, or t; the first five
 * printed). IB_TEST_LEFT=1 prints the inputs the naive loop decides and the balls leave. */
struct ib_tally {
  long balls, naive, both, big, big_both, bad;
};
static inline struct ib_tally ib_compare(const char *text, ib_naive_fn f, const uint32_t *in, int n) {
  static struct ib_test_prog p;
  assert_int_equal(ib_test_load(text, &p, 0), 0);
  const int show_left = getenv("IB_TEST_LEFT") != NULL;
  struct ib_tally t = {0};
  for (int i = 0; i < n; i++) {
    double yb = 0, yn = 0;
    int tb = 0, tn = 0, words = 0;
    const int db = ib_decide(&p.P, in[i], &yb, &tb, &words);
    const int dn = ib_naive_pair(f, in[i], &yn, &tn);
    const int huge = (in[i] & 0x7fffffffu) >= 0x5c000000u; /* |x| >= 2^57 */
    t.balls += db, t.naive += dn, t.big += huge && dn;
    if (dn && !db && show_left)
      fprintf(stderr, "  left: %s at x=%a (0x%08x)\n", text, (double)u2f(in[i]), in[i]);
    if (!db || !dn) continue;
    t.both++, t.big_both += huge;
    if (d2u(yb) != d2u(yn) || tb != tn) {
      if (t.bad < 5)
        fprintf(stderr, "  %s at x=%a (0x%08x): balls %a t=%d, naive Arb %a t=%d\n", text, (double)u2f(in[i]),
                in[i], yb, tb, yn, tn);
      t.bad++;
    }
  }
  return t;
}

/* The balls against the host engine (ref_mpfr) at one input, for the tests of one class of
 * exact value (test_ibzero: zeros, test_ibinf: infinities). host_special(ry, rt): the host's
 * pairs of that class; special(y): the balls' values of it (counted in .special, and the
 * subclass sub(y), -0 or NaN, in .sub); beyond_ok(y, t): what the balls may decide where
 * the host cannot (checked). .left counts the host's special pairs that the balls leave or
 * give otherwise; .mismatched the pairs that differ (y bit for bit, or t; the first five
 * printed). */
struct ib_host_tally {
  long tried, special, sub, host_special, left, beyond, mismatched;
};
struct ib_host_class {
  int (*host_special)(double ry, int rt);
  int (*special)(double y);
  int (*sub)(double y);
  int (*beyond_ok)(double y, int t);
};
static inline void ib_vs_host(const struct ib_test_prog *p, uint32_t x, const struct ib_host_class *c,
                              struct ib_host_tally *t, const char *text) {
  double y, ry;
  int tt, rt, words;
  t->tried++;
  const int d = ib_decide(&p->P, x, &y, &tt, &words);
  ref_mpfr(p->ref, x, &ry, &rt);
  const int host_ok = rt != REF_T_UNDECIDABLE && rt != -REF_T_UNDECIDABLE;
  if (host_ok && c->host_special(ry, rt)) {
    t->host_special++;
    if (!d || !c->special(y)) t->left++;
  }
  if (!d) return;
  if (c->special(y)) t->special++;
  t->sub += c->sub(y) != 0;
  if (!host_ok) {
    t->beyond++;
    CHECK(c->beyond_ok(y, tt), "%s at x=%a: %a t=%d decided where the host cannot", text, (double)u2f(x), y, tt);
    return;
  }
  if (d2u(y) != d2u(ry) || tt != rt) {
    if (t->mismatched < 5)
      fprintf(stderr, "  %s at x=%a (0x%08x): balls %a t=%d, host %a t=%d\n", text, (double)u2f(x), x, y, tt, ry,
              rt);
    t->mismatched++;
  }
}

/* ---- the inputs ---- */

/* a 64-bit LCG (Knuth's MMIX multiplier and increment), its high half drawn; each test seeds
 * it once (ib_seed, which prints the seed) so that a failure replays */
static uint64_t ib_rng;
static inline void ib_seed(uint64_t s) {
  ib_rng = s;
  printf("  inputs drawn from the LCG seeded 0x%016llx\n", (unsigned long long)s);
}
static inline uint32_t ib_next32(void) {
  ib_rng = ib_rng * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(ib_rng >> 32);
}

/* the first, the last and r random inputs (ib_next32) of the binade [2^k, 2^(k+1)) with the
 * sign bit sg, into in[] from n on (k <= -127: the subnormals, 2^-149 to 2^-126 -
 * 2^-149); the new count */
static inline int ib_binade(uint32_t *in, int n, uint32_t sg, int k, int r) {
  const uint32_t lo = k <= -127 ? 1 : (uint32_t)(k + 127) << 23, hi = k <= -127 ? 0x007fffffu : lo + 0x7fffffu;
  in[n++] = sg | lo, in[n++] = sg | hi;
  for (int i = 0; i < r; i++) in[n++] = sg | (lo + ib_next32() % (hi - lo + 1));
  return n;
}

/* the sweep of one sign (the sign bit sg): each binade k of ks[0..nk) and the one below it,
 * k - 1, each by ib_binade with r random inputs, into in[] from n on; the new count */
static inline int ib_sweep(uint32_t *in, int n, uint32_t sg, const int *ks, int nk, int r) {
  for (int b = 0; b < nk; b++)
    for (int side = 0; side < 2; side++) n = ib_binade(in, n, sg, ks[b] - side, r);
  return n;
}

/* the bit pattern b and its neighbours within d patterns (b - d .. b + d), into in[] from
 * n on; the new count */
static inline int ib_around(uint32_t *in, int n, uint32_t b, int d) {
  for (int i = -d; i <= d; i++) in[n++] = b + (uint32_t)i;
  return n;
}

#endif
