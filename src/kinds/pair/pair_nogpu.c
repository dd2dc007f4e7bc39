/* pair_nogpu.c: the two-argument variants' device side in a build without the CUDA
 * toolkit. */
#include <stdio.h>

#include "src/kinds/pair/pair_pipe.h"

int pair_gpu_count(void) { return 0; }

int pair_gpu_eval(int device, int fl, int dev, const uint32_t *a, const uint32_t *b, uint32_t n, uint32_t *out,
                  char *err, size_t errlen) {
  (void)device, (void)fl, (void)dev, (void)a, (void)b, (void)n, (void)out;
  snprintf(err, errlen, "this ulpcert was built without CUDA");
  return -1;
}

struct pair_pipe *pair_pipe_open(int device, int nv, uint32_t max_x, uint32_t np, const struct measure_cfg *cfg,
                                 const int *operand, char *err, size_t errlen) {
  (void)device, (void)nv, (void)max_x, (void)np, (void)cfg, (void)operand;
  snprintf(err, errlen, "this ulpcert was built without CUDA");
  return NULL;
}
int pair_pipe_block(struct pair_pipe *pp, const struct pair_pipe_req *rq, uint32_t x0, uint32_t nx,
                    struct part *parts, uint64_t *mpfr_calls) {
  (void)pp, (void)rq, (void)x0, (void)nx, (void)parts, (void)mpfr_calls;
  return -1;
}
int pair_pipe_refs(struct pair_pipe *pp, const struct pair_pipe_req *rq, uint32_t x0, uint32_t nx, uint32_t *a,
                   uint32_t *b, double *y, int8_t *t, uint64_t *mpfr_calls) {
  (void)pp, (void)rq, (void)x0, (void)nx, (void)a, (void)b, (void)y, (void)t, (void)mpfr_calls;
  return -1;
}
int pair_pipe_xbins(struct pair_pipe *pp, int slot, uint64_t *out) {
  (void)pp, (void)slot, (void)out;
  return -1;
}
const char *pair_pipe_error(const struct pair_pipe *pp) {
  (void)pp;
  return "this ulpcert was built without CUDA";
}
void pair_pipe_close(struct pair_pipe *pp) { (void)pp; }
