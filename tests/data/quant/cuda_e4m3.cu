/* cuda_e4m3.cu: CUDA's own MXFP8 E4M3 quantizer of bfloat16 elements written as a user's
 * (cuda_fp8.h: the scale's reciprocal 2^-k times x, converted to nearest, saturating; the
 * scale __nv_cvt_float_to_e8m0(amax, satfinite, round toward zero) - 8): on the GPU it must
 * give exactly what the built-in mxfp8-e4m3.bf16.cuda gives (tests/gpu/quant.sh). */
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <stdint.h>

static __device__ float q_in(uint32_t x) {
  __nv_bfloat16_raw r;
  r.x = (unsigned short)x;
  return __bfloat162float(__nv_bfloat16(r));
}
__device__ uint32_t quant_element(uint32_t x, uint32_t sc) {
  float r = sc < 254u ? __uint_as_float((254u - sc) << 23) : __uint_as_float(0x00400000u); /* 2^(127 - sc) */
  return __nv_cvt_float_to_fp8(q_in(x) * r, __NV_SATFINITE, __NV_E4M3);
}
__device__ uint32_t quant_scale(uint32_t a) {
  uint32_t c = __nv_cvt_float_to_e8m0(q_in(a), __NV_SATFINITE, cudaRoundZero);
  return c == 0xffu ? c : c < 8u ? 0u : c - 8u;
}
