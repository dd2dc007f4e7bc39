/* test_y0.c: the y0 reference against independent evaluations (the shared body, with the
 * data Y0 and Y1 share: tests/ref/bessel_body.h). */
#include "tests/ref/bessel_body.h"

/* the first zero y_{0,1} (DLMF 10.21(vi) / A&S table 9.5) and Y0(1) (A&S table 9.1) */
BESSEL_Y_TEST(y0, 0, 0.89357696627916752158f, 0.08825696421567695798)

BESSEL_MAIN(y0_test)
