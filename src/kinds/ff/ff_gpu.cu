/* ff_gpu.cu: one GPU's share of a float-float run (ff_gpu.h): the partial statistics of
 * every block and variant stay on the device across the ranges it is given, and are
 * copied and merged once at the end (exactly, ff_stats_merge); the outputs' digests and
 * moments per bin (arch records) are folded on the device. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/kinds/ff/ff_gpu.h"

typedef int (*ff_launch_fn)(int, int, uint64_t, uint64_t, uint32_t, uint64_t, double, struct ff_stats *,
                            struct ff_binsum *, uint64_t, cudaStream_t, int *);
typedef int (*ff_launch_out_fn)(int, int, uint32_t, uint32_t, uint32_t, uint32_t, uint64_t, struct ff_binsum *,
                                cudaStream_t, int *);
extern "C" int ff_launch_plain(int, int, uint64_t, uint64_t, uint32_t, uint64_t, double, struct ff_stats *,
                               struct ff_binsum *, uint64_t, cudaStream_t, int *);
extern "C" int ff_launch_fmad(int, int, uint64_t, uint64_t, uint32_t, uint64_t, double, struct ff_stats *,
                               struct ff_binsum *, uint64_t, cudaStream_t, int *);
extern "C" int ff_launch_ftz(int, int, uint64_t, uint64_t, uint32_t, uint64_t, double, struct ff_stats *,
                               struct ff_binsum *, uint64_t, cudaStream_t, int *);
extern "C" int ff_launch_out_plain(int, int, uint32_t, uint32_t, uint32_t, uint32_t, uint64_t, struct ff_binsum *,
                                   cudaStream_t, int *);
extern "C" int ff_launch_out_fmad(int, int, uint32_t, uint32_t, uint32_t, uint32_t, uint64_t, struct ff_binsum *,
                                  cudaStream_t, int *);
extern "C" int ff_launch_out_ftz(int, int, uint32_t, uint32_t, uint32_t, uint32_t, uint64_t, struct ff_binsum *,
                                 cudaStream_t, int *);

typedef int (*ff_launch_eval_fn)(int, const uint64_t *, uint32_t, uint32_t, uint64_t, uint32_t *, cudaStream_t);
extern "C" int ff_launch_eval_plain(int, const uint64_t *, uint32_t, uint32_t, uint64_t, uint32_t *, cudaStream_t);
extern "C" int ff_launch_eval_fmad(int, const uint64_t *, uint32_t, uint32_t, uint64_t, uint32_t *, cudaStream_t);
extern "C" int ff_launch_eval_ftz(int, const uint64_t *, uint32_t, uint32_t, uint64_t, uint32_t *, cudaStream_t);

/* partial statistics per variant: one per block of a launch (each block keeps its own
 * across launches); a launch's digests and moments: one partial per block (at most
 * FF_BLOCKS with the statistics, FF_OUT_BLOCKS alone: whole waves, ff_wave_blocks), folded
 * into the bin after the launch */
#define FF_BLOCKS 2048
#define FF_OUT_BLOCKS 1024
#define FF_OPARTS (FF_BLOCKS > FF_OUT_BLOCKS ? FF_BLOCKS : FF_OUT_BLOCKS)
#define FF_NBINS (1u << (32 - FF_BIN_LOG2))
/* streams of a device: variant v's launches go in order on stream v % FF_STREAMS, so that
 * one variant's launch fills the multiprocessors that the last blocks of another's leave
 * idle (the variants' partials, outputs' partials and bins are apart) */
#define FF_STREAMS 3

struct ff_gpu {
  int device, nv;
  cudaStream_t st[FF_STREAMS];
  struct ff_stats *d_part;   /* nv x FF_BLOCKS */
  struct ff_binsum *d_opart; /* FF_STREAMS x FF_OPARTS */
  struct ff_binsum *d_bins;  /* nv x FF_NBINS, or NULL */
  char err[256];
};

#define FG_TRY(call)                                                                                    \
  do {                                                                                                  \
    cudaError_t e_ = (call);                                                                            \
    if (e_ != cudaSuccess) {                                                                            \
      snprintf(g->err, sizeof g->err, "GPU %d: %s (%s)", g->device, cudaGetErrorString(e_), #call);     \
      return -1;                                                                                        \
    }                                                                                                   \
  } while (0)

/* every block's partial statistics empty */
__global__ void k_ff_init(struct ff_stats *part, uint32_t n) {
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) ff_stats_init(&part[i]);
}

/* A launch's n partials of digests and moments into bin *bin, by one warp (the sums are
 * modular: any order). */
