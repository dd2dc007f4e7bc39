/* h16_ref.h (fmax): the documented result of __hmax and __hmax_nan for 16-bit operands,
 * host and device code (reference/formats/fmt16.h). No rounding: the result is one of the
 * operands or the canonical NaN, so it is compared bit for bit (H16R_STRICT), NaN payloads
 * included. The rules, as cuda_fp16.h (lines 1765-1780, 3780-3796) and cuda_bf16.h state
 * them:
 *   __hmax(a, b) = (a > b) ? a : b; "If either of inputs is NaN, the other input is
 *     returned. If both inputs are NaNs, then canonical NaN is returned. If values of both
 *     inputs are 0.0, then +0.0 > -0.0";
 *   __hmax_nan(a, b): the same, but "If either of inputs is NaN, then canonical NaN is
 *     returned." The canonical NaN is CUDART_NAN_FP16 / CUDART_NAN_BF16, 0x7fff. */
#ifndef ULPCERT_H16_REF_FMAX_H
#define ULPCERT_H16_REF_FMAX_H

#include "reference/formats/fmt16.h"

/* max(a, b) of two non-NaN values, +0 above -0 */
F16_HD uint16_t h16_max_num(int f, uint16_t a, uint16_t b) {
  if (((a | b) & 0x7fffu) == 0) return a & 0x8000u ? b : a;
  return f16_decode(f, a) > f16_decode(f, b) ? a : b;
}

F16_HD uint32_t h16ref_max(int f, uint16_t a, uint16_t b, uint16_t c, double *y) {
  (void)c;
  const int na = f16_isnan(f, a), nb = f16_isnan(f, b);
  const uint16_t r = na && nb ? F16_CANONICAL_NAN : na ? b : nb ? a : h16_max_num(f, a, b);
  *y = f16_decode(f, r);
  return r | H16R_STRICT;
}

F16_HD uint32_t h16ref_max_nan(int f, uint16_t a, uint16_t b, uint16_t c, double *y) {
  (void)c;
  const uint16_t r = f16_isnan(f, a) || f16_isnan(f, b) ? F16_CANONICAL_NAN : h16_max_num(f, a, b);
  *y = f16_decode(f, r);
  return r | H16R_STRICT;
}

#endif
