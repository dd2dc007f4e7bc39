/* ff_kernel.cuh: the float-float scan kernels, included once per build flavour
 * (ff_plain.cu, ff_fmad.cu, ff_ftz.cu, each compiled with its own nvcc flags and
 * defining FF_FLAV and the names of its launchers, FF_LAUNCH, FF_LAUNCH_OUT and
 * FF_LAUNCH_EVAL). The operations under test (ff_ops.h) are compiled as the flavour
 * says; the exact check (ff_check.h) uses explicit binary64 intrinsics and integer
 * operations, which no flavour changes.
 *
 * k_ff: block b of a launch takes a contiguous run of pair keys and keeps, across
 * launches, a partial ff_stats in part[b]: counts, maxima (ties to the lowest key), a
 * histogram and the list of its FF_LIST failures of lowest key. The host merges the
 * partials exactly.
 *
 * The failure list without block barriers. Each warp keeps its own list of its first
 * FF_LIST failures of the launch (a round's failures ranked by the warp's ballot, rounds
 * in increasing key: appended in key order; ff_walk.h), so warps never wait for each
 * other in the loop. At the end of the launch the block's list becomes the FF_LIST
 * lowest keys of its earlier list and the warps' lists (ff_list_merge; ff_list.h proves
 * that this is the FF_LIST lowest of the earlier list and all of the launch's failures).
 * That is the list of a single pass in key order, as the host's: a slot's launches on
 * one GPU come in increasing key order (scan.c claims units of high words in increasing
 * order from one counter, ff_gpu_stats launches a unit's keys [x0 npart, (x0 + nx)
 * npart) for each slot in turn (for a record, bin by bin), FF_LAUNCH splits them, if at
 * all, into increasing runs), and block b takes the b-th run of every launch, so every key
 * of a block's earlier list is below every key of the launch: appending the launch's
 * failures in key order and keeping the FF_LIST first gives the same list.
 *
 * An arch record also needs each bin's digest and output moments (ff_binsum): k_ff with
 * BINS adds every evaluated pair's result to its thread's ff_binsum and writes the block's
 * sum to opart[b] (a launch then lies inside one bin: ff_gpu_stats splits at bins, and
 * ff_gpu.cu folds the partials into the bin), so a record evaluates each pair once.
 * k_ff_out computes the same sums alone (arch compare, which needs no statistics); the
 * sums are modular (digest modulo 2^64, moments modulo FF_P), so neither the order nor
 * the split of the pairs changes them.
 *
 * Where the time goes, per pair: the operands (four splitmix hashes), the operation (a
 * few to 30 binary32 operations), and the exact check, which dominates: expansions of up
 * to 6 binary64 terms built by TwoSum (6 operations per term and component: about 100
 * binary64 operations for a double-word product), the relative error (one division) and
 * the domain and histogram. Every thread keeps its counters (ff_tally.h) and expansions
 * in registers (ff_check.h's unrolled loops; 80 at most, three blocks per
 * multiprocessor), finds its pair's (high word, partner) by additions (no 64-bit
 * division per key), and the histogram takes one shared atomic per distinct bin of a
 * warp. The rare paths (the exact comparison near a bound, the class of a failure) are
 * calls, out of the loop's registers. */
#include <cuda_runtime.h>
#include <stdint.h>

#include "src/kinds/ff/ff_check.h"
#include "src/kinds/ff/ff_list.h"
#include "src/kinds/ff/ff_tally.h"
#include "src/kinds/ff/ff_walk.h"

/* blocks of FF_THREADS per multiprocessor that k_ff asks for: 3 caps the registers at 80
 * (24 warps of an SM's 64 can be resident; 2 allowed 128: 16 warps). ptxas -v, sm_90: no
 * op of any flavour spills at 80 registers, the out-of-line callees included; at 64 (4
 * blocks) most do. `make NVEXTRA=-DFF_MINBLOCKS=2` builds the former. */
#ifndef FF_MINBLOCKS
#define FF_MINBLOCKS 3
#endif

/* ff_mix(seed + k) of this lane's partner k (ff_partner_m): with at most 32 partners
 * lane j holds it for partner j (mj = ff_mix(seed + j)), else it is computed. Called by
 * all 32 lanes (converged); npart is the same for all. */
__device__ __forceinline__ uint64_t ff_mix_k(uint64_t mj, uint32_t k, uint32_t npart, uint64_t seed) {
  if (npart <= 32) return __shfl_sync(0xffffffffu, mj, (int)k);
  return ff_mix(seed + k);
}

/* Histogram bin b (-1: none) of every lane into the block's histogram: one shared atomic
 * per distinct bin of the warp. Called by all 32 lanes (converged). */
