/* arith_gpu.cu: the 16-bit arithmetic operations on the device, every pair of a row range:
 * one block per first operand a, each thread a stride of second operands b, every pair
 * evaluated by the CUDA operation and by the exact reference (the host's code, arith.h),
 * compared and counted; the block's statistics go to its row.
 *
 * Built with contraction off (-fmad=false, the Makefile's default for device code): it
 * keeps the reference's binary64 operations as written. The operations under test are
 * unaffected: cuda_fp16.hpp and cuda_bf16.hpp implement them as inline PTX (add.f16,
 * fma.rn.sat.bf16, max.NaN.f16, ...) or with explicit __fmaf_rn and rcp.approx (__hdiv),
 * nothing a contraction could change. */
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdio.h>

#include "src/kinds/arith16/ops.h"

/* operands and results as raw 16-bit patterns */
#define H16A_IN_f16(x) __ushort_as_half(x)
#define H16A_OUT_f16(h) __half_as_ushort(h)
#define H16A_IN_bf16(x) __ushort_as_bfloat16(x)
#define H16A_OUT_bf16(h) __bfloat16_as_ushort(h)
#define H16A_ARGS_none(a, b, c) a, b
#define H16A_ARGS_negzero(a, b, c) a, b, c
#define H16A_ARGS_residual(a, b, c) a, b, c
#define H16A_ARGS_tiny(a, b, c) a, b, c
/* operations the headers declare only from an architecture on (min_cc): compiled out of
 * the code for older ones, where the host never runs them */
#define H16A_CC0(e) (e)
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
#define H16A_CC80(e) (e)
#else
#define H16A_CC80(e) 0
#endif

static __device__ __forceinline__ uint16_t h16a_op(int v, uint16_t a, uint16_t b, uint16_t c) {
  switch (v) {
#define H16_OP(op, fmt, third, post, ref, cc, ...)                                                              \
  case H16A_V_##op##_##fmt##_##third:                                                                          \
    return H16A_CC##cc(H16A_OUT_##fmt(op(H16A_ARGS_##third(H16A_IN_##fmt(a), H16A_IN_##fmt(b), H16A_IN_##fmt(c)))));
#include "src/kinds/h16/h16_list.h"
  }
  return 0;
}

static __device__ __forceinline__ uint32_t h16a_expect(int v, int f, uint16_t a, uint16_t b, uint16_t c, double *y) {
  switch (v) {
#define H16_OP(op, fmt, third, post, ref, ...)                                                                  \
  case H16A_V_##op##_##fmt##_##third:                                                                          \
    return h16a_post(H16A_POST_##post, f, ref(f, a, b, c, y), y);
#include "src/kinds/h16/h16_list.h"
  }
  return 0;
}

/* the neighbour's statistics (offset off in the warp) merged into s */
static __device__ __forceinline__ void h16a_shfl_merge(struct h16a_acc *s, int off) {
  struct h16a_acc o;
  o.pairs = __shfl_down_sync(0xffffffffu, s->pairs, off);
  o.exact = __shfl_down_sync(0xffffffffu, s->exact, off);
  for (int k = 0; k < H16_NCLS; k++) {
    o.cls[k] = __shfl_down_sync(0xffffffffu, s->cls[k], off);
    o.first[k] = __shfl_down_sync(0xffffffffu, s->first[k], off);
  }
  o.max_err = __shfl_down_sync(0xffffffffu, s->max_err, off);
  o.max_err_at = __shfl_down_sync(0xffffffffu, s->max_err_at, off);
  o.digest = __shfl_down_sync(0xffffffffu, s->digest, off);
  o.s0 = __shfl_down_sync(0xffffffffu, s->s0, off);
  o.s1 = __shfl_down_sync(0xffffffffu, s->s1, off);
  h16a_merge(s, &o);
}

#define H16A_THREADS 256

/* Block x: row a = row0 + x, every b; thread j takes b = j, j + 256, ... */
__global__ void __launch_bounds__(H16A_THREADS) k_h16a_rows(int v, int f, int third, uint32_t row0,
                                                            struct h16a_acc *rows) {
  __shared__ struct h16a_acc warps[H16A_THREADS / 32];
  const uint16_t a = (uint16_t)(row0 + blockIdx.x);
  struct h16a_acc s;
  h16a_acc_init(&s);
  for (uint32_t k = 0; k < H16A_ROW / H16A_THREADS; k++) {
    const uint16_t b = (uint16_t)(k * H16A_THREADS + threadIdx.x), c = h16a_third(third, f, a, b);
    double y;
    const uint32_t r = h16a_expect(v, f, a, b, c, &y);
    h16a_add(&s, f, ((uint32_t)a << 16) | b, c, third != H16A_NONE, h16a_op(v, a, b, c), r, y);
  }
  for (int off = 16; off > 0; off >>= 1) h16a_shfl_merge(&s, off);
  if ((threadIdx.x & 31) == 0) warps[threadIdx.x >> 5] = s;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int w = 1; w < H16A_THREADS / 32; w++) h16a_merge(&s, &warps[w]);
    rows[blockIdx.x] = s;
  }
}

