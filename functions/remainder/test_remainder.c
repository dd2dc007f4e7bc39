/* test_remainder.c: the fast reference of remainder(a, b) (pair_ref.h) against MPFR, and on
 * ties (the shared body: tests/ref/pair_body.h). */
#include "tests/ref/pair_body.h"

/* by hand */
static const struct pair_case cases[] = {
    {5.0f, 2.0f, 1.0, 0}, {7.0f, 2.0f, -1.0, 0}, {3.0f, 2.0f, -1.0, 0} /* ties: n even */};
PAIR_CASES_TEST(remainder, cases)

PAIR_MAIN(remainder, cmocka_unit_test(test_exact_cases))
