/* ff_kernel.cuh: the float-float scan kernel, included once per build flavour
 * (ff_plain.cu, ff_fmad.cu, ff_ftz.cu, each compiled with its own nvcc flags and
 * defining FF_FLAV and FF_LAUNCH). The operations under test (ff_ops.h) are compiled as
 * the flavour says; the exact check (ff_check.h) uses explicit binary64 intrinsics and
 * integer operations, which no flavour changes.
 *
 * Block b of a launch takes a contiguous run of pair keys and keeps, across launches, a
 * partial ff_stats in part[b]: counts, maxima (ties to the lowest key), a histogram and
 * the list of its FF_LIST failures of lowest key (appended in key order: a round's
 * failures are ranked by warp ballots). The host merges the partials exactly. */
#include <cuda_runtime.h>
#include <stdint.h>

#include "src/kinds/ff/ff_check.h"

#define FF_THREADS 256

template <int OP>
__global__ void __launch_bounds__(FF_THREADS)
    k_ff(uint64_t key0, uint64_t nkeys, uint32_t npart, uint64_t seed, double bound, struct ff_stats *part) {
  __shared__ unsigned long long sh_hist[FF_HIST];
  __shared__ struct ff_fail sh_fail[FF_LIST];
  __shared__ uint32_t sh_nfail, warp_n[FF_THREADS / 32];
  __shared__ double red_rel[FF_THREADS], red_rel_d[FF_THREADS];
  __shared__ uint64_t red_key[FF_THREADS], red_key_d[FF_THREADS];
  __shared__ unsigned long long sh_cnt[16 + FFC_N];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  struct ff_stats *P = &part[blockIdx.x];
  for (int i = tid; i < FF_HIST; i += FF_THREADS) sh_hist[i] = P->hist[i];
  if (tid < FF_LIST) sh_fail[tid] = P->fail[tid];
  if (tid == 0) sh_nfail = P->nfail;
  if (tid < 16 + FFC_N) sh_cnt[tid] = 0;
  __syncthreads();

  const uint64_t per = (nkeys + gridDim.x - 1) / gridDim.x;
  const uint64_t kb = key0 + per * blockIdx.x;
  const uint64_t ke = min(kb + per, key0 + nkeys);
  struct ff_stats ts;
  ff_counts_init(&ts);
  for (uint64_t base = kb; base < ke; base += FF_THREADS) {
    const uint64_t key = base + tid;
    int fail = 0, cls = 0;
    uint32_t r[2] = {0, 0};
    if (key < ke) {
      struct ff_in in;
      ff_pair(OP, key, npart, seed, &in);
      if (ff_pair_finite(&in)) {
        int nr = ff_eval(OP, &in, r);
        fail = ff_account(&ts, (uint64_t *)sh_hist, OP, FF_FLAV, bound, key, &in, r, nr, &cls);
      } else {
        ts.skipped++;
      }
    }
    if (__syncthreads_or(fail) && sh_nfail < FF_LIST) {
      unsigned m = __ballot_sync(0xffffffffu, fail);
      if (lane == 0) warp_n[warp] = __popc(m);
      __syncthreads();
      if (fail) {
        uint32_t pos = sh_nfail + __popc(m & ((1u << lane) - 1));
        for (int w = 0; w < warp; w++) pos += warp_n[w];
        if (pos < FF_LIST) {
          sh_fail[pos].key = key, sh_fail[pos].rh = r[0], sh_fail[pos].rl = r[1];
          sh_fail[pos].cls = (uint32_t)cls, sh_fail[pos].pad = 0;
        }
      }
      __syncthreads();
      if (tid == 0) {
        uint32_t tot = 0;
        for (int w = 0; w < FF_THREADS / 32; w++) tot += warp_n[w];
        sh_nfail = min(sh_nfail + tot, (uint32_t)FF_LIST);
      }
      __syncthreads();
    }
  }
  /* block reduction of the scalars */
  unsigned long long v[12] = {ts.pairs, ts.skipped, ts.inexact, ts.nonfinite, ts.zero_exact, ts.zero_mismatch,
                              ts.in_domain, ts.exceeds, ts.exceeds_in_domain, ts.failures, ts.not_cr,
                              ts.claim_mismatch};
  for (int i = 0; i < 12; i++)
    if (v[i]) atomicAdd(&sh_cnt[i], v[i]);
  for (int i = 0; i < FFC_N; i++)
    if (ts.cls[i]) atomicAdd(&sh_cnt[16 + i], (unsigned long long)ts.cls[i]);
  red_rel[tid] = ts.max_rel, red_key[tid] = ts.max_rel_key;
  red_rel_d[tid] = ts.max_rel_d, red_key_d[tid] = ts.max_rel_d_key;
  __syncthreads();
  for (int h = FF_THREADS / 2; h > 0; h >>= 1) {
    if (tid < h) {
      double a = red_rel[tid], b = red_rel[tid + h];
      if (b > a || (b == a && red_key[tid + h] < red_key[tid])) red_rel[tid] = b, red_key[tid] = red_key[tid + h];
      a = red_rel_d[tid], b = red_rel_d[tid + h];
      if (b > a || (b == a && red_key_d[tid + h] < red_key_d[tid]))
        red_rel_d[tid] = b, red_key_d[tid] = red_key_d[tid + h];
    }
    __syncthreads();
  }
  for (int i = tid; i < FF_HIST; i += FF_THREADS) P->hist[i] = sh_hist[i];
  if (tid < FF_LIST) P->fail[tid] = sh_fail[tid];
  if (tid == 0) {
    P->nfail = sh_nfail;
    P->pairs += sh_cnt[0], P->skipped += sh_cnt[1], P->inexact += sh_cnt[2], P->nonfinite += sh_cnt[3];
    P->zero_exact += sh_cnt[4], P->zero_mismatch += sh_cnt[5], P->in_domain += sh_cnt[6], P->exceeds += sh_cnt[7];
    P->exceeds_in_domain += sh_cnt[8], P->failures += sh_cnt[9], P->not_cr += sh_cnt[10];
    P->claim_mismatch += sh_cnt[11];
    for (int i = 0; i < FFC_N; i++) P->cls[i] += sh_cnt[16 + i];
    if (red_rel[0] > P->max_rel || (red_rel[0] == P->max_rel && red_key[0] < P->max_rel_key))
      P->max_rel = red_rel[0], P->max_rel_key = red_key[0];
    if (red_rel_d[0] > P->max_rel_d || (red_rel_d[0] == P->max_rel_d && red_key_d[0] < P->max_rel_d_key))
      P->max_rel_d = red_rel_d[0], P->max_rel_d_key = red_key_d[0];
  }
}

