/* h16_ref.h (fmin): the documented result of __hmin and __hmin_nan for 16-bit operands,
 * host and device code; compared bit for bit (H16R_STRICT, functions/fmax/h16_ref.h). The
 * rules, as cuda_fp16.h (lines 1784-1799, 3798-3814) and cuda_bf16.h state them:
 *   __hmin(a, b) = (a < b) ? a : b; "If either of inputs is NaN, the other input is
 *     returned. If both inputs are NaNs, then canonical NaN is returned. If values of both
 *     inputs are 0.0, then +0.0 > -0.0" (so the minimum of +0 and -0 is -0);
 *   __hmin_nan(a, b): "If either of inputs is NaN, then canonical NaN is returned." */
#ifndef ULPCERT_H16_REF_FMIN_H
#define ULPCERT_H16_REF_FMIN_H

#include "functions/fmax/h16_ref.h"

/* min(a, b) of two non-NaN values, -0 below +0 */
F16_HD uint16_t h16_min_num(int f, uint16_t a, uint16_t b) {
  if (((a | b) & 0x7fffu) == 0) return a & 0x8000u ? a : b;
  return f16_decode(f, a) < f16_decode(f, b) ? a : b;
}

F16_HD uint32_t h16ref_min(int f, uint16_t a, uint16_t b, uint16_t c, double *y) {
  (void)c;
  const int na = f16_isnan(f, a), nb = f16_isnan(f, b);
  const uint16_t r = na && nb ? F16_CANONICAL_NAN : na ? b : nb ? a : h16_min_num(f, a, b);
  *y = f16_decode(f, r);
  return r | H16R_STRICT;
}

F16_HD uint32_t h16ref_min_nan(int f, uint16_t a, uint16_t b, uint16_t c, double *y) {
  (void)c;
  const uint16_t r = f16_isnan(f, a) || f16_isnan(f, b) ? F16_CANONICAL_NAN : h16_min_num(f, a, b);
  *y = f16_decode(f, r);
  return r | H16R_STRICT;
}

#endif
