/* reference.c: rhypot(a, b) = 1 / sqrt(a^2 + b^2), correctly rounded, and the host's
 * stand-in for rhypotf (glibc has none).
 *
 * Rigour: a binary32 a is A 2^e with an integer |A| < 2^24 and e >= -149, so a^2 =
 * A^2 2^(2e) is an integer multiple of 2^-298 below 2^256, and so is b^2; their sum is
 * a multiple of 2^-298 below 2^257, which 257 + 298 = 555 bits hold exactly. At 640 bits
 * mpfr_sqr and mpfr_add are therefore exact (ternary 0), and mpfr_rec_sqrt rounds
 * 1/sqrt(s) of that exact s correctly, once, to the target (53 bits, binary64's exponent
 * range, subnormalized by the caller): the pair (y, t) of reference.h for the exact
 * function, with no intermediate rounding. Special values follow hypot (Annex F):
 * an infinite operand gives hypot = +inf, so rhypot = +0, even with a NaN; otherwise a
 * NaN gives NaN; a^2 + b^2 = 0 gives 1/sqrt(+0) = +inf (mpfr_rec_sqrt(+0) = +inf). */
#include <math.h>
#include <mpfr.h>

int ref_rhypot_mpfr(mpfr_ptr y, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t rnd) {
  if (mpfr_inf_p(a) || mpfr_inf_p(b)) {
    mpfr_set_zero(y, 1);
    return 0;
  }
  if (mpfr_nan_p(a) || mpfr_nan_p(b)) {
    mpfr_set_nan(y);
    return 0;
  }
  mpfr_t s, q;
  mpfr_init2(s, 640);
  mpfr_init2(q, 640);
  int ex = mpfr_sqr(s, a, MPFR_RNDN); /* exact, see above */
  ex |= mpfr_sqr(q, b, MPFR_RNDN);
  ex |= mpfr_add(s, s, q, MPFR_RNDN);
  int tern = mpfr_rec_sqrt(y, s, rnd);
  mpfr_clear(s);
  mpfr_clear(q);
  return ex ? (mpfr_set_nan(y), 0) : tern; /* an inexact sum cannot happen; NaN says so if it did */
}

float pair_host_rhypotf(float a, float b) { return 1.0f / hypotf(a, b); }
