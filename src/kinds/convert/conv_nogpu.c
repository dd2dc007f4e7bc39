/* conv_nogpu.c: the conversions' device builds in a build without device code: nothing
 * runs (their host build, conv_host.cu, needs only the toolkit: conv_notoolkit.c stands in
 * for it where there is none). */
#include <stdio.h>
#include <string.h>

#include "src/kinds/convert/convert.h"

int conv_gpu_probe(int flav, int dev, struct conv_probe *p) {
  (void)flav, (void)dev;
  memset(p, 0, sizeof *p);
  snprintf(p->why, sizeof p->why, "built without CUDA");
  return -1;
}
int conv_gpu_wide(int flav, int dev, int idx, const struct conv_kparams *kp, uint32_t from, uint32_t to,
                  struct conv_wide *w, char *err, size_t errlen) {
  (void)flav, (void)dev, (void)idx, (void)kp, (void)from, (void)to, (void)w;
  snprintf(err, errlen, "built without CUDA");
  return -1;
}
int conv_gpu_small(int flav, int dev, int idx, int x2, uint32_t n, uint32_t *y, uint32_t *lo, uint32_t *hi, char *err,
                   size_t errlen) {
  (void)flav, (void)dev, (void)idx, (void)x2, (void)n, (void)y, (void)lo, (void)hi;
  snprintf(err, errlen, "built without CUDA");
  return -1;
}
int conv_gpu_list(int flav, int dev, int idx, uint32_t n, const uint32_t *x, uint32_t *y, char *err, size_t errlen) {
  (void)flav, (void)dev, (void)idx, (void)n, (void)x, (void)y;
  snprintf(err, errlen, "built without CUDA");
  return -1;
}
