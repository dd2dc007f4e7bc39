/* e8m0.cuh: the E8M0 conversions of e8m0.def, on raw bit patterns (wrap.cuh). The x2 forms
 * put their first operand (.x) in the low byte. */
#include "kernels/conv_wrap.cuh"

#define E8M0_FROM(id, sat, rnd)                                                                 \
  CV_FN uint32_t cv_e8m0_f32_##id(uint32_t x) { return __nv_cvt_float_to_e8m0(cv_f(x), sat, rnd); } \
  CV_FN void cv2_e8m0_f32_##id(uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {          \
    const __nv_fp8x2_storage_t r = __nv_cvt_float2_to_e8m0x2(make_float2(cv_f(a), cv_f(b)), sat, rnd); \
    *lo = r & 0xffu, *hi = (uint32_t)r >> 8;                                                   \
  }                                                                                            \
  CV_FN uint32_t cv_e8m0_bf16_##id(uint32_t x) { return __nv_cvt_bfloat16raw_to_e8m0(cv_br(x), sat, rnd); } \
  CV_FN void cv2_e8m0_bf16_##id(uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {         \
    const __nv_fp8x2_storage_t r = __nv_cvt_bfloat162raw_to_e8m0x2(cv_b2r(a, b), sat, rnd);   \
    *lo = r & 0xffu, *hi = (uint32_t)r >> 8;                                                   \
  }
E8M0_FROM(rz_sat, __NV_SATFINITE, cudaRoundZero)
E8M0_FROM(rz_nosat, __NV_NOSAT, cudaRoundZero)
E8M0_FROM(ru_sat, __NV_SATFINITE, cudaRoundPosInf)
E8M0_FROM(ru_nosat, __NV_NOSAT, cudaRoundPosInf)
CV_FN uint32_t cv_bf16_e8m0(uint32_t c) { return __nv_cvt_e8m0_to_bf16raw((__nv_fp8_storage_t)c).x; }
CV_FN void cv2_bf16_e8m0(uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {
  const __nv_bfloat162_raw r = __nv_cvt_e8m0x2_to_bf162raw((__nv_fp8x2_storage_t)(a | b << 8));
  *lo = r.x, *hi = r.y;
}
CV_FN uint32_t cv_f32_e8m0(uint32_t c) {
  __nv_fp8_e8m0 v;
  v.__x = (__nv_fp8_storage_t)c;
  return cv_u(float(v));
}
