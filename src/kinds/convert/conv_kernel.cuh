/* conv_kernel.cuh: the conversions on the device, in one flavour (catalogue.h): the
 * including file defines CV_FLAV (enum conv_flavour), CV_NS (a namespace of its own) and
 * CV_ENTRY(name) (the names of its C entry points), and is compiled for that flavour's
 * targets (Makefile). The catalogue's conversions not built in the flavour compile to
 * nothing here.
 *  - wide_k: binary32 inputs, every one converted, checked against the exact result
 *    (classify.h, the host's code), reduced in the block and added to one struct conv_wide;
 *    each block spans 2^14 inputs, inside one digest bin of 2^24.
 *  - small_k: every input of a small domain, outputs (and x2 lanes) back to the host.
 *  - list_k: the outputs of a list of inputs (the first of each class). */
#include <cuda_runtime.h>
#include <stdio.h>

#include "kernels/conv_wrap.cuh"

#include "conversions.cuh" /* generated: every conversions/<format>/<format>.cuh */
#include "src/kinds/convert/convert.h"

namespace CV_NS {

__device__ __noinline__ uint32_t apply(int idx, uint32_t x) {
  switch (idx) {
#define CONV(id, name, fam, src, dst, mode, ovf, nan, relu, x2, hw, inner, need, api, doc) \
  case CI_##id:                                                                             \
    if (CV_IN_FLAVOUR(CV_FLAV, hw, inner, need)) return cv_##id(x);                         \
    break;
#include "conversions.def"
#undef CONV
  default: break;
  }
  return 0;
}

#define CV2_0(id)
#define CV2_1(id) cv2_##id(a, b, lo, hi);
__device__ __noinline__ void apply2(int idx, uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi) {
  *lo = *hi = 0;
  switch (idx) {
#define CONV(id, name, fam, src, dst, mode, ovf, nan, relu, x2, hw, inner, need, api, doc) \
  case CI_##id:                                                                             \
    if (CV_IN_FLAVOUR(CV_FLAV, hw, inner, need)) { CV2_##x2(id) }                           \
    break;
#include "conversions.def"
#undef CONV
  default: break;
  }
}
#undef CV2_0
#undef CV2_1

/* the architecture compiled, and whether the headers' family-specific instructions are in */
__global__ void probe_k(int *o) {
#if defined(__CUDA_ARCH__)
  o[0] = __CUDA_ARCH__;
  o[1] = __CUDA_FP8_INTERNAL_CAN_RELY_ON_PTX_FOR_SHORTTYPESCVT__;
#endif
}

#define WT 256 /* threads per block */
#define WI 64  /* inputs per thread: a block spans WT * WI = 2^14 inputs */

__device__ __forceinline__ uint32_t wsum(uint32_t v) {
  for (int o = 16; o; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
__device__ __forceinline__ uint32_t wmin(uint32_t v) {
  for (int o = 16; o; o >>= 1) v = min(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}
__device__ __forceinline__ unsigned long long wsum64(unsigned long long v) {
  for (int o = 16; o; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
__device__ __forceinline__ unsigned long long wmax64(unsigned long long v) {
  for (int o = 16; o; o >>= 1) v = max(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}

/* the per-thread sums of wide_k */
struct acc {
  uint32_t cls[CL_N], first[CL_N], nan_other, lane_bad, lane_first, err_n;
  unsigned long long err_key, dig;
  int any;
};

__device__ __forceinline__ void account(struct acc *a, struct conv_wide *w, uint32_t x, uint32_t y,
                                        const struct conv_one *o) {
  if (o->cls == -1) a->nan_other++;
  else if (o->cls >= 0) {
    a->any = 1;
#pragma unroll
    for (int c = 0; c < CL_N; c++)
      if (o->cls == c) a->cls[c]++, a->first[c] = min(a->first[c], x);
    if (*(volatile unsigned *)&w->nlist < CONV_LIST) {
      const unsigned i = atomicAdd(&w->nlist, 1u);
      if (i < CONV_LIST) w->list[i][0] = x, w->list[i][1] = y;
    }
  }
  if (o->lane_bad) a->lane_bad++, a->lane_first = min(a->lane_first, x);
  if (o->has_err) a->err_n++, a->err_key = max(a->err_key, (unsigned long long)conv_err_key(o->err, x));
}

/* The warp's classes straight to w (mismatches are rare); the rest through the block. */
__device__ __forceinline__ void reduce(struct acc *a, struct conv_wide *w, uint32_t bin) {
  __shared__ unsigned long long s_dig[WT / 32], s_key[WT / 32];
  __shared__ uint32_t s_n[WT / 32][4];
  const int lane = threadIdx.x & 31, wp = threadIdx.x >> 5;
  if (__any_sync(0xffffffffu, a->any)) {
#pragma unroll
    for (int c = 0; c < CL_N; c++) {
      const uint32_t n = wsum(a->cls[c]), f = wmin(a->first[c]);
      if (lane == 0 && n) atomicAdd(&w->cls[c], (unsigned long long)n), atomicMin(&w->first[c], f);
    }
  }
  const unsigned long long dig = wsum64(a->dig), key = wmax64(a->err_key);
  const uint32_t no = wsum(a->nan_other), lb = wsum(a->lane_bad), lf = wmin(a->lane_first), en = wsum(a->err_n);
  if (lane == 0) s_dig[wp] = dig, s_key[wp] = key, s_n[wp][0] = no, s_n[wp][1] = lb, s_n[wp][2] = lf, s_n[wp][3] = en;
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned long long d = 0, k = 0, n0 = 0, n1 = 0, n3 = 0;
    uint32_t f = 0xffffffffu;
    for (int i = 0; i < WT / 32; i++)
      d += s_dig[i], k = max(k, s_key[i]), n0 += s_n[i][0], n1 += s_n[i][1], f = min(f, s_n[i][2]), n3 += s_n[i][3];
    atomicAdd(&w->bins[bin], d);
    if (n3) atomicMax(&w->err_key, k), atomicAdd(&w->err_n, n3);
    if (n0) atomicAdd(&w->nan_other, n0);
    if (n1) atomicAdd(&w->lane_bad, n1), atomicMin(&w->lane_first, f);
  }
}

__global__ void __launch_bounds__(WT) wide_k(int idx, struct conv_kparams kp, uint32_t from, uint32_t to,
                                             uint32_t blk0, struct conv_wide *w) {
  const uint32_t base = (blk0 + blockIdx.x) * (uint32_t)(WT * WI);
  struct acc a;
#pragma unroll
  for (int c = 0; c < CL_N; c++) a.cls[c] = 0, a.first[c] = 0xffffffffu;
  a.nan_other = a.lane_bad = a.err_n = 0, a.lane_first = 0xffffffffu, a.err_key = a.dig = 0, a.any = 0;
  for (int k = 0; k < WI; k++) {
    const uint32_t x = base + threadIdx.x + (uint32_t)k * WT;
    if (x < from || x > to) continue;
    const uint32_t y = apply(idx, x);
    uint32_t lo = 0, hi = 0, yp = 0;
    if (kp.x2) {
      const uint32_t b = conv_partner(x, 0);
      apply2(idx, x, b, &lo, &hi);
      yp = apply(idx, b);
    }
    const struct conv_one o = conv_judge(&kp, x, y, lo, hi, yp);
    account(&a, w, x, y, &o);
    a.dig += conv_digest_term(x, y, lo, hi);
  }
  reduce(&a, w, base >> 24);
}

__global__ void small_k(int idx, int x2, uint32_t n, uint32_t *y, uint32_t *lo, uint32_t *hi) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  y[i] = apply(idx, i);
  if (x2) apply2(idx, i, conv_partner(i, n), &lo[i], &hi[i]);
}

__global__ void list_k(int idx, uint32_t n, const uint32_t *x, uint32_t *y) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = apply(idx, x[i]);
}

static int fail(cudaError_t e, const char *what, char *err, size_t errlen) {
  snprintf(err, errlen, "%s: %s", what, cudaGetErrorString(e));
  return -1;
}

} /* namespace CV_NS */

/* The flavour's code on device dev: first from the codes the build put in this object
 * (CV_CODE, from the Makefile) and the device's compute capability, so that no kernel
 * without code for the GPU is ever looked up; then a launch of probe_k tells the
 * architecture compiled. */
extern "C" int CV_ENTRY(probe)(int dev, struct conv_probe *p) {
  int *d = NULL, h[2] = {0, 0};
  cudaError_t e = cudaSetDevice(dev);
  memset(p, 0, sizeof *p);
#if defined(CV_CODE)
  int major = 0, minor = 0;
  if (e == cudaSuccess) e = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev);
  if (e == cudaSuccess) e = cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev);
  if (e == cudaSuccess && !conv_code_runs(CV_CODE, major, minor)) {
    snprintf(p->why, sizeof p->why, "the %s flavour has no code for this GPU (compute capability %d.%d; built for %s)",
             conv_flavour_name(CV_FLAV), major, minor, CV_CODE);
    return 0;
  }
#endif
  if (e == cudaSuccess) e = cudaMalloc(&d, sizeof h);
  if (e == cudaSuccess) e = cudaMemset(d, 0, sizeof h);
  if (e == cudaSuccess) {
    CV_NS::probe_k<<<1, 1>>>(d);
    e = cudaGetLastError();
    if (e == cudaErrorNoKernelImageForDevice || e == cudaErrorInvalidDeviceFunction) {
      snprintf(p->why, sizeof p->why, "the %s flavour has no code for this GPU (%s)", conv_flavour_name(CV_FLAV),
               cudaGetErrorString(e));
      cudaFree(d);
      return 0;
    }
  }
  if (e == cudaSuccess) e = cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  if (e != cudaSuccess) {
    snprintf(p->why, sizeof p->why, "GPU %d: %s", dev, cudaGetErrorString(e));
    return -1;
  }
  p->ok = 1, p->arch = h[0], p->family = h[1];
  return 0;
}

extern "C" int CV_ENTRY(wide)(int dev, int idx, const struct conv_kparams *kp, uint32_t from, uint32_t to,
                              struct conv_wide *w, char *err, size_t errlen) {
  struct conv_wide *d = NULL;
  memset(w, 0, sizeof *w);
  memset(w->first, 0xff, sizeof w->first);
  w->lane_first = 0xffffffffu;
  cudaError_t e = cudaSetDevice(dev);
  if (e == cudaSuccess) e = cudaMalloc(&d, sizeof *d);
  if (e == cudaSuccess) e = cudaMemcpy(d, w, sizeof *w, cudaMemcpyHostToDevice);
  if (e == cudaSuccess) {
    const uint32_t b0 = from / (WT * WI), b1 = to / (WT * WI);
    CV_NS::wide_k<<<b1 - b0 + 1, WT>>>(idx, *kp, from, to, b0, d);
    e = cudaGetLastError();
  }
  if (e == cudaSuccess) e = cudaMemcpy(w, d, sizeof *w, cudaMemcpyDeviceToHost);
  cudaFree(d);
  return e == cudaSuccess ? 0 : CV_NS::fail(e, "conversion kernel", err, errlen);
}

extern "C" int CV_ENTRY(small)(int dev, int idx, int x2, uint32_t n, uint32_t *y, uint32_t *lo, uint32_t *hi,
                               char *err, size_t errlen) {
  uint32_t *d = NULL;
  cudaError_t e = cudaSetDevice(dev);
  if (e == cudaSuccess) e = cudaMalloc(&d, 3 * sizeof(uint32_t) * n);
  if (e == cudaSuccess) {
    CV_NS::small_k<<<(n + 255) / 256, 256>>>(idx, x2, n, d, d + n, d + 2 * n);
    e = cudaGetLastError();
  }
  if (e == cudaSuccess) e = cudaMemcpy(y, d, sizeof(uint32_t) * n, cudaMemcpyDeviceToHost);
  if (e == cudaSuccess && x2) e = cudaMemcpy(lo, d + n, sizeof(uint32_t) * n, cudaMemcpyDeviceToHost);
  if (e == cudaSuccess && x2) e = cudaMemcpy(hi, d + 2 * n, sizeof(uint32_t) * n, cudaMemcpyDeviceToHost);
  cudaFree(d);
  return e == cudaSuccess ? 0 : CV_NS::fail(e, "conversion kernel", err, errlen);
}

extern "C" int CV_ENTRY(list)(int dev, int idx, uint32_t n, const uint32_t *x, uint32_t *y, char *err,
                              size_t errlen) {
  uint32_t *d = NULL;
  if (!n) return 0;
  cudaError_t e = cudaSetDevice(dev);
  if (e == cudaSuccess) e = cudaMalloc(&d, 2 * sizeof(uint32_t) * n);
  if (e == cudaSuccess) e = cudaMemcpy(d, x, sizeof(uint32_t) * n, cudaMemcpyHostToDevice);
  if (e == cudaSuccess) {
    CV_NS::list_k<<<(n + 255) / 256, 256>>>(idx, n, d, d + n);
    e = cudaGetLastError();
  }
  if (e == cudaSuccess) e = cudaMemcpy(y, d + n, sizeof(uint32_t) * n, cudaMemcpyDeviceToHost);
  cudaFree(d);
  return e == cudaSuccess ? 0 : CV_NS::fail(e, "conversion kernel", err, errlen);
}
