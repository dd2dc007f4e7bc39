/* quant_gpu.cu: CUDA's quantizers checked on the device by qg_kernel.cuh's scan (one thread
 * per source element x, every scale code of its family, and x as an amax when its sign is
 * clear), and the launches of a user's (compiled by user_gpu.c with the same scan, run
 * through gpu_dyn_launch). Launched in slices of 2^24 elements (a user's block form: of at
 * most 2^32 pairs), so that a stop request (g_scan_stop) ends the run within one slice. */
#include <cuda_runtime.h>
#include <stdio.h>

#include "src/engine/driver.h"
#include "src/kinds/binary32/device/gpu.h"
#include "src/kinds/quant/cuda_q.cuh"
#include "src/kinds/quant/qg_kernel.cuh"
#include "src/kinds/quant/quant.h"

#define QG_THREADS 256
#define QG_SLICE (1u << 24)

/* CUDA's quantizer IMPL of family FAM and source SRC (cuda_q.cuh), as qg_kernel.cuh takes it */
template <int FAM, int SRC, int IMPL> struct qg_cuda {
  float g;
  enum { has_scale = 1 };
  __device__ uint32_t elem(uint32_t x, uint32_t sc) const { return qc_elem(FAM, SRC, IMPL, g, x, sc); }
  __device__ uint32_t scale(uint32_t a) const { return qc_scale(FAM, SRC, IMPL, g, a); }
};
template <int FAM, int SRC, int IMPL>
__global__ void qg_kernel(uint64_t from, uint64_t n, float g, uint64_t Ng, int Eg, struct q_stats *tot) {
  const qg_cuda<FAM, SRC, IMPL> q = {g};
  qg_elem_body<FAM, SRC>(from, n, Ng, Eg, tot, q);
}

typedef void (*qg_fn)(uint64_t, uint64_t, float, uint64_t, int, struct q_stats *);
#define QG_SRC(F, I) {qg_kernel<F, QX_F32, I>, qg_kernel<F, QX_F16, I>, qg_kernel<F, QX_BF16, I>}
#define QG_FAM(F) {QG_SRC(F, QI_CUDA), QG_SRC(F, QI_CUDA2)}
static const qg_fn qg_table[QM_NFAM][2][QX_NSRC] = {QG_FAM(QM_E4M3), QG_FAM(QM_E5M2), QG_FAM(QM_E2M3),
                                                    QG_FAM(QM_E3M2), QG_FAM(QM_E2M1), QG_FAM(QM_NVFP4)};

extern "C" int qcuda_gpu_scan(int dev, int fam, int src, int impl, float g, uint32_t from, uint32_t to,
                              struct q_stats *st, char *err, size_t errlen) {
  uint32_t gb;
  memcpy(&gb, &g, 4);
  const struct qr_num gn = qr_decode(QX_F32, gb); /* a positive finite binary32 (begin checks it) */
  struct q_stats *d = NULL, h;
  cudaError_t e = cudaSetDevice(dev);
  if (e == cudaSuccess) e = cudaMalloc(&d, sizeof *d);
  q_stats_clear(&h);
  if (e == cudaSuccess) e = cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice);
  for (uint64_t a = from; e == cudaSuccess && a <= to && !g_scan_stop; a += QG_SLICE) {
    uint64_t n = (uint64_t)to - a + 1 < QG_SLICE ? (uint64_t)to - a + 1 : QG_SLICE;
    qg_table[fam][impl][src]<<<(unsigned)((n + QG_THREADS - 1) / QG_THREADS), QG_THREADS>>>(a, n, g, gn.n, gn.e, d);
    e = cudaGetLastError();
    if (e == cudaSuccess) e = cudaDeviceSynchronize();
  }
  if (e == cudaSuccess) e = cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  if (d) cudaFree(d);
  if (e != cudaSuccess) {
    snprintf(err, errlen, "CUDA: %s", cudaGetErrorString(e));
    return -1;
  }
  q_stats_add(st, &h);
  return 0;
}

