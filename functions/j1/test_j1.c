/* test_j1.c: the j1 reference against independent evaluations (the shared body, with the
 * data J0 and J1 share: tests/ref/bessel_body.h), and its tiny threshold recomputed by an
 * integer search. */
#include "tests/ref/bessel_body.h"

BESSEL_DECLARE(j1)

#define TINY 0x32cb2ff5u /* 13316085 2^-49 = 0xcb2ff5p-49 */
BESSEL_J_DATA(TINY)

static const struct bessel_value special[] = {
    {0x00000000u, 0.0, 0}, {0x80000000u, -0.0, 0}, {0x7f800000u, 0.0, 0},
    {0xff800000u, -0.0, 0} /* CUDA: j1f(-inf) = -0 */, {0x7fc00000u, NAN, 0},
    /* x = 2^-20: J1 = 2^-21 - 2^-64 + 2^-100/384 - ...; 2^-21 - 2^-64 is a binary64 number
     * (ulp 2^-74 there) within 2^-108 below J1: (2^-21 - 2^-64, -1). */
    {0x35800000u, 0x1p-21 - 0x1p-64, -1}, {0xb5800000u, -(0x1p-21 - 0x1p-64), 1},
    /* last shortcut pattern, x = TINY: x/2, t = +1; next one, x = 13316086 2^-49: x/2 - J1 =
     * m^3 2^-82 (1 - O(2^-53)) with m^3 = 4 (1 + 1.9e-7): just over 2^-80, half the gap
     * (2^-79) below x/2, and under 2^-79 - ...: J1 rounds to x/2 - 2^-79, which lies
     * below J1: t = -1. */
    {TINY, 0xcb2ff5p-50, 1}, {TINY + 1, 0xcb2ff6p-50 - 0x1p-79, -1}};
static const struct bessel_ball balls[] = {
    {0.0, 0.0, 20},       {0x1p-30, 0x1p-60, 20}, {0.3, 0x1p-40, 20},    {-1.7, 0x1p-40, 20},
    {3.831705970207512, 0x1p-30, 20}, {15.9, 0x1p-40, 20}, {0.0, 0.5, 0}, {1.0, 2.0, 0},
    {16.5, 0x1p-40, 20},  {-30.25, 0x1p-36, 20}, {100.0, 0x1p-30, 20}, {1e4, 0x1p-30, 20},
    {-3.3e6, 0x1p-20, 10}, {1e10, 0x1p-10, 0},   {20.0, 1.0, 0},        {10.0, 30.0, 0},
    {0.01, 0.005, 0},     {-8.0, 3.9, 0}};

/* J1(1) = 0.44005058574493351596 (DLMF table / A&S 9.1); j_{1,1} = 3.83170597020751 */
static const struct bessel_test j1_test = {
    BESSEL_FUNCTIONS(j1), BESSEL_J(1, TINY), .value_at_1 = 0.44005058574493351596, .special = RE_LIST(special),
    .first_zero = 3.83170597020751f, .balls = RE_LIST(balls)};

/* the largest 24-bit M with M^3 <= 4 * 2^69, by search from 2^23, gives TINY */
static void test_threshold_integer(void **state) {
  (void)state;
  unsigned __int128 lim = (unsigned __int128)4 << 69;
  uint64_t M = 1u << 23;
  while ((unsigned __int128)(M + 1) * (M + 1) * (M + 1) <= lim) M++;
  assert_int_equal(M, 0xcb2ff5u);
  assert_int_equal(0x32800000u + (uint32_t)(M - (1u << 23)), TINY);
}

BESSEL_MAIN(j1_test, cmocka_unit_test(test_threshold_integer))
