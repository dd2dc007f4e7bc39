/* test_y1.c: the y1 reference against independent evaluations (the shared body, with the
 * data Y0 and Y1 share: tests/ref/bessel_body.h). */
#include "tests/ref/bessel_body.h"

/* the first zero y_{1,1} (DLMF 10.21(vi) / A&S table 9.5) and Y1(1) (A&S table 9.1) */
BESSEL_Y_TEST(y1, 1, 2.19714132603101703515f, -0.78121282130028871655)

BESSEL_MAIN(y1_test)
