/* quant_nogpu.c: the quantizers' CUDA code in a build without the CUDA toolkit (whose
 * headers it needs): nothing runs. */
#include <stdio.h>

#include "src/kinds/quant/quant.h"

int qcuda_host_row(int fam, int src, int impl, float g, uint32_t x, uint32_t s0, uint32_t s1, uint32_t *out) {
  (void)fam, (void)src, (void)impl, (void)g, (void)x, (void)s0, (void)s1, (void)out;
  return -1;
}
int qcuda_host_scale(int fam, int src, int impl, float g, uint32_t a, uint32_t *out) {
  (void)fam, (void)src, (void)impl, (void)g, (void)a, (void)out;
  return -1;
}
int qcuda_gpu_scan(int dev, int fam, int src, int impl, float g, uint32_t from, uint32_t to, struct q_stats *st,
                   char *err, size_t errlen) {
  (void)dev, (void)fam, (void)src, (void)impl, (void)g, (void)from, (void)to, (void)st;
  snprintf(err, errlen, "built without CUDA");
  return -1;
}
