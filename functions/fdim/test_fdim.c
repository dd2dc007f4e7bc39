/* test_fdim.c: the fast reference of fdim(a, b) (pair_ref.h) against MPFR, and on a hard
 * case (the shared body: tests/ref/pair_body.h). */
#include "tests/ref/pair_body.h"

/* by hand */
static const struct pair_case cases[] = {
    {1.0f, 0x1p-60f, 1.0, 1} /* 1 - 2^-60 rounds up to 1 */};
PAIR_CASES_TEST(fdim, cases)

PAIR_MAIN(fdim, cmocka_unit_test(test_exact_cases))
