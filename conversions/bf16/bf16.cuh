/* bf16.cuh: the bfloat16 conversions of bf16.def, on raw bit patterns (wrap.cuh). */
#include "kernels/conv_wrap.cuh"

#define BF16_FROM_F32(id, fn)                                                  \
  CV_FN uint32_t cv_##id(uint32_t x) { return cv_bu(fn(cv_f(x))); }
BF16_FROM_F32(bf16_f32_rn, __float2bfloat16_rn)
BF16_FROM_F32(bf16_f32_rz, __float2bfloat16_rz)
BF16_FROM_F32(bf16_f32_rd, __float2bfloat16_rd)
BF16_FROM_F32(bf16_f32_ru, __float2bfloat16_ru)
CV_FN void cv2_bf16_f32_rn(uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {
  const __nv_bfloat162_raw r = __floats2bfloat162_rn(cv_f(a), cv_f(b));
  *lo = r.x, *hi = r.y;
}
CV_FN uint32_t cv_f32_bf16(uint32_t c) { return cv_u(__bfloat162float(cv_b(c))); }
CV_FN void cv2_f32_bf16(uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {
  const float2 f = __bfloat1622float2(__nv_bfloat162(cv_b2r(a, b)));
  *lo = cv_u(f.x), *hi = cv_u(f.y);
}
