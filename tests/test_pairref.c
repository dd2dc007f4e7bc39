/* test_pairref.c: every fast reference of a two-argument function (functions/<name>/
 * pair_ref.h) against MPFR, bit for bit, on the pairs a run sweeps (every partner of both
 * roles for x across every exponent of both signs, specials included), on the products of
 * special and boundary operands, and on random pairs. A decided pair must equal MPFR's
 * (y, t) exactly (a NaN result: both NaN); the undecided ones are counted, and must stay
 * rare. */
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "src/kinds/pair/pair_scan.h"
#include "pairs_ref.h"

struct tally {
  uint64_t pairs, undecided, mismatches;
};

static void check_pair(const struct pair_ref *r, uint32_t a, uint32_t b, struct tally *c) {
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
static uint32_t sample_x(uint32_t i) {
  const uint32_t e = (i >> 3) & 0xff, s = (i >> 11) & 1, k = i & 7;
  const uint32_t m = k == 0 ? 0 : k == 1 ? 1 : k == 2 ? 0x7fffff : k == 3 ? 0x400000 : (uint32_t)test_rand64() & 0x7fffff;
  return s << 31 | e << 23 | m;
}

static const uint32_t edge[] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00000001u,
                                0x80000001u, 0x007fffffu, 0x00800000u, 0x3f800000u, 0xbf800000u, 0x7f7fffffu,
                                0xff7fffffu, 0x40000000u, 0x3f000000u, 0x40400000u, 0xc0400000u, 0x3f7fffffu,
                                0x3f800001u, 0x4b800000u, 0x4b7fffffu, 0x34000000u, 0x0c000000u, 0x72000000u};

/* Undecided pairs must be rare on the pairs a run meets (x of random significand, random
 * pairs); the edge cases (powers of two, extreme significands, specials) are checked for
 * mismatches and their undecided counted apart, since they gather the exact and
 * near-exact results. */
