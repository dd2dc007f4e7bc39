/* test_rhypot.c: the fast reference of rhypot(a, b) (pair_ref.h) against MPFR, and on
 * exact and hard cases (the shared body: tests/ref/pair_body.h). */
#include "tests/ref/pair_body.h"

/* by hand */
static const struct pair_case cases[] = {
    {3.0f, 4.0f, 0.2, 1} /* 1/5: RN53(0.2) lies above 0.2 */, {0.0f, 0.25f, 4.0, 0}, {0.0f, 2.0f, 0.5, 0}};
PAIR_CASES_TEST(rhypot, cases)

PAIR_MAIN(rhypot, cmocka_unit_test(test_exact_cases))
