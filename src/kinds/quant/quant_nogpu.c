/* quant_nogpu.c: the quantizers' device code in a build without device code: nothing runs
 * (their host build, quant_host.cu, needs only the toolkit: quant_notoolkit.c stands in for
 * it where there is none). */
#include <stdio.h>

#include "src/kinds/quant/quant.h"

int qcuda_gpu_scan(int dev, int fam, int src, int impl, float g, uint32_t from, uint32_t to, struct q_stats *st,
                   char *err, size_t errlen) {
  (void)dev, (void)fam, (void)src, (void)impl, (void)g, (void)from, (void)to, (void)st;
  snprintf(err, errlen, "built without CUDA");
  return -1;
}
int quser_gpu_scan(int dev, struct q_run *q, uint64_t Ng, int Eg, uint32_t from, uint32_t to, char *err,
                   size_t errlen) {
  (void)dev, (void)q, (void)Ng, (void)Eg, (void)from, (void)to;
  snprintf(err, errlen, "built without CUDA");
  return -1;
}
