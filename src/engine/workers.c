/* workers.c: see workers.h. */
#include "src/engine/workers.h"

#include <pthread.h>

struct worker {
  pthread_t th;
  int (*work)(void *, int);
  void *ctx;
  int i, rc, started;
};

static void *worker_main(void *p) {
  struct worker *w = p;
  w->rc = w->work(w->ctx, w->i);
  return NULL;
}

int workers_run(int n, int (*work)(void *ctx, int i), void *ctx) {
  struct worker w[64];
  if (n > 64) n = 64;
  if (n <= 1) return n == 1 ? work(ctx, 0) : 0;
  for (int i = 1; i < n; i++) {
    w[i] = (struct worker){.work = work, .ctx = ctx, .i = i, .rc = -1};
    w[i].started = pthread_create(&w[i].th, NULL, worker_main, &w[i]) == 0;
  }
  w[0].rc = work(ctx, 0);
  for (int i = 1; i < n; i++)
    if (w[i].started) pthread_join(w[i].th, NULL);
  for (int i = 0; i < n; i++)
    if (w[i].rc) return w[i].rc;
  return 0;
}

void workers_order(const double *cost, int n, int *order) {
  for (int k = 0; k < n; k++) { /* insertion: stable, and n is small (a run's groups) */
    int j = k;
    while (j > 0 && cost[order[j - 1]] < cost[k]) order[j] = order[j - 1], j--;
    order[j] = k;
  }
}

int workers_threads(int total, int n, int i) {
  if (n < 1) n = 1;
  const int t = total / n + (i < total % n);
  return t > 0 ? t : 1;
}
