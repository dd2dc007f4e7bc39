/* quant_host.cu: CUDA's quantizers (cuda_q.cuh) built for the host: the headers' software
 * paths, for the CPU backend. */
#include "src/kinds/quant/cuda_q.cuh"
#include "src/kinds/quant/quant.h"

extern "C" int qcuda_host_row(int fam, int src, int impl, float g, uint32_t x, uint32_t s0, uint32_t s1,
                              uint32_t *out) {
  for (uint32_t s = s0; s <= s1; s++) out[s - s0] = qc_elem(fam, src, impl, g, x, s);
  return 0;
}
extern "C" int qcuda_host_scale(int fam, int src, int impl, float g, uint32_t a, uint32_t *out) {
  *out = qc_scale(fam, src, impl, g, a);
  return 0;
}
