/* balls.cu: the ball evaluator on the device (reference/interval/ib_prog.h, the same
 * source as the host's): after k_ref (refkern.cuh) and the first pass k_balls_lo
 * (balls_lo.cu, 1 and 2 words), every entry still undecided is decided in balls of 4 to
 * 16 words (256 to 1024 bits) where they round to one pair; what they leave goes to a
 * list for the host's MPFR/Arb. Its own object: the evaluator's code stays out of the
 * table kernel (one instance, not one per shortcut).
 *
 * cnt[5]: the entries the first pass left (mid[0..cnt[5])); cnt[3]: decided; cnt[4]: the
 * length of left[]. */
#include <cuda_runtime.h>

#include "reference/interval/ib_prog.h"
#include "src/kinds/binary32/device/balls.h"

__global__ void k_balls(const struct ib_prog *__restrict__ P, struct gpu_geom g, double *__restrict__ ry,
                        int8_t *__restrict__ rt, const uint32_t *__restrict__ mid, uint32_t *__restrict__ left,
                        unsigned long long *__restrict__ cnt) {
  const unsigned long long n = cnt[5];
  unsigned long long dec = 0;
  for (unsigned long long j = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; j < n;
       j += (unsigned long long)gridDim.x * blockDim.x) {
    const uint32_t k = mid[j], h = k / g.len, m = g.a0 + k % g.len;
    double y;
    int t, w;
    if (ib_decide_from(P, m | (h ? 0x80000000u : 0u), 2, &y, &t, &w)) {
      ry[k] = y;
      rt[k] = (int8_t)t;
      dec++;
    } else {
      left[atomicAdd(&cnt[4], 1ull)] = k;
    }
  }
  if (dec) atomicAdd(&cnt[3], dec);
}

extern "C" int gpu_balls_upload(const struct ib_prog *P, struct ib_prog **d) {
  *d = NULL;
  if (!P) return 0;
  /* the evaluator's frames (a stack of balls, each function's temporaries: 8480 bytes
   * for sm_90, ptxas -v) exceed the default per-thread stack */
  if (cudaDeviceSetLimit(cudaLimitStackSize, 16 * 1024) != cudaSuccess) return -1;
  if (cudaMalloc((void **)d, sizeof *P) != cudaSuccess) return -1;
  if (cudaMemcpy(*d, P, sizeof *P, cudaMemcpyHostToDevice) != cudaSuccess) {
    cudaFree(*d);
    *d = NULL;
    return -1;
  }
  return 0;
}

extern "C" int gpu_balls_launch(const struct ib_prog *d_P, const struct gpu_geom *g, double *ry, int8_t *rt,
                                const uint32_t *undec, uint32_t *mid, uint32_t *left, unsigned long long *cnt,
                                int blocks, cudaStream_t st) {
  if (gpu_balls_lo_launch(d_P, g, ry, rt, undec, mid, cnt, blocks, st)) return -1;
  k_balls<<<blocks, 128, 0, st>>>(d_P, *g, ry, rt, mid, left, cnt);
  return cudaGetLastError() == cudaSuccess ? 0 : -1;
}
