/* ptx16_gpu.cu: the PTX half-precision forms over all 2^16 inputs of their format: the
 * device functions of the catalogue's HALF_VARIANT lines (in the function folders, e.g.
 * functions/tanh/tanh.cuh), operand and result raw 16-bit registers, so that no conversion
 * touches them. Functions the architecture lacks are compiled out there and refused here,
 * by the device's compute capability. */
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>

#include "device_code.cuh" /* generated: every functions/<name>/<name>.cuh */
#include "src/kinds/h16/ptx16_list.h"

template <unsigned short (*F)(unsigned short)> __global__ void half_kernel(uint16_t *out) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < HALF_INPUTS) out[i] = F((unsigned short)i);
}

/* every HALF_VARIANT of the catalogue, in order, with the compute capability it needs */
static const struct {
  void (*kernel)(uint16_t *);
  int min_cc;
  const char *name;
} half_fns[HALF_NFN] = {
#define HALF_VARIANT(name, dfn, fmt, ref, cc, ...) {half_kernel<dfn>, cc, name},
#include "src/catalogue/catalogue_list.h"
};

extern "C" int gpu_half_eval(int device, int fn, uint16_t *out, char *err, size_t errlen) {
  cudaDeviceProp p;
  cudaError_t e = cudaSetDevice(device);
  if (e == cudaSuccess) e = cudaGetDeviceProperties(&p, device);
  if (e != cudaSuccess) {
    snprintf(err, errlen, "GPU %d: %s", device, cudaGetErrorString(e));
    return -1;
  }
  int cc = p.major * 10 + p.minor;
  if (fn < 0 || fn >= HALF_NFN) {
    snprintf(err, errlen, "no half-precision function %d", fn);
    return -1;
  }
  if (cc < half_fns[fn].min_cc) {
    snprintf(err, errlen, "%s needs compute capability %d.%d; GPU %d (%s) has %d.%d", half_fns[fn].name,
             half_fns[fn].min_cc / 10, half_fns[fn].min_cc % 10, device, p.name, p.major, p.minor);
    return 1;
  }
  uint16_t *d = NULL;
  if ((e = cudaMalloc(&d, sizeof(uint16_t) * HALF_INPUTS)) == cudaSuccess) {
    half_fns[fn].kernel<<<HALF_INPUTS / 256, 256>>>(d);
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
