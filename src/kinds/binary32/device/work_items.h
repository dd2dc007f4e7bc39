/* work_items.h: how a chunk of the scan is cut into reduction work items, shared by the binary32
 * scan (src/kinds/binary32/scan.c) and the device reduction (reduce.cuh).
 *
 * A chunk evaluates the magnitudes [a0, a0 + len) in both sign halves (a0 is one below
 * the first magnitude it accounts, 'first', so that monotonicity sees the pair across the
 * chunk's start). Work items are the aligned blocks of red_block magnitudes blk0 ..
 * blk0 + nblk - 1 in each half (item it < nblk: positive half, else negative), clipped to
 * the chunk and to the range's magnitudes in that half; red_block divides the bin width,
 * so an item lies in one bin. */
#ifndef ULPCERT_WORK_ITEMS_H
#define ULPCERT_WORK_ITEMS_H

#include <stdint.h>

#ifdef __CUDACC__
#define GEOM_FN static __host__ __device__ __forceinline__
#else
#define GEOM_FN static inline
#endif

struct gpu_geom {
  uint32_t a0, len, first, blk0, nblk, red_block;
  int64_t p_lo, p_hi, n_lo, n_hi; /* in-range magnitudes per half (empty: lo > hi) */
  int sym, odd, mono;             /* reference properties (mono: +1, -1, 0) */
  int outputs_only, moments;      /* no references (digests and moments only); moments too */
};

/* The magnitudes [*lo, *hi] of work item it (empty when *lo > *hi). */
GEOM_FN void geom_item(const struct gpu_geom *g, uint32_t it, int64_t *lo, int64_t *hi) {
  const int h = it >= g->nblk;
  int64_t l = (int64_t)(g->blk0 + it % g->nblk) * g->red_block, u = l + g->red_block - 1;
  const int64_t rlo = h ? g->n_lo : g->p_lo, rhi = h ? g->n_hi : g->p_hi;
  if (l < g->first) l = g->first;
  if (l < rlo) l = rlo;
  if (u > (int64_t)g->a0 + g->len - 1) u = (int64_t)g->a0 + g->len - 1;
  if (u > rhi) u = rhi;
  *lo = l, *hi = u;
}

/* The device merges a chunk's items into one part per (half, bin) before they travel:
 * GEOM_BIN_LOG2 is the bins' width (BIN_LOG2 of metrics.h, checked in scan.c). Bins per
 * half of the chunk, and the group (half * geom_nbins + bin offset) of item it. */
#define GEOM_BIN_LOG2 20
GEOM_FN uint32_t geom_nbins(const struct gpu_geom *g) {
  const uint64_t first = (uint64_t)g->blk0 * g->red_block, last = (uint64_t)(g->blk0 + g->nblk) * g->red_block - 1;
  return (uint32_t)((last >> GEOM_BIN_LOG2) - (first >> GEOM_BIN_LOG2) + 1);
}
GEOM_FN uint32_t geom_group(const struct gpu_geom *g, uint32_t it) {
  const uint32_t h = it >= g->nblk;
  const uint64_t first = (uint64_t)g->blk0 * g->red_block, l = (uint64_t)(g->blk0 + it % g->nblk) * g->red_block;
  return h * geom_nbins(g) + (uint32_t)((l >> GEOM_BIN_LOG2) - (first >> GEOM_BIN_LOG2));
}

/* f's direction along increasing bit patterns in item it's half: the negative half runs
 * the other way (1 increasing, 0 decreasing). */
GEOM_FN int geom_increasing(const struct gpu_geom *g, uint32_t it) {
  const int h = it >= g->nblk;
  return g->mono > 0 ? !h : h;
}

#endif