__device__ __forceinline__ void ff_hist_warp(unsigned long long *hist, int b) {
  const unsigned peers = __match_any_sync(0xffffffffu, b);
  if (b >= 0 && (int)(threadIdx.x & 31) == __ffs(peers) - 1) atomicAdd(&hist[b], (unsigned long long)__popc(peers));
}

/* This round's failures of the warp into its list of n (the same in every lane) < FF_LIST,
 * in key order: a lane's key increases with the lane (ff_walk), so the ballot's lower
 * lanes come first. Returns the new count, at most FF_LIST. Called by all 32 lanes
 * (converged); no other warp takes part. */
__device__ __forceinline__ uint32_t ff_list_warp(struct ff_fail *list, uint32_t n, int fail, uint64_t key,
                                                 const uint32_t *r, int cls) {
  const unsigned m = __ballot_sync(0xffffffffu, fail);
  if (fail) {
    const uint32_t pos = n + __popc(m & ((1u << (threadIdx.x & 31)) - 1));
    if (pos < FF_LIST) list[pos] = {key, r[0], r[1], (uint32_t)cls, 0};
  }
  return min(n + __popc(m), (uint32_t)FF_LIST);
}

/* ff_classify, out of line: most variants fail on few pairs, and inlined its registers
 * would count for every pair. */
template <int OP>
__device__ __noinline__ int ff_classify_dev(uint32_t xh, uint32_t xl, uint32_t yh, uint32_t yl, uint32_t r0, uint32_t r1,
                                            int nr, double s) {
  const struct ff_in in = {xh, xl, yh, yl};
  const uint32_t r[2] = {r0, r1};
  return ff_classify(OP, FF_FLAV, &in, r, nr, s);
}
/* ff_outcome_near, out of line (rare: rel within 2^-40 of the bound): the outcome's bits
 * decided. */
template <int OP>
__device__ __noinline__ uint32_t ff_near_dev(uint32_t xh, uint32_t xl, uint32_t yh, uint32_t yl, uint32_t r0, uint32_t r1,
                                             double bound, uint32_t ev) {
  const struct ff_in in = {xh, xl, yh, yl};
  const uint32_t r[2] = {r0, r1};
  struct ff_outcome o;
  o.ev = ev;
  ff_outcome_near(OP, bound, &in, r, &o);
  return o.ev;
}
/* The block's counts and maxima into its partial P (thread 0 writes): counts summed by
 * each warp, then one shared atomic per warp and count (cnt: FT_N zeros). */
