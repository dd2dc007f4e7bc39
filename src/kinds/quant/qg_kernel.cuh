/* qg_kernel.cuh: the device scan of a block quantizer, written once for CUDA's quantizers
 * (quant_gpu.cu, compiled with the build) and a user's (user_gpu.c: its text goes into the
 * program NVRTC compiles with the user's file, beside check.h and reference/quant/quant.h,
 * so that a user's quantizer is checked by the same code as CUDA's). It includes nothing
 * but check.h, and keeps to what NVRTC takes (strict C++, no system header beyond those
 * check.h names).
 *
 * A quantizer is an object Q with
 *   __device__ uint32_t elem(uint32_t x, uint32_t scale_code) const;  the element's code
 *   __device__ uint32_t scale(uint32_t amax) const;                    the block scale's code
 *   enum { has_scale = 0 or 1 };                                       is scale() checked
 * and a block quantizer (of the element and the block's amax) an object B with
 *   __device__ uint32_t block(uint32_t x, uint32_t amax) const;
 *
 * qg_elem_body: one thread per source element x, every scale code of its family
 * (q_check_pair) and x as an amax when its sign is clear (q_check_amax); each block sums its
 * threads in shared memory and adds the sums to the totals once.
 * qg_block_body: one block per amax (sign clear, finite), its threads over every x with
 * |x| <= amax (q_check_block); the first difference of each (scale rounding, variant) is
 * kept as its key (amax << 32 | x), its output and expected code filled in afterwards by
 * qg_block_fix (one thread), which evaluates that one pair again. */
#ifndef ULPCERT_QUANT_QG_KERNEL_CUH
#define ULPCERT_QUANT_QG_KERNEL_CUH

#include "src/kinds/quant/check.h"

typedef unsigned long long qg_ull;
static __device__ void qg_add(qg_ull *p, uint64_t v) {
  if (v) atomicAdd(p, (qg_ull)v);
}
static __device__ void qg_min(qg_ull *p, uint64_t v) {
  if (v != UINT64_MAX) atomicMin(p, (qg_ull)v);
}
/* a thread's element and amax into the block's sums */
static __device__ void qg_flush(struct q_stats *b, const struct q_acc *a, const struct q_sres *s) {
  qg_add((qg_ull *)&b->pairs, a->pairs), qg_add((qg_ull *)&b->nan_any, a->nan_any);
  for (int v = 0; v < QV_N; v++) {
    if (!a->wrong[v]) continue;
    qg_add((qg_ull *)&b->wrong[v], a->wrong[v]);
    for (int c = 0; c < QCL_N; c++) qg_add((qg_ull *)&b->cls[v][c], a->cls[v][c]);
    qg_min((qg_ull *)&b->first[v], a->first[v]);
  }
  if (a->err > 0) atomicMax((qg_ull *)&b->err, (qg_ull)__double_as_longlong(a->err)); /* positive: ordered as integers */
  if (!s->amax) return;
  qg_add((qg_ull *)&b->s.amax, s->amax), qg_add((qg_ull *)&b->s.finite, s->finite), qg_add((qg_ull *)&b->s.sub, s->sub);
  for (int k = 0; k < QS_N; k++)
    if (s->swrong[k]) {
      qg_add((qg_ull *)&b->s.swrong[k], s->swrong[k]), qg_add((qg_ull *)&b->s.ssub[k], s->ssub[k]);
      qg_min((qg_ull *)&b->s.sfirst[k], s->sfirst[k]);
    }
  if (s->zero_seen) b->s.zero_seen = 1, b->s.zero_code = s->zero_code;
  qg_add((qg_ull *)&b->s.nonfin, s->nonfin), qg_add((qg_ull *)&b->s.nonfin_nan, s->nonfin_nan);
  qg_add((qg_ull *)&b->s.sub_flush, s->sub_flush);
}

/* the block's sums into the totals (thread 0) */
static __device__ void qg_total(struct q_stats *t, const struct q_stats *b) {
  qg_add((qg_ull *)&t->pairs, b->pairs), qg_add((qg_ull *)&t->nan_any, b->nan_any);
  for (int v = 0; v < QV_N; v++) {
    qg_add((qg_ull *)&t->wrong[v], b->wrong[v]), qg_min((qg_ull *)&t->first[v], b->first[v]);
    for (int c = 0; c < QCL_N; c++) qg_add((qg_ull *)&t->cls[v][c], b->cls[v][c]);
  }
  if (b->err > 0) atomicMax((qg_ull *)&t->err, (qg_ull)__double_as_longlong(b->err));
  qg_add((qg_ull *)&t->s.amax, b->s.amax), qg_add((qg_ull *)&t->s.finite, b->s.finite), qg_add((qg_ull *)&t->s.sub, b->s.sub);
  for (int k = 0; k < QS_N; k++) {
    qg_add((qg_ull *)&t->s.swrong[k], b->s.swrong[k]), qg_add((qg_ull *)&t->s.ssub[k], b->s.ssub[k]);
    qg_min((qg_ull *)&t->s.sfirst[k], b->s.sfirst[k]);
  }
  if (b->s.zero_seen) t->s.zero_seen = 1, t->s.zero_code = b->s.zero_code;
  qg_add((qg_ull *)&t->s.nonfin, b->s.nonfin), qg_add((qg_ull *)&t->s.nonfin_nan, b->s.nonfin_nan);
  qg_add((qg_ull *)&t->s.sub_flush, b->s.sub_flush);
}

