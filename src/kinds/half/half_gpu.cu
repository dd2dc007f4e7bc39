/* half.cu: the half-precision MUFU forms over all 2^16 inputs of their format.
 *
 *   tanh.approx.f16       sm_75+  (PTX ISA 9.1, 9.7.4.9)
 *   tanh.approx.bf16      sm_90+
 *   ex2.approx.f16        sm_75+  (PTX ISA 9.1, 9.7.4.10)
 *   ex2.approx.ftz.bf16   sm_90+
 *
 * One thread an input; the operand and the result are raw 16-bit registers (.b16), so
 * no conversion touches them. Functions the architecture lacks are compiled out and
 * refused by the host driver, which checks the device's compute capability first. */
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>

#include "src/kinds/half/half_fns.h"

__global__ void half_kernel(int fn, uint16_t *out) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= HALF_INPUTS) return;
  unsigned short x = (unsigned short)i, y = 0xffff;
#if __CUDA_ARCH__ >= 750
  if (fn == HALF_TANH_F16) asm("tanh.approx.f16 %0, %1;" : "=h"(y) : "h"(x));
  else if (fn == HALF_EX2_F16) asm("ex2.approx.f16 %0, %1;" : "=h"(y) : "h"(x));
#endif
#if __CUDA_ARCH__ >= 900
  if (fn == HALF_TANH_BF16) asm("tanh.approx.bf16 %0, %1;" : "=h"(y) : "h"(x));
  else if (fn == HALF_EX2_FTZ_BF16) asm("ex2.approx.ftz.bf16 %0, %1;" : "=h"(y) : "h"(x));
#endif
  out[i] = y;
}

extern "C" int gpu_half_eval(int device, int fn, uint16_t *out, char *err, size_t errlen) {
  cudaDeviceProp p;
  cudaError_t e = cudaSetDevice(device);
  if (e == cudaSuccess) e = cudaGetDeviceProperties(&p, device);
  if (e != cudaSuccess) {
    snprintf(err, errlen, "GPU %d: %s", device, cudaGetErrorString(e));
    return -1;
  }
  int cc = p.major * 10 + p.minor;
  if (cc < half_fn_min_cc(fn)) {
    snprintf(err, errlen, "%s needs compute capability %d.%d; GPU %d (%s) has %d.%d", half_fn_ptx(fn),
             half_fn_min_cc(fn) / 10, half_fn_min_cc(fn) % 10, device, p.name, p.major, p.minor);
    return 1;
  }
  uint16_t *d = NULL;
  if ((e = cudaMalloc(&d, sizeof(uint16_t) * HALF_INPUTS)) == cudaSuccess) {
    half_kernel<<<HALF_INPUTS / 256, 256>>>(fn, d);
    if ((e = cudaGetLastError()) == cudaSuccess && (e = cudaDeviceSynchronize()) == cudaSuccess)
      e = cudaMemcpy(out, d, sizeof(uint16_t) * HALF_INPUTS, cudaMemcpyDeviceToHost);
    cudaFree(d);
  }
  if (e != cudaSuccess) {
    snprintf(err, errlen, "GPU kernel: %s", cudaGetErrorString(e));
    return -1;
  }
  return 0;
}
