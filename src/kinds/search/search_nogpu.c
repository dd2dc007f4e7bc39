/* search_nogpu.c: the search kind's device entry points in a build without the CUDA toolkit. */
#include <stdio.h>

#include "src/kinds/search/search.h"

int sr_gpu_sample(int dev, int fn, const struct sr_dom *d, uint64_t seed, uint64_t stream, uint64_t b0, uint64_t b1,
                  struct sr_cand *pool, int *npool, uint64_t *unmeasured, char *err, int errlen) {
  snprintf(err, (size_t)errlen, "this build has no GPU support");
  return -1;
}
int sr_gpu_eval(int dev, int fn, int n, const double *x, const double *y, double *out, double *est, char *err, int errlen) {
  snprintf(err, (size_t)errlen, "this build has no GPU support");
  return -1;
}
int sr_gpu_digest(int dev, int fn, const struct sr_dom *d, uint64_t seed, uint64_t stream, uint64_t n, uint64_t *digest,
                  char *err, int errlen) {
  snprintf(err, (size_t)errlen, "this build has no GPU support");
  return -1;
}
int sr_gpu_has(int fn) { return 0; }
