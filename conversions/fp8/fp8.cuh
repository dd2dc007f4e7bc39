/* fp8.cuh: the FP8 conversions of fp8.def, on raw bit patterns (wrap.cuh). The x2 forms
 * put their first operand (.x) in the low byte. */
#include "kernels/conv_wrap.cuh"

#define FP8_FROM_F32(id, sat, kind)                                                             \
  CV_FN uint32_t cv_##id(uint32_t x) { return __nv_cvt_float_to_fp8(cv_f(x), sat, kind); }    \
  CV_FN void cv2_##id(uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {                   \
    const __nv_fp8x2_storage_t r = __nv_cvt_float2_to_fp8x2(make_float2(cv_f(a), cv_f(b)), sat, kind); \
    *lo = r & 0xffu, *hi = (uint32_t)r >> 8;                                                   \
  }
#define FP8_FROM_F16(id, sat, kind)                                                             \
  CV_FN uint32_t cv_##id(uint32_t x) { return __nv_cvt_halfraw_to_fp8(cv_hr(x), sat, kind); } \
  CV_FN void cv2_##id(uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {                   \
    const __nv_fp8x2_storage_t r = __nv_cvt_halfraw2_to_fp8x2(cv_h2r(a, b), sat, kind);       \
    *lo = r & 0xffu, *hi = (uint32_t)r >> 8;                                                   \
  }
#define FP8_FROM_BF16(id, sat, kind)                                                            \
  CV_FN uint32_t cv_##id(uint32_t x) { return __nv_cvt_bfloat16raw_to_fp8(cv_br(x), sat, kind); } \
  CV_FN void cv2_##id(uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {                   \
    const __nv_fp8x2_storage_t r = __nv_cvt_bfloat16raw2_to_fp8x2(cv_b2r(a, b), sat, kind);   \
    *lo = r & 0xffu, *hi = (uint32_t)r >> 8;                                                   \
  }
#define FP8_BACK(t, kind, type)                                                                 \
  CV_FN uint32_t cv_f16_##t(uint32_t c) { return __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)c, kind).x; } \
  CV_FN void cv2_f16_##t(uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {                \
    const __half2_raw r = __nv_cvt_fp8x2_to_halfraw2((__nv_fp8x2_storage_t)(a | b << 8), kind); \
    *lo = r.x, *hi = r.y;                                                                      \
  }                                                                                            \
  CV_FN uint32_t cv_f32_##t(uint32_t c) {                                                     \
    type v;                                                                                    \
    v.__x = (__nv_fp8_storage_t)c;                                                             \
    return cv_u(float(v));                                                                     \
  }                                                                                            \
  CV_FN uint32_t cv_bf16_##t(uint32_t c) {                                                    \
    type v;                                                                                    \
    v.__x = (__nv_fp8_storage_t)c;                                                             \
    return cv_bu(__nv_bfloat16(v));                                                            \
  }
FP8_FROM_F32(e4m3_f32_sat, __NV_SATFINITE, __NV_E4M3)
FP8_FROM_F32(e4m3_f32_nosat, __NV_NOSAT, __NV_E4M3)
FP8_FROM_F32(e5m2_f32_sat, __NV_SATFINITE, __NV_E5M2)
FP8_FROM_F32(e5m2_f32_nosat, __NV_NOSAT, __NV_E5M2)
FP8_FROM_F16(e4m3_f16_sat, __NV_SATFINITE, __NV_E4M3)
FP8_FROM_F16(e4m3_f16_nosat, __NV_NOSAT, __NV_E4M3)
FP8_FROM_F16(e5m2_f16_sat, __NV_SATFINITE, __NV_E5M2)
FP8_FROM_F16(e5m2_f16_nosat, __NV_NOSAT, __NV_E5M2)
FP8_FROM_BF16(e4m3_bf16_sat, __NV_SATFINITE, __NV_E4M3)
FP8_FROM_BF16(e4m3_bf16_nosat, __NV_NOSAT, __NV_E4M3)
FP8_FROM_BF16(e5m2_bf16_sat, __NV_SATFINITE, __NV_E5M2)
FP8_FROM_BF16(e5m2_bf16_nosat, __NV_NOSAT, __NV_E5M2)
FP8_BACK(e4m3, __NV_E4M3, __nv_fp8_e4m3)
FP8_BACK(e5m2, __NV_E5M2, __nv_fp8_e5m2)
