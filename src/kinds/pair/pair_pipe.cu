/* pair_pipe.cu: a block of swept x against their partners, end to end on one GPU: the
 * pairs and their references are computed on the device (the fast references of
 * functions/<name>/pair_ref.h, the same code as the host's), the few pairs they leave
 * undecided go to MPFR on the host and come back, the variants run on the pairs in their
 * build flavours, and the device reduction measures every output with the per-input
 * definition of src/measure/measure.h (measure_input_at, as the host's
 * part_reduce_pairs) into one part per variant. Only the parts, the undecided pairs and
 * the x-bin maxima cross the bus.
 *
 * A block of x never crosses a bin (scan.c), so its part folds into the variant's
 * statistics as the host's parts of the same pairs do: sums and maxima (ties to the lowest
 * (x, partner)) merge exactly, and the lists keep the lowest keys, so the statistics equal
 * the CPU backend's field for field. Built with -fmad=false: no contraction, every binary64
 * operation rounds as the host's. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/kinds/binary32/device/reduce_common.cuh"
#include "src/kinds/pair/pair_pipe.h"
#include "src/kinds/pair/partners.h"
#include "pairs_ref.h"

extern "C" int pair_launch_plain(int, const uint32_t *, const uint32_t *, uint32_t, uint32_t *);
extern "C" int pair_launch_ftz(int, const uint32_t *, const uint32_t *, uint32_t, uint32_t *);
extern "C" int pair_launch_fast(int, const uint32_t *, const uint32_t *, uint32_t, uint32_t *);

#define PP_PENDING 3        /* t of a pair whose reference MPFR has yet to decide */
#define PP_ITEM_X 2048u     /* x per reduction item (one CUDA block) */

/* reference number r of the PAIR_REFERENCE lines, in their order */
__device__ __forceinline__ int pp_fast(int r, uint32_t a, uint32_t b, double *y, int *t) {
  int i = 0;
#define PAIR_REFERENCE(name, mpfr_fn, fast, set, desc) \
  if (r == i++) return fast(a, b, y, t);
#define PAIR_DEVICE(...)
#define PAIR_HOST(...)
#define PAIR_BOUND(...)
#include "pairs.def"
#undef PAIR_REFERENCE
#undef PAIR_DEVICE
#undef PAIR_HOST
#undef PAIR_BOUND
  return 0;
}

struct undecided {
  uint32_t i, a, b;
};

/* Pair i = (x0 + i / np, partner i % np): operands, and the reference where the fast
 * path decides it; the others are listed for the host. */
__global__ void k_pairs(int ref, int set, int swap, uint64_t seed, uint32_t np, uint32_t x0, uint32_t n, uint32_t *A,
                        uint32_t *B, double *Y, int8_t *T, struct undecided *und, uint32_t *nund) {
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const uint32_t x = x0 + i / np, p = pair_partner(set, swap, x, i % np, seed);
    const uint32_t a = swap ? p : x, b = swap ? x : p;
    A[i] = a, B[i] = b;
    double y = 0;
    int t = PP_PENDING;
    if (!pp_fast(ref, a, b, &y, &t)) {
      t = PP_PENDING;
      und[atomicAdd(nund, 1u)] = {i, a, b};
    }
    Y[i] = y, T[i] = (int8_t)t;
  }
}

/* MPFR's answers into the reference arrays */
__global__ void k_patch(const struct undecided *und, const double *y, const int8_t *t, uint32_t n, double *Y, int8_t *T) {
  for (uint32_t k = blockIdx.x * blockDim.x + threadIdx.x; k < n; k += gridDim.x * blockDim.x)
    Y[und[k].i] = y[k], T[und[k].i] = t[k];
}

/* The shared state of a reduction block: the histogram, and this round's events before
 * they enter the list of the lowest (x, partner) keys. */
struct pp_shared {
  uint32_t hist[HIST_N];
  uint32_t nround, nlist;
  struct sample round[RED_THREADS], list[LIST_MAX];
  struct measure_acc acc[RED_WARPS];
};