static void check_ref(const struct pair_ref *r) {
  struct tally c = {0, 0, 0}, edge_t = {0, 0, 0};
  struct pair_scan ps = {.nrandom = 9, .seed = 1};
  const uint32_t np = pair_npart(ps.nrandom);
  uint32_t p[64];
  for (uint32_t i = 0; i < 4096; i++) { /* the partners of a run, both roles */
    const uint32_t x = sample_x(i);
    struct tally *tl = (i & 7) < 4 ? &edge_t : &c;
    for (int role = 0; role <= 1; role++) {
      ps.swap = role;
      pair_partners_of(&ps, r->set, x, p);
      for (uint32_t k = 0; k < np; k++) role ? check_pair(r, p[k], x, tl) : check_pair(r, x, p[k], tl);
    }
  }
  const size_t ne = sizeof edge / sizeof edge[0];
  for (size_t i = 0; i < ne; i++)
    for (size_t j = 0; j < ne; j++)
      for (int d = -2; d <= 2; d++) { /* the edges and their neighbours (NaN patterns included) */
        check_pair(r, edge[i] + (uint32_t)d, edge[j], &edge_t);
        check_pair(r, edge[i], edge[j] + (uint32_t)d, &edge_t);
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

static void test_fast_references(void **state) {
  (void)state;
  assert_int_equal(pair_registry_init(), 0);
  int n = 0;
  for (int i = 0; i < n_pair_refs; i++) {
    double y;
    int t;
    if (!pair_refs[i].fast_fn(0x3f800000u, 0x40000000u, &y, &t) && !pair_refs[i].fast_fn(0x40400000u, 0x3f800000u, &y, &t))
      continue; /* pairref_none: MPFR decides every pair */
    check_ref(&pair_refs[i]);
    n++;
  }
  assert_true(n >= 6);
}

/* Exact and hard cases by hand: Pythagorean pairs, exact quotients, remainders' ties. */
static void test_exact_cases(void **state) {
  (void)state;
  struct {
    const char *ref;
    float a, b;
    double want;
    int t;
  } cases[] = {
      {"hypot", 3.0f, 4.0f, 5.0, 0},      {"hypot", 5.0f, 12.0f, 13.0, 0}, {"rhypot", 3.0f, 4.0f, 0.2, 1},
      {"rhypot", 0.0f, 0.25f, 4.0, 0},    {"rhypot", 0.0f, 2.0f, 0.5, 0},  {"div", 1.0f, 3.0f, 1.0 / 3.0, -1},
      {"div", 6.0f, 3.0f, 2.0, 0},        {"remainder", 5.0f, 2.0f, 1.0, 0}, {"remainder", 7.0f, 2.0f, -1.0, 0},
      {"remainder", 3.0f, 2.0f, -1.0, 0}, {"fmod", -7.0f, 2.0f, -1.0, 0},  {"fdim", 1.0f, 0x1p-60f, 1.0, 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const struct pair_ref *r = NULL;
    for (int k = 0; k < n_pair_refs; k++)
      if (!strcmp(pair_refs[k].name, cases[i].ref)) r = &pair_refs[k];
    assert_non_null(r);
    double y;
    int t;
    assert_true(r->fast_fn(f2u(cases[i].a), f2u(cases[i].b), &y, &t));
    if (y != cases[i].want || t != cases[i].t)
      fail_msg("%s(%a, %a) = %a t=%d, want %a t=%d", cases[i].ref, cases[i].a, cases[i].b, y, t, cases[i].want,
               cases[i].t);
  }
}

/* |h + l - v| <= 2^e |v| for the exact v in m (MPFR at 300 bits), and h = RN(v) */
static void check_dd_const(const char *what, double h, double l, mpfr_t v, int e) {
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

/* The constants of functions/atan2/pair_ref.h against MPFR: the table of atan(k/64), pi,
 * pi/2 and the series' double-double coefficients, within the relative errors its proof
 * assumes. */
static void test_atan2_constants(void **state) {
  (void)state;
  mpfr_t v;
  mpfr_init2(v, 300);
  char what[64];
  for (int k = 1; k <= 64; k++) {
    double h, l;
    at2_table(k, &h, &l);
    mpfr_set_ui(v, (unsigned)k, MPFR_RNDN);
    mpfr_div_ui(v, v, 64, MPFR_RNDN);
    mpfr_atan(v, v, MPFR_RNDN);
    snprintf(what, sizeof what, "atan(%d/64)", k);
    check_dd_const(what, h, l, v, -106);
  }
  mpfr_const_pi(v, MPFR_RNDN);
  check_dd_const("pi", AT2_PI_H, AT2_PI_L, v, -107);
  mpfr_div_ui(v, v, 2, MPFR_RNDN);
  check_dd_const("pi/2", AT2_PIO2_H, AT2_PIO2_L, v, -107);
  const double co[3][2] = {{AT2_C3_H, AT2_C3_L}, {AT2_C5_H, AT2_C5_L}, {AT2_C7_H, AT2_C7_L}};
  for (int i = 0; i < 3; i++) {
    mpfr_set_ui(v, 1, MPFR_RNDN);
    mpfr_div_ui(v, v, (unsigned)(2 * i + 3), MPFR_RNDN);
    snprintf(what, sizeof what, "1/%d", 2 * i + 3);
    check_dd_const(what, co[i][0], co[i][1], v, -107);
  }
  mpfr_clear(v);
}

/* The constants of functions/pow/pair_ref.h against MPFR: log2(k/64), 2^(j/64), ln 2,
 * 2/ln 2 and the series' double-double coefficients. */
static void test_pow_constants(void **state) {
  (void)state;
  mpfr_t v;
  mpfr_init2(v, 300);
  char what[64];
  double h, l;
  for (int k = 45; k <= 91; k++) {
    if (k == 64) continue; /* log2(1) = 0 */
    pow_log2_table(k, &h, &l);
    mpfr_set_ui(v, (unsigned)k, MPFR_RNDN);
    mpfr_div_ui(v, v, 64, MPFR_RNDN);
    mpfr_log2(v, v, MPFR_RNDN);
    snprintf(what, sizeof what, "log2(%d/64)", k);
    check_dd_const(what, h, l, v, -106);
  }
  pow_log2_table(64, &h, &l);
  assert_true(h == 0 && l == 0);
  for (int j = 0; j < 64; j++) {
    pow_exp2_table(j, &h, &l);
    mpfr_set_ui(v, (unsigned)j, MPFR_RNDN);
    mpfr_div_ui(v, v, 64, MPFR_RNDN);
    mpfr_exp2(v, v, MPFR_RNDN);
    snprintf(what, sizeof what, "2^(%d/64)", j);
    check_dd_const(what, h, l, v, -106);
  }
  mpfr_const_log2(v, MPFR_RNDN);
  check_dd_const("ln 2", POW_LN2_H, POW_LN2_L, v, -106);
  mpfr_ui_div(v, 2, v, MPFR_RNDN);
  check_dd_const("2/ln 2", POW_2OLN2_H, POW_2OLN2_L, v, -106);
  const struct { const char *what; unsigned num, den; double h, l; } co[] = {
      {"1/3", 1, 3, POW_C3_H, POW_C3_L}, {"1/5", 1, 5, POW_C5_H, POW_C5_L}, {"1/7", 1, 7, POW_C7_H, POW_C7_L},
      {"1/3!", 1, 6, POW_F3_H, POW_F3_L}, {"1/4!", 1, 24, POW_F4_H, POW_F4_L}, {"1/5!", 1, 120, POW_F5_H, POW_F5_L}};
  for (size_t i = 0; i < sizeof co / sizeof co[0]; i++) {
    mpfr_set_ui(v, co[i].num, MPFR_RNDN);
    mpfr_div_ui(v, v, co[i].den, MPFR_RNDN);
    check_dd_const(co[i].what, co[i].h, co[i].l, v, -106);
  }
  mpfr_clear(v);
}

/* pow's exact and subnormal cases by hand: powers of exact bases, half-integer exponents
 * of perfect squares, results in binary64's subnormal range and beyond its ends. */
static void test_pow_exact(void **state) {
  (void)state;
  const struct pair_ref *r = NULL;
  for (int k = 0; k < n_pair_refs; k++)
    if (!strcmp(pair_refs[k].name, "pow")) r = &pair_refs[k];
  assert_non_null(r);
  const struct { float a, b; double want; int t; } cases[] = {
      {3.0f, 2.0f, 9.0, 0},          {3.0f, 3.0f, 27.0, 0},       {-3.0f, 3.0f, -27.0, 0},
      {9.0f, 0.5f, 3.0, 0},          {9.0f, 1.5f, 27.0, 0},       {0.25f, -0.5f, 2.0, 0},
      {2.0f, -1074.0f, 0x1p-1074, 0}, {2.0f, -1075.0f, 0.0, -1},  {2.0f, 1024.0f, INFINITY, 1},
      {0x1p-149f, 7.0f, 0x1p-1043, 0}, {0x1p-149f, 7.5f, 0.0, -1}, {0x1p-100f, 10.5f, 0x1p-1050, 0},
      {-2.0f, 1023.0f, -0x1p1023, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    double y;
    int t;
    assert_true(r->fast_fn(f2u(cases[i].a), f2u(cases[i].b), &y, &t));
    if (y != cases[i].want || t != cases[i].t)
      fail_msg("pow(%a, %a) = %a t=%d, want %a t=%d", cases[i].a, cases[i].b, y, t, cases[i].want, cases[i].t);
  }
}

/* pow of the powers of two and of small odd bases (the exact cases) against MPFR across
 * binary64's whole range, its ends and its subnormals: integer and half-integer exponents */
static void test_pow_exact_sweep(void **state) {
  (void)state;
  const struct pair_ref *r = NULL;
  for (int k = 0; k < n_pair_refs; k++)
    if (!strcmp(pair_refs[k].name, "pow")) r = &pair_refs[k];
  assert_non_null(r);
  struct tally c = {0, 0, 0};
  const float bases[] = {1.0f, 3.0f, 9.0f, 25.0f, 81.0f, 1.5f};
  for (int e = -149; e <= 127; e++)
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++)
      for (int neg = 0; neg <= 1; neg++) {
        const float a = ldexpf(neg ? -bases[i] : bases[i], e);
        if (a == 0 || isinf(a)) continue;
        for (int n = -2300; n <= 2300; n += 11) {
          check_pair(r, f2u(a), f2u((float)n), &c);
          check_pair(r, f2u(a), f2u((float)n + 0.5f), &c);
        }
      }
  print_message("pow exact sweep: %llu pairs, %llu undecided, %llu mismatches\n", (unsigned long long)c.pairs,
                (unsigned long long)c.undecided, (unsigned long long)c.mismatches);
  assert_true(c.mismatches == 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_fast_references), cmocka_unit_test(test_exact_cases),
                                     cmocka_unit_test(test_atan2_constants), cmocka_unit_test(test_pow_constants),
                                     cmocka_unit_test(test_pow_exact), cmocka_unit_test(test_pow_exact_sweep)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
