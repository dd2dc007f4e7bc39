/* warp_merge.cuh: what the device reductions of every kind share, nothing of any one
 * measure: the block shape, the warp merge of per-thread accumulators, the warp's
 * histogram increments and the per-thread cache of binned maxima.
 *
 * The warp merge. A reduction gives each thread an accumulator of the per-input measure
 * (src/measure/: the full measure_acc, binary32's lean_acc, the pair kind's pl_acc) whose
 * merge is exact and the same in any order: counts are sums, each maximum breaks ties on
 * the lowest input (or key). warp_merge_acc merges a warp's 32 accumulators by a tree of
 * shuffles: at step off = 16, 8, 4, 2, 1, lane i merges lane i + off's accumulator into its
 * own, so that lane 0 ends with the merge of all 32 (the other lanes hold partial merges,
 * which nobody reads). The accumulators name their fields alike: the counts inputs, cr,
 * faithful, above_1ulp, nonfinite, flushed, special_mismatches, undecidable and digest,
 * the three maxima ulp, rel and abs, the clauses cl[]; each accumulator's header defines
 * warp_down for the types of its maxima and clauses, and its caller passes the step that
 * merges (and shuffles whatever else the caller sums). Device code only; included by the
 * kinds' reductions and src/measure/measure_warp.cuh. */
#ifndef ULPCERT_KERNELS_WARP_MERGE_CUH
#define ULPCERT_KERNELS_WARP_MERGE_CUH

#include <stdint.h>

/* A reduction block: RED_THREADS threads, RED_WARPS warps. */
#define RED_THREADS 256
#define RED_WARPS (RED_THREADS / 32)

/* lane + off's value (lanes beyond 31 keep their own) */
__device__ __forceinline__ uint32_t warp_down(uint32_t v, int off) { return __shfl_down_sync(0xffffffffu, v, off); }
__device__ __forceinline__ uint64_t warp_down(uint64_t v, int off) { return __shfl_down_sync(0xffffffffu, v, off); }
__device__ __forceinline__ double warp_down(double v, int off) { return __shfl_down_sync(0xffffffffu, v, off); }

/* Lane 0 ends with the merge of the warp's accumulators *a. step(a, &b, off) merges b,
 * lane + off's accumulator as far as the shared fields go, into *a (shuffling first any
 * field of its own). Called by all 32 lanes; ncl (the clauses in use, at most the length
 * of cl[]) is uniform. The clauses' loop runs to bound, breaking at ncl: a constant bound
 * (the length of cl[]) has it unrolled into registers, bound = ncl keeps it a loop (the
 * full accumulator's clauses, four times the lean ones': unrolled, k_pair_merge takes 80
 * registers and spills instead of 64 without). */
template <class Acc, class Step>
__device__ __forceinline__ void warp_merge_acc(Acc *a, int ncl, int bound, Step step) {
  for (int off = 16; off; off >>= 1) {
    Acc b;
    b.inputs = warp_down(a->inputs, off), b.cr = warp_down(a->cr, off), b.faithful = warp_down(a->faithful, off);
    b.above_1ulp = warp_down(a->above_1ulp, off), b.nonfinite = warp_down(a->nonfinite, off);
    b.flushed = warp_down(a->flushed, off), b.special_mismatches = warp_down(a->special_mismatches, off);
    b.undecidable = warp_down(a->undecidable, off), b.digest = warp_down(a->digest, off);
    b.ulp = warp_down(a->ulp, off), b.rel = warp_down(a->rel, off), b.abs = warp_down(a->abs, off);
    for (int k = 0; k < bound; k++) {
      if (k >= ncl) break;
      b.cl[k] = warp_down(a->cl[k], off);
    }
    step(a, &b, off);
  }
}

/* Histogram bin b (-1: none) of every lane into the block's shared histogram, one atomic
 * per distinct bin of the warp: most inputs of a run fall in one bin (errors below half an
 * ulp), and 32 lanes adding to one shared word one by one was the reduction's slowest
 * step. Called by all 32 lanes (converged). */
__device__ __forceinline__ void hist_add_warp(uint32_t *hist, int b) {
  const unsigned peers = __match_any_sync(0xffffffffu, b);
  if (b >= 0 && (int)(threadIdx.x & 31) == __ffs(peers) - 1) atomicAdd(&hist[b], (uint32_t)__popc(peers));
}

/* The binned maxima (bits of a non-negative double e, plus 1; 0: none) of one thread, one
 * bin at a time, flushed into the device's array when the bin changes and at the end (a
 * maximum: any order of flushes gives the same array). A thread whose inputs come in
 * monotone order of their bins flushes each bin once. Without the cache every input would
 * be a global atomic on one of a few thousand addresses, most of them on the few bins
 * that hold most inputs: the reduction's slowest step. */
struct xbin_cache {
  int bin;                /* -1: empty */
  unsigned long long max; /* the largest bits + 1 seen in bin */
};

/* The warp's caches into xb[]: once per warp when every lane holds the same bin (the
 * common case), else once per lane. Called by all 32 lanes; leaves the caches empty. */
__device__ __forceinline__ void xbin_flush_warp(struct xbin_cache *c, unsigned long long *xb) {
  const unsigned full = 0xffffffffu;
  const int b0 = __shfl_sync(full, c->bin, 0);
  if (__all_sync(full, c->bin == b0)) {
    unsigned long long v = c->max;
    for (int off = 16; off; off >>= 1) {
      const unsigned long long o = __shfl_xor_sync(full, v, off);
      v = o > v ? o : v;
    }
    if ((threadIdx.x & 31) == 0 && b0 >= 0) atomicMax(&xb[b0], v);
  } else if (c->bin >= 0) {
    atomicMax(&xb[c->bin], c->max);
  }
  c->bin = -1, c->max = 0;
}

/* The cache moves to bin b (-1: none): the maximum of the bin it held, if any input was
 * noted there, into xb[] (xbin_max notes inputs in the bin the cache holds). */
__device__ __forceinline__ void xbin_enter(struct xbin_cache *c, unsigned long long *xb, int b) {
  if (b == c->bin) return;
  if (c->bin >= 0 && c->max) atomicMax(&xb[c->bin], c->max);
  c->bin = b, c->max = 0;
}

/* One value e >= 0 of the cache's bin (none: nothing). For e >= 0 the order of the bits
 * is the order of the values. */
__device__ __forceinline__ void xbin_max(struct xbin_cache *c, double e) {
  const unsigned long long v = (unsigned long long)__double_as_longlong(e) + 1;
  if (c->bin >= 0 && v > c->max) c->max = v;
}

/* One value e >= 0 of bin b (>= 0) into the cache. */
__device__ __forceinline__ void xbin_note(struct xbin_cache *c, unsigned long long *xb, int b, double e) {
  xbin_enter(c, xb, b);
  xbin_max(c, e);
}

#endif
