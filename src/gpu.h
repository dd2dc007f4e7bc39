/* gpu.h: the GPU backend, seen from the host engine. Implemented in kernels/eval.cu
 * (or src/gpu_stub.c when the build has no CUDA toolkit). */
#ifndef ULPCERT_GPU_H
#define ULPCERT_GPU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct gpu_info {
  char name[256];
  int cc_major, cc_minor;
  int driver_version;  /* cudaDriverGetVersion, e.g. 13000 */
  int runtime_version; /* cudaRuntimeGetVersion */
  int sm_count;
  char driver_release[64]; /* NVIDIA driver release (e.g. 580.159.04) where known */
};

/* Number of the toolkit the binary was built with, and the architectures compiled in. */
const char *gpu_build_info(void);

/* 0 if device 0 is usable, filling info; otherwise -1 with a reason in why. */
int gpu_probe(struct gpu_info *info, char *why, size_t whylen);

#define GPU_SLOTS 2
#define GPU_MAXSEG 2

struct gpu_ctx;
/* Open device 0 for nfn functions (enum gpu_fn), chunks of at most max_count inputs
 * per submit (summed over its segments). Returns NULL with a message in err. */
struct gpu_ctx *gpu_open(int nfn, const int *fns, uint32_t max_count, char *err, size_t errlen);
/* Enqueue the evaluation of every function over nseg segments [first[i], first[i]+count[i])
 * into slot's pinned host buffers (segments back to back). Asynchronous. 0 or -1. */
int gpu_submit(struct gpu_ctx *g, int slot, int nseg, const uint32_t *first, const uint32_t *count);
/* Wait for slot; outs[f] receives the host buffer of function f. 0 or -1. */
int gpu_wait(struct gpu_ctx *g, int slot, uint32_t **outs);
/* Total seconds spent in kernels and in device-to-host copies so far (from CUDA events). */
void gpu_times(struct gpu_ctx *g, double *kernel_s, double *copy_s);
void gpu_close(struct gpu_ctx *g);
const char *gpu_last_error(void);

#ifdef __cplusplus
}
#endif
#endif
