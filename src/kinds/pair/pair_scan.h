/* pair_scan.h: the scanning of two-argument variants (scan.c), shared by the kind
 * (kind.c) and the tests. */
#ifndef ULPCERT_PAIR_SCAN_H
#define ULPCERT_PAIR_SCAN_H

#include "src/kinds/pair/pair.h"
#include "src/measure/metrics.h"

struct pair_scan {
  int gpu, threads;         /* backend; threads: host threads (> 0) */
  int ndevices;             /* GPUs to spread the range over (0: device 0 alone); on the CPU, workers of the
                               host pipeline sharing the threads (1 from the command line; tests take more) */
  const int *devices;       /* their numbers */
  uint32_t nrandom;         /* random partners per x (after the PAIR_ADV adversarial ones) */
  uint64_t seed;
  int swap;                 /* 1: x is the second argument */
  int fast;                 /* references through their fast paths first (else MPFR only) */
  int nv;
  const struct pair_variant *const *v;
  struct stats *const *st;  /* variant i's statistics (pairs = 1, its clauses set) */
  int moments;              /* also the output moments per bin (arch records; st[i]->has_moments) */
  int outputs_only;         /* the outputs' counts, digests and moments alone (no references) */
  uint64_t mpfr_calls;      /* out: references computed */
  double t_ref, t_eval;     /* out: seconds in references and in the variants */
};

/* Partners per x. */
uint32_t pair_npart(uint32_t nrandom);
/* The partners of x in partner set 'set' into p[0 .. pair_npart). */
void pair_partners_of(const struct pair_scan *ps, int set, uint32_t x, uint32_t *p);
/* Sweep x over [from, to] in blocks of 'block' x (a power of two dividing the bin width),
 * every variant against its function's partners: with the fast references (or the
 * outputs alone) through the pipeline of pairs (pair_pipe.h: on every GPU of devices[],
 * or on the host), else by the batch path (MPFR for every pair, the host's full
 * accumulator). Blocks are taken in increasing order and each one taken is completed, so
 * *done_to, the end (exclusive) of what was done, covers a prefix of the range. 0,
 * EXIT_INTERRUPT (progress returned nonzero, or a signal), or an exit code after a
 * message. */
int pair_scan_range(struct pair_scan *ps, uint32_t from, uint32_t to, uint32_t block, uint64_t *done_to,
                    int (*progress)(void *, uint64_t), void *ctx);
/* The pairs (a, b) of a list, through every variant. 0 or an exit code. */
int pair_scan_list(struct pair_scan *ps, const uint32_t (*pairs)[2], uint32_t n);

#endif