/* a user's element quantizer: slices of QG_SLICE elements */
static cudaError_t qg_user_elems(struct q_run *q, uint64_t Ng, int Eg, uint32_t from, uint32_t to, struct q_stats *d,
                                 int *dynfail) {
  for (uint64_t a = from; a <= to && !g_scan_stop; a += QG_SLICE) {
    uint64_t n = (uint64_t)to - a + 1 < QG_SLICE ? (uint64_t)to - a + 1 : QG_SLICE;
    void *args[] = {&a, &n, &Ng, &Eg, &d};
    if (gpu_dyn_launch(q->dyn[0], (unsigned)((n + QG_THREADS - 1) / QG_THREADS), QG_THREADS, args, (uint32_t)a,
                       (uint32_t)n, NULL))
      return *dynfail = 1, cudaErrorLaunchFailure;
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) return e;
  }
  return cudaSuccess;
}
/* a user's block quantizer: one block per amax, as many amax a launch as keep it under
 * 2^32 pairs (an amax a has 2 (a + 1) of them), then the first differences' outputs */
static cudaError_t qg_user_blocks(struct q_run *q, uint64_t Ng, int Eg, uint32_t from, uint32_t to,
                                  struct q_bstats *d, int *dynfail) {
  for (uint64_t a = from; a <= to && !g_scan_stop;) {
    uint64_t per = 2 * (a + 1), n = per >= (1ull << 32) ? 1 : (1ull << 32) / per;
    if (n > (uint64_t)to - a + 1) n = (uint64_t)to - a + 1;
    if (n > (1u << 20)) n = 1u << 20;
    uint32_t a0 = (uint32_t)a;
    void *args[] = {&a0, &Ng, &Eg, &d};
    if (gpu_dyn_launch(q->dyn[0], (unsigned)n, QG_THREADS, args, a0, (uint32_t)n, NULL))
      return *dynfail = 1, cudaErrorLaunchFailure;
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) return e;
    a += n;
  }
  void *args[] = {&Ng, &Eg, &d};
  if (gpu_dyn_launch(q->dyn[1], 1, 1, args, from, to - from + 1, NULL)) return *dynfail = 1, cudaErrorLaunchFailure;
  return cudaDeviceSynchronize();
}

extern "C" int quser_gpu_scan(int dev, struct q_run *q, uint64_t Ng, int Eg, uint32_t from, uint32_t to, char *err,
                              size_t errlen) {
  const int block = q->impl == QI_BLOCK;
  const size_t size = block ? sizeof(struct q_bstats) : sizeof(struct q_stats);
  struct q_stats hs;
  struct q_bstats hb;
  void *h = block ? (void *)&hb : (void *)&hs, *d = NULL;
  int dynfail = 0;
  q_stats_clear(&hs), q_bstats_clear(&hb);
  cudaError_t e = cudaSetDevice(dev);
  if (e == cudaSuccess) e = cudaMalloc(&d, size);
  if (e == cudaSuccess) e = cudaMemcpy(d, h, size, cudaMemcpyHostToDevice);
  if (e == cudaSuccess)
    e = block ? qg_user_blocks(q, Ng, Eg, from, to, (struct q_bstats *)d, &dynfail)
              : qg_user_elems(q, Ng, Eg, from, to, (struct q_stats *)d, &dynfail);
  if (e == cudaSuccess) e = cudaMemcpy(h, d, size, cudaMemcpyDeviceToHost);
  if (d) cudaFree(d);
  if (e != cudaSuccess) {
    snprintf(err, errlen, "%s", dynfail ? gpu_last_error() : cudaGetErrorString(e));
    return -1;
  }
  if (block) q_bstats_add(&q->bs, &hb);
  else q_stats_add(&q->st, &hs);
  return 0;
}
