/* h16_ref.h (mul): the exact reference of a * b for 16-bit operands, host and device code
 * (reference/formats/fmt16.h). The binary64 product is exact for both formats, so y = a * b and
 * t = 0:
 *
 * binary16: each operand is M 2^E with an integer |M| < 2^11 and E >= -24, |value| <=
 * 65504; the product is M M' 2^(E+E') with |M M'| < 2^22 (22 significant bits at most, <=
 * 53) and magnitude between 2^-48 (2^-24 squared) and 65504^2 < 2^32: inside binary64's
 * normal range [2^-1022, 2^1024). Exact.
 *
 * bfloat16: |M| < 2^8 and E >= -133, |value| < 2^128: the product has at most 16
 * significant bits and magnitude between 2^-266 and 2^256, again inside binary64's normal
 * range. Exact too (an error-free transformation would find a zero error).
 *
 * Infinities, NaN and zeros: IEEE 754's product in binary64 (0 * inf = NaN, the sign the
 * exclusive or of the operands' signs, zeros included). */
#ifndef ULPCERT_H16_REF_MUL_H
#define ULPCERT_H16_REF_MUL_H

#include "reference/formats/fmt16.h"

/* RN(a * b) in format f (c unused); *y = a * b exactly. */
F16_HD uint32_t h16ref_mul(int f, uint16_t a, uint16_t b, uint16_t c, double *y) {
  (void)c;
  *y = f16_decode(f, a) * f16_decode(f, b);
  return f16_round(f, *y, 0);
}

#endif