__device__ __forceinline__ uint64_t pp_key(const struct sample &s) { return measure_key(s.input, s.partner); }

/* thread 0: this round's events into the block's list (the lowest LIST_MAX keys, sorted) */
__device__ void pp_list_round(struct pp_shared *sh) {
  for (uint32_t k = 0; k < sh->nround; k++) {
    const struct sample s = sh->round[k];
    uint32_t i = sh->nlist;
    if (i == LIST_MAX) {
      if (pp_key(s) >= pp_key(sh->list[LIST_MAX - 1])) continue;
      i = LIST_MAX - 1;
    } else {
      sh->nlist++;
    }
    while (i > 0 && pp_key(sh->list[i - 1]) > pp_key(s)) sh->list[i] = sh->list[i - 1], i--;
    sh->list[i] = s;
  }
  sh->nround = 0;
}

/* Item blockIdx.x (PP_ITEM_X x and their partners) of variant blockIdx.y: its part. */
__global__ void __launch_bounds__(RED_THREADS)
    k_pair_reduce(uint32_t np, uint32_t n, int swap, const uint32_t *A, const uint32_t *B, const double *Y,
                  const int8_t *T, uint32_t *const *outs, const struct measure_cfg *cfgs, const int *operand,
                  const int *slot, struct part *parts, unsigned long long *xbins) {
  __shared__ struct pp_shared sh;
  const uint32_t v = blockIdx.y, tid = threadIdx.x;
  const uint32_t lo = blockIdx.x * PP_ITEM_X * np, hi = min(n, lo + PP_ITEM_X * np);
  for (uint32_t b = tid; b < HIST_N; b += RED_THREADS) sh.hist[b] = 0;
  if (tid == 0) sh.nround = sh.nlist = 0;
  __syncthreads();
  const struct measure_cfg *c = &cfgs[v];
  const uint32_t *o = outs[v];
  const int dom_b = operand[v];
  struct measure_acc acc;
  measure_init(&acc);
  unsigned long long *const xbv = xbins + (size_t)slot[v] * RED_XBINS;
  struct xbin_cache xc = {-1, 0};
  for (uint32_t base = lo; base < hi; base += RED_THREADS) {
    const uint32_t i = base + tid;
    int ev = 0, hb = -1;
    if (i < hi) {
      const uint32_t a = A[i], b = B[i], x = swap ? b : a, p = swap ? a : b, out = o[i];
      const struct measure_note m = measure_input_at(&acc, c, x, p, dom_b ? b : a, out, Y[i], T[i]);
      hb = m.hist;
      if (m.e >= 0) {
        const int xb = xbin_d(x);
        if (xb >= 0) xbin_note(&xc, xbv, xb, m.e);
      }
      if (m.special && (sh.nlist < LIST_MAX || measure_key(x, p) < pp_key(sh.list[LIST_MAX - 1]))) {
        ev = 1;
        sh.round[atomicAdd(&sh.nround, 1u)] = {x, out, m.cr, p};
      }
    }
    hist_add_warp(sh.hist, hb);
    if (__syncthreads_or(ev)) {
      if (tid == 0) pp_list_round(&sh);
      __syncthreads();
    }
  }
  xbin_flush_warp(&xc, xbv);
  uint64_t unused[6] = {0, 0, 0, 0, 0, 0};
  warp_merge(&acc, unused, c->n_clauses);
  if ((tid & 31) == 0) sh.acc[tid >> 5] = acc;
  __syncthreads();
  if (tid) return;
  struct part pt;
  part_init(&pt);
  for (int w = 0; w < RED_WARPS; w++) measure_merge(&pt.a, &sh.acc[w], c->n_clauses);
  for (int b = 0; b < HIST_N; b++) pt.hist[b] = sh.hist[b];
  pt.n_special = sh.nlist;
  for (uint32_t k = 0; k < sh.nlist; k++) pt.special[k] = sh.list[k];
  parts[(size_t)v * gridDim.x + blockIdx.x] = pt;
}

