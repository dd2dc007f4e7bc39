/* h16_ref.h (div): the exact reference of a / b for 16-bit operands, host and device code
 * (reference/formats/fmt16.h). a / b is not exact in binary64 (1/3); the pair (y, t) comes from
 * the remainder.
 *
 * q = RN53(a / b) and r = a - q b. Claim: for finite nonzero a and b of either format, r
 * is a binary64 number, so fma(-q, b, a) (one rounding) returns it exactly.
 * Proof. a and b have at most P <= 11 significant bits: b = integer multiple of 2^lb
 * with eb - lb <= P - 1 (eb = floor(log2|b|)), a likewise with la, ea. |a / b| lies in
 * [2^-261, 2^261] (|a|, |b| in [2^-133, 2^128)), so q is a normal binary64 number, a
 * multiple of 2^(eq - 52), and eq <= ea - eb + 1 (|a / b| < 2^(ea - eb + 1)).
 * |r| = |b| |a/b - q| <= |b| 2^(eq - 53) < 2^(eb + eq - 52). r is a multiple of 2^g,
 * g = min(la, eq - 52 + lb).
 *   g = eq - 52 + lb: |r| / 2^g < 2^(eb - lb) <= 2^(P - 1): r = k 2^g with |k| < 2^10,
 *     and g >= -261 - 52 - 133 > -1022: a binary64 number.
 *   g = la < eq - 52 + lb: |r| / 2^la < 2^(eb + eq - 52 - la) <= 2^(ea + 1 - 52 - la)
 *     <= 2^(P - 52) < 1, and r is a multiple of 2^la: r = 0.
 * Either way r is representable, and fma(-q, b, a) = RN(r) = r.
 *
 * Then a / b = q + r / b, and t = sign(q - a/b) = -sign(r / b) = -sign(r) sign(b).
 * (At these precisions t never changes the rounding to the format: a midpoint m has at most
 * 12 significant bits, and a/b != m implies |a/b - m| >= 2^-24 |m| roughly, far above half
 * an ulp53; so q is a midpoint only when a/b is. The pair is exact all the same, and its
 * proof does not lean on that gap; tests/unit/test_h16arith.c checks t against MPFR's ternary.)
 * Zeros, infinities and NaN (b = 0, a = 0, either infinite or NaN): q is IEEE 754's
 * quotient (x / 0 = inf with the xor sign, 0 / 0 = NaN, inf / inf = NaN, x / inf = 0),
 * exact, and t = 0. */
#ifndef ULPCERT_H16_REF_DIV_H
#define ULPCERT_H16_REF_DIV_H

#include <math.h>

#include "reference/formats/fmt16.h"

/* q = RN53(x / z) and *t = sign(q - x / z), for x and z values of a 16-bit format. */
F16_HD double h16_div_pair(double x, double z, int *t) {
  const double q = x / z;
  *t = 0;
  if (q - q == 0 && q != 0) { /* x and z finite and nonzero */
    const double r = fma(-q, z, x);
    *t = r == 0 ? 0 : (r > 0) == (z > 0) ? -1 : 1;
  }
  return q;
}

/* RN(a / b) in format f (c unused); *y = RN53(a / b). */
F16_HD uint32_t h16ref_div(int f, uint16_t a, uint16_t b, uint16_t c, double *y) {
  (void)c;
  int t;
  *y = h16_div_pair(f16_decode(f, a), f16_decode(f, b), &t);
  return f16_round(f, *y, t);
}

#endif