__global__ void k_h16a_row_out(int v, int f, int third, uint16_t a, uint16_t *out) {
  const uint32_t b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b < H16A_ROW) out[b] = h16a_op(v, a, (uint16_t)b, h16a_third(third, f, a, (uint16_t)b));
}

/* the device, and whether it runs variant v: 0, 1 (too old, err says why), -1 */
static int h16a_device(int dev, int v, char *err, size_t errlen) {
  cudaDeviceProp p;
  cudaError_t e = cudaSetDevice(dev);
  if (e == cudaSuccess) e = cudaGetDeviceProperties(&p, dev);
  if (e != cudaSuccess) {
    snprintf(err, errlen, "GPU %d: %s", dev, cudaGetErrorString(e));
    return -1;
  }
  if (v < 0 || v >= H16A_NV) {
    snprintf(err, errlen, "no 16-bit operation %d", v);
    return -1;
  }
  const int cc = p.major * 10 + p.minor, need = h16a_variants[v].min_cc;
  if (cc < need) {
    snprintf(err, errlen, "%s needs compute capability %d.%d; GPU %d (%s) has %d.%d", h16a_variants[v].name,
             need / 10, need % 10, dev, p.name, p.major, p.minor);
    return 1;
  }
  return 0;
}

static int h16a_cuda_fail(cudaError_t e, char *err, size_t errlen) {
  snprintf(err, errlen, "GPU kernel: %s", cudaGetErrorString(e));
  return -1;
}

extern "C" int gpu_h16a_rows(int dev, int v, uint32_t row0, uint32_t nrows, struct h16a_acc *rows, char *err,
                             size_t errlen) {
  int r = h16a_device(dev, v, err, errlen);
  if (r) return r;
  struct h16a_acc *d = NULL;
  const struct h16a_variant *hv = &h16a_variants[v];
  cudaError_t e = cudaMalloc(&d, sizeof *d * nrows);
  if (e == cudaSuccess) {
    k_h16a_rows<<<nrows, H16A_THREADS>>>(v, hv->fmt, hv->third, row0, d);
    if ((e = cudaGetLastError()) == cudaSuccess && (e = cudaDeviceSynchronize()) == cudaSuccess)
      e = cudaMemcpy(rows, d, sizeof *d * nrows, cudaMemcpyDeviceToHost);
    cudaFree(d);
  }
  return e == cudaSuccess ? 0 : h16a_cuda_fail(e, err, errlen);
}

extern "C" int gpu_h16a_row_outputs(int dev, int v, uint16_t a, uint16_t *out, char *err, size_t errlen) {
  int r = h16a_device(dev, v, err, errlen);
  if (r) return r;
  uint16_t *d = NULL;
  const struct h16a_variant *hv = &h16a_variants[v];
  cudaError_t e = cudaMalloc(&d, sizeof *d * H16A_ROW);
  if (e == cudaSuccess) {
    k_h16a_row_out<<<H16A_ROW / 256, 256>>>(v, hv->fmt, hv->third, a, d);
    if ((e = cudaGetLastError()) == cudaSuccess && (e = cudaDeviceSynchronize()) == cudaSuccess)
      e = cudaMemcpy(out, d, sizeof *d * H16A_ROW, cudaMemcpyDeviceToHost);
    cudaFree(d);
  }
  return e == cudaSuccess ? 0 : h16a_cuda_fail(e, err, errlen);
}