__device__ __forceinline__ void ff_block_fold(const struct ff_tally *t, uint64_t kb, struct ff_stats *P, uint32_t *cnt,
                                              double *rel, uint64_t *key, double *rel_d, uint64_t *key_d) {
  const int tid = threadIdx.x;
#pragma unroll
  for (int i = 0; i < FT_N; i++) {
    uint32_t v = ff_tally_count(t, i);
    for (int off = 16; off; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
    if ((tid & 31) == 0 && v) atomicAdd(&cnt[i], v);
  }
  rel[tid] = t->max_rel, key[tid] = kb + t->max_rel_off, rel_d[tid] = t->max_rel_d, key_d[tid] = kb + t->max_rel_d_off;
  __syncthreads();
  for (int h = FF_THREADS / 2; h > 0; h >>= 1) {
    if (tid < h) {
      double a = rel[tid], b = rel[tid + h];
      if (b > a || (b == a && key[tid + h] < key[tid])) rel[tid] = b, key[tid] = key[tid + h];
      a = rel_d[tid], b = rel_d[tid + h];
      if (b > a || (b == a && key_d[tid + h] < key_d[tid])) rel_d[tid] = b, key_d[tid] = key_d[tid + h];
    }
    __syncthreads();
  }
  if (tid) return;
  P->pairs += cnt[FT_PAIRS], P->skipped += cnt[FT_SKIPPED], P->inexact += cnt[FT_INEXACT];
  P->nonfinite += cnt[FT_NONFINITE], P->zero_exact += cnt[FT_ZERO], P->zero_mismatch += cnt[FT_ZERO_MISMATCH];
  P->in_domain += cnt[FT_DOMAIN], P->exceeds += cnt[FT_EXCEEDS], P->exceeds_in_domain += cnt[FT_EXCEEDS_D];
  P->not_cr += cnt[FT_NOT_CR], P->claim_mismatch += cnt[FT_CLAIM];
  for (int i = 0; i < FFC_N; i++) P->cls[i] += cnt[FT_CLS + i], P->failures += cnt[FT_CLS + i];
  if (rel[0] > P->max_rel || (rel[0] == P->max_rel && key[0] < P->max_rel_key)) P->max_rel = rel[0], P->max_rel_key = key[0];
  if (rel_d[0] > P->max_rel_d || (rel_d[0] == P->max_rel_d && key_d[0] < P->max_rel_d_key))
    P->max_rel_d = rel_d[0], P->max_rel_d_key = key_d[0];
}

/* The block's sum of the threads' b into *out (all threads call it, converged). */
__device__ __forceinline__ void ff_binsum_block(struct ff_binsum b, struct ff_binsum *sh, struct ff_binsum *out) {
  for (int off = 16; off; off >>= 1) {
    struct ff_binsum o = {__shfl_down_sync(0xffffffffu, b.digest, off), __shfl_down_sync(0xffffffffu, b.m0, off),
                          __shfl_down_sync(0xffffffffu, b.m1, off)};
    ff_binsum_merge(&b, &o);
  }
  if ((threadIdx.x & 31) == 0) sh[threadIdx.x >> 5] = b;
  __syncthreads();
  if (threadIdx.x) return;
  for (int i = 1; i < FF_THREADS / 32; i++) ff_binsum_merge(&b, &sh[i]);
  *out = b;
}

/* Statistics of keys [key0, key0 + nkeys) into part[]; with BINS also the block's digest
 * and moments into opart[blockIdx.x], the keys lying in one bin whose first key is first. */
template <int OP, bool BINS>
__global__ void __launch_bounds__(FF_THREADS, FF_MINBLOCKS)
    k_ff(uint64_t key0, uint64_t nkeys, uint32_t npart, uint64_t seed, double bound, struct ff_stats *part,
         struct ff_binsum *opart, uint64_t first) {
  __shared__ unsigned long long sh_hist[FF_HIST];
  /* failure lists: [0] the block's from earlier launches, [1 + w] warp w's in this one */
  __shared__ struct ff_fail sh_list[1 + FF_WARPS][FF_LIST];
  __shared__ uint32_t sh_n[1 + FF_WARPS];
  __shared__ double red_rel[FF_THREADS], red_rel_d[FF_THREADS];
  __shared__ uint64_t red_key[FF_THREADS], red_key_d[FF_THREADS];
  __shared__ uint32_t sh_cnt[FT_N], sh_step[2];
  const int tid = threadIdx.x;
  struct ff_stats *P = &part[blockIdx.x];
  for (int i = tid; i < FF_HIST; i += FF_THREADS) sh_hist[i] = P->hist[i];
  if (tid < FF_LIST) sh_list[0][tid] = P->fail[tid];
  if (tid == 0) sh_n[0] = P->nfail;
  if (tid < FT_N) sh_cnt[tid] = 0;
  if (tid == 0) ff_walk_steps(npart, sh_step);
  __syncthreads();

  const uint64_t per = (nkeys + gridDim.x - 1) / gridDim.x;
  const uint64_t kb = key0 + per * blockIdx.x;
  const uint64_t ke = min(kb + per, key0 + nkeys);
  struct ff_tally t;
  ff_tally_init(&t);
  uint32_t wn = 0; /* entries in this warp's list (the same in every lane) */
  const uint64_t mj = ff_mix(seed + (tid & 31));
  struct ff_binsum bs;
  if (BINS) ff_binsum_init(&bs);
  struct ff_walk w;
  ff_walk_start(&w, threadIdx.x, kb, npart);
  for (uint64_t base = kb; base < ke; base += FF_THREADS, ff_walk_next(&w, npart, sh_step)) {
    const uint64_t key = w.key, mk = ff_mix_k(mj, w.k, npart, seed);
    int fail = 0, cls = 0, hb = -1;
    uint32_t r[2] = {0, 0};
    if (key < ke) {
      struct ff_in in;
      ff_pair_xkm(OP, w.xb, w.k, mk, seed, &in);
      if (ff_pair_finite(&in)) {
        const int nr = ff_eval(OP, &in, r);
        if (BINS) ff_binsum_add(&bs, key, (uint32_t)(key - first), r);
        struct ff_outcome o;
        ff_outcome(OP, bound, &in, r, &o);
        if (o.ev & FFO_NEAR) o.ev = ff_near_dev<OP>(in.xh, in.xl, in.yh, in.yl, r[0], r[1], bound, o.ev);
        ff_tally_add(&t, &o, (uint32_t)(key - kb));
        hb = o.hbin;
        if (o.ev & FFO_FAIL) {
          fail = 1, cls = ff_classify_dev<OP>(in.xh, in.xl, in.yh, in.yl, r[0], r[1], nr, o.sv);
          ff_tally_fail(&t, cls);
        }
      } else {
        FT_ADD(&t, FT_SKIPPED, 1);
      }
    }
    ff_hist_warp(sh_hist, hb);
    if (wn < FF_LIST) wn = ff_list_warp(sh_list[1 + (tid >> 5)], wn, fail, key, r, cls);
  }
  if ((tid & 31) == 0) sh_n[1 + (tid >> 5)] = wn;
  ff_block_fold(&t, kb, P, sh_cnt, red_rel, red_key, red_rel_d, red_key_d);
  __syncthreads();
  for (int i = tid; i < FF_HIST; i += FF_THREADS) P->hist[i] = sh_hist[i];
  if (tid == 0) P->nfail = ff_list_merge(&sh_list[0][0], sh_n, 1 + FF_WARPS, P->fail);
  if (BINS) {
    __shared__ struct ff_binsum sh_bs[FF_WARPS];
    ff_binsum_block(bs, sh_bs, &opart[blockIdx.x]);
  }
}

/* Pairs of high words [x0, x0 + nx) (one bin at most, bin_x0 its first high word): block
 * b's digest and moments into out[b]. The keys are walked as k_ff walks them (ff_walk.h:
 * a block takes a contiguous run of keys, a warp a few partners of several high words a
 * round, (high word, partner) advanced by additions, a lane's partner hash shared by
 * shuffle), not 32 partners of one high word per warp with a 64-bit division per key,
 * which serialised the warp over every partner's path; the sums are modular, so neither
 * the order nor the split of the pairs changes them. */
template <int OP>
__global__ void __launch_bounds__(FF_THREADS, FF_MINBLOCKS)
    k_ff_out(uint32_t x0, uint32_t nx, uint32_t bin_x0, uint32_t npart, uint64_t seed, struct ff_binsum *out) {
  __shared__ struct ff_binsum sh[FF_THREADS / 32];
  __shared__ uint32_t sh_step[2];
  const uint64_t key0 = (uint64_t)x0 * npart, nkeys = (uint64_t)nx * npart, first = (uint64_t)bin_x0 * npart;
  if (threadIdx.x == 0) ff_walk_steps(npart, sh_step);
  __syncthreads();
  const uint64_t per = (nkeys + gridDim.x - 1) / gridDim.x;
  const uint64_t kb = key0 + per * blockIdx.x, ke = min(kb + per, key0 + nkeys);
  const uint64_t mj = ff_mix(seed + (threadIdx.x & 31));
  struct ff_binsum b;
  ff_binsum_init(&b);
  struct ff_walk w;
  ff_walk_start(&w, threadIdx.x, kb, npart);
  for (uint64_t base = kb; base < ke; base += FF_THREADS, ff_walk_next(&w, npart, sh_step)) {
    const uint64_t key = w.key, mk = ff_mix_k(mj, w.k, npart, seed); /* all lanes: a shuffle */
    if (key >= ke) continue;
    struct ff_in in;
    ff_pair_xkm(OP, w.xb, w.k, mk, seed, &in);
    if (!ff_pair_finite(&in)) continue;
    uint32_t r[2];
    ff_eval(OP, &in, r);
    ff_binsum_add(&b, key, (uint32_t)(key - first), r);
  }
  ff_binsum_block(b, sh, &out[blockIdx.x]);
}

/* The result words of the pairs keys[0 .. n) (0, 0 where an operand word is not finite). */
template <int OP>
__global__ void k_ff_eval(const uint64_t *keys, uint32_t n, uint32_t npart, uint64_t seed, uint32_t *out) {
  for (uint32_t j = blockIdx.x * blockDim.x + threadIdx.x; j < n; j += gridDim.x * blockDim.x) {
    struct ff_in in;
    uint32_t r[2] = {0, 0};
    ff_pair(OP, keys[j], npart, seed, &in);
    if (ff_pair_finite(&in)) ff_eval(OP, &in, r);
    out[2 * j] = r[0], out[2 * j + 1] = r[1];
  }
}

#define FF_CASES(F)                                                                                                 \
  F(FF_ADD_SEED) F(FF_MUL_SEED) F(FF_CONVERT_SEED) F(EFT_TWOSUM) F(EFT_FAST2SUM) F(EFT_FAST2SUM_UNORDERED)        \
  F(EFT_TWOPROD_DEKKER) F(EFT_TWOPROD_FMA) F(DW_ADD_FP) F(DW_ADD_SLOPPY) F(DW_ADD_ACCURATE) F(DW_MUL_FP)          \
  F(DW_MUL_FP_FMA) F(DW_MUL_DW) F(DW_MUL_DW_FMA) F(SUM2_TWOSUM) F(SUM2_FAST2SUM)

/* The blocks of a launch of kernel fn, at most `most`: whole waves of the blocks the
 * device holds at once. A launch's blocks take equal shares of its keys, so with a last
 * wave partly filled (2048 blocks on 132 multiprocessors of 3: 5.17 waves) most of the
 * device would idle for a share's time; 1980 blocks make 5 full waves. */
static int ff_wave_blocks(const void *fn, int most) {
  int dev, sms = 0, occ = 0;
  if (cudaGetDevice(&dev) != cudaSuccess || cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, fn, FF_THREADS, 0) != cudaSuccess || sms * occ <= 0) {
    (void)cudaGetLastError(); /* not sticky: the launch reports what matters */
    return most;
  }
  const int resident = sms * occ;
  return resident >= most ? most : most / resident * resident;
}

