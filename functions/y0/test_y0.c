/* test_y0.c: the y0 reference (reference.c) against independent evaluations: the tests
 * of functions/bessel_y_test.h, with Y0's constants.
 * Build: functions/TESTING-refbessel.md. */
#include "functions/bessel_y_test.h"

int ref_y0_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd);
int ref_y0_shortcut(uint32_t xb, double *y, int *t);
int ref_y0_series(arb_ptr res, const arb_t x, slong len, slong prec);

static const struct rb_y_case y0_case = {
    {"y0", 'Y', 0, ref_y0_mpfr, ref_y0_shortcut, ref_y0_series},
    0.89357696627916752158f, /* y_{0,1}, DLMF 10.21(vi) / A&S table 9.5 */
    0.08825696421567695798,  /* Y0(1), A&S table 9.1 */
};

RB_Y_TEST_MAIN(y0_case)
