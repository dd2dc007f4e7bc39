/* gpu_nogpu.c: the binary32 GPU backend of a build without the CUDA toolkit: every call
 * fails. The probe (src/engine/device_nogpu.c) reports that no GPU can be used, so the
 * scan falls back to (or refuses in favour of) the CPU. */
#include <stdio.h>
#include <string.h>

#include "src/kinds/binary32/device/gpu.h"

const char *gpu_last_error(void) { return "built without CUDA"; }

struct gpu_ctx *gpu_open(int dev, int nfn, const int *fns, uint32_t max_count, uint32_t max_items, char *err,
                         size_t errlen) {
  (void)dev, (void)nfn, (void)fns, (void)max_count, (void)max_items;
  snprintf(err, errlen, "built without CUDA");
  return NULL;
}
int gpu_submit(struct gpu_ctx *g, int slot, int nseg, const uint32_t *first, const uint32_t *count, int copy) {
  (void)g, (void)slot, (void)nseg, (void)first, (void)count, (void)copy;
  return -1;
}
int gpu_wait(struct gpu_ctx *g, int slot, uint32_t **outs, const struct part **parts) {
  (void)g, (void)slot, (void)outs, (void)parts;
  return -1;
}
uint32_t *gpu_out_buffer(struct gpu_ctx *g, int slot, int f) { (void)g, (void)slot, (void)f; return NULL; }
void gpu_ref_buffers(struct gpu_ctx *g, int slot, double **ry, int8_t **rt) { (void)g, (void)slot, *ry = NULL, *rt = NULL; }
int gpu_submit_reduce(struct gpu_ctx *g, int slot, const struct gpu_geom *geom, uint32_t nref) {
  (void)g, (void)slot, (void)geom, (void)nref;
  return -1;
}
int gpu_set_measure(struct gpu_ctx *g, const struct measure_cfg *cfg) {
  (void)g, (void)cfg;
  return -1;
}
void gpu_times(struct gpu_ctx *g, double *k, double *c) { (void)g; *k = *c = 0; }
void gpu_close(struct gpu_ctx *g) { (void)g; }
void gpu_pool_begin(void) {}
void gpu_pool_end(void) {}
int gpu_set_table(const uint32_t *tab, uint32_t tlo, uint32_t n) { (void)tab, (void)tlo, (void)n; return -1; }
int gpu_read_xbins(struct gpu_ctx *g, int f, uint64_t *out) { (void)g, (void)f, (void)out; return -1; }
int gpu_dyn_add(const void *image, size_t size, const char *kernel, const char *name, double limit_s) {
  (void)image, (void)size, (void)kernel, (void)name, (void)limit_s;
  return -1;
}
int gpu_dyn_launch(int fn, unsigned blocks, unsigned threads, void **args, uint32_t first, uint32_t count,
                   void *stream) {
  (void)fn, (void)blocks, (void)threads, (void)args, (void)first, (void)count, (void)stream;
  return -1;
}

int gpu_set_reference(struct gpu_ctx *g, int shortcut, const struct fast_view *tab) {
  (void)g, (void)shortcut, (void)tab;
  return -1;
}
int gpu_set_balls(struct gpu_ctx *g, const struct ib_prog *P) {
  (void)g, (void)P;
  return -1;
}
int gpu_submit_reference(struct gpu_ctx *g, int slot, const struct gpu_geom *geom) {
  (void)g, (void)slot, (void)geom;
  return -1;
}
int gpu_reference_undecided(struct gpu_ctx *g, int slot, const uint32_t **idx, uint32_t *n, uint64_t by[3]) {
  (void)g, (void)slot, (void)idx, (void)n, (void)by;
  return -1;
}
int gpu_reference_patch(struct gpu_ctx *g, int slot, uint32_t n) {
  (void)g, (void)slot, (void)n;
  return -1;
}
struct gpu_refs *gpu_refs_open(int dev, int shortcut, const struct fast_view *tab, uint32_t max_count) {
  (void)dev, (void)shortcut, (void)tab, (void)max_count;
  return NULL;
}
int gpu_refs_submit(struct gpu_refs *r, int slot, uint32_t first, uint32_t count) {
  (void)r, (void)slot, (void)first, (void)count;
  return -1;
}
int gpu_refs_wait(struct gpu_refs *r, int slot, double **y, int8_t **t, uint8_t **how) {
  (void)r, (void)slot, (void)y, (void)t, (void)how;
  return -1;
}
void gpu_refs_close(struct gpu_refs *r) { (void)r; }
uint64_t gpu_peak_device_bytes(void) { return 0; }