/* Launch op over keys [key0, key0 + nkeys) with at most `blocks` blocks on stream st, in launches
 * of at most blocks FF_THREADS FF_ROUNDS_MAX keys (a thread's 16-bit counts; 2^35 keys
 * with 2048 blocks: one launch in practice), in increasing key order (k_ff's failure
 * lists rely on it). With opart (the keys in one bin, first its first key; one launch:
 * the caller keeps nkeys within the limit, else -1), also the blocks' digests and
 * moments into opart[0 .. *used), *used the blocks of the launch (ff_wave_blocks). */
extern "C" int FF_LAUNCH(int op, int blocks, uint64_t key0, uint64_t nkeys, uint32_t npart, uint64_t seed,
                         double bound, struct ff_stats *part, struct ff_binsum *opart, uint64_t first,
                         cudaStream_t st, int *used) {
  const void *fn = NULL;
#define FF_CASE(o)                                                                        \
  case o: fn = opart ? (const void *)k_ff<o, true> : (const void *)k_ff<o, false>; break;
  switch (op) {
    FF_CASES(FF_CASE)
  default: return -1;
  }
#undef FF_CASE
  blocks = ff_wave_blocks(fn, blocks);
  *used = blocks;
  const uint64_t most = (uint64_t)blocks * FF_THREADS * FF_ROUNDS_MAX;
  if (opart && nkeys > most) return -1;
  for (uint64_t k = key0, end = key0 + nkeys; k < end; k += most) {
    const uint64_t n = end - k < most ? end - k : most;
#define FF_CASE(o)                                                                                         \
  case o:                                                                                                  \
    if (opart) k_ff<o, true><<<blocks, FF_THREADS, 0, st>>>(k, n, npart, seed, bound, part, opart, first); \
    else k_ff<o, false><<<blocks, FF_THREADS, 0, st>>>(k, n, npart, seed, bound, part, NULL, 0);          \
    break;
    switch (op) {
      FF_CASES(FF_CASE)
    default: return -1;
    }
#undef FF_CASE
    const cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) return (int)e;
  }
  return 0;
}

