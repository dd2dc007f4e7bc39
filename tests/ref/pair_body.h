/* pair_body.h: the one test body of the fast references of two-argument functions
 * (functions/<name>/pair_ref.h; each folder's test_<name>.c, test_div_pair.c for div).
 * PAIR_MAIN(name, its tests) runs test_fast_reference, then the function's own tests:
 *
 *  test_fast_reference  the fast reference against MPFR, bit for bit, on the pairs a run
 *                       sweeps (every partner of both roles for x across every exponent of
 *                       both signs, specials included), on the products of special and
 *                       boundary operands, and on random pairs. A decided pair must equal
 *                       MPFR's (y, t) exactly (a NaN result: both NaN); the undecided ones
 *                       are counted, and must stay rare;
 *  test_exact_cases     (PAIR_CASES_TEST) exact and hard cases by hand (Pythagorean pairs,
 *                       exact quotients, remainders' ties, powers): decided, with the
 *                       value and t derived by hand;
 *  its constants against MPFR, or sweeps of its exact cases.
 * The random significands and pairs come from test_rand64, whose seed is printed. */
#ifndef ULPCERT_TESTS_REF_PAIR_BODY_H
#define ULPCERT_TESTS_REF_PAIR_BODY_H

#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "tests/unit/testutil.h"
#include "src/kinds/pair/pair.h"
#include "src/kinds/pair/pair_scan.h"

struct tally {
  uint64_t pairs, undecided, mismatches;
};

/* The reference of the pair function name (the pair registry built). */
static inline const struct pair_ref *pair_ref_named(const char *name) {
  assert_int_equal(pair_registry_init(), 0);
  for (int k = 0; k < n_pair_refs; k++)
    if (!strcmp(pair_refs[k].name, name)) return &pair_refs[k];
  fail_msg("no pair reference %s", name);
  return NULL;
}

static inline void check_pair(const struct pair_ref *r, uint32_t a, uint32_t b, struct tally *c) {
  double yf, ym;
  int tf, tm;
  c->pairs++;
  if (!r->fast_fn(a, b, &yf, &tf)) {
    c->undecided++;
    return;
  }
  pair_ref_mpfr(r, a, b, &ym, &tm);
  const int same = (isnan(yf) && isnan(ym)) || (d2u(yf) == d2u(ym) && tf == tm);
  if (!same && c->mismatches++ < 10)
    print_message("%s(0x%08x, 0x%08x): fast %a t=%d, MPFR %a t=%d\n", r->name, a, b, yf, tf, ym, tm);
}

/* x over every exponent and sign: significands 0, 1, the largest, the middle, random */
static inline uint32_t pair_sample_x(uint32_t i) {
  const uint32_t e = (i >> 3) & 0xff, s = (i >> 11) & 1, k = i & 7;
  const uint32_t m = k == 0 ? 0 : k == 1 ? 1 : k == 2 ? 0x7fffff : k == 3 ? 0x400000 : (uint32_t)test_rand64() & 0x7fffff;
  return s << 31 | e << 23 | m;
}

static const uint32_t pair_edge[] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00000001u,
                                     0x80000001u, 0x007fffffu, 0x00800000u, 0x3f800000u, 0xbf800000u, 0x7f7fffffu,
                                     0xff7fffffu, 0x40000000u, 0x3f000000u, 0x40400000u, 0xc0400000u, 0x3f7fffffu,
                                     0x3f800001u, 0x4b800000u, 0x4b7fffffu, 0x34000000u, 0x0c000000u, 0x72000000u};

/* Undecided pairs must be rare on the pairs a run meets (x of random significand, random
 * pairs); the edge cases (powers of two, extreme significands, specials) are checked for
 * mismatches and their undecided counted apart, since they gather the exact and
 * near-exact results. */
