/* conv_family.cu: the conversions' .family flavour: compiled for the toolkit's
 * family-specific targets (sm_100f, sm_110f, sm_120f; Makefile), where the headers use
 * the instructions of those GPUs and the PTX forms that need sm_100 exist. A toolkit
 * without them builds this file with CV_FAMILY_ABSENT: the flavour then says so. */
#if defined(CV_FAMILY_ABSENT)
#include <stdio.h>
#include <string.h>

#include "src/kinds/convert/convert.h"

extern "C" int conv_gpu_probe_family(int dev, struct conv_probe *p) {
  (void)dev;
  memset(p, 0, sizeof *p);
  snprintf(p->why, sizeof p->why, "this build's toolkit has no family-specific targets (sm_100f, sm_110f, sm_120f)");
  return 0;
}
extern "C" int conv_gpu_wide_family(int dev, int idx, const struct conv_kparams *kp, uint32_t from, uint32_t to,
                                    struct conv_wide *w, char *err, size_t errlen) {
  (void)dev, (void)idx, (void)kp, (void)from, (void)to, (void)w;
  snprintf(err, errlen, "no family-specific targets in this build");
  return -1;
}
extern "C" int conv_gpu_small_family(int dev, int idx, int x2, uint32_t n, uint32_t *y, uint32_t *lo, uint32_t *hi,
                                     char *err, size_t errlen) {
  (void)dev, (void)idx, (void)x2, (void)n, (void)y, (void)lo, (void)hi;
  snprintf(err, errlen, "no family-specific targets in this build");
  return -1;
}
extern "C" int conv_gpu_list_family(int dev, int idx, uint32_t n, const uint32_t *x, uint32_t *y, char *err,
                                    size_t errlen) {
  (void)dev, (void)idx, (void)n, (void)x, (void)y;
  snprintf(err, errlen, "no family-specific targets in this build");
  return -1;
}
#else
#define CV_FLAV CV_FAMILY
#define CV_NS cv_family
#define CV_ENTRY(name) conv_gpu_##name##_family
#include "src/kinds/convert/conv_kernel.cuh"
#endif