/* Launch op over keys [key0, key0 + nkeys) with `blocks` blocks on stream st. */
extern "C" int FF_LAUNCH(int op, int blocks, uint64_t key0, uint64_t nkeys, uint32_t npart, uint64_t seed,
                         double bound, struct ff_stats *part, cudaStream_t st) {
#define FF_CASE(o)                                                                                  \
  case o: k_ff<o><<<blocks, FF_THREADS, 0, st>>>(key0, nkeys, npart, seed, bound, part); break;
  switch (op) {
    FF_CASE(FF_ADD_SEED) FF_CASE(FF_MUL_SEED) FF_CASE(FF_CONVERT_SEED) FF_CASE(EFT_TWOSUM) FF_CASE(EFT_FAST2SUM)
    FF_CASE(EFT_FAST2SUM_UNORDERED) FF_CASE(EFT_TWOPROD_DEKKER) FF_CASE(EFT_TWOPROD_FMA) FF_CASE(DW_ADD_FP)
    FF_CASE(DW_ADD_SLOPPY) FF_CASE(DW_ADD_ACCURATE) FF_CASE(DW_MUL_FP) FF_CASE(DW_MUL_FP_FMA) FF_CASE(DW_MUL_DW)
    FF_CASE(DW_MUL_DW_FMA) FF_CASE(SUM2_TWOSUM) FF_CASE(SUM2_FAST2SUM)
  default: return -1;
  }
#undef FF_CASE
  return (int)cudaGetLastError();
}
