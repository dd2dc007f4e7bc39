/* fp4.cuh: the FP4 conversions of fp4.def, on raw bit patterns (wrap.cuh). A code is the
 * low nibble of its byte; the x2 forms put their first operand (.x) in the low nibble. */
#include "kernels/conv_wrap.cuh"

#define FP4_FROM(id, fn, fn2, arg, arg2, rnd)                                                   \
  CV_FN uint32_t cv_##id(uint32_t x) { return fn(arg(x), __NV_E2M1, rnd); }                   \
  CV_FN void cv2_##id(uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {                   \
    const __nv_fp4x2_storage_t r = fn2(arg2(a, b), __NV_E2M1, rnd);                            \
    *lo = r & 0xfu, *hi = (uint32_t)r >> 4;                                                    \
  }
#define FP4_F2(a, b) make_float2(cv_f(a), cv_f(b))
FP4_FROM(e2m1_f32_rn, __nv_cvt_float_to_fp4, __nv_cvt_float2_to_fp4x2, cv_f, FP4_F2, cudaRoundNearest)
FP4_FROM(e2m1_f32_rz, __nv_cvt_float_to_fp4, __nv_cvt_float2_to_fp4x2, cv_f, FP4_F2, cudaRoundZero)
FP4_FROM(e2m1_f16_rn, __nv_cvt_halfraw_to_fp4, __nv_cvt_halfraw2_to_fp4x2, cv_hr, cv_h2r, cudaRoundNearest)
FP4_FROM(e2m1_f16_rz, __nv_cvt_halfraw_to_fp4, __nv_cvt_halfraw2_to_fp4x2, cv_hr, cv_h2r, cudaRoundZero)
FP4_FROM(e2m1_bf16_rn, __nv_cvt_bfloat16raw_to_fp4, __nv_cvt_bfloat16raw2_to_fp4x2, cv_br, cv_b2r, cudaRoundNearest)
FP4_FROM(e2m1_bf16_rz, __nv_cvt_bfloat16raw_to_fp4, __nv_cvt_bfloat16raw2_to_fp4x2, cv_br, cv_b2r, cudaRoundZero)
CV_FN uint32_t cv_f16_e2m1(uint32_t c) { return __nv_cvt_fp4_to_halfraw((__nv_fp4_storage_t)c, __NV_E2M1).x; }
CV_FN void cv2_f16_e2m1(uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {
  const __half2_raw r = __nv_cvt_fp4x2_to_halfraw2((__nv_fp4x2_storage_t)(a | b << 4), __NV_E2M1);
  *lo = r.x, *hi = r.y;
}
CV_FN uint32_t cv_f32_e2m1(uint32_t c) {
  __nv_fp4_e2m1 v;
  v.__x = (__nv_fp4_storage_t)c;
  return cv_u(float(v));
}
CV_FN uint32_t cv_bf16_e2m1(uint32_t c) {
  __nv_fp4_e2m1 v;
  v.__x = (__nv_fp4_storage_t)c;
  return cv_bu(__nv_bfloat16(v));
}
