/* grouped.c: a binary32 run's variants scanned group by group, a group being the variants
 * of one reference (at most SCAN_MAXV of them: scan.h scans them together).
 *
 * On one device, on the CPU, or with one group, the groups run one after another, each
 * scan spread over every device given. With several devices and several groups, the
 * groups run at the same time: one host thread per device (src/engine/workers.h), each
 * taking the next group of a queue (the largest estimated cost first) and scanning it on
 * its own device, with its share of the host's threads. A scan's fixed costs (contexts,
 * buffers, the reference's table on the device, the reduction's start and end) are then
 * paid once per group on one device, not on every device; and each thread keeps its
 * device's context from one group to the next (gpu_pool_begin). Each group's scan is the
 * same computation on whatever device runs it, so the statistics are those of one device,
 * and the variants keep their order. */
#include <omp.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/binary32/binary32.h"
#include "src/kinds/binary32/device/gpu.h"
#include "src/engine/progress.h"
#include "src/engine/workers.h"
#include "reference/fast/fastref.h"

int b32_groups(const struct kind_result *r, struct b32_group *g) {
  char *done = calloc(r->nv ? (size_t)r->nv : 1, 1);
  int ng = 0;
  if (!done) return -1;
  for (int i = 0; i < r->nv; i++) {
    if (done[i]) continue;
    g[ng].n = 0;
    for (int j = i; j < r->nv && g[ng].n < SCAN_MAXV; j++)
      if (!done[j] && r->v[j]->ref == r->v[i]->ref) g[ng].idx[g[ng].n++] = j, done[j] = 1;
    ng++;
  }
  free(done);
  return ng;
}

/* Whether the host computes a group's reference values: as scan.c decides (fast_prepare),
 * with "the reference has a fast-path table" read from its declared ranges. */
static int host_references(const struct reference *ref, const struct scan_opts *o) {
  struct fast_range decl[MAX_FAST_RANGES];
  if (o->outputs_only) return 0;
  if (!o->gpu || o->host_reduce || o->no_fast) return 1;
  const int dsc = ref_device_shortcut(ref) >= 0;
  return !(dsc || (ref->shortcut == ref_no_shortcut && ref_fast_ranges(ref, decl, MAX_FAST_RANGES) > 0));
}

double b32_group_cost(const struct kind_result *r, const struct b32_group *g) {
  /* in scans of one variant: the group's variants, and two more when the host computes the
   * references (a pass of the host's threads over every input and the copy of its values to
   * the device; the division groups of fdividef, five variants each, take about 3 s on an
   * H100 where the device's references take 1 to 2 s for groups of three to six: an estimate,
   * which orders the work and changes no result) */
  return g->n + (host_references(r->v[g->idx[0]]->ref, &r->sc->o) ? 2.0 : 0.0);
}

/* The groups' shared queue and each group's outcome. */
struct queue {
  struct kind_result *r;
  struct stats **st;
  const struct b32_group *g;
  int ng, nw, threads; /* groups, workers, host threads in all */
  int *order;          /* the queue: group indices */
  int next, stop;      /* the queue's next entry; set on a failure: no more groups taken */
  struct scan_times *tm;
  int *rc, *ran;
  char (*err)[1024];
  pthread_mutex_t lock; /* the progress bar */
  struct progress bar;
  uint64_t done, span;
};

/* The scan options of worker i: of the run's devices every nw-th one from the i-th (one
 * device each when there are as many groups), its share of the host's threads, and no
 * progress bar of its own (the queue draws one). One worker: the run's options. */
static struct scan_opts worker_opts(const struct queue *q, int i) {
  const struct scan_opts *all = &q->r->sc->o;
  struct scan_opts o = *all;
  if (q->nw == 1) return o;
  if (o.gpu) {
    o.ndevices = 0;
    for (int d = i; d < all->ndevices; d += q->nw) o.devices[o.ndevices++] = all->devices[d];
  }
  o.threads = workers_threads(q->threads, q->nw, i);
  o.progress = 0;
  return o;
}

/* Worker i: the queue's next group until none is left or a scan failed. */
static int group_worker(void *p, int i) {
  struct queue *q = p;
  const struct scan_opts o = worker_opts(q, i);
  if (o.gpu) gpu_pool_begin();
  for (;;) {
    const int k = __atomic_fetch_add(&q->next, 1, __ATOMIC_RELAXED);
    if (k >= q->ng || __atomic_load_n(&q->stop, __ATOMIC_RELAXED)) break;
    const int gi = q->order[k];
    const struct b32_group *g = &q->g[gi];
    const struct variant *v[SCAN_MAXV];
    struct stats *st[SCAN_MAXV];
    for (int j = 0; j < g->n; j++) v[j] = q->r->v[g->idx[j]], st[j] = q->st[g->idx[j]];
    q->ran[gi] = 1;
    q->rc[gi] = scan_run(v, g->n, &o, st, &q->tm[gi], q->err[gi], sizeof q->err[gi]);
    if (q->rc[gi]) {
      __atomic_store_n(&q->stop, 1, __ATOMIC_RELAXED);
      break;
    }
    if (q->nw > 1) {
      pthread_mutex_lock(&q->lock);
      q->done += q->span;
      progress_update(&q->bar, q->done);
      pthread_mutex_unlock(&q->lock);
    }
  }
  if (o.gpu) gpu_pool_end();
  return 0;
}

