/* wrap.cuh: what the format folders' wrappers (conversions/<format>/<format>.cuh) are
 * written with: CUDA's low-precision headers and bit casts, for the host and the device.
 * A wrapper takes and returns raw bit patterns in uint32_t (a binary32, or a code in its
 * low bits), so that no conversion but the one under test touches them. */
#ifndef ULPCERT_CONV_WRAP_CUH
#define ULPCERT_CONV_WRAP_CUH

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp4.h>
#include <cuda_fp6.h>
#include <cuda_fp8.h>
#include <stdint.h>

#include "reference/host_device.h"

#define CV_FN static __host__ __device__ __forceinline__

CV_FN float cv_f(uint32_t x) { return u2f(x); }
CV_FN uint32_t cv_u(float f) { return f2u(f); }
CV_FN __half cv_h(uint32_t c) {
  __half_raw r;
  r.x = (unsigned short)c;
  return __half(r);
}
CV_FN uint32_t cv_hu(__half h) { return static_cast<__half_raw>(h).x; }
CV_FN __half_raw cv_hr(uint32_t c) {
  __half_raw r;
  r.x = (unsigned short)c;
  return r;
}
CV_FN __half2_raw cv_h2r(uint32_t a, uint32_t b) {
  __half2_raw r;
  r.x = (unsigned short)a, r.y = (unsigned short)b;
  return r;
}
CV_FN __nv_bfloat16 cv_b(uint32_t c) {
  __nv_bfloat16_raw r;
  r.x = (unsigned short)c;
  return __nv_bfloat16(r);
}
CV_FN uint32_t cv_bu(__nv_bfloat16 b) { return static_cast<__nv_bfloat16_raw>(b).x; }
CV_FN __nv_bfloat16_raw cv_br(uint32_t c) {
  __nv_bfloat16_raw r;
  r.x = (unsigned short)c;
  return r;
}
CV_FN __nv_bfloat162_raw cv_b2r(uint32_t a, uint32_t b) {
  __nv_bfloat162_raw r;
  r.x = (unsigned short)a, r.y = (unsigned short)b;
  return r;
}

#endif
