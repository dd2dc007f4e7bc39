/* ff_nogpu.c: the float-float device side of a build without the CUDA toolkit. */
#include <stdio.h>

#include "src/kinds/ff/ff_gpu.h"

struct ff_gpu *ff_gpu_open(int device, int nv, int bins, char *err, size_t errlen) {
  (void)device, (void)nv, (void)bins;
  snprintf(err, errlen, "this ulpcert was built without CUDA");
  return NULL;
}
int ff_gpu_stats(struct ff_gpu *g, int v, int op, int flav, uint32_t x0, uint32_t nx, uint32_t npart, uint64_t seed,
                 double bound, int bins) {
  (void)g, (void)v, (void)op, (void)flav, (void)x0, (void)nx, (void)npart, (void)seed, (void)bound, (void)bins;
  return -1;
}
int ff_gpu_outputs(struct ff_gpu *g, int v, int op, int flav, uint32_t x0, uint32_t nx, uint32_t npart,
                   uint64_t seed) {
  (void)g, (void)v, (void)op, (void)flav, (void)x0, (void)nx, (void)npart, (void)seed;
  return -1;
}
int ff_gpu_sync(struct ff_gpu *g) {
  (void)g;
  return -1;
}
int ff_gpu_collect(struct ff_gpu *g, struct ff_stats *out, struct ff_binsum *bins) {
  (void)g, (void)out, (void)bins;
  return -1;
}
const char *ff_gpu_error(const struct ff_gpu *g) {
  (void)g;
  return "this ulpcert was built without CUDA";
}
void ff_gpu_close(struct ff_gpu *g) { (void)g; }
int ff_gpu_eval(int device, int op, int flav, const uint64_t *keys, uint32_t n, uint32_t npart, uint64_t seed,
                uint32_t *out, char *err, size_t errlen) {
  (void)device, (void)op, (void)flav, (void)keys, (void)n, (void)npart, (void)seed, (void)out;
  snprintf(err, errlen, "this ulpcert was built without CUDA");
  return -1;
}
