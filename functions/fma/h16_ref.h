/* h16_ref.h (fma): the exact reference of a * b + c for 16-bit operands, host and device
 * code (reference/formats/fmt16.h), rounded once.
 *
 * p = a * b is exact in binary64 for both formats (functions/mul/h16_ref.h: at most 22
 * significant bits, magnitude in [2^-266, 2^256]). p + c is not (binary16: p a multiple of
 * 2^-48 below 2^32, c up to 2^16: up to 81 bits), so TwoSum(p, c) (functions/add/
 * h16_ref.h) gives s = RN53(p + c) and the exact error e with p + c = s + e: no overflow
 * (magnitudes below 2^257), and sums in the subnormal range are exact. Then y = s and t =
 * -sign(e). This is a*b + c rounded once: the reference never rounds the product.
 *
 * Infinities and NaN among a, b, c (inf * 0 + c = NaN, inf + -inf = NaN): IEEE 754's
 * binary64 result of p + c, t = 0. Zeros: an exact zero sum p + c is +0 unless p and c are
 * both -0 (IEEE 754, 6.3), the sign of p being the xor of a's and b's. */
#ifndef ULPCERT_H16_REF_FMA_H
#define ULPCERT_H16_REF_FMA_H

#include "functions/add/h16_ref.h"

/* RN(a * b + c) in format f; *y = RN53(a * b + c). */
F16_HD uint32_t h16ref_fma(int f, uint16_t a, uint16_t b, uint16_t c, double *y) {
  const double p = f16_decode(f, a) * f16_decode(f, b), w = f16_decode(f, c);
  double e = 0, s = p + w;
  if (s - s == 0) s = h16_two_sum(p, w, &e); /* every operand finite */
  *y = s;
  return f16_round(f, s, e > 0 ? -1 : e < 0 ? 1 : 0);
}

#endif
