/* fabs: the reference for |x|.
 *
 * Reference: mpfr_abs at 53 bits: exact (t = 0) for every binary32 x, fabs(-0) = +0,
 * fabs(-inf) = +inf, NaN gives NaN. Even (REF_SYM_EVEN); decreasing on the negative half
 * and increasing on the positive one, so not monotone over the line (REF_MONO_NONE).
 *
 * Shortcut: every input but NaN, both signs answered directly: y = |x| (the sign bit
 * cleared), a binary32 number, exact in binary64: t = 0.
 *
 * Series: none (an exact reference; the catalogue entry has NULL). */
#include <stdint.h>
#include <mpfr.h>

#include "reference/shared/elem.h"
#include "functions/fabs/shortcut.h"

int ref_fabs_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_abs(y, x, rnd); }

int ref_fabs_shortcut(uint32_t xb, double *y, int *t) { return sc_fabs(xb, y, t); }
