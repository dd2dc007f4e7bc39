/* h16_ref.h (add): the exact reference of a + b and a - b for 16-bit operands, host and
 * device code (reference/formats/fmt16.h): the pair (y, t), y = RN53(a + b), t = sign(y - (a +
 * b)), rounded to the format by f16_round.
 *
 * binary16, exact in binary64. Every finite binary16 value is an integer multiple of
 * 2^-24 (the quantum of the subnormals; a normal number m 2^(e-10) with e >= -14 is one
 * too) of magnitude at most 65504 < 2^16. So a + b = k 2^-24 with |k| < 2^17 2^24 = 2^41
 * < 2^53: a binary64 number, and the binary64 sum is exact (t = 0).
 *
 * bfloat16, not exact: the operands' exponents span -133..127, and 2^127 + 2^-133 needs
 * 261 bits. TwoSum (Knuth; Muller et al., Handbook of Floating-Point Arithmetic, 2nd ed.,
 * Algorithm 4.4): s = RN(a + b), b' = s - a, a' = s - b', e = (a - a') + (b - b') gives
 * a + b = s + e exactly in binary64 when no operation overflows: here every magnitude is
 * below 2^129, far from 2^1024 (underflow does not matter: sums and differences of binary64
 * numbers that land in the subnormal range are exact). Then y = s = RN53(a + b) and t =
 * sign(s - (a + b)) = -sign(e). The six operations are separate roundings: the host builds
 * with -ffp-contract=off and nothing here can contract into an fma.
 *
 * Infinities and NaN: the binary64 sum is IEEE 754's (inf - inf = NaN, inf + x = inf),
 * with t = 0; zeros: a + b = 0 exactly is +0 in round-to-nearest unless both are -0, the
 * binary64 rule as well. Subtraction is a + (-b) (IEEE 754, 5.4.1), -b by the sign bit. */
#ifndef ULPCERT_H16_REF_ADD_H
#define ULPCERT_H16_REF_ADD_H

#include "reference/formats/fmt16.h"

/* TwoSum: s + *e = x + y exactly (no overflow). */
F16_HD double h16_two_sum(double x, double y, double *e) {
  const double s = x + y, yp = s - x, xp = s - yp;
  *e = (x - xp) + (y - yp);
  return s;
}

/* RN(a + b) in format f (c unused); *y the binary64 value RN53(a + b). */
F16_HD uint32_t h16ref_add(int f, uint16_t a, uint16_t b, uint16_t c, double *y) {
  (void)c;
  const double x = f16_decode(f, a), z = f16_decode(f, b);
  double e = 0, s = x + z;
  if (f == FMT16_BFLOAT16 && s - s == 0) s = h16_two_sum(x, z, &e); /* finite: the error too */
  *y = s;
  return f16_round(f, s, e > 0 ? -1 : e < 0 ? 1 : 0);
}

/* RN(a - b) = RN(a + (-b)). */
F16_HD uint32_t h16ref_sub(int f, uint16_t a, uint16_t b, uint16_t c, double *y) {
  return h16ref_add(f, a, (uint16_t)(b ^ 0x8000u), c, y);
}

#endif
