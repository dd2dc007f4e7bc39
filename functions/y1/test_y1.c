/* test_y1.c: the y1 reference (reference.c) against independent evaluations: the tests
 * of functions/bessel_y_test.h, with Y1's constants.
 * Build: functions/TESTING-refbessel.md. */
#include "functions/bessel_y_test.h"

int ref_y1_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_y1_shortcut(uint32_t xb, double *y, int *t);
int ref_y1_series(arb_ptr res, const arb_t x, slong len, slong prec);

static const struct rb_y_case y1_case = {
    {"y1", 'Y', 1, ref_y1_mpfr, ref_y1_shortcut, ref_y1_series},
    2.19714132603101703515f, /* y_{1,1}, DLMF 10.21(vi) / A&S table 9.5 */
    -0.78121282130028871655, /* Y1(1), A&S table 9.1 */
};

RB_Y_TEST_MAIN(y1_case)
