/* quant_notoolkit.c: CUDA's quantizers built for the host (quant_host.cu) in a build
 * without the CUDA toolkit, whose headers they need: none, and the run says so. */
#include "src/kinds/quant/quant.h"

int qcuda_host_row(int fam, int src, int impl, float g, uint32_t x, uint32_t s0, uint32_t s1, uint32_t *out) {
  (void)fam, (void)src, (void)impl, (void)g, (void)x, (void)s0, (void)s1, (void)out;
  return -1;
}
int qcuda_host_scale(int fam, int src, int impl, float g, uint32_t a, uint32_t *out) {
  (void)fam, (void)src, (void)impl, (void)g, (void)a, (void)out;
  return -1;
}
