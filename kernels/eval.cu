/* eval.cu: the GPU backend. One kernel per device function, each a one-line
 * wrapper; chunks are evaluated into device buffers and copied into pinned host
 * buffers on one stream per slot, so that the host can reduce one slot while the
 * device fills the other. Every CUDA call is checked with file and line. */
#include <cuda_runtime.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/gpu.h"
#include "gpu_fns.h"
#include "tanh_seed.cuh"

#ifndef ULPCERT_ARCHS
#define ULPCERT_ARCHS "unknown"
#endif

static char g_err[512];

static void set_err(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(g_err, sizeof g_err, fmt, ap);
  va_end(ap);
}

/* Check a CUDA call; on failure record "file:line: call: message" and return -1. */
#define cudaCheck(call)                                                                   \
  do {                                                                                    \
    cudaError_t e_ = (call);                                                              \
    if (e_ != cudaSuccess) {                                                              \
      set_err("%s:%d: %s: %s", __FILE__, __LINE__, #call, cudaGetErrorString(e_));       \
      return -1;                                                                          \
    }                                                                                     \
  } while (0)

template <int F> __device__ __forceinline__ float eval_fn(float x) {
  if (F == GPU_TANH_APPROX) return tanhf_approx_sm75(x);
  if (F == GPU_TANH_EX2RCP) return tanhf_ex2rcp(x);
  if (F == GPU_TANH_MINIMAX) return my_tanhf(x);
  if (F == GPU_TANHF_CUDA) return tanhf(x);
  return __int_as_float(0x7fc00000);
}

template <int F> __global__ void k_eval(uint32_t first, uint32_t count, uint32_t *__restrict__ out) {
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += gridDim.x * blockDim.x)
    out[i] = __float_as_uint(eval_fn<F>(__uint_as_float(first + i)));
}

static void launch(int fn, uint32_t first, uint32_t count, uint32_t *out, cudaStream_t st, int blocks) {
  const int threads = 256;
  switch (fn) {
  case GPU_TANH_APPROX: k_eval<GPU_TANH_APPROX><<<blocks, threads, 0, st>>>(first, count, out); break;
  case GPU_TANH_EX2RCP: k_eval<GPU_TANH_EX2RCP><<<blocks, threads, 0, st>>>(first, count, out); break;
  case GPU_TANH_MINIMAX: k_eval<GPU_TANH_MINIMAX><<<blocks, threads, 0, st>>>(first, count, out); break;
  case GPU_TANHF_CUDA: k_eval<GPU_TANHF_CUDA><<<blocks, threads, 0, st>>>(first, count, out); break;
  default: break;
  }
}

struct gpu_ctx {
  int nfn;
  int fns[GPU_NFN];
  uint32_t max_count;
  int blocks;
  cudaStream_t stream[GPU_SLOTS];
  uint32_t *d_out[GPU_SLOTS][GPU_NFN];
  uint32_t *h_out[GPU_SLOTS][GPU_NFN];
  cudaEvent_t ev_start[GPU_SLOTS], ev_kern[GPU_SLOTS], ev_copy[GPU_SLOTS];
  int pending[GPU_SLOTS];
  double kernel_s, copy_s;
};

extern "C" const char *gpu_last_error(void) { return g_err; }

extern "C" const char *gpu_build_info(void) {
  static char buf[256];
  snprintf(buf, sizeof buf, "CUDA toolkit %d.%d; device code for %s", CUDART_VERSION / 1000,
           (CUDART_VERSION % 1000) / 10, ULPCERT_ARCHS);
  return buf;
}

/* The NVIDIA driver release (e.g. 580.159.04): the first token of
 * /proc/driver/nvidia/version that looks like N.N[.N]. Empty when unknown. */
static void read_driver_release(char *out, size_t n) {
  out[0] = 0;
  FILE *f = fopen("/proc/driver/nvidia/version", "r");
  if (!f) return;
  char line[512];
  if (fgets(line, sizeof line, f)) {
    for (char *tok = strtok(line, " \t\n"); tok; tok = strtok(NULL, " \t\n")) {
      int dots = 0, ok = tok[0] >= '0' && tok[0] <= '9';
      for (char *p = tok; *p && ok; p++) {
        if (*p == '.') dots++;
        else if (*p < '0' || *p > '9') ok = 0;
      }
      if (ok && dots >= 1) {
        snprintf(out, n, "%s", tok);
        break;
      }
    }
  }
  fclose(f);
}

extern "C" int gpu_probe(struct gpu_info *info, char *why, size_t whylen) {
  memset(info, 0, sizeof *info);
  int n = 0;
  cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess || n == 0) {
    snprintf(why, whylen, "no usable CUDA device (%s)", e != cudaSuccess ? cudaGetErrorString(e) : "0 devices");
    return -1;
  }
  cudaDeviceProp p;
  e = cudaGetDeviceProperties(&p, 0);
  if (e != cudaSuccess) {
    snprintf(why, whylen, "cudaGetDeviceProperties: %s", cudaGetErrorString(e));
    return -1;
  }
  snprintf(info->name, sizeof info->name, "%s", p.name);
  info->cc_major = p.major;
  info->cc_minor = p.minor;
  info->sm_count = p.multiProcessorCount;
  cudaDriverGetVersion(&info->driver_version);
  cudaRuntimeGetVersion(&info->runtime_version);
  read_driver_release(info->driver_release, sizeof info->driver_release);
  if (p.major * 10 + p.minor < 75) {
    snprintf(why, whylen, "%s has compute capability %d.%d; ulpcert needs 7.5 or newer", p.name, p.major, p.minor);
    return -1;
  }
  if (info->driver_version < info->runtime_version) {
    snprintf(why, whylen, "the driver supports CUDA %d.%d but ulpcert was built with %d.%d; update the driver",
             info->driver_version / 1000, (info->driver_version % 1000) / 10, info->runtime_version / 1000,
             (info->runtime_version % 1000) / 10);
    return -1;
  }
  return 0;
}

