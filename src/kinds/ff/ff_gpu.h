/* ff_gpu.h: one GPU's share of a float-float run (ff_gpu.cu; ff_nogpu.c without CUDA).
 * A run opens one per device (kind.c), gives each ranges of high words for every
 * variant, and collects the partial statistics (and, for arch records, the outputs'
 * digests and moments per bin) at the end, merging them exactly. */
#ifndef ULPCERT_FF_GPU_H
#define ULPCERT_FF_GPU_H

#include <stddef.h>
#include <stdint.h>

#include "src/kinds/ff/ff_check.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ff_gpu;

/* nv variant slots on GPU 'device'; bins: also keep the outputs' bins. NULL with a
 * message when the device or its memory is not there. */
struct ff_gpu *ff_gpu_open(int device, int nv, int bins, char *err, size_t errlen);
/* Queue slot v (operation op in flavour flav, relative bound) over the pairs of high
 * words [x0, x0 + nx); bins: also their outputs' digests and moments, from the same
 * evaluations (the GPU opened with bins). 0, or -1 (ff_gpu_error says why). */
int ff_gpu_stats(struct ff_gpu *g, int v, int op, int flav, uint32_t x0, uint32_t nx, uint32_t npart, uint64_t seed,
                 double bound, int bins);
/* Queue the outputs' digests and moments of slot v over high words [x0, x0 + nx), without
 * the statistics. */
int ff_gpu_outputs(struct ff_gpu *g, int v, int op, int flav, uint32_t x0, uint32_t nx, uint32_t npart,
                   uint64_t seed);
/* Wait for what was queued. 0 or -1. */
int ff_gpu_sync(struct ff_gpu *g);
/* Merge every slot's statistics into out[v] and, when bins is not NULL and the GPU keeps
 * them, its bins into bins[v * 2^(32 - FF_BIN_LOG2) + bin]. 0 or -1. */
int ff_gpu_collect(struct ff_gpu *g, struct ff_stats *out, struct ff_binsum *bins);
const char *ff_gpu_error(const struct ff_gpu *g);
/* The result words of op in flavour flav at pair keys[0 .. n) on GPU 'device': out[2 j]
 * and out[2 j + 1] (0, 0 where an operand word is not finite). 0, or -1 with a message. */
int ff_gpu_eval(int device, int op, int flav, const uint64_t *keys, uint32_t n, uint32_t npart, uint64_t seed,
                uint32_t *out, char *err, size_t errlen);
void ff_gpu_close(struct ff_gpu *g);

#ifdef __cplusplus
}
#endif
#endif
