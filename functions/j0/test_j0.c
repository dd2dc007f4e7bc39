/* test_j0.c: the j0 reference against independent evaluations (the shared body, with the
 * data J0 and J1 share: tests/ref/bessel_body.h). */
#include "tests/ref/bessel_body.h"

BESSEL_DECLARE(j0)

#define TINY 0x32800000u /* 2^-26 */
BESSEL_J_DATA(TINY)

static const struct bessel_value special[] = {
    {0x00000000u, 1.0, 0}, {0x80000000u, 1.0, 0}, {0x7f800000u, 0.0, 0} /* +0 */, {0xff800000u, 0.0, 0},
    {0x7fc00000u, NAN, 0},
    /* x = 2^-20: J0 = 1 - 2^-42 + 2^-86 - ..., within 2^-85 of 1 - 2^-42 (a binary64 number,
     * ulp 2^-53 there) and above it: (1 - 2^-42, -1). */
    {0x35800000u, 1.0 - 0x1p-42, -1},
    /* x = 2^-26 (1 + 2^-23), just past the tiny range: 1 - J0 = 2^-54 + 2^-76 + 2^-100 -
     * O(2^-110), beyond half the gap below 1: (1 - 2^-53, -1). */
    {TINY + 1, 1.0 - 0x1p-53, -1}, {TINY, 1.0, 1}};
/* {mid, rad, tight}: power series (|x| <= 16), balls around 0, ODE, crude */
static const struct bessel_ball balls[] = {
    {0.0, 0.0, 20},       {0x1p-30, 0x1p-60, 20}, {0.3, 0x1p-40, 20},    {-1.7, 0x1p-40, 20},
    {2.404825557695773, 0x1p-30, 20}, {15.9, 0x1p-40, 20}, {0.0, 0.5, 0}, {1.0, 2.0, 0},
    {16.5, 0x1p-40, 20},  {-30.25, 0x1p-36, 20}, {100.0, 0x1p-30, 20}, {1e4, 0x1p-30, 20},
    {-3.3e6, 0x1p-20, 10}, {1e10, 0x1p-10, 0},   {20.0, 1.0, 0},        {10.0, 30.0, 0},
    {0.01, 0.005, 0},     {-8.0, 7.9, 0}};

/* J0(1) = 0.7651976865579665514... (A&S table 9.1); j_{0,1} = 2.40482555769577 */
static const struct bessel_test j0_test = {
    BESSEL_FUNCTIONS(j0), BESSEL_J(0, TINY), .value_at_1 = 0.7651976865579665514, .special = RE_LIST(special),
    .first_zero = 2.40482555769577f, .balls = RE_LIST(balls)};

BESSEL_MAIN(j0_test)
