/* h16test.h: MPFR rounding straight to a 16-bit format, for the tests of the 16-bit kinds
 * (test_h16.c, test_h16arith.c): an independent way to the bits the references must give. */
#ifndef ULPCERT_H16TEST_H
#define ULPCERT_H16TEST_H

#include <mpfr.h>

#include "testutil.h"
#include "reference/formats/fmt16.h"

/* The bit pattern holding value v (v representable in format f, or infinite): a binary
 * search over the magnitudes, whose order is that of the bit patterns 0..inf. */
static inline uint16_t h16t_encode(int f, double v) {
  uint32_t lo = 0, hi = f16_inf(f);
  const double m = fabs(v);
  while (lo < hi) {
    const uint32_t mid = (lo + hi) / 2;
    if (f16_decode(f, (uint16_t)mid) < m) lo = mid + 1;
    else hi = mid;
  }
  assert_true(f16_decode(f, (uint16_t)lo) == m);
  return (uint16_t)(lo | (signbit(v) ? 0x8000u : 0));
}

/* RN_p of what op computes, in format f: precision p, the format's exponent range
 * (MPFR's exponents: value = m 2^e with 1/2 <= m < 1, so emin - p + 2 .. emax + 1) and
 * mpfr_subnormalize; op computes into R with rounding to nearest (its inputs set by the
 * caller before, exactly). NaN: the canonical NaN. */
#define H16T_ROUND(f, R, call, out)                                                                            \
  do {                                                                                                         \
    const mpfr_exp_t emin_ = mpfr_get_emin(), emax_ = mpfr_get_emax();                                         \
    mpfr_set_emin(f16_emin(f) - f16_p(f) + 2), mpfr_set_emax(f16_emax(f) + 1);                                 \
    int inex_ = (call);                                                                                        \
    inex_ = mpfr_check_range(R, inex_, MPFR_RNDN);                                                             \
    mpfr_subnormalize(R, inex_, MPFR_RNDN);                                                                    \
    mpfr_set_emin(emin_), mpfr_set_emax(emax_);                                                                \
    out = mpfr_nan_p(R) ? (uint16_t)F16_CANONICAL_NAN : h16t_encode(f, mpfr_get_d(R, MPFR_RNDN));             \
  } while (0)

/* Matching bits: equal, or both NaN. */
static inline int h16t_same(int f, uint16_t a, uint16_t b) { return a == b || (f16_isnan(f, a) && f16_isnan(f, b)); }

#endif