__global__ void k_ff_fold(const struct ff_binsum *p, uint32_t n, struct ff_binsum *bin) {
  struct ff_binsum b;
  ff_binsum_init(&b);
  for (uint32_t i = threadIdx.x; i < n; i += 32) ff_binsum_merge(&b, &p[i]);
  for (int off = 16; off; off >>= 1) {
    struct ff_binsum o = {__shfl_down_sync(0xffffffffu, b.digest, off), __shfl_down_sync(0xffffffffu, b.m0, off),
                          __shfl_down_sync(0xffffffffu, b.m1, off)};
    ff_binsum_merge(&b, &o);
  }
  if (threadIdx.x == 0) ff_binsum_merge(bin, &b);
}

static int ff_alloc(struct ff_gpu *g, int bins) {
  FG_TRY(cudaSetDevice(g->device));
  for (int i = 0; i < FF_STREAMS; i++) FG_TRY(cudaStreamCreateWithFlags(&g->st[i], cudaStreamNonBlocking));
  FG_TRY(cudaMalloc(&g->d_part, sizeof(struct ff_stats) * FF_BLOCKS * g->nv));
  k_ff_init<<<256, 256, 0, g->st[0]>>>(g->d_part, (uint32_t)(FF_BLOCKS * g->nv));
  FG_TRY(cudaGetLastError());
  if (bins) {
    FG_TRY(cudaMalloc(&g->d_opart, sizeof(struct ff_binsum) * FF_OPARTS * FF_STREAMS));
    FG_TRY(cudaMalloc(&g->d_bins, sizeof(struct ff_binsum) * FF_NBINS * g->nv));
    FG_TRY(cudaMemsetAsync(g->d_bins, 0, sizeof(struct ff_binsum) * FF_NBINS * g->nv, g->st[0]));
  }
  FG_TRY(cudaStreamSynchronize(g->st[0]));
  return 0;
}

extern "C" struct ff_gpu *ff_gpu_open(int device, int nv, int bins, char *err, size_t errlen) {
  struct ff_gpu *g = (struct ff_gpu *)calloc(1, sizeof *g);
  if (!g) {
    snprintf(err, errlen, "out of host memory");
    return NULL;
  }
  g->device = device, g->nv = nv;
  if (ff_alloc(g, bins)) {
    snprintf(err, errlen, "%s", g->err);
    ff_gpu_close(g);
    return NULL;
  }
  return g;
}

extern "C" void ff_gpu_close(struct ff_gpu *g) {
  if (!g) return;
  cudaSetDevice(g->device);
  cudaFree(g->d_part), cudaFree(g->d_opart), cudaFree(g->d_bins);
  for (int i = 0; i < FF_STREAMS; i++)
    if (g->st[i]) cudaStreamDestroy(g->st[i]);
  free(g);
}

extern "C" const char *ff_gpu_error(const struct ff_gpu *g) { return g->err; }

/* Whether g keeps output bins; else -1 with the message in g->err. */
static int bins_kept(struct ff_gpu *g) {
  if (g->d_bins) return 0;
  snprintf(g->err, sizeof g->err, "GPU %d: opened without output bins", g->device);
  return -1;
}

/* The end of the piece of [x, end) in x's bin: a range's launches go bin by bin. */
static uint64_t bin_piece_end(uint64_t x, uint64_t end) {
  const uint64_t bend = ((x >> FF_BIN_LOG2) + 1) << FF_BIN_LOG2;
  return bend < end ? bend : end;
}

/* slot v's stream and the outputs' partials of its launches */
static cudaStream_t stream_of(const struct ff_gpu *g, int v) { return g->st[v % FF_STREAMS]; }
static struct ff_binsum *opart_of(const struct ff_gpu *g, int v) {
  return g->d_opart + (size_t)(v % FF_STREAMS) * FF_OPARTS;
}

/* The n partials of the launch just queued for slot v into its bin (the sums are modular: any order). */
static int fold_bin(struct ff_gpu *g, int v, uint64_t bin, uint32_t n) {
  k_ff_fold<<<1, 32, 0, stream_of(g, v)>>>(opart_of(g, v), n, g->d_bins + (size_t)v * FF_NBINS + bin);
  FG_TRY(cudaGetLastError());
  return 0;
}

extern "C" int ff_gpu_stats(struct ff_gpu *g, int v, int op, int flav, uint32_t x0, uint32_t nx, uint32_t npart,
                            uint64_t seed, double bound, int bins) {
  const ff_launch_fn launch[FF_NFLAV] = {ff_launch_plain, ff_launch_fmad, ff_launch_ftz};
  struct ff_stats *part = g->d_part + (size_t)v * FF_BLOCKS;
  int used;
  FG_TRY(cudaSetDevice(g->device));
  if (!bins) {
    FG_TRY((cudaError_t)launch[flav](op, FF_BLOCKS, (uint64_t)x0 * npart, (uint64_t)nx * npart, npart, seed, bound,
                                     part, NULL, 0, stream_of(g, v), &used));
    return 0;
  }
  if (bins_kept(g)) return -1;
  for (uint64_t x = x0, end = (uint64_t)x0 + nx, x1; x < end; x = x1) { /* in increasing keys */
    const uint64_t bin = x >> FF_BIN_LOG2;
    x1 = bin_piece_end(x, end);
    const int e = launch[flav](op, FF_BLOCKS, x * npart, (x1 - x) * npart, npart, seed, bound, part, opart_of(g, v),
                               (bin << FF_BIN_LOG2) * npart, stream_of(g, v), &used);
    if (e < 0) {
      snprintf(g->err, sizeof g->err, "GPU %d: operation %d over %u partners: not one launch per bin", g->device, op,
               npart);
      return -1;
    }
    FG_TRY((cudaError_t)e);
    if (fold_bin(g, v, bin, (uint32_t)used)) return -1;
  }
  return 0;
}