/* elements from + [0, n) of source SRC under every scale of family FAM, with quantizer q */
template <int FAM, int SRC, class Q>
static __device__ void qg_elem_body(uint64_t from, uint64_t n, uint64_t Ng, int Eg, struct q_stats *tot, const Q &q) {
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
      q_check_pair(&f, &xn, xv, x, sc, sN[sc], sE[sc], sS[sc], q.elem(x, sc), &a);
    if (Q::has_scale && !(x >> (SRC == QX_F32 ? 31 : 15)))
      q_check_amax(FAM, SRC, x, q.scale(x), q.scale(0), Ng, Eg, &s);
  }
  qg_flush(&blk, &a, &s);
  __syncthreads();
  if (threadIdx.x == 0) qg_total(tot, &blk);
}

/* amax's scale in each rounding k (ok[k] = 0: none) */
template <int FAM, int SRC>
static __device__ void qg_block_scales(uint32_t a, uint64_t Ng, int Eg, int *ok, uint64_t *Ns, int *Es) {
  for (int k = 0; k < QS_N; k++)
    ok[k] = qr_scale_value(q_fam_skind(FAM), q_scale_want(FAM, SRC, a, k, Ng, Eg), Ng, Eg, &Ns[k], &Es[k]);
}

/* amax patterns a0 + blockIdx.x (blockIdx.x < the grid), each with every |x| <= amax */
template <int FAM, int SRC, class B>
static __device__ void qg_block_body(uint32_t a0, uint64_t Ng, int Eg, struct q_bstats *tot, const B &b) {
  __shared__ struct q_bstats blk;
  const uint32_t a = a0 + blockIdx.x, signbit = SRC == QX_F32 ? 0x80000000u : 0x8000u;
  const int cls = qr_decode(SRC, a).cls;
  if ((a & signbit) || cls == QC_NAN || cls == QC_INF) return; /* the whole block alike */
  if (threadIdx.x == 0) q_bstats_clear(&blk);
  __syncthreads();
  const struct qr_fmt f = qr_format(q_fam_elem(FAM));
  int ok[QS_N], Es[QS_N];
  uint64_t Ns[QS_N];
  qg_block_scales<FAM, SRC>(a, Ng, Eg, ok, Ns, Es);
  struct q_bstats loc;
  q_bstats_clear(&loc);
  for (uint64_t m = threadIdx.x; m <= a; m += blockDim.x) /* sign-clear finite patterns grow with their values */
    for (uint32_t x = (uint32_t)m, t = 0; t < 2; t++, x = (uint32_t)m | signbit)
      q_check_block(&f, SRC, x, a, ok, Ns, Es, b.block(x, a), &loc);
  qg_add((qg_ull *)&blk.pairs, loc.pairs);
  for (int k = 0; k < QS_N; k++) {
    qg_add((qg_ull *)&blk.undef[k], loc.undef[k]);
    for (int v = 0; v < QV_N; v++) qg_add((qg_ull *)&blk.wrong[k][v], loc.wrong[k][v]), qg_min((qg_ull *)&blk.first[k][v], loc.first[k][v]);
  }
  __syncthreads();
  if (threadIdx.x) return;
  qg_add((qg_ull *)&tot->pairs, blk.pairs);
  for (int k = 0; k < QS_N; k++) {
    qg_add((qg_ull *)&tot->undef[k], blk.undef[k]);
    for (int v = 0; v < QV_N; v++) qg_add((qg_ull *)&tot->wrong[k][v], blk.wrong[k][v]), qg_min((qg_ull *)&tot->first[k][v], blk.first[k][v]);
  }
}

/* the outputs and expected codes of the first differences (one thread, after the scan) */
template <int FAM, int SRC, class B>
static __device__ void qg_block_fix(uint64_t Ng, int Eg, struct q_bstats *t, const B &b) {
  const struct qr_fmt f = qr_format(q_fam_elem(FAM));
  for (int k = 0; k < QS_N; k++)
    for (int v = 0; v < QV_N; v++) {
      if (t->first[k][v] == UINT64_MAX) continue;
      const uint32_t a = (uint32_t)(t->first[k][v] >> 32), x = (uint32_t)t->first[k][v];
      int ok[QS_N], Es[QS_N];
      uint64_t Ns[QS_N];
      qg_block_scales<FAM, SRC>(a, Ng, Eg, ok, Ns, Es);
      t->first_got[k][v] = b.block(x, a);
      t->first_want[k][v] = (uint32_t)qr_element(&f, SRC, x, Ns[k], Es[k], v / 3, v % 3);
    }
}

#endif
