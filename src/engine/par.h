/* par.h: MPI across processes (make MPI=1). Without MPI these are the one-process
 * versions, so the rest of the code does not care. */
#ifndef ULPCERT_PAR_H
#define ULPCERT_PAR_H

#include <stddef.h>

#include "src/measure/metrics.h"

void par_init(int *argc, char ***argv);
void par_finalize(void);
int par_rank(void);
int par_size(void);
/* Merge every rank's statistics into rank 0's st[] (in rank order; the merge is
 * exact, so the order does not matter). 0 or -1. */
int par_reduce_stats(struct stats *const *st, int nv);
/* Rank 0 gets every other rank's n bytes at mine (the same struct in the same binary)
 * and folds each into its own with merge(mine, theirs, ctx), in rank order; the kinds'
 * merges are exact, so the order does not matter. 0 or -1. */
int par_reduce_bytes(void *mine, size_t n, void (*merge)(void *mine, const void *theirs, void *ctx), void *ctx);
/* The largest of the ranks' exit codes, on every rank. */
int par_agree(int rc);
/* Sum of a double over the ranks (timings), on rank 0. */
double par_sum(double x);
double par_max(double x);

#endif
