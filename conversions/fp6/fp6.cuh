/* fp6.cuh: the FP6 conversions of fp6.def, on raw bit patterns (wrap.cuh). A code is the
 * low 6 bits of its byte; the x2 forms put their first operand (.x) in the low byte. */
#include "kernels/conv_wrap.cuh"

#define FP6_FROM(id, fn, fn2, arg, arg2, kind, rnd)                                             \
  CV_FN uint32_t cv_##id(uint32_t x) { return fn(arg(x), kind, rnd); }                        \
  CV_FN void cv2_##id(uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {                   \
    const __nv_fp6x2_storage_t r = fn2(arg2(a, b), kind, rnd);                                 \
    *lo = r & 0xffu, *hi = (uint32_t)r >> 8;                                                   \
  }
#define FP6_F2(a, b) make_float2(cv_f(a), cv_f(b))
FP6_FROM(e2m3_f32_rn, __nv_cvt_float_to_fp6, __nv_cvt_float2_to_fp6x2, cv_f, FP6_F2, __NV_E2M3, cudaRoundNearest)
FP6_FROM(e2m3_f32_rz, __nv_cvt_float_to_fp6, __nv_cvt_float2_to_fp6x2, cv_f, FP6_F2, __NV_E2M3, cudaRoundZero)
FP6_FROM(e3m2_f32_rn, __nv_cvt_float_to_fp6, __nv_cvt_float2_to_fp6x2, cv_f, FP6_F2, __NV_E3M2, cudaRoundNearest)
FP6_FROM(e3m2_f32_rz, __nv_cvt_float_to_fp6, __nv_cvt_float2_to_fp6x2, cv_f, FP6_F2, __NV_E3M2, cudaRoundZero)
FP6_FROM(e2m3_f16_rn, __nv_cvt_halfraw_to_fp6, __nv_cvt_halfraw2_to_fp6x2, cv_hr, cv_h2r, __NV_E2M3, cudaRoundNearest)
FP6_FROM(e2m3_f16_rz, __nv_cvt_halfraw_to_fp6, __nv_cvt_halfraw2_to_fp6x2, cv_hr, cv_h2r, __NV_E2M3, cudaRoundZero)
FP6_FROM(e3m2_f16_rn, __nv_cvt_halfraw_to_fp6, __nv_cvt_halfraw2_to_fp6x2, cv_hr, cv_h2r, __NV_E3M2, cudaRoundNearest)
FP6_FROM(e3m2_f16_rz, __nv_cvt_halfraw_to_fp6, __nv_cvt_halfraw2_to_fp6x2, cv_hr, cv_h2r, __NV_E3M2, cudaRoundZero)
FP6_FROM(e2m3_bf16_rn, __nv_cvt_bfloat16raw_to_fp6, __nv_cvt_bfloat16raw2_to_fp6x2, cv_br, cv_b2r, __NV_E2M3,
         cudaRoundNearest)
FP6_FROM(e2m3_bf16_rz, __nv_cvt_bfloat16raw_to_fp6, __nv_cvt_bfloat16raw2_to_fp6x2, cv_br, cv_b2r, __NV_E2M3,
         cudaRoundZero)
FP6_FROM(e3m2_bf16_rn, __nv_cvt_bfloat16raw_to_fp6, __nv_cvt_bfloat16raw2_to_fp6x2, cv_br, cv_b2r, __NV_E3M2,
         cudaRoundNearest)
FP6_FROM(e3m2_bf16_rz, __nv_cvt_bfloat16raw_to_fp6, __nv_cvt_bfloat16raw2_to_fp6x2, cv_br, cv_b2r, __NV_E3M2,
         cudaRoundZero)
#define FP6_BACK(t, kind, type)                                                                 \
  CV_FN uint32_t cv_f16_##t(uint32_t c) { return __nv_cvt_fp6_to_halfraw((__nv_fp6_storage_t)c, kind).x; } \
  CV_FN void cv2_f16_##t(uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {                \
    const __half2_raw r = __nv_cvt_fp6x2_to_halfraw2((__nv_fp6x2_storage_t)(a | b << 8), kind); \
    *lo = r.x, *hi = r.y;                                                                      \
  }                                                                                            \
  CV_FN uint32_t cv_f32_##t(uint32_t c) {                                                     \
    type v;                                                                                    \
    v.__x = (__nv_fp6_storage_t)c;                                                             \
    return cv_u(float(v));                                                                     \
  }                                                                                            \
  CV_FN uint32_t cv_bf16_##t(uint32_t c) {                                                    \
    type v;                                                                                    \
    v.__x = (__nv_fp6_storage_t)c;                                                             \
    return cv_bu(__nv_bfloat16(v));                                                            \
  }
FP6_BACK(e2m3, __NV_E2M3, __nv_fp6_e2m3)
FP6_BACK(e3m2, __NV_E3M2, __nv_fp6_e3m2)
