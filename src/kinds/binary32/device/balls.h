/* balls.h: the ball evaluator's kernel (balls.cu), seen from eval.cu. */
#ifndef ULPCERT_BALLS_H
#define ULPCERT_BALLS_H

#include <cuda_runtime.h>
#include <stdint.h>

#include "src/kinds/binary32/device/geom.h"

struct ib_prog;

#ifdef __cplusplus
extern "C" {
#endif
/* A device copy of the program P into *d (NULL for P NULL), the per-thread stack raised
 * for the evaluator's frames. 0 or -1 (a CUDA error). */
int gpu_balls_upload(const struct ib_prog *P, struct ib_prog **d);
/* Enqueue the two passes on st: k_balls_lo (1 and 2 words) over the entries
 * undec[0..cnt[2]) of the chunk g that k_ref left, its leftovers into mid[0..cnt[5]),
 * then k_balls (4 to 16 words) over those, decided into ry, rt (counts into cnt[3]), the
 * others into left[0..cnt[4]). 0 or -1. */
int gpu_balls_launch(const struct ib_prog *d_P, const struct gpu_geom *g, double *ry, int8_t *rt,
                     const uint32_t *undec, uint32_t *mid, uint32_t *left, unsigned long long *cnt, int blocks,
                     cudaStream_t st);
/* the first pass alone (balls_lo.cu) */
int gpu_balls_lo_launch(const struct ib_prog *d_P, const struct gpu_geom *g, double *ry, int8_t *rt,
                        const uint32_t *undec, uint32_t *mid, unsigned long long *cnt, int blocks, cudaStream_t st);
#ifdef __cplusplus
}
#endif

#endif