/* Launch op's outputs over high words [x0, x0 + nx) of the bin starting at bin_x0, with
 * at most `blocks` blocks writing out[0 .. *used) (ff_wave_blocks). */
extern "C" int FF_LAUNCH_OUT(int op, int blocks, uint32_t x0, uint32_t nx, uint32_t bin_x0, uint32_t npart,
                             uint64_t seed, struct ff_binsum *out, cudaStream_t st, int *used) {
#define FF_CASE(o)                                                                                  \
  case o:                                                                                           \
    *used = blocks = ff_wave_blocks((const void *)k_ff_out<o>, blocks);                             \
    k_ff_out<o><<<blocks, FF_THREADS, 0, st>>>(x0, nx, bin_x0, npart, seed, out);                   \
    break;
  switch (op) {
    FF_CASES(FF_CASE)
  default: return -1;
  }
#undef FF_CASE
  return (int)cudaGetLastError();
}

/* The result words of op at keys[0 .. n) into out[2 j], out[2 j + 1] (device pointers). */
extern "C" int FF_LAUNCH_EVAL(int op, const uint64_t *keys, uint32_t n, uint32_t npart, uint64_t seed, uint32_t *out,
                              cudaStream_t st) {
  const uint32_t blocks = n / 256 + 1 < 1024 ? n / 256 + 1 : 1024;
#define FF_CASE(o)                                                                                  \
  case o: k_ff_eval<o><<<blocks, 256, 0, st>>>(keys, n, npart, seed, out); break;
  switch (op) {
    FF_CASES(FF_CASE)
  default: return -1;
  }
#undef FF_CASE
  return (int)cudaGetLastError();
}