extern "C" int ff_gpu_outputs(struct ff_gpu *g, int v, int op, int flav, uint32_t x0, uint32_t nx, uint32_t npart,
                              uint64_t seed) {
  const ff_launch_out_fn launch[FF_NFLAV] = {ff_launch_out_plain, ff_launch_out_fmad, ff_launch_out_ftz};
  int used;
  if (bins_kept(g)) return -1;
  FG_TRY(cudaSetDevice(g->device));
  for (uint64_t x = x0, end = (uint64_t)x0 + nx, x1; x < end; x = x1) {
    const uint64_t bin = x >> FF_BIN_LOG2;
    x1 = bin_piece_end(x, end);
    FG_TRY((cudaError_t)launch[flav](op, FF_OUT_BLOCKS, (uint32_t)x, (uint32_t)(x1 - x),
                                     (uint32_t)(bin << FF_BIN_LOG2), npart, seed, opart_of(g, v), stream_of(g, v),
                                     &used));
    if (fold_bin(g, v, bin, (uint32_t)used)) return -1;
  }
  return 0;
}

extern "C" int ff_gpu_sync(struct ff_gpu *g) {
  FG_TRY(cudaSetDevice(g->device));
  for (int i = 0; i < FF_STREAMS; i++) FG_TRY(cudaStreamSynchronize(g->st[i]));
  return 0;
}

extern "C" int ff_gpu_collect(struct ff_gpu *g, struct ff_stats *out, struct ff_binsum *bins) {
  if (ff_gpu_sync(g)) return -1;
  struct ff_stats *h = (struct ff_stats *)malloc(sizeof *h * FF_BLOCKS);
  if (!h) {
    snprintf(g->err, sizeof g->err, "out of host memory");
    return -1;
  }
  for (int v = 0; v < g->nv; v++) {
    cudaError_t e = cudaMemcpy(h, g->d_part + (size_t)v * FF_BLOCKS, sizeof *h * FF_BLOCKS, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
      free(h);
      FG_TRY(e);
    }
    for (int i = 0; i < FF_BLOCKS; i++) ff_stats_merge(&out[v], &h[i]);
  }
  free(h);
  if (bins && g->d_bins) {
    struct ff_binsum *hb = (struct ff_binsum *)malloc(sizeof *hb * FF_NBINS);
    if (!hb) {
      snprintf(g->err, sizeof g->err, "out of host memory");
      return -1;
    }
    for (int v = 0; v < g->nv; v++) {
      cudaError_t e = cudaMemcpy(hb, g->d_bins + (size_t)v * FF_NBINS, sizeof *hb * FF_NBINS, cudaMemcpyDeviceToHost);
      if (e != cudaSuccess) {
        free(hb);
        FG_TRY(e);
      }
      for (uint32_t b = 0; b < FF_NBINS; b++) ff_binsum_merge(&bins[(size_t)v * FF_NBINS + b], &hb[b]);
    }
    free(hb);
  }
  return 0;
}

extern "C" int ff_gpu_eval(int device, int op, int flav, const uint64_t *keys, uint32_t n, uint32_t npart,
                           uint64_t seed, uint32_t *out, char *err, size_t errlen) {
  const ff_launch_eval_fn launch[FF_NFLAV] = {ff_launch_eval_plain, ff_launch_eval_fmad, ff_launch_eval_ftz};
  uint64_t *dk = NULL;
  uint32_t *dout = NULL;
  cudaError_t e = cudaSetDevice(device);
  if (!e) e = cudaMalloc(&dk, 8ull * (n ? n : 1));
  if (!e) e = cudaMalloc(&dout, 8ull * (n ? n : 1));
  if (!e) e = cudaMemcpy(dk, keys, 8ull * n, cudaMemcpyHostToDevice);
  if (!e && n) e = (cudaError_t)launch[flav](op, dk, n, npart, seed, dout, 0);
  if (!e) e = cudaMemcpy(out, dout, 8ull * n, cudaMemcpyDeviceToHost);
  cudaFree(dk), cudaFree(dout);
  if (e) {
    snprintf(err, errlen, "GPU %d: %s", device, cudaGetErrorString(e));
    return -1;
  }
  return 0;
}
