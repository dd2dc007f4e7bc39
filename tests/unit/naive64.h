/* naive64.h: the tests' naive MPFR decider of a binary32 input's reference pair (y, t):
 * y = RN53(f(x)) with binary64's subnormals, t = sign(y - f(x)), f written by the test as
 * plain MPFR operations (test_exprfast, test_fastzero; test_exprtail rounds its balls' ends
 * with round64). */
#ifndef ULPCERT_TESTS_NAIVE64_H
#define ULPCERT_TESTS_NAIVE64_H

#include <math.h>
#include <mpfr.h>

#include "reference/bits.h"

/* f(x) at the precision of z, operation by operation (the widest exponent range is set) */
typedef void (*naive_fn)(mpfr_ptr z, mpfr_srcptr x);

/* (y, t) of z: y = RN53(z) in binary64's range with subnormals, t = sign(y - z) (NaN:
 * y NaN, t = 0) */
static inline void round64(mpfr_srcptr z, double *y, int *t) {
  if (mpfr_nan_p(z)) {
    *y = NAN, *t = 0;
    return;
  }
  mpfr_t r;
  mpfr_init2(r, 53);
  int tr = mpfr_set(r, z, MPFR_RNDN);
  mpfr_set_emin(-1073), mpfr_set_emax(1024);
  tr = mpfr_check_range(r, tr, MPFR_RNDN);
  tr = mpfr_subnormalize(r, tr, MPFR_RNDN);
  *y = mpfr_get_d(r, MPFR_RNDN);
  mpfr_set_emin(mpfr_get_emin_min()), mpfr_set_emax(mpfr_get_emax_max());
  mpfr_set_d(r, *y, MPFR_RNDN);
  const int c = mpfr_cmp(r, z);
  *t = (c > 0) - (c < 0);
  mpfr_clear(r);
}

/* f at xf at prec bits, rounded by round64; the caller's exponent range is kept */
static inline void naive_prec(naive_fn f, float xf, double *y, int *t, mpfr_prec_t prec) {
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(mpfr_get_emin_min()), mpfr_set_emax(mpfr_get_emax_max());
  mpfr_t x, z;
  mpfr_init2(x, 24), mpfr_init2(z, prec);
  mpfr_set_flt(x, xf, MPFR_RNDN);
  f(z, x);
  round64(z, y, t);
  mpfr_clear(x), mpfr_clear(z);
  mpfr_set_emin(emin), mpfr_set_emax(emax);
}

/* At 300 bits, then at ever higher precisions (x4) until the value is not exactly a
 * binary64 number (t != 0) and twice the precision gives the same y and t: x erf(x) = x -
 * x erfc(x) on [32, 64) needs some 6000 bits to show its gap below x, 1 - cos x at 2^-149
 * lies 2^-300 relative below x^2/2. */
static inline void naive(naive_fn f, float xf, double *y, int *t) {
  double y2;
  int t2;
  for (mpfr_prec_t p = 300; p <= 19200; p *= 4) {
    naive_prec(f, xf, y, t, p);
    if (isnan(*y)) return;
    if (*t == 0) continue;
    naive_prec(f, xf, &y2, &t2, 2 * p);
    if (d2u(y2) == d2u(*y) && t2 == *t) return;
  }
}

#endif