static inline void pair_check_ref(const struct pair_ref *r) {
  struct tally c = {0, 0, 0}, edge_t = {0, 0, 0};
  struct pair_scan ps = {.nrandom = 9, .seed = 1};
  const uint32_t np = pair_npart(ps.nrandom);
  uint32_t p[64];
  for (uint32_t i = 0; i < 4096; i++) { /* the partners of a run, both roles */
    const uint32_t x = pair_sample_x(i);
    struct tally *tl = (i & 7) < 4 ? &edge_t : &c;
    for (int role = 0; role <= 1; role++) {
      ps.swap = role;
      pair_partners_of(&ps, r->set, x, p);
      for (uint32_t k = 0; k < np; k++) role ? check_pair(r, p[k], x, tl) : check_pair(r, x, p[k], tl);
    }
  }
  const size_t ne = sizeof pair_edge / sizeof pair_edge[0];
  for (size_t i = 0; i < ne; i++)
    for (size_t j = 0; j < ne; j++)
      for (int d = -2; d <= 2; d++) { /* the edges and their neighbours (NaN patterns included) */
        check_pair(r, pair_edge[i] + (uint32_t)d, pair_edge[j], &edge_t);
        check_pair(r, pair_edge[i], pair_edge[j] + (uint32_t)d, &edge_t);
      }
  for (int i = 0; i < 100000; i++) {
    const uint64_t z = test_rand64();
    check_pair(r, (uint32_t)z, (uint32_t)(z >> 32), &c);
  }
  print_message("%-10s %7llu pairs, %llu undecided (MPFR decides), %llu mismatches; edge cases: %llu pairs, "
                "%llu undecided, %llu mismatches\n",
                r->name, (unsigned long long)c.pairs, (unsigned long long)c.undecided, (unsigned long long)c.mismatches,
                (unsigned long long)edge_t.pairs, (unsigned long long)edge_t.undecided,
                (unsigned long long)edge_t.mismatches);
  assert_true(c.mismatches == 0 && edge_t.mismatches == 0);
  assert_true(edge_t.undecided * 20 < edge_t.pairs);
  assert_true(c.undecided * 10000 < c.pairs); /* rare: below 1e-4 of the pairs */
}

/* The function has a fast path (not pairref_none: it decides (1, 2) or (3, 1)), checked by
 * pair_check_ref. */
static inline void pair_test_fast_reference(const char *name) {
  const struct pair_ref *r = pair_ref_named(name);
  double y;
  int t;
  assert_true(r->fast_fn(0x3f800000u, 0x40000000u, &y, &t) || r->fast_fn(0x40400000u, 0x3f800000u, &y, &t));
  pair_check_ref(r);
}

/* a case by hand: the fast reference decides f(a, b) = want with ternary t */
struct pair_case {
  float a, b;
  double want;
  int t;
};
static inline void pair_check_cases(const char *name, const struct pair_case *cases, size_t n) {
  const struct pair_ref *r = pair_ref_named(name);
  for (size_t i = 0; i < n; i++) {
    double y;
    int t;
    assert_true(r->fast_fn(f2u(cases[i].a), f2u(cases[i].b), &y, &t));
    if (y != cases[i].want || t != cases[i].t)
      fail_msg("%s(%a, %a) = %a t=%d, want %a t=%d", name, cases[i].a, cases[i].b, y, t, cases[i].want, cases[i].t);
  }
}

/* |h + l - v| <= 2^e |v| for the exact v (MPFR at 300 bits), and h = RN(v): a constant of
 * a pair_ref.h as a double-double */
static inline void pair_check_dd_const(const char *what, double h, double l, mpfr_t v, int e) {
  mpfr_t d;
  mpfr_init2(d, 300);
  mpfr_sub_d(d, v, h, MPFR_RNDN); /* exact at 300 bits */
  mpfr_sub_d(d, d, l, MPFR_RNDN);
  mpfr_abs(d, d, MPFR_RNDN);
  mpfr_div(d, d, v, MPFR_RNDN);
  if (mpfr_get_d(d, MPFR_RNDU) > ldexp(1.0, e) || h != mpfr_get_d(v, MPFR_RNDN))
    fail_msg("%s: %a + %a is not within 2^%d of the exact value", what, h, l, e);
  mpfr_clear(d);
}

/* test_exact_cases: the cases by hand of the pair function name, in the array cases */
#define PAIR_CASES_TEST(name, cases)                              \
  static void test_exact_cases(void **state) {                  \
    (void)state;                                                \
    pair_check_cases(#name, cases, sizeof cases / sizeof *cases); \
  }

/* The test program of the pair function name: test_fast_reference, then its own tests
 * (test_exact_cases among them, where it has cases by hand). */
#define PAIR_MAIN(name, ...)                                                                                 \
  static void test_fast_reference(void **state) {                                                            \
    (void)state;                                                                                             \
    pair_test_fast_reference(#name);                                                                         \
  }                                                                                                          \
  int main(void) {                                                                                           \
    printf("random seed 0x%016llx\n", (unsigned long long)test_rng_state);                                   \
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_fast_reference), ##__VA_ARGS__};                \
    return cmocka_run_group_tests(tests, NULL, NULL);                                                        \
  }

#endif