/* The items' parts of variant blockIdx.x into one, by one warp: the lanes merge strided
 * items (measure_merge is exact in any order), then the warp; lane 0 takes the lists in
 * item order (items ascend in x, each list is sorted), so their first LIST_MAX entries are
 * the lowest keys. */
__global__ void k_pair_merge(uint32_t nitems, const struct measure_cfg *cfgs, const struct part *parts,
                             struct part *out) {
  __shared__ uint32_t hist[HIST_N];
  const uint32_t v = blockIdx.x, lane = threadIdx.x;
  const int ncl = cfgs[v].n_clauses;
  const struct part *pv = parts + (size_t)v * nitems;
  for (uint32_t b = lane; b < HIST_N; b += 32) hist[b] = 0;
  __syncwarp();
  struct measure_acc acc;
  measure_init(&acc);
  for (uint32_t it = lane; it < nitems; it += 32) {
    measure_merge(&acc, &pv[it].a, ncl);
    for (int b = 0; b < HIST_N; b++)
      if (pv[it].hist[b]) atomicAdd(&hist[b], pv[it].hist[b]);
  }
  uint64_t unused[6] = {0, 0, 0, 0, 0, 0};
  warp_merge(&acc, unused, ncl);
  __syncwarp();
  if (lane) return;
  struct part pt;
  part_init(&pt);
  pt.a = acc;
  for (int b = 0; b < HIST_N; b++) pt.hist[b] = hist[b];
  for (uint32_t it = 0; it < nitems && pt.n_special < LIST_MAX; it++)
    for (uint32_t k = 0; k < pv[it].n_special && pt.n_special < LIST_MAX; k++) pt.special[pt.n_special++] = pv[it].special[k];
  out[v] = pt;
}

/* ---- the host side ---- */

struct pair_pipe {
  int device, nv;
  uint32_t cap; /* pairs */
  uint32_t *d_a, *d_b, *d_nund, *d_out[PAIR_MAXV];
  uint32_t **d_outs; /* the request's: outputs, configurations, operands, slots */
  struct measure_cfg *d_rcfg;
  int *d_roperand, *d_rslot;
  struct measure_cfg h_cfg[PAIR_MAXV];
  int h_operand[PAIR_MAXV];
  double *d_y, *d_uy;
  int8_t *d_t, *d_ut;
  struct undecided *d_und;
  struct part *d_parts, *d_vpart;
  unsigned long long *d_xbins;
  struct undecided *h_und;
  double *h_uy;
  int8_t *h_ut;
  uint32_t *h_a, *h_b, *h_out; /* a block's pairs and a host variant's outputs on the host */
  char err[256];
};

