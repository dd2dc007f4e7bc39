/* par.h: MPI across processes (make MPI=1). Without MPI these are the one-process
 * versions, so the rest of the code does not care. */
#ifndef ULPCERT_PAR_H
#define ULPCERT_PAR_H

#include "src/measure/metrics.h"

void par_init(int *argc, char ***argv);
void par_finalize(void);
int par_rank(void);
int par_size(void);
/* Merge every rank's statistics into rank 0's st[] (in rank order; the merge is
 * exact, so the order does not matter). 0 or -1. */
int par_reduce_stats(struct stats *const *st, int nv);
/* The largest of the ranks' exit codes, on every rank. */
int par_agree(int rc);
/* Sum of a double over the ranks (timings), on rank 0. */
double par_sum(double x);
double par_max(double x);

#endif
