/* ib_test.h: what the ball evaluator's tests (test_ib, test_ib1, test_ibnan) share: a
 * check that reports and counts instead of stopping (the test asserts check_failures == 0
 * at its end), and the 34 expressions of `bench --expressions` (src/cmd/bench_expr.c). */
#ifndef ULPCERT_IB_TEST_H
#define ULPCERT_IB_TEST_H

#include <stdio.h>

static int check_failures;
#define CHECK(cond, ...)                                                                                         \
  do {                                                                                                         \
    if (!(cond)) {                                                                                             \
      fprintf(stderr, __VA_ARGS__);                                                                            \
      fprintf(stderr, "\n");                                                                                    \
      check_failures++;                                                                                        \
    }                                                                                                          \
  } while (0)

/* the 14 expressions of bench --expressions before issue 44, then its 20 */
#define IB_TEST_EXPRS_34                                                                                        \
  "x/(1+exp(-x))", "x*sigmoid(1.702*x)", "x/(1+exp(-1.5*x))", "log(1+exp(x))", "rsqrt(x*x+1)",                 \
      "x*tanh(log(1+exp(x)))", "(x+fabs(x))/2+log1p(exp(-fabs(x)))", "1/(1+exp(-x))", "x*(1+tanh(x/2))/2",     \
      "0.5*x*(1+erf(x/sqrt(2)))", "0.5*x*(1+tanh(sqrt(2/pi)*(x+0.044715*x^3)))", "log1p(exp(x))",              \
      "x*tanh(log1p(exp(x)))", "expm1((x-fabs(x))/2)-(-x-fabs(x))/2", "1-cos(x)", "exp(x)-1-x",                \
      "sqrt(x^2+4)-2", "log(x+sqrt(x^2+1))", "tanh(x)-x", "atan(x)-x", "sin(x)/x", "(exp(x)-exp(-x))/2",       \
      "erf(x)*exp(x^2)", "log(1+x^2)", "x/sqrt(1+x^2)", "exp(-1/x^2)", "sigmoid(x)*(1-sigmoid(x))",           \
      "x^3/(1+x^2)", "cosh(x)-1", "x*exp(-x)", "1/(1+x^2)", "log(sinh(x)/x)", "x*log(fabs(x))",                \
      "(1+x)^(1/3)-1"

#endif
