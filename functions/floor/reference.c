/* floor: the reference for floor(x), the largest integer <= x.
 *
 * Reference: mpfr_rint_floor at 53 bits, binary64 exponent range. It rounds to an
 * integer with the fixed direction of its name, then to the target precision with rnd;
 * its ternary value is that of the whole function, so 0 here: every integer part of a
 * binary32 number has at most 24 bits and fits 53. (Not mpfr_floor, whose return value
 * says whether the result differs from x, which is not the ternary value of the
 * mathematical function.) Zeros keep the sign of x, as IEEE 754 and C Annex F say
 * (floor(-0) = -0, floor(0.5) = +0, floor(-0.5) = -1; checked against the C library by
 * the tests). NaN gives NaN. Neither odd nor even (floor(-x) = -ceil(x));
 * nondecreasing on the whole line (REF_MONO_INCREASING).
 *
 * Shortcut: every input but NaN, exactly (t = 0): the integer computed from the bits
 * by re_round_to_int (reference/shared/elem_hd.h, which has the case analysis): |x| >=
 * 2^23, +-inf and +-0 are their own value; otherwise the fraction bits are cleared and
 * the magnitude is kept or raised by one by the mode. The result is a binary32
 * integer, exact in binary64, and equals the mathematical value, so it is RN53 of it
 * with t = 0. The shortcut answers negative inputs itself as well (for an odd
 * reference the engine may also mirror: the same values).
 *
 * Series: none (an exact reference; the catalogue entry has NULL). */
#include <math.h>
#include <stdint.h>
#include <mpfr.h>

#include "reference/shared/elem.h"
#include "functions/floor/shortcut.h"

int ref_floor_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_rint_floor(y, x, rnd); }

int ref_floor_shortcut(uint32_t xb, double *y, int *t) { return sc_floor(xb, y, t); }
