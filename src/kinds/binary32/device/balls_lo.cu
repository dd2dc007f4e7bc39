/* balls_lo.cu: the ball evaluator's first pass on the device, at 1 and 2 words, built with
 * midpoints of at most 4 words (IB_MAXL, reference/interval/ib.h): the same source as
 * k_balls (balls.cu) and the host's, with frames a third of the full build's (ptxas:
 * 3360 bytes against 8480 for sm_90), so more inputs are in flight. A smaller IB_MAXL only
 * caps the guard words of a reduction (ib_wider), which widens a ball and never makes it
 * wrong: what this pass decides is the true pair; what it leaves goes to k_balls, which
 * starts at 4 words.
 *
 * cnt[2]: the entries k_ref left (undec[0..cnt[2])); cnt[3]: decided (this pass and
 * k_balls); cnt[5]: the length of mid[], k_balls' input. */
#define IB_MAXL 4
#define IB_TOPW 2
#include <cuda_runtime.h>

#include "reference/interval/ib_prog.h"
#include "src/kinds/binary32/device/balls.h"

__global__ void k_balls_lo(const struct ib_prog *__restrict__ P, struct gpu_geom g, double *__restrict__ ry,
                           int8_t *__restrict__ rt, const uint32_t *__restrict__ undec, uint32_t *__restrict__ mid,
                           unsigned long long *__restrict__ cnt) {
  const unsigned long long n = cnt[2];
  unsigned long long dec = 0;
  for (unsigned long long j = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; j < n;
       j += (unsigned long long)gridDim.x * blockDim.x) {
    const uint32_t k = undec[j], h = k / g.len, m = g.a0 + k % g.len;
    double y;
    int t, w;
    if (ib_decide_from(P, m | (h ? 0x80000000u : 0u), 0, &y, &t, &w)) {
      ry[k] = y;
      rt[k] = (int8_t)t;
      dec++;
    } else {
      mid[atomicAdd(&cnt[5], 1ull)] = k;
    }
  }
  if (dec) atomicAdd(&cnt[3], dec);
}

extern "C" int gpu_balls_lo_launch(const struct ib_prog *d_P, const struct gpu_geom *g, double *ry, int8_t *rt,
                                   const uint32_t *undec, uint32_t *mid, unsigned long long *cnt, int blocks,
                                   cudaStream_t st) {
  k_balls_lo<<<blocks, 128, 0, st>>>(d_P, *g, ry, rt, undec, mid, cnt);
  return cudaGetLastError() == cudaSuccess ? 0 : -1;
}
