/* sr_hw.cu: the hardware stochastic rounding, PTX's cvt.rs (sm_100a and sm_103a, PTX ISA
 * 8.7: cvt.rs.satfinite.{f16x2,bf16x2}.f32 d, a, b, rbits and cvt.rs.satfinite.{e4m3x4,
 * e5m2x4,e2m3x4,e3m2x4,e2m1x4}.f32 d, {a, b, e, f}, rbits), evaluated for every input of a
 * batch and every random value r in [0, 2^k): k = 16 for the two 16-bit targets (two lanes
 * of 16 bits in rbits), 8 for the others (four lanes of 8). Every lane gets the same input
 * and rbits holds r in every lane's slice (r * 0x00010001, r * 0x01010101), so that the
 * result does not depend on which slice of rbits a lane reads; the lanes' results must then
 * agree, and when they do not the output is 0xffff (no code of any target: the check counts
 * it as not a neighbour). The outputs go to the host, where the stochastic rounding kind
 * checks them as it checks a software form (check.c).
 *
 * The Makefile compiles this file for sm_100a and sm_103a where the toolkit has them, and
 * with SR_HW_ABSENT (no cvt.rs, every call refused with the reason) where it has not. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

#include "src/kinds/sround/sr_hw.h"

#define SRH_THREADS 256

#if !defined(SR_HW_ABSENT)
/* one lane's code out of d, or 0xffff when the lanes disagree */
static __device__ uint32_t srh_lanes(uint32_t d, int bits, int lanes) {
  const uint32_t m = (1u << bits) - 1, c = d & m;
  for (int i = 1; i < lanes; i++)
    if ((d >> (i * bits) & m) != c) return 0xffffu;
  return c;
}
static __device__ uint32_t srh_cvt(int fmt, float a, uint32_t r) {
#if defined(__CUDA_ARCH__) && (defined(__CUDA_ARCH_FEAT_SM100_ALL) || defined(__CUDA_ARCH_FEAT_SM103_ALL))
  uint32_t d = 0, rb2 = r * 0x00010001u, rb4 = r * 0x01010101u;
  unsigned short h = 0;
  switch (fmt) {
  case SRH_F16: asm("cvt.rs.satfinite.f16x2.f32 %0, %1, %2, %3;" : "=r"(d) : "f"(a), "f"(a), "r"(rb2)); return srh_lanes(d, 16, 2);
  case SRH_BF16: asm("cvt.rs.satfinite.bf16x2.f32 %0, %1, %2, %3;" : "=r"(d) : "f"(a), "f"(a), "r"(rb2)); return srh_lanes(d, 16, 2);
  case SRH_E4M3:
    asm("cvt.rs.satfinite.e4m3x4.f32 %0, {%1, %2, %3, %4}, %5;" : "=r"(d) : "f"(a), "f"(a), "f"(a), "f"(a), "r"(rb4));
    return srh_lanes(d, 8, 4);
  case SRH_E5M2:
    asm("cvt.rs.satfinite.e5m2x4.f32 %0, {%1, %2, %3, %4}, %5;" : "=r"(d) : "f"(a), "f"(a), "f"(a), "f"(a), "r"(rb4));
    return srh_lanes(d, 8, 4);
  case SRH_E2M3: /* each 6-bit code in the low bits of its byte */
    asm("cvt.rs.satfinite.e2m3x4.f32 %0, {%1, %2, %3, %4}, %5;" : "=r"(d) : "f"(a), "f"(a), "f"(a), "f"(a), "r"(rb4));
    return srh_lanes(d, 8, 4);
  case SRH_E3M2:
    asm("cvt.rs.satfinite.e3m2x4.f32 %0, {%1, %2, %3, %4}, %5;" : "=r"(d) : "f"(a), "f"(a), "f"(a), "f"(a), "r"(rb4));
    return srh_lanes(d, 8, 4);
  default:
    asm("cvt.rs.satfinite.e2m1x4.f32 %0, {%1, %2, %3, %4}, %5;" : "=h"(h) : "f"(a), "f"(a), "f"(a), "f"(a), "r"(rb4));
    return srh_lanes(h, 4, 4);
  }
#else
  (void)fmt, (void)a, (void)r;
  return 0xffffu;
#endif
}
/* out[(x - x0) << k | r] for x in [x0, x0 + n) (binary32 patterns), r in [0, 2^k) */
static __global__ void srh_kernel(int fmt, int k, uint32_t x0, uint64_t total, uint16_t *out) {
  for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += (uint64_t)gridDim.x * blockDim.x)
    out[i] = (uint16_t)srh_cvt(fmt, __uint_as_float(x0 + (uint32_t)(i >> k)), (uint32_t)(i & ((1u << k) - 1)));
}
#endif

extern "C" const char *srhw_built(void) {
#if defined(SR_HW_ABSENT)
  return NULL;
#else
  return SR_HW_CODE;
#endif
}

extern "C" int srhw_usable(int dev, char *why, size_t n) {
  cudaDeviceProp p;
  if (!srhw_built()) {
    snprintf(why, n, "this build has no sm_100a code (its CUDA toolkit does not know sm_100a)");
    return 0;
  }
  if (cudaGetDeviceProperties(&p, dev) != cudaSuccess) {
    snprintf(why, n, "device %d cannot be queried", dev);
    return 0;
  }
  if (!(p.major == 10 && (p.minor == 0 || p.minor == 3))) {
    snprintf(why, n, "needs sm_100a or sm_103a, and device %d (%s) is sm_%d%d", dev, p.name, p.major, p.minor);
    return 0;
  }
  return 1;
}

extern "C" int srhw_table(int dev, int fmt, int k, uint32_t x0, uint32_t n, uint16_t *out, char *err, size_t errlen) {
#if defined(SR_HW_ABSENT)
  (void)dev, (void)fmt, (void)k, (void)x0, (void)n, (void)out;
  snprintf(err, errlen, "this build has no sm_100a code");
  return -1;
#else
  const uint64_t total = (uint64_t)n << k;
  uint16_t *d = NULL;
  cudaError_t e = cudaSetDevice(dev);
  if (e == cudaSuccess) e = cudaMalloc(&d, total * sizeof *d);
  if (e == cudaSuccess) {
    uint64_t blocks = (total + SRH_THREADS - 1) / SRH_THREADS;
    srh_kernel<<<(unsigned)(blocks < 65536 ? blocks : 65536), SRH_THREADS>>>(fmt, k, x0, total, d);
    e = cudaGetLastError();
  }
  if (e == cudaSuccess) e = cudaMemcpy(out, d, total * sizeof *d, cudaMemcpyDeviceToHost);
  if (d) cudaFree(d);
  if (e != cudaSuccess) {
    snprintf(err, errlen, "CUDA: %s", cudaGetErrorString(e));
    return -1;
  }
  return 0;
#endif
}
