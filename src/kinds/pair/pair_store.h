/* pair_store.h: how the device pipeline of pairs (pair_pipe.cu) lays out a unit's pairs,
 * shared by its kernels, the evaluation kernels of every build flavour (pair_kernel.cuh)
 * and the host's side of a host variant (pipe_host.c). */
#ifndef ULPCERT_PAIR_STORE_H
#define ULPCERT_PAIR_STORE_H

#include <stdint.h>

#ifdef __CUDACC__
#define PS_FN static __host__ __device__ __forceinline__
#else
#define PS_FN static inline
#endif

/* Where the device pipeline stores pair (xo, k) of a unit of nx x (xo < nx, k < np): in
 * tiles of PP_TILE_X consecutive x, each tile partner-major,
 *   i = (xo / 32) 32 np + k w + xo % 32,  w = min(32, nx - 32 (xo / 32)) (the tile's x),
 * so that the 32 lanes of a warp take one partner index of 32 consecutive x (the partners
 * of one index are alike for every x: the same constant, or of one kind, and take one
 * path through a reference, a variant and the measure) and read or write 32 consecutive
 * words. The tiles of x in [32 t, 32 t + 32) fill [32 t np, (32 t + w) np): a run of whole
 * tiles is a run of storage. The pair's key index (xo np + k: the order of the moments and
 * of the host pipeline) is computed from (xo, k), not from i. */
#define PP_TILE_X 32u
PS_FN uint32_t pp_tile_w(uint32_t t, uint32_t nx) { return nx - t * PP_TILE_X < PP_TILE_X ? nx - t * PP_TILE_X : PP_TILE_X; }
PS_FN uint32_t pp_store(uint32_t xo, uint32_t k, uint32_t np, uint32_t nx) {
  const uint32_t t = xo / PP_TILE_X;
  return t * PP_TILE_X * np + k * pp_tile_w(t, nx) + xo % PP_TILE_X;
}
/* (xo, k) of storage index i (the inverse of pp_store) */
PS_FN void pp_unstore(uint32_t i, uint32_t np, uint32_t nx, uint32_t *xo, uint32_t *k) {
  const uint32_t t = i / (PP_TILE_X * np), r = i - t * PP_TILE_X * np, w = pp_tile_w(t, nx);
  *k = r / w, *xo = t * PP_TILE_X + (r - *k * w);
}

#endif
