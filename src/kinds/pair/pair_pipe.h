/* pair_pipe.h: the pipeline of pairs: blocks of swept x against their partners through
 * the references, the variants and the reduction, on one GPU (pair_pipe.cu; pair_nogpu.c
 * without CUDA) or on the host (pipe_host.c), with the same per-pair code
 * (pair_pipe_core.h). The CPU backend with --no-fast-path, and lists of pairs, take
 * scan.c's batch path instead (MPFR for every pair, the full accumulator): a check of
 * this one.
 *
 * Work comes in units: one block of x (within one bin) through the variants of one
 * reference. A unit's partners are computed once per x, its references once per pair
 * (the fast reference, MPFR on the host for what it leaves), its variants' outputs and
 * their measures in one reduction, and only each variant's part (and the undecided
 * pairs; a host variant's partners and outputs) cross the bus. On the GPU two units are in flight: while the host runs MPFR
 * on one, the device computes the next one's references and reduces the previous. */
#ifndef ULPCERT_PAIR_PIPE_H
#define ULPCERT_PAIR_PIPE_H

#include <stddef.h>
#include <stdint.h>

#include "src/kinds/pair/pair.h"
#include "src/measure/item_stats.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a pipeline runs: nv variants (slots 0 .. nv - 1), each with its reference (index
 * in pair_refs[]), build flavour, device function (GPU) or host function (host; on a GPU
 * too for a variant of flavour PF_HOST: its outputs computed by the host's threads on the
 * device's pairs), measure and clause operand (0: a, 1: b); the partners; moments: the
 * output moments per bin too; outputs_only: no references and no measure (inputs,
 * digests, moments). */
struct pair_pipe_cfg {
  int nv;
  int ref[PAIR_MAXV], flavour[PAIR_MAXV], dev_fn[PAIR_MAXV], operand[PAIR_MAXV];
  float (*host_fn[PAIR_MAXV])(float, float);
  struct measure_cfg cfg[PAIR_MAXV];
  int swap;
  uint64_t seed;
  uint32_t np;    /* partners per x */
  uint32_t max_x; /* x per block at most: a power of two dividing 2^BIN_LOG2 */
  int moments, outputs_only;
  int threads; /* host threads (MPFR; the host pipeline) */
};

/* The callbacks of a run: next gives the next block [*x0, *x0 + *nx) (within one bin) or
 * returns 0 when there is none (the run then completes the blocks under way); done gets,
 * for each unit in the order of the blocks, its nvu variants' slots and parts. On a GPU
 * mpfr decides the n pairs und[k] = {index, a, b} of reference ref that the fast
 * reference left (into y[k], t[k]); on the host the pipeline calls MPFR itself and
 * reports the pairs it took and the seconds its references took through undecided. */
struct pair_pipe_io {
  int (*next)(void *ctx, uint32_t *x0, uint32_t *nx);
  void (*done)(void *ctx, uint32_t x0, uint32_t nx, int nvu, const int *slots, const struct part *parts);
  void (*mpfr)(void *ctx, int ref, uint32_t n, const uint32_t (*und)[3], double *y, int8_t *t);
  void (*undecided)(void *ctx, uint64_t n, double seconds);
  void *ctx;
};

struct pair_pipe;

/* A pipeline on GPU 'device'. NULL with a message in err when the device or its memory
 * is not there. */
struct pair_pipe *pair_pipe_open(int device, const struct pair_pipe_cfg *c, char *err, size_t errlen);
/* Every block next() gives, through every reference of the variants. 0, or -1
 * (pair_pipe_error says why); the units completed were given to done() either way. */
int pair_pipe_run(struct pair_pipe *pp, const struct pair_pipe_io *io);
/* The pairs of x in [x0, x0 + nx) (nx <= c->max_x, any x, no bin limit) against the
 * partners of reference ref (pair_refs[ref].set, c's swap, seed and np) with their
 * references as a unit computes them (io->mpfr decides what the fast reference leaves),
 * copied out: pair i = (x0 + i / np, partner i % np) is (a[i], b[i]) with reference
 * (y[i], t[i]); *mpfr_calls grows by the pairs MPFR decided (refcheck --against). Runs
 * nothing else; the pipeline is idle before and after. 0, or -1. */
int pair_pipe_refs(struct pair_pipe *pp, const struct pair_pipe_io *io, int ref, uint32_t x0, uint32_t nx, uint32_t *a,
                   uint32_t *b, double *y, int8_t *t, uint64_t *mpfr_calls);
/* The x-bin maxima of slot v over every block run (bits of the ulp error plus 1, 0 for
 * none; stats_fold_xbins). */
int pair_pipe_xbins(struct pair_pipe *pp, int v, uint64_t *out);
const char *pair_pipe_error(const struct pair_pipe *pp);
void pair_pipe_close(struct pair_pipe *pp);

/* The same pipeline on the host, with the variants' host functions (pipe_host.c). */
int pair_pipe_host_run(const struct pair_pipe_cfg *c, const struct pair_pipe_io *io, uint64_t *xbins /* nv x XBINS */);
/* pair_pipe_refs on the host: the host pipeline's partners and references (MPFR here for
 * what the fast reference leaves), on c->threads threads. */
void pair_pipe_host_refs(const struct pair_pipe_cfg *c, int ref, uint32_t x0, uint32_t nx, uint32_t *a, uint32_t *b,
                         double *y, int8_t *t, uint64_t *mpfr_calls);
/* A unit's partners and references as the device stores them (pair_store.h: p[j], y[j],
 * t[j] for j = pp_store(xo, k, np, nx)) in key order, on c->threads host threads: pair
 * i = xo np + k, x = x0 + xo against partner k, becomes (a[i], b[i]) (c's swap) with
 * reference (y[i], t[i]) (pair_pipe_refs' copy out). */
void pair_pipe_unstore_refs(const struct pair_pipe_cfg *c, uint32_t x0, uint32_t nx, const uint32_t *ps,
                            const double *ys, const int8_t *ts, uint32_t *a, uint32_t *b, double *y, int8_t *t);
/* The host functions of slots v[0 .. nv-1] on the pairs of nx x from x0 with partners p[],
 * variant q's outputs into out[q][], in one pass on c->threads host threads (each pair's
 * operands formed once for all of them): pair j is (x0 + j / np, p[j]) (key order), or
 * with stored the device pipeline's storage order (pair_store.h). */
void pair_pipe_host_outputs(const struct pair_pipe_cfg *c, int nv, const int *v, uint32_t x0, uint32_t nx, int stored,
                            const uint32_t *p, uint32_t *const *out);

#ifdef __cplusplus
}
#endif
#endif
