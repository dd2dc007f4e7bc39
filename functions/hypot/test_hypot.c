/* test_hypot.c: the fast reference of hypot(a, b) (pair_ref.h) against MPFR, and on
 * Pythagorean pairs (the shared body: tests/ref/pair_body.h). */
#include "tests/ref/pair_body.h"

/* by hand */
static const struct pair_case cases[] = {
    {3.0f, 4.0f, 5.0, 0}, {5.0f, 12.0f, 13.0, 0} /* Pythagorean: exact */};
PAIR_CASES_TEST(hypot, cases)

PAIR_MAIN(hypot, cmocka_unit_test(test_exact_cases))
