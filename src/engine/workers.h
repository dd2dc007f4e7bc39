/* workers.h: one host thread per device. A kind that spreads a run over the GPUs of the
 * host (--devices) runs one worker per device, each taking work from a shared counter
 * and folding what it measured into the run's statistics; the merges being exact, the
 * result is that of one device. */
#ifndef ULPCERT_WORKERS_H
#define ULPCERT_WORKERS_H

/* Run work(ctx, i) for i = 0 .. n - 1 at the same time, one host thread each (i = 0 in
 * the calling thread; n <= 64). Each thread may open OpenMP regions of its own. Returns
 * the first nonzero result in the order of i, else 0 (-1 when a thread cannot start). */
int workers_run(int n, int (*work)(void *ctx, int i), void *ctx);

/* The order in which workers take n items of estimated costs cost[] from a shared queue:
 * the largest first (so that no long item starts last and finishes alone), equal costs in
 * index order. order[k] receives the index of the k-th item taken. */
void workers_order(const double *cost, int n, int *order);

/* The host threads of worker i of n that share total threads: total / n each, the first
 * total % n workers one more, and at least 1. */
int workers_threads(int total, int n, int i);

#endif
