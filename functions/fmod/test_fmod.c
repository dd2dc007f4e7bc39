/* test_fmod.c: the fast reference of fmod(a, b) (pair_ref.h) against MPFR, and on an exact
 * case (the shared body: tests/ref/pair_body.h). */
#include "tests/ref/pair_body.h"

/* by hand */
static const struct pair_case cases[] = {
    {-7.0f, 2.0f, -1.0, 0}};
PAIR_CASES_TEST(fmod, cases)

PAIR_MAIN(fmod, cmocka_unit_test(test_exact_cases))
