/* test_atan2.c: the fast reference of atan2(a, b) (pair_ref.h) against MPFR, and its
 * constants (the shared body: tests/ref/pair_body.h). */
#include "tests/ref/pair_body.h"
#include "functions/atan2/pair_ref.h"

/* The constants of pair_ref.h against MPFR: the table of atan(k/64), pi,
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
    pair_check_dd_const(what, h, l, v, -106);
  }
  mpfr_const_pi(v, MPFR_RNDN);
  pair_check_dd_const("pi", AT2_PI_H, AT2_PI_L, v, -107);
  mpfr_div_ui(v, v, 2, MPFR_RNDN);
  pair_check_dd_const("pi/2", AT2_PIO2_H, AT2_PIO2_L, v, -107);
  const double co[3][2] = {{AT2_C3_H, AT2_C3_L}, {AT2_C5_H, AT2_C5_L}, {AT2_C7_H, AT2_C7_L}};
  for (int i = 0; i < 3; i++) {
    mpfr_set_ui(v, 1, MPFR_RNDN);
    mpfr_div_ui(v, v, (unsigned)(2 * i + 3), MPFR_RNDN);
    snprintf(what, sizeof what, "1/%d", 2 * i + 3);
    pair_check_dd_const(what, co[i][0], co[i][1], v, -107);
  }
  mpfr_clear(v);
}

PAIR_MAIN(atan2, cmocka_unit_test(test_atan2_constants))
