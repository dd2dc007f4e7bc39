/* balls.h: the ball evaluator's kernel (balls.cu), seen from eval.cu. */
#ifndef ULPCERT_BALLS_H
#define ULPCERT_BALLS_H

#include <cuda_runtime.h>
#include <stdint.h>

#include "src/kinds/binary32/device/work_items.h"

struct ib_prog;

#ifdef __cplusplus
extern "C" {
#endif
/* A device copy of the program P into *d (NULL for P NULL), the per-thread stack raised
 * for the evaluator's frames. 0 or -1 (a CUDA error). */
int gpu_balls_upload(const struct ib_prog *P, struct ib_prog **d);
/* Enqueue k_balls on st, one launch per precision (1 to 20 words): the entries
 * undec[0..cnt[2]) of the chunk g that k_ref left, decided into ry, rt where the balls
 * decide (count into cnt[3]); what a precision leaves goes on, compacted, to the next
 * through buf0 and buf1 (cnt[5..9] their lengths); what none decides into
 * left[0..cnt[4]). cnt has 11 entries. ev: NULL, or GPU_BALLS_LEVELS events, recorded on
 * st after each precision's launch (the trace's time per precision). 0 or -1. */
int gpu_balls_launch(const struct ib_prog *d_P, const struct gpu_geom *g, double *ry, int8_t *rt,
                     const uint32_t *undec, uint32_t *buf0, uint32_t *buf1, uint32_t *left, unsigned long long *cnt,
                     int blocks, cudaStream_t st, cudaEvent_t *ev);
#define GPU_BALLS_LEVELS 6 /* IB_LEVELS of ib_prog.h: 1, 2, 4, 8, 16, 20 words */
#define GPU_BALLS_CNT 11
#ifdef __cplusplus
}
#endif

#endif
