/* cuda_q.cuh: CUDA's own conversions (cuda_fp8.h, cuda_fp6.h, cuda_fp4.h) as block
 * quantizers, for the host (the headers' software paths) and the device (cvt instructions
 * where the target has them, the same software paths elsewhere). On raw bit patterns.
 *
 * A quantizer is what a kernel writes with these headers:
 *  - MX, impl 0 ("cuda"): scale code = __nv_cvt_float_to_e8m0(amax, __NV_SATFINITE,
 *    cudaRoundZero) - emax_elem (clipped at 0): 2^(floor(log2 amax) - emax_elem), OCP MX
 *    v1.0 section 6.3's rule; element = the header's conversion (to nearest, saturating) of
 *    the binary32 product x * 2^-k (the scale's reciprocal, a binary32 power of two).
 *  - MX, impl 1 ("cuda-rceil"): scale code = __nv_cvt_float_to_e8m0(amax / max_elem,
 *    __NV_SATFINITE, cudaRoundPosInf), the quotient in binary32: the ceil scale.
 *  - NVFP4, impl 0 ("cuda"): scale = __nv_cvt_float_to_fp8(amax / 6.0f, __NV_SATFINITE,
 *    __NV_E4M3) (amax / 6 in binary32 first); element = __nv_cvt_float_to_fp4(x / s,
 *    __NV_E2M1, cudaRoundNearest) with the binary32 division.
 *  - NVFP4, impl 1 ("cuda-rcp"): the same with x * (1.0f / s).
 *  With a per-tensor decode scale G (NVFP4; 1.0f: none): scale = __nv_cvt_float_to_fp8((amax
 *  / 6.0f) / G, ...), element from x / (s * G) (impl 1: x * (1.0f / (s * G))), each
 *  operation in binary32.
 * binary16 and bfloat16 elements are widened to binary32 (exact) first. */
#ifndef ULPCERT_QUANT_CUDA_Q_CUH
#define ULPCERT_QUANT_CUDA_Q_CUH

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp4.h>
#include <cuda_fp6.h>
#include <cuda_fp8.h>
#include <stdint.h>
#include <string.h>

#include "src/kinds/quant/check.h"

#define QC_FN static __host__ __device__ __forceinline__

QC_FN float qc_f(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
QC_FN float qc_in(int src, uint32_t x) {
  if (src == QX_F32) return qc_f(x);
  if (src == QX_F16) {
    __half_raw r;
    r.x = (unsigned short)x;
    return __half2float(__half(r));
  }
  __nv_bfloat16_raw r;
  r.x = (unsigned short)x;
  return __bfloat162float(__nv_bfloat16(r));
}
/* 2^(127 - c), the reciprocal of E8M0 code c <= 254, as a binary32 (2^-127: a subnormal) */
QC_FN float qc_e8m0_recip(uint32_t c) { return c < 254u ? qc_f((254u - c) << 23) : qc_f(0x00400000u); }
/* the element conversion of family fam: to nearest even, saturating */
QC_FN uint32_t qc_cvt(int fam, float v) {
  switch (fam) {
  case QM_E4M3: return __nv_cvt_float_to_fp8(v, __NV_SATFINITE, __NV_E4M3);
  case QM_E5M2: return __nv_cvt_float_to_fp8(v, __NV_SATFINITE, __NV_E5M2);
  case QM_E2M3: return __nv_cvt_float_to_fp6(v, __NV_E2M3, cudaRoundNearest);
  case QM_E3M2: return __nv_cvt_float_to_fp6(v, __NV_E3M2, cudaRoundNearest);
  default: return __nv_cvt_float_to_fp4(v, __NV_E2M1, cudaRoundNearest);
  }
}
/* the largest element of an MX family, binary32 */
QC_FN float qc_maxelem(int fam) {
  return fam == QM_E4M3 ? 448.0f : fam == QM_E5M2 ? 57344.0f : fam == QM_E2M3 ? 7.5f : fam == QM_E3M2 ? 28.0f : 6.0f;
}
QC_FN float qc_e4m3_value(uint32_t c) {
  return __half2float(__half(__nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)c, __NV_E4M3)));
}

QC_FN uint32_t qc_elem(int fam, int src, int impl, float g, uint32_t x, uint32_t sc) {
  float v = qc_in(src, x);
  if (fam != QM_NVFP4) return qc_cvt(fam, v * qc_e8m0_recip(sc));
  float s = qc_e4m3_value(sc) * g;
  return qc_cvt(fam, impl ? v * (1.0f / s) : v / s);
}
QC_FN uint32_t qc_scale(int fam, int src, int impl, float g, uint32_t a) {
  float v = qc_in(src, a);
  if (fam == QM_NVFP4) return __nv_cvt_float_to_fp8(v / 6.0f / g, __NV_SATFINITE, __NV_E4M3);
  if (impl) return __nv_cvt_float_to_e8m0(v / qc_maxelem(fam), __NV_SATFINITE, cudaRoundPosInf);
  uint32_t c = __nv_cvt_float_to_e8m0(v, __NV_SATFINITE, cudaRoundZero);
  int emax = qr_format(q_fam_elem(fam)).emax;
  return c == 0xffu ? c : (int)c - emax < 0 ? 0u : c - (uint32_t)emax;
}

#endif