static int open_impl(struct gpu_ctx *g, int nfn, const int *fns, uint32_t max_count) {
  g->nfn = nfn;
  g->max_count = max_count;
  for (int i = 0; i < nfn; i++) g->fns[i] = fns[i];
  cudaCheck(cudaSetDevice(0));
  int sms = 0;
  cudaCheck(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  g->blocks = sms * 8;
  for (int s = 0; s < GPU_SLOTS; s++) {
    cudaCheck(cudaStreamCreateWithFlags(&g->stream[s], cudaStreamNonBlocking));
    cudaCheck(cudaEventCreate(&g->ev_start[s]));
    cudaCheck(cudaEventCreate(&g->ev_kern[s]));
    cudaCheck(cudaEventCreate(&g->ev_copy[s]));
    for (int f = 0; f < nfn; f++) {
      cudaCheck(cudaMalloc(&g->d_out[s][f], (size_t)max_count * 4));
      cudaCheck(cudaMallocHost(&g->h_out[s][f], (size_t)max_count * 4));
    }
  }
  return 0;
}

extern "C" struct gpu_ctx *gpu_open(int nfn, const int *fns, uint32_t max_count, char *err, size_t errlen) {
  struct gpu_ctx *g = (struct gpu_ctx *)calloc(1, sizeof *g);
  if (!g || nfn > GPU_NFN) {
    snprintf(err, errlen, "out of memory");
    free(g);
    return NULL;
  }
  if (open_impl(g, nfn, fns, max_count)) {
    snprintf(err, errlen, "%s", g_err);
    gpu_close(g);
    return NULL;
  }
  return g;
}

extern "C" int gpu_submit(struct gpu_ctx *g, int slot, int nseg, const uint32_t *first, const uint32_t *count) {
  cudaStream_t st = g->stream[slot];
  uint64_t total = 0;
  for (int k = 0; k < nseg; k++) total += count[k];
  if (total > g->max_count || nseg > GPU_MAXSEG) {
    set_err("gpu_submit: chunk of %llu inputs exceeds the buffer", (unsigned long long)total);
    return -1;
  }
  cudaCheck(cudaEventRecord(g->ev_start[slot], st));
  for (int f = 0; f < g->nfn; f++) {
    uint32_t off = 0;
    for (int k = 0; k < nseg; k++) {
      if (!count[k]) continue;
      launch(g->fns[f], first[k], count[k], g->d_out[slot][f] + off, st, g->blocks);
      cudaCheck(cudaGetLastError());
      off += count[k];
    }
  }
  cudaCheck(cudaEventRecord(g->ev_kern[slot], st));
  for (int f = 0; f < g->nfn; f++)
    cudaCheck(cudaMemcpyAsync(g->h_out[slot][f], g->d_out[slot][f], total * 4, cudaMemcpyDeviceToHost, st));
  cudaCheck(cudaEventRecord(g->ev_copy[slot], st));
  g->pending[slot] = 1;
  return 0;
}

extern "C" int gpu_wait(struct gpu_ctx *g, int slot, uint32_t **outs) {
  if (g->pending[slot]) {
    cudaCheck(cudaEventSynchronize(g->ev_copy[slot]));
    float k_ms = 0, c_ms = 0;
    cudaCheck(cudaEventElapsedTime(&k_ms, g->ev_start[slot], g->ev_kern[slot]));
    cudaCheck(cudaEventElapsedTime(&c_ms, g->ev_kern[slot], g->ev_copy[slot]));
    g->kernel_s += k_ms * 1e-3;
    g->copy_s += c_ms * 1e-3;
    g->pending[slot] = 0;
  }
  for (int f = 0; f < g->nfn; f++) outs[f] = g->h_out[slot][f];
  return 0;
}

extern "C" void gpu_times(struct gpu_ctx *g, double *kernel_s, double *copy_s) {
  *kernel_s = g->kernel_s;
  *copy_s = g->copy_s;
}

extern "C" void gpu_close(struct gpu_ctx *g) {
  if (!g) return;
  for (int s = 0; s < GPU_SLOTS; s++) {
    if (g->stream[s]) cudaStreamSynchronize(g->stream[s]);
    for (int f = 0; f < GPU_NFN; f++) {
      if (g->d_out[s][f]) cudaFree(g->d_out[s][f]);
      if (g->h_out[s][f]) cudaFreeHost(g->h_out[s][f]);
    }
    if (g->ev_start[s]) cudaEventDestroy(g->ev_start[s]);
    if (g->ev_kern[s]) cudaEventDestroy(g->ev_kern[s]);
    if (g->ev_copy[s]) cudaEventDestroy(g->ev_copy[s]);
    if (g->stream[s]) cudaStreamDestroy(g->stream[s]);
  }
  free(g);
}
