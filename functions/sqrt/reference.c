/* The reference for sqrt(x), answered without MPFR on every input.
 *
 * sqrt is an IEEE 754 basic operation, correctly rounded in binary64: for a binary32 x,
 * y = sqrt(x) computed in binary64 is RN53(sqrt x) exactly. r = fma(-y, y, x) = x - y^2
 * is exactly representable for y = RN(sqrt x) (Boldo and Daumas; Muller et al., Handbook
 * of Floating-Point Arithmetic, 2nd ed., section 4.2), so y - sqrt x has the sign of
 * y^2 - x: t = -sign(r). No underflow: x >= 2^-149, and y^2 and r are integer multiples
 * of 2^-254 (y >= 2^-75 is a multiple of 2^-127), far above binary64's subnormals.
 *
 * Special inputs: sqrt(-0) = -0, sqrt(+inf) = +inf, sqrt of x < 0 is undefined (NaN,
 * with MPFR's NaN bits RE_NAN, reference/shared/elem_hd.h).
 * The shortcut (functions/sqrt/shortcut.h) runs on the host and the device: binary64
 * sqrt and fma are correctly rounded on both. functions/sqrt/test_sqrt.c compares it with
 * MPFR at 1024 bits. */
#include <math.h>

#include "reference/bits.h"
#include "reference/reference.h"
#include "functions/sqrt/shortcut.h"

int ref_sqrt_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_sqrt(y, x, rnd); }

int ref_sqrt_shortcut(uint32_t xb, double *y, int *t) { return sc_sqrt(xb, y, t); }
