/* ref64_arb.h: the search kind's references that MPFR lacks, in the form of an MPFR function
 * (value correctly rounded to the precision of r in direction rnd, within the exponent range the
 * caller set; ternary returned), from Arb's enclosures rounded by reference/arb_ziv.h (which
 * gives NaN rather than a guess where 2^16 bits do not decide). Includes only reference/ and
 * library headers. */
#ifndef ULPCERT_REF64_ARB_H
#define ULPCERT_REF64_ARB_H

#include <mpfr.h>

/* erfcx(x) = exp(x^2) erfc(x) */
int r64_erfcx(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd);
/* normcdf(x) = erfc(-x / sqrt(2)) / 2 */
int r64_normcdf(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd);

/* erfinv(x), |x| < 1 (+-inf at +-1, NaN beyond) */
int r64_erfinv(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd);
/* erfcinv(x), 0 < x < 2 (+inf at 0, -inf at 2, NaN outside) */
int r64_erfcinv(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd);
/* normcdfinv(p) = -sqrt(2) erfcinv(2p), 0 < p < 1 (-inf at 0, +inf at 1, NaN outside) */
int r64_normcdfinv(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd);
/* rhypot(x, y) = 1 / sqrt(x^2 + y^2) */
int r64_rhypot(mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_rnd_t rnd);

#endif