/* The groups' times into the run's (summed, in group order: with groups at once the parts
 * add up to more than the wall time, which is the elapsed one; an interrupted group's
 * too, so that a partial result says how its part was decided); the first failure, in
 * group order, said and returned (an interruption only when nothing else failed). */
static int gather(struct queue *q, double wall, int64_t *done_mag) {
  struct scan_times *t = &q->r->times;
  int rc = 0, failed = -1;
  for (int gi = 0; gi < q->ng; gi++) {
    if (!q->ran[gi]) continue;
    const struct scan_times *tm = &q->tm[gi];
    if (done_mag) *done_mag = tm->done_mag;
    if (q->rc[gi]) {
      if (!rc || (rc == EXIT_INTERRUPT && q->rc[gi] != EXIT_INTERRUPT)) rc = q->rc[gi], failed = gi;
      if (q->rc[gi] != EXIT_INTERRUPT) continue; /* an interrupted group's times are those of what it kept */
    }
    t->wall += q->nw > 1 ? 0 : tm->wall, t->eval += tm->eval, t->reference += tm->reference, t->reduce += tm->reduce;
    t->cache_io += tm->cache_io, t->gpu_kernel += tm->gpu_kernel, t->gpu_copy += tm->gpu_copy;
    t->host_eval += tm->host_eval, t->host_calls += tm->host_calls;
    t->mpfr_calls += tm->mpfr_calls, t->cache_hits += tm->cache_hits, t->shortcut_hits += tm->shortcut_hits;
    t->fast_build += tm->fast_build, t->fast_hits += tm->fast_hits, t->ball_hits += tm->ball_hits;
    t->threads = q->nw > 1 ? q->threads : tm->threads, t->cache = tm->cache, t->device_refs = tm->device_refs;
    if (tm->user_threads > t->user_threads) t->user_threads = tm->user_threads;
    q->r->ri.threads = t->threads;
  }
  if (q->nw > 1) t->wall += wall;
  if (rc && rc != EXIT_INTERRUPT) errorf("%s", q->err[failed]);
  return rc;
}

/* The queue of ng groups for nw workers: in group order for one worker, else by cost. */
static int queue_init(struct queue *q, struct kind_result *r, struct stats **st, const struct b32_group *g, int ng,
                      int nw) {
  memset(q, 0, sizeof *q);
  q->r = r, q->st = st, q->g = g, q->ng = ng, q->nw = nw;
  q->threads = r->sc->o.threads > 0 ? r->sc->o.threads : omp_get_num_procs();
  const size_t n = ng ? (size_t)ng : 1;
  q->order = malloc(n * sizeof *q->order);
  q->tm = calloc(n, sizeof *q->tm);
  q->rc = calloc(n, sizeof *q->rc);
  q->ran = calloc(n, sizeof *q->ran);
  q->err = calloc(n, sizeof *q->err);
  double *cost = malloc(n * sizeof *cost);
  if (!q->order || !q->tm || !q->rc || !q->ran || !q->err || !cost) {
    free(cost);
    return EXIT_IO;
  }
  for (int i = 0; i < ng; i++) cost[i] = nw > 1 ? b32_group_cost(r, &g[i]) : 0;
  workers_order(cost, ng, q->order);
  free(cost);
  pthread_mutex_init(&q->lock, NULL);
  q->span = (uint64_t)r->sc->o.to - r->sc->o.from + 1;
  progress_start(&q->bar, "scan (reference groups at once)", q->span * (uint64_t)ng, nw > 1 && r->sc->o.progress);
  return 0;
}

static void queue_free(struct queue *q) {
  free(q->order), free(q->tm), free(q->rc), free(q->ran), free(q->err);
}

int b32_scan_groups(struct kind_result *r, struct stats **st, int64_t *done_mag, int nw) {
  struct b32_group *g = malloc((r->nv ? (size_t)r->nv : 1) * sizeof *g);
  const int ng = g ? b32_groups(r, g) : -1;
  struct queue q;
  r->sc->o.moments = r->moments;
  if (nw > ng) nw = ng > 0 ? ng : 1;
  int rc = ng < 0 ? EXIT_IO : queue_init(&q, r, st, g, ng, nw);
  if (!rc) {
    const int omp_threads = omp_get_max_threads(); /* worker 0 is this thread: its setting back after */
    const double t0 = now_s();
    workers_run(nw, group_worker, &q);
    const double wall = now_s() - t0;
    if (nw > 1) progress_end(&q.bar), omp_set_num_threads(omp_threads);
    rc = gather(&q, wall, done_mag);
    pthread_mutex_destroy(&q.lock);
  }
  if (ng >= 0) queue_free(&q);
  free(g);
  return rc;
}

int b32_scan_grouped(struct kind_result *r, struct stats **st, int64_t *done_mag) {
  const struct scan_opts *o = &r->sc->o;
  return b32_scan_groups(r, st, done_mag, o->gpu && o->ndevices > 1 ? o->ndevices : 1);
}
