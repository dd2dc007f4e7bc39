/* gpu_stub.c: the GPU backend of a build without the CUDA toolkit: it reports that
 * no GPU can be used, so the engine falls back to (or refuses in favour of) the CPU. */
#include <stdio.h>
#include <string.h>

#include "gpu.h"

const char *gpu_build_info(void) { return "built without the CUDA toolkit: no device code"; }
const char *gpu_last_error(void) { return "built without CUDA"; }

int gpu_probe(struct gpu_info *info, char *why, size_t whylen) {
  memset(info, 0, sizeof *info);
  snprintf(why, whylen, "this ulpcert was built without the CUDA toolkit (install it and rebuild)");
  return -1;
}

struct gpu_ctx *gpu_open(int nfn, const int *fns, uint32_t max_count, char *err, size_t errlen) {
  (void)nfn, (void)fns, (void)max_count;
  snprintf(err, errlen, "built without CUDA");
  return NULL;
}
int gpu_submit(struct gpu_ctx *g, int slot, int nseg, const uint32_t *first, const uint32_t *count) {
  (void)g, (void)slot, (void)nseg, (void)first, (void)count;
  return -1;
}
int gpu_wait(struct gpu_ctx *g, int slot, uint32_t **outs) { (void)g, (void)slot, (void)outs; return -1; }
void gpu_times(struct gpu_ctx *g, double *k, double *c) { (void)g; *k = *c = 0; }
void gpu_close(struct gpu_ctx *g) { (void)g; }
