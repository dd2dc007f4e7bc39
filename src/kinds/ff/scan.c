/* scan.c: float-float variants over a range of high words, on the CPU (chunks through
 * every variant, each chunk on all threads) or on the GPUs of --devices (one host thread
 * per device, units of high words claimed in increasing order from a shared counter,
 * every variant run on a unit before the next is claimed). Statistics merge exactly
 * (ff_stats_merge), so the result is that of one pass in any split: chunks, devices,
 * shards, MPI ranks, resumed runs. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/driver.h"
#include "src/engine/progress.h"
#include "src/engine/workers.h"
#include "src/kinds/ff/ff_gpu.h"
#include "src/kinds/ff/ff_kind.h"

static double bound_of(const struct ff_variant *v) { return v->bound_u2 < 0 ? -1.0 : v->bound_u2 * 0x1p-48; }

/* ---- CPU: chunks of --chunk high words, every variant completing a chunk before the
 * next one starts (an interruption keeps the chunks done and drops the one under way) ---- */

static int cpu_scan(struct kind_result *r, uint32_t from, uint32_t to, struct progress_sum *pc, uint64_t *done) {
  struct ff_stats *part = calloc((size_t)r->nv, sizeof *part);
  if (!part) return EXIT_IO;
  const uint64_t chunk = r->sc->o.chunk;
  uint64_t x = from, end = (uint64_t)to + 1;
  int rc = 0;
  while (x < end && !rc) {
    uint64_t x1 = end - x < chunk ? end : x + chunk; /* this chunk: [x, x1) */
    for (int i = 0; i < r->nv && !rc; i++) {
      const struct ff_variant *v = r->v[i];
      const uint32_t npart = ff_npart(v, r->nrandom);
      if (g_scan_stop) rc = 1;
      if (!rc && r->stats)
        rc = ff_cpu_scan(v, (uint32_t)x, (uint32_t)(x1 - 1), npart, r->seed, r->sc->o.threads, &part[i],
                         progress_add, pc);
      if (!rc && r->bins) ff_cpu_bins(v, (uint32_t)x, (uint32_t)(x1 - 1), npart, r->seed, r->sc->o.threads,
                                      r->bins + (size_t)i * FF_NBINS);
    }
    if (rc) break;
    for (int i = 0; i < r->nv && r->stats; i++) ff_stats_merge(&r->st[i], &part[i]);
    if (!r->stats) progress_add(pc, (x1 - x) * (uint64_t)r->nv);
    x = x1;
  }
  free(part);
  *done = x;
  return rc == 1 ? EXIT_INTERRUPT : rc;
}

/* ---- GPU: one worker per device ---- */

/* High words per unit: 2^22 x 32 partners = 2^27 pairs a launch, about 10 ms of the
 * costliest variant on an H100, so that a stop is honoured quickly; a device's partial
 * statistics stay on it across units (ff_gpu.cu), so units cost no copies. */
#define FF_UNIT (1u << 22)

struct gpu_run {
  struct kind_result *r;
  uint64_t next, end; /* the next high word to claim, the range's end */
  int stop, rc;
  pthread_mutex_t mu;
  struct progress_sum *pc;
};

/* The next unit [*x0, *x0 + *nx), or 0 when the range is done or the run stops. */
static int claim(struct gpu_run *g, uint32_t *x0, uint32_t *nx) {
  pthread_mutex_lock(&g->mu);
  int ok = !g->stop && !g_scan_stop && g->next < g->end;
  if (ok) {
    *x0 = (uint32_t)g->next;
    *nx = (uint32_t)(g->end - g->next < FF_UNIT ? g->end - g->next : FF_UNIT);
    g->next += *nx;
  }
  if (g_scan_stop) g->stop = 1;
  pthread_mutex_unlock(&g->mu);
  return ok;
}

/* Every variant of the run over one unit on g's device (statistics and, for a record,
 * the bins from the same evaluations; the bins alone for a comparison); 0 or -1. */
static int unit_run(struct kind_result *r, struct ff_gpu *dev, uint32_t x0, uint32_t nx) {
  for (int i = 0; i < r->nv; i++) {
    const struct ff_variant *v = r->v[i];
    const uint32_t npart = ff_npart(v, r->nrandom);
    if (r->stats && ff_gpu_stats(dev, i, v->op, v->flav, x0, nx, npart, r->seed, bound_of(v), r->bins != NULL))
      return -1;
    if (!r->stats && r->bins && ff_gpu_outputs(dev, i, v->op, v->flav, x0, nx, npart, r->seed)) return -1;
  }
  return ff_gpu_sync(dev);
}

static void fail(struct gpu_run *g, int rc, const char *msg) {
  pthread_mutex_lock(&g->mu);
  if (!g->rc) {
    g->rc = rc;
    errorf("%s", msg);
  }
  g->stop = 1;
  pthread_mutex_unlock(&g->mu);
}

/* Worker i: device devices[i] takes units until none is left, then merges its partial
 * statistics (and bins) into the run's. */
static int gpu_worker(void *p, int i) {
  struct gpu_run *g = p;
  struct kind_result *r = g->r;
  char err[512];
  struct ff_gpu *dev = ff_gpu_open(r->sc->o.devices[i], r->nv, r->bins != NULL, err, sizeof err);
  if (!dev) {
    fail(g, EXIT_NOGPU, err);
    return 0;
  }
  uint32_t x0, nx;
  while (claim(g, &x0, &nx)) {
    if (unit_run(r, dev, x0, nx)) {
      fail(g, EXIT_NOGPU, ff_gpu_error(dev));
      break;
    }
    pthread_mutex_lock(&g->mu);
    if (progress_add(g->pc, (uint64_t)nx * r->nv)) g->stop = 1;
    pthread_mutex_unlock(&g->mu);
  }
  pthread_mutex_lock(&g->mu);
  if (ff_gpu_collect(dev, r->st, r->bins)) {
    if (!g->rc) g->rc = EXIT_NOGPU, errorf("%s", ff_gpu_error(dev));
  }
  pthread_mutex_unlock(&g->mu);
  ff_gpu_close(dev);
  return 0;
}

static int gpu_scan(struct kind_result *r, uint32_t from, uint32_t to, struct progress_sum *pc, uint64_t *done) {
  struct gpu_run g = {.r = r, .next = from, .end = (uint64_t)to + 1, .pc = pc};
  pthread_mutex_init(&g.mu, NULL);
  const int nd = r->sc->o.ndevices > 0 ? r->sc->o.ndevices : 1;
  if (r->sc->o.ndevices <= 0) r->sc->o.devices[0] = 0;
  workers_run(nd, gpu_worker, &g);
  pthread_mutex_destroy(&g.mu);
  *done = g.next; /* every claimed unit completed */
  if (g.rc) return g.rc;
  return g.next < g.end ? EXIT_INTERRUPT : 0;
}

int ff_scan(struct kind_result *r, uint32_t from, uint32_t to, uint32_t cov[][2], int *ncov) {
  struct progress_sum pc = {{0}, 0};
  progress_start(&pc.bar, "float-float", ((uint64_t)to - from + 1) * (uint64_t)r->nv, r->sc->o.progress && !g_quiet);
  const double t0 = now_s();
  uint64_t done = from;
  int rc = r->ri.gpu ? gpu_scan(r, from, to, &pc, &done) : cpu_scan(r, from, to, &pc, &done);
  progress_end(&pc.bar);
  r->wall += now_s() - t0;
  *ncov = 0;
  if (done > from) cov[0][0] = from, cov[0][1] = (uint32_t)(done - 1), *ncov = 1;
  return rc;
}
