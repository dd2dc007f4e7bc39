/* h16fn_kernels.cuh: the 16-bit math functions of the catalogue (H16_FUNCTION lines) on
 * the device, every input of the format, scalar and two-lane forms; included by one unit
 * per build flavour (h16_default.cu: nvcc's defaults, h16_fastmath.cu: -use_fast_math,
 * the Makefile's NVFLAV), which defines H16FN_ENTRY, the name of its entry point. Operands
 * and results are raw 16-bit patterns: no conversion touches them. */
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdio.h>

#include "src/kinds/h16/h16fn.h"

/* scalar x -> bits of fn(x); lanes (lo, hi) -> bits of fn2's lanes, low in the low half */
#define H16FN_WRAP_f16(fn, fn2)                                                                                \
  static __device__ __forceinline__ uint32_t w1_##fn##_f16(uint16_t x) {                                       \
    return __half_as_ushort(fn(__ushort_as_half(x)));                                                          \
  }                                                                                                            \
  static __device__ __forceinline__ uint32_t w2_##fn##_f16(uint16_t lo, uint16_t hi) {                         \
    const __half2 r = fn2(__halves2half2(__ushort_as_half(lo), __ushort_as_half(hi)));                         \
    return __half_as_ushort(__low2half(r)) | (uint32_t)__half_as_ushort(__high2half(r)) << 16;                  \
  }
#define H16FN_WRAP_bf16(fn, fn2)                                                                               \
  static __device__ __forceinline__ uint32_t w1_##fn##_bf16(uint16_t x) {                                      \
    return __bfloat16_as_ushort(fn(__ushort_as_bfloat16(x)));                                                  \
  }                                                                                                            \
  static __device__ __forceinline__ uint32_t w2_##fn##_bf16(uint16_t lo, uint16_t hi) {                        \
    const __nv_bfloat162 r = fn2(__halves2bfloat162(__ushort_as_bfloat16(lo), __ushort_as_bfloat16(hi)));       \
    return __bfloat16_as_ushort(__low2bfloat16(r)) | (uint32_t)__bfloat16_as_ushort(__high2bfloat16(r)) << 16;  \
  }
#define H16_FUNCTION(fn, fn2, ref, fmt, ...) H16FN_WRAP_##fmt(fn, fn2)
#include "src/kinds/h16/h16_list.h"

static __device__ uint32_t h16fn_dispatch(int line, int h2, uint16_t lo, uint16_t hi) {
  switch (line) {
#define H16_FUNCTION(fn, fn2, ref, fmt, ...)                                                                   \
  case H16FN_L_##fn##_##fmt:                                                                                   \
    return h2 ? w2_##fn##_##fmt(lo, hi) : w1_##fn##_##fmt(lo);
#include "src/kinds/h16/h16_list.h"
  }
  return 0;
}

/* Input x: the scalar form at x, the two-lane form at (x, ~x): lane outputs for x in the
 * low lane and for ~x in the high lane, so that every input runs in both lanes. */
static __global__ void k_h16fn(int line, uint16_t *scalar, uint16_t *lo, uint16_t *hi) {
  const uint32_t x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= H16FN_INPUTS) return;
  const uint16_t xc = (uint16_t)~x;
  scalar[x] = (uint16_t)h16fn_dispatch(line, 0, (uint16_t)x, 0);
  const uint32_t r = h16fn_dispatch(line, 1, (uint16_t)x, xc);
  lo[x] = (uint16_t)r;
  hi[xc] = (uint16_t)(r >> 16);
}

extern "C" int H16FN_ENTRY(int dev, int line, uint16_t *scalar, uint16_t *lo, uint16_t *hi, char *err,
                           size_t errlen) {
  uint16_t *d = NULL;
  cudaError_t e = cudaSetDevice(dev);
  if (e == cudaSuccess && line >= 0 && line < H16FN_NL && (e = cudaMalloc(&d, 3 * sizeof *d * H16FN_INPUTS)) == cudaSuccess) {
    k_h16fn<<<H16FN_INPUTS / 256, 256>>>(line, d, d + H16FN_INPUTS, d + 2 * H16FN_INPUTS);
    if ((e = cudaGetLastError()) == cudaSuccess && (e = cudaDeviceSynchronize()) == cudaSuccess &&
        (e = cudaMemcpy(scalar, d, sizeof *d * H16FN_INPUTS, cudaMemcpyDeviceToHost)) == cudaSuccess &&
        (e = cudaMemcpy(lo, d + H16FN_INPUTS, sizeof *d * H16FN_INPUTS, cudaMemcpyDeviceToHost)) == cudaSuccess)
      e = cudaMemcpy(hi, d + 2 * H16FN_INPUTS, sizeof *d * H16FN_INPUTS, cudaMemcpyDeviceToHost);
    cudaFree(d);
  }
  if (e != cudaSuccess || line < 0 || line >= H16FN_NL) {
    snprintf(err, errlen, "GPU %d: %s", dev, e != cudaSuccess ? cudaGetErrorString(e) : "no such 16-bit function");
    return -1;
  }
  return 0;
}
