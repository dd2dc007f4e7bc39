/* test_pow.c: the fast reference of pow(a, b) (pair_ref.h) against MPFR, its constants,
 * and its exact and subnormal cases (the shared body: tests/ref/pair_body.h). */
#include "tests/ref/pair_body.h"
#include "functions/pow/pair_ref.h"

/* The constants of pair_ref.h against MPFR: log2(k/64), 2^(j/64), ln 2,
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
    pair_check_dd_const(what, h, l, v, -106);
  }
  pow_log2_table(64, &h, &l);
  assert_true(h == 0 && l == 0);
  for (int j = 0; j < 64; j++) {
    pow_exp2_table(j, &h, &l);
    mpfr_set_ui(v, (unsigned)j, MPFR_RNDN);
    mpfr_div_ui(v, v, 64, MPFR_RNDN);
    mpfr_exp2(v, v, MPFR_RNDN);
    snprintf(what, sizeof what, "2^(%d/64)", j);
    pair_check_dd_const(what, h, l, v, -106);
  }
  mpfr_const_log2(v, MPFR_RNDN);
  pair_check_dd_const("ln 2", POW_LN2_H, POW_LN2_L, v, -106);
  mpfr_ui_div(v, 2, v, MPFR_RNDN);
  pair_check_dd_const("2/ln 2", POW_2OLN2_H, POW_2OLN2_L, v, -106);
  const struct { const char *what; unsigned num, den; double h, l; } co[] = {
      {"1/3", 1, 3, POW_C3_H, POW_C3_L}, {"1/5", 1, 5, POW_C5_H, POW_C5_L}, {"1/7", 1, 7, POW_C7_H, POW_C7_L},
      {"1/3!", 1, 6, POW_F3_H, POW_F3_L}, {"1/4!", 1, 24, POW_F4_H, POW_F4_L}, {"1/5!", 1, 120, POW_F5_H, POW_F5_L}};
  for (size_t i = 0; i < sizeof co / sizeof co[0]; i++) {
    mpfr_set_ui(v, co[i].num, MPFR_RNDN);
    mpfr_div_ui(v, v, co[i].den, MPFR_RNDN);
    pair_check_dd_const(co[i].what, co[i].h, co[i].l, v, -106);
  }
  mpfr_clear(v);
}

/* pow's exact and subnormal cases by hand: powers of exact bases, half-integer exponents
 * of perfect squares, results in binary64's subnormal range and beyond its ends. */
static const struct pair_case cases[] = {
    {3.0f, 2.0f, 9.0, 0},          {3.0f, 3.0f, 27.0, 0},       {-3.0f, 3.0f, -27.0, 0},
    {9.0f, 0.5f, 3.0, 0},          {9.0f, 1.5f, 27.0, 0},       {0.25f, -0.5f, 2.0, 0},
    {2.0f, -1074.0f, 0x1p-1074, 0}, {2.0f, -1075.0f, 0.0, -1},  {2.0f, 1024.0f, INFINITY, 1},
    {0x1p-149f, 7.0f, 0x1p-1043, 0}, {0x1p-149f, 7.5f, 0.0, -1}, {0x1p-100f, 10.5f, 0x1p-1050, 0},
    {-2.0f, 1023.0f, -0x1p1023, 0},
};
PAIR_CASES_TEST(pow, cases)

/* pow of the powers of two and of small odd bases (the exact cases) against MPFR across
 * binary64's whole range, its ends and its subnormals: integer and half-integer exponents */
static void test_pow_exact_sweep(void **state) {
  (void)state;
  const struct pair_ref *r = pair_ref_named("pow");
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

PAIR_MAIN(pow, cmocka_unit_test(test_pow_constants), cmocka_unit_test(test_exact_cases),
          cmocka_unit_test(test_pow_exact_sweep))