#define PP_TRY(call)                                                                             \
  do {                                                                                           \
    cudaError_t e_ = (call);                                                                     \
    if (e_ != cudaSuccess) {                                                                     \
      snprintf(pp->err, sizeof pp->err, "GPU %d: %s (%s)", pp->device, cudaGetErrorString(e_), #call); \
      return -1;                                                                                 \
    }                                                                                            \
  } while (0)

static uint32_t items_of(uint32_t nx) { return (nx + PP_ITEM_X - 1) / PP_ITEM_X; }

static int pipe_alloc(struct pair_pipe *pp, uint32_t max_x, uint32_t np, const struct measure_cfg *cfg,
                      const int *operand) {
  const size_t n = (size_t)max_x * np, nit = items_of(max_x);
  PP_TRY(cudaSetDevice(pp->device));
  PP_TRY(cudaMalloc(&pp->d_a, 4 * n));
  PP_TRY(cudaMalloc(&pp->d_b, 4 * n));
  PP_TRY(cudaMalloc(&pp->d_y, 8 * n));
  PP_TRY(cudaMalloc(&pp->d_t, n));
  PP_TRY(cudaMalloc(&pp->d_und, sizeof(struct undecided) * n));
  PP_TRY(cudaMalloc(&pp->d_nund, 4));
  for (int v = 0; v < pp->nv; v++) PP_TRY(cudaMalloc(&pp->d_out[v], 4 * n));
  PP_TRY(cudaMalloc(&pp->d_outs, sizeof(uint32_t *) * pp->nv));
  PP_TRY(cudaMalloc(&pp->d_rcfg, sizeof *cfg * pp->nv));
  PP_TRY(cudaMalloc(&pp->d_roperand, sizeof(int) * pp->nv));
  PP_TRY(cudaMalloc(&pp->d_rslot, sizeof(int) * pp->nv));
  memcpy(pp->h_cfg, cfg, sizeof *cfg * pp->nv), memcpy(pp->h_operand, operand, sizeof(int) * pp->nv);
  PP_TRY(cudaMalloc(&pp->d_parts, sizeof(struct part) * nit * pp->nv));
  PP_TRY(cudaMalloc(&pp->d_vpart, sizeof(struct part) * pp->nv));
  PP_TRY(cudaMalloc(&pp->d_xbins, 8ull * RED_XBINS * pp->nv));
  PP_TRY(cudaMemset(pp->d_xbins, 0, 8ull * RED_XBINS * pp->nv));
  pp->cap = (uint32_t)n;
  return 0;
}

extern "C" struct pair_pipe *pair_pipe_open(int device, int nv, uint32_t max_x, uint32_t np,
                                            const struct measure_cfg *cfg, const int *operand, char *err,
                                            size_t errlen) {
  struct pair_pipe *pp = (struct pair_pipe *)calloc(1, sizeof *pp);
  if (!pp) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  pp->device = device, pp->nv = nv;
  if (pipe_alloc(pp, max_x, np, cfg, operand)) {
    snprintf(err, errlen, "%s", pp->err);
    pair_pipe_close(pp);
    return NULL;
  }
  return pp;
}

extern "C" void pair_pipe_close(struct pair_pipe *pp) {
  if (!pp) return;
  cudaSetDevice(pp->device);
  void *dev[] = {pp->d_a, pp->d_b, pp->d_y, pp->d_t, pp->d_und, pp->d_nund, pp->d_outs, pp->d_rcfg, pp->d_roperand, pp->d_rslot,
                 pp->d_parts, pp->d_vpart, pp->d_xbins, pp->d_uy, pp->d_ut};
  for (size_t i = 0; i < sizeof dev / sizeof dev[0]; i++) cudaFree(dev[i]);
  for (int v = 0; v < pp->nv; v++) cudaFree(pp->d_out[v]);
  free(pp->h_und), free(pp->h_uy), free(pp->h_ut), free(pp->h_a), free(pp->h_b), free(pp->h_out);
  free(pp);
}

extern "C" const char *pair_pipe_error(const struct pair_pipe *pp) { return pp->err; }

/* The undecided pairs through MPFR (the host's OpenMP threads) and back. */
static int settle(struct pair_pipe *pp, uint32_t nund, const struct pair_pipe_req *rq, uint64_t *mpfr_calls) {
  if (!nund) return 0;
  pp->h_und = (struct undecided *)realloc(pp->h_und, sizeof(struct undecided) * nund);
  pp->h_uy = (double *)realloc(pp->h_uy, 8ull * nund), pp->h_ut = (int8_t *)realloc(pp->h_ut, nund);
  if (!pp->h_und || !pp->h_uy || !pp->h_ut) {
    snprintf(pp->err, sizeof pp->err, "out of memory (%u undecided pairs)", nund);
    return -1;
  }
  PP_TRY(cudaMemcpy(pp->h_und, pp->d_und, sizeof(struct undecided) * nund, cudaMemcpyDeviceToHost));
  rq->mpfr(rq->ref, nund, (const uint32_t(*)[3])pp->h_und, pp->h_uy, pp->h_ut);
  *mpfr_calls += nund;
  cudaFree(pp->d_uy), cudaFree(pp->d_ut);
  pp->d_uy = NULL, pp->d_ut = NULL;
  PP_TRY(cudaMalloc(&pp->d_uy, 8ull * nund));
  PP_TRY(cudaMalloc(&pp->d_ut, nund));
  PP_TRY(cudaMemcpy(pp->d_uy, pp->h_uy, 8ull * nund, cudaMemcpyHostToDevice));
  PP_TRY(cudaMemcpy(pp->d_ut, pp->h_ut, nund, cudaMemcpyHostToDevice));
  k_patch<<<(nund + 255) / 256 < 4096 ? (nund + 255) / 256 : 4096, 256>>>(pp->d_und, pp->d_uy, pp->d_ut, nund,
                                                                         pp->d_y, pp->d_t);
  PP_TRY(cudaGetLastError());
  return 0;
}

/* the request's variants: their output buffers, configurations, operands and slots */
static int upload_request(struct pair_pipe *pp, const struct pair_pipe_req *rq) {
  uint32_t *outs[PAIR_MAXV];
  struct measure_cfg cfg[PAIR_MAXV];
  int operand[PAIR_MAXV];
  for (int v = 0; v < rq->nv; v++)
    outs[v] = pp->d_out[rq->slot[v]], cfg[v] = pp->h_cfg[rq->slot[v]], operand[v] = pp->h_operand[rq->slot[v]];
  PP_TRY(cudaMemcpy(pp->d_outs, outs, sizeof outs[0] * rq->nv, cudaMemcpyHostToDevice));
  PP_TRY(cudaMemcpy(pp->d_rcfg, cfg, sizeof cfg[0] * rq->nv, cudaMemcpyHostToDevice));
  PP_TRY(cudaMemcpy(pp->d_roperand, operand, sizeof operand[0] * rq->nv, cudaMemcpyHostToDevice));
  PP_TRY(cudaMemcpy(pp->d_rslot, rq->slot, sizeof(int) * rq->nv, cudaMemcpyHostToDevice));
  return 0;
}

/* The block's n pairs and their references on the device (MPFR's for those the fast
 * reference leaves). 0 or -1. */
static int pairs_referenced(struct pair_pipe *pp, const struct pair_pipe_req *rq, uint32_t x0, uint32_t n,
                            uint64_t *mpfr_calls) {
  if (n > pp->cap || rq->nv > pp->nv) {
    snprintf(pp->err, sizeof pp->err, "block of %u pairs beyond the %u allocated", n, pp->cap);
    return -1;
  }
  PP_TRY(cudaSetDevice(pp->device));
  PP_TRY(cudaMemset(pp->d_nund, 0, 4));
  const uint32_t grid = (n + 255) / 256 < 16384 ? (n + 255) / 256 : 16384;
  k_pairs<<<grid, 256>>>(rq->ref, rq->set, rq->swap, rq->seed, rq->np, x0, n, pp->d_a, pp->d_b, pp->d_y, pp->d_t,
                         pp->d_und, pp->d_nund);
  PP_TRY(cudaGetLastError());
  uint32_t nund = 0;
  PP_TRY(cudaMemcpy(&nund, pp->d_nund, 4, cudaMemcpyDeviceToHost));
  return settle(pp, nund, rq, mpfr_calls);
}

extern "C" int pair_pipe_refs(struct pair_pipe *pp, const struct pair_pipe_req *rq, uint32_t x0, uint32_t nx,
                              uint32_t *a, uint32_t *b, double *y, int8_t *t, uint64_t *mpfr_calls) {
  const uint32_t n = nx * rq->np;
  if (pairs_referenced(pp, rq, x0, n, mpfr_calls)) return -1;
  PP_TRY(cudaMemcpy(a, pp->d_a, 4ull * n, cudaMemcpyDeviceToHost));
  PP_TRY(cudaMemcpy(b, pp->d_b, 4ull * n, cudaMemcpyDeviceToHost));
  PP_TRY(cudaMemcpy(y, pp->d_y, 8ull * n, cudaMemcpyDeviceToHost));
  PP_TRY(cudaMemcpy(t, pp->d_t, n, cudaMemcpyDeviceToHost));
  return 0;
}

/* A host variant's outputs on the block's n pairs: the pairs copied here (once per block:
 * *have), evaluated by rq->host, the outputs copied into the slot's device buffer. */
static int host_outputs(struct pair_pipe *pp, const struct pair_pipe_req *rq, int v, uint32_t n, int *have) {
  if (!pp->h_a) {
    pp->h_a = (uint32_t *)malloc(4ull * pp->cap), pp->h_b = (uint32_t *)malloc(4ull * pp->cap);
    pp->h_out = (uint32_t *)malloc(4ull * pp->cap);
  }
  if (!pp->h_a || !pp->h_b || !pp->h_out || !rq->host) {
    snprintf(pp->err, sizeof pp->err, "%s", rq->host ? "out of host memory" : "a host variant without host code");
    return -1;
  }
  if (!*have) {
    PP_TRY(cudaMemcpy(pp->h_a, pp->d_a, 4ull * n, cudaMemcpyDeviceToHost));
    PP_TRY(cudaMemcpy(pp->h_b, pp->d_b, 4ull * n, cudaMemcpyDeviceToHost));
    *have = 1;
  }
  rq->host(rq->slot[v], n, pp->h_a, pp->h_b, pp->h_out);
  PP_TRY(cudaMemcpy(pp->d_out[rq->slot[v]], pp->h_out, 4ull * n, cudaMemcpyHostToDevice));
  return 0;
}

extern "C" int pair_pipe_block(struct pair_pipe *pp, const struct pair_pipe_req *rq, uint32_t x0, uint32_t nx,
                               struct part *parts, uint64_t *mpfr_calls) {
  const uint32_t n = nx * rq->np, nit = items_of(nx);
  if (pairs_referenced(pp, rq, x0, n, mpfr_calls)) return -1;
  int have_pairs = 0;
  for (int v = 0; v < rq->nv; v++) {
    const int s = rq->slot[v], fl = rq->flavour[v];
    if (fl == PF_HOST) {
      if (host_outputs(pp, rq, v, n, &have_pairs)) return -1;
      continue;
    }
    int (*launch)(int, const uint32_t *, const uint32_t *, uint32_t, uint32_t *) =
        fl == 1 ? pair_launch_ftz : fl == 2 ? pair_launch_fast : pair_launch_plain;
    PP_TRY((cudaError_t)launch(rq->dev_fn[v], pp->d_a, pp->d_b, n, pp->d_out[s]));
  }
  if (upload_request(pp, rq)) return -1;
  k_pair_reduce<<<dim3(nit, rq->nv), RED_THREADS>>>(rq->np, n, rq->swap, pp->d_a, pp->d_b, pp->d_y, pp->d_t,
                                                    pp->d_outs, pp->d_rcfg, pp->d_roperand, pp->d_rslot,
                                                    pp->d_parts, pp->d_xbins);
  PP_TRY(cudaGetLastError());
  k_pair_merge<<<rq->nv, 32>>>(nit, pp->d_rcfg, pp->d_parts, pp->d_vpart);
  PP_TRY(cudaGetLastError());
  PP_TRY(cudaMemcpy(parts, pp->d_vpart, sizeof(struct part) * rq->nv, cudaMemcpyDeviceToHost));
  return 0;
}

extern "C" int pair_pipe_xbins(struct pair_pipe *pp, int slot, uint64_t *out) {
  PP_TRY(cudaSetDevice(pp->device));
  PP_TRY(cudaMemcpy(out, pp->d_xbins + (size_t)slot * RED_XBINS, 8ull * RED_XBINS, cudaMemcpyDeviceToHost));
  return 0;
}
