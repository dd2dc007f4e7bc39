/* quant_gpu.cu: CUDA's quantizers checked on the device: one thread per source element x,
 * every scale code of its family (check.h's q_check_pair), and x as an amax when its sign
 * is clear (q_check_amax); each block sums its threads in shared memory and adds its sums
 * to the totals once. Launched in slices of 2^24 elements, so that a stop request
 * (g_scan_stop) ends the run within one slice. */
#include <cuda_runtime.h>
#include <stdio.h>

#include "src/engine/driver.h"
#include "src/kinds/quant/cuda_q.cuh"
#include "src/kinds/quant/quant.h"

#define QG_THREADS 256
#define QG_SLICE (1u << 24)

typedef unsigned long long ull;
static __device__ void qg_add(ull *p, uint64_t v) {
  if (v) atomicAdd(p, (ull)v);
}
static __device__ void qg_min(ull *p, uint64_t v) {
  if (v != UINT64_MAX) atomicMin(p, (ull)v);
}
/* a thread's element and amax into the block's sums */
static __device__ void qg_flush(struct q_stats *b, const struct q_acc *a, const struct q_sres *s) {
  qg_add((ull *)&b->pairs, a->pairs), qg_add((ull *)&b->nan_any, a->nan_any);
  for (int v = 0; v < QV_N; v++) {
    if (!a->wrong[v]) continue;
    qg_add((ull *)&b->wrong[v], a->wrong[v]);
    for (int c = 0; c < QCL_N; c++) qg_add((ull *)&b->cls[v][c], a->cls[v][c]);
    qg_min((ull *)&b->first[v], a->first[v]);
  }
  if (a->err > 0) atomicMax((ull *)&b->err, (ull)__double_as_longlong(a->err)); /* positive: ordered as integers */
  if (!s->amax) return;
  qg_add((ull *)&b->s.amax, s->amax), qg_add((ull *)&b->s.finite, s->finite), qg_add((ull *)&b->s.sub, s->sub);
  for (int k = 0; k < QS_N; k++)
    if (s->swrong[k]) {
      qg_add((ull *)&b->s.swrong[k], s->swrong[k]), qg_add((ull *)&b->s.ssub[k], s->ssub[k]);
      qg_min((ull *)&b->s.sfirst[k], s->sfirst[k]);
    }
  if (s->zero_seen) b->s.zero_seen = 1, b->s.zero_code = s->zero_code;
  qg_add((ull *)&b->s.nonfin, s->nonfin), qg_add((ull *)&b->s.nonfin_nan, s->nonfin_nan);
  qg_add((ull *)&b->s.sub_flush, s->sub_flush);
}

/* the block's sums into the totals (thread 0) */
static __device__ void qg_total(struct q_stats *t, const struct q_stats *b) {
  qg_add((ull *)&t->pairs, b->pairs), qg_add((ull *)&t->nan_any, b->nan_any);
  for (int v = 0; v < QV_N; v++) {
    qg_add((ull *)&t->wrong[v], b->wrong[v]), qg_min((ull *)&t->first[v], b->first[v]);
    for (int c = 0; c < QCL_N; c++) qg_add((ull *)&t->cls[v][c], b->cls[v][c]);
  }
  if (b->err > 0) atomicMax((ull *)&t->err, (ull)__double_as_longlong(b->err));
  qg_add((ull *)&t->s.amax, b->s.amax), qg_add((ull *)&t->s.finite, b->s.finite), qg_add((ull *)&t->s.sub, b->s.sub);
  for (int k = 0; k < QS_N; k++) {
    qg_add((ull *)&t->s.swrong[k], b->s.swrong[k]), qg_add((ull *)&t->s.ssub[k], b->s.ssub[k]);
    qg_min((ull *)&t->s.sfirst[k], b->s.sfirst[k]);
  }
  if (b->s.zero_seen) t->s.zero_seen = 1, t->s.zero_code = b->s.zero_code;
  qg_add((ull *)&t->s.nonfin, b->s.nonfin), qg_add((ull *)&t->s.nonfin_nan, b->s.nonfin_nan);
  qg_add((ull *)&t->s.sub_flush, b->s.sub_flush);
}

template <int FAM, int SRC, int IMPL>
__global__ void qg_kernel(uint64_t from, uint64_t n, float g, uint64_t Ng, int Eg, struct q_stats *tot) {
  __shared__ struct q_stats blk;
  __shared__ uint64_t sN[256]; /* the scales, Ns 2^Es = S, by code */
  __shared__ int sE[256];
  __shared__ double sS[256];
  if (threadIdx.x == 0) q_stats_clear(&blk);
  for (uint32_t c = threadIdx.x; c < 256; c += blockDim.x) {
    sN[c] = 1, sE[c] = 0;
    qr_scale_value(q_fam_skind(FAM), c, Ng, Eg, &sN[c], &sE[c]);
    sS[c] = ldexp((double)sN[c], sE[c]);
  }
  __syncthreads();
  uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
  struct q_acc a;
  struct q_sres s;
  q_acc_clear(&a);
  memset(&s, 0, sizeof s);
  for (int k = 0; k < QS_N; k++) s.sfirst[k] = UINT64_MAX;
  if (i < n) {
    const uint32_t x = (uint32_t)(from + i);
    const struct qr_fmt f = qr_format(q_fam_elem(FAM));
    const struct qr_num xn = qr_decode(SRC, x);
    const double xv = q_abs_value(&xn);
    for (uint32_t sc = q_fam_s0(FAM); sc <= q_fam_s1(FAM); sc++)
      q_check_pair(&f, &xn, xv, x, sc, sN[sc], sE[sc], sS[sc], qc_elem(FAM, SRC, IMPL, g, x, sc), &a);
    if (!(x >> (SRC == QX_F32 ? 31 : 15)))
      q_check_amax(FAM, SRC, x, qc_scale(FAM, SRC, IMPL, g, x), qc_scale(FAM, SRC, IMPL, g, 0), Ng, Eg, &s);
  }
  qg_flush(&blk, &a, &s);
  __syncthreads();
  if (threadIdx.x == 0) qg_total(tot, &blk);
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
