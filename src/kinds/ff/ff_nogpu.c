/* ff_nogpu.c: the float-float GPU scan of a build without the CUDA toolkit. */
#include <stdio.h>

#include "src/kinds/ff/ff_check.h"
int ff_gpu_scan(int device, int op, int flav, uint32_t from, uint32_t to, uint32_t npart, uint64_t seed, double bound,
                struct ff_stats *out, int (*progress)(void *, uint64_t), void *ctx, char *err, size_t errlen) {
  (void)device, (void)op, (void)flav, (void)from, (void)to, (void)npart, (void)seed, (void)bound, (void)out;
  (void)progress, (void)ctx;
  snprintf(err, errlen, "this ulpcert was built without CUDA");
  return -1;
}
