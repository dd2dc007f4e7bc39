/* test_div_pair.c: the fast reference of a / b (pair_ref.h) against MPFR, and on exact
 * quotients (the shared body: tests/ref/pair_body.h); div.def's variants of one argument
 * are test_div.c's. */
#include "tests/ref/pair_body.h"

/* by hand */
static const struct pair_case cases[] = {
    {1.0f, 3.0f, 1.0 / 3.0, -1} /* RN53(1/3) lies below 1/3 */, {6.0f, 3.0f, 2.0, 0}};
PAIR_CASES_TEST(div, cases)

PAIR_MAIN(div, cmocka_unit_test(test_exact_cases))
