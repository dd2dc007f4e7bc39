/* pair_pipe.h: a block of swept x against their partners through the two-argument
 * variants, references and reduction on one GPU (pair_pipe.cu; pair_nogpu.c without
 * CUDA). The CPU backend, and the GPU backend with --no-fast-path, take scan.c's host
 * path instead. */
#ifndef ULPCERT_PAIR_PIPE_H
#define ULPCERT_PAIR_PIPE_H

#include <stddef.h>
#include <stdint.h>

#include "src/kinds/pair/pair.h"
#include "src/measure/part.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pair_pipe;

/* One reference's variants on a block: ref the index in pair_refs[], np partners per x,
 * for each of the nv variants its slot (0 .. the nv given to pair_pipe_open), its build
 * flavour (enum pair_flavour) and device function. mpfr decides the n pairs und[k] =
 * {index, a, b} the fast reference leaves, into y[k], t[k]; host computes the outputs of a
 * PF_HOST variant (its slot) on the n pairs (a[i], b[i]) into out[i]. */
struct pair_pipe_req {
  int ref, set, swap;
  uint64_t seed;
  uint32_t np;
  int nv;
  int slot[PAIR_MAXV], flavour[PAIR_MAXV], dev_fn[PAIR_MAXV];
  void (*mpfr)(int ref, uint32_t n, const uint32_t (*und)[3], double *y, int8_t *t);
  void (*host)(int slot, uint32_t n, const uint32_t *a, const uint32_t *b, uint32_t *out);
};

/* A pipeline on GPU 'device' for nv variants (slots) with measure configurations cfg[]
 * and clause operands operand[] (0: a, 1: b), for blocks of at most max_x x. NULL with a
 * message in err when the device or its memory is not there. */
struct pair_pipe *pair_pipe_open(int device, int nv, uint32_t max_x, uint32_t np, const struct measure_cfg *cfg,
                                 const int *operand, char *err, size_t errlen);
/* x in [x0, x0 + nx) (one bin at most) through the request: parts[v] the statistics of
 * variant v of the request over the block's pairs; *mpfr_calls grows by the pairs MPFR
 * decided. 0, or -1 (pair_pipe_error says why). */
int pair_pipe_block(struct pair_pipe *pp, const struct pair_pipe_req *rq, uint32_t x0, uint32_t nx,
                    struct part *parts, uint64_t *mpfr_calls);
/* The pairs of x in [x0, x0 + nx) against their partners (rq's partners; no variants, no bin
 * limit) with their references, as the block computes them, copied out: pair i = (x0 + i / np,
 * partner i % np) is (a[i], b[i]) with reference (y[i], t[i]) (refcheck --against). 0 or -1. */
int pair_pipe_refs(struct pair_pipe *pp, const struct pair_pipe_req *rq, uint32_t x0, uint32_t nx, uint32_t *a,
                   uint32_t *b, double *y, int8_t *t, uint64_t *mpfr_calls);
/* The x-bin maxima of slot (bits of the ulp error plus 1, 0 for none; stats_fold_xbins). */
int pair_pipe_xbins(struct pair_pipe *pp, int slot, uint64_t *out);
const char *pair_pipe_error(const struct pair_pipe *pp);
void pair_pipe_close(struct pair_pipe *pp);

#ifdef __cplusplus
}
#endif
#endif
