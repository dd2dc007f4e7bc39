/* f16.cuh: the binary16 conversions of f16.def, on raw bit patterns (wrap.cuh). */
#include "kernels/conv_wrap.cuh"

#define F16_FROM_F32(id, fn)                                                   \
  CV_FN uint32_t cv_##id(uint32_t x) { return cv_hu(fn(cv_f(x))); }
F16_FROM_F32(f16_f32_rn, __float2half_rn)
F16_FROM_F32(f16_f32_rz, __float2half_rz)
F16_FROM_F32(f16_f32_rd, __float2half_rd)
F16_FROM_F32(f16_f32_ru, __float2half_ru)
CV_FN void cv2_f16_f32_rn(uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {
  const __half2_raw r = __floats2half2_rn(cv_f(a), cv_f(b));
  *lo = r.x, *hi = r.y;
}
CV_FN uint32_t cv_f32_f16(uint32_t c) { return cv_u(__half2float(cv_h(c))); }
CV_FN void cv2_f32_f16(uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {
  const float2 f = __half22float2(__half2(cv_h2r(a, b)));
  *lo = cv_u(f.x), *hi = cv_u(f.y);
}
