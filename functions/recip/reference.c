/* The reference for 1/x, answered without MPFR on every input.
 *
 * 1/x is an IEEE 754 basic operation, correctly rounded in binary64: for a binary32 x
 * (exact in binary64), y = 1.0 / x computed in binary64 is RN53(1/x) exactly (the host's
 * SSE2 division rounds to nearest; the build has no fast-math). The ternary
 * t = sign(y - 1/x) comes from the exact residual r = fma(-x, y, 1) = 1 - x y: the
 * remainder of a correctly rounded division is a binary64 number (Boldo and Daumas;
 * Muller et al., Handbook of Floating-Point Arithmetic, 2nd ed., section 4.2), so the
 * fma computes it exactly. y - 1/x = -(1 - x y) / x, hence t = -sign(r) sign(x).
 * No underflow: |x| <= 2^128 gives |y| >= 2^-128, far above binary64's range end.
 *
 * Special inputs: 1/(+-0) = +-inf exactly (a pole), 1/(+-inf) = +-0 exactly.
 * The shortcut (functions/recip/shortcut.h) runs on the host and the device: binary64
 * division and fma are correctly rounded on both (the device build has -fmad=false; double
 * division is IEEE round to nearest there). functions/recip/test_recip.c compares it with
 * MPFR at 1024 bits. */
#include <math.h>

#include "reference/bits.h"
#include "reference/reference.h"
#include "functions/recip/shortcut.h"

int ref_recip_mpfr(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_ui_div(y, 1, x, rnd); }

int ref_recip_shortcut(uint32_t xb, double *y, int *t) { return sc_recip(xb, y, t); }
