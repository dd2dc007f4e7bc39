/* scan.c: the search kind's pipeline: sampling of ranges of blocks (host threads, or the devices
 * for CUDA's functions, each worker its own stream of groups of blocks), then, once the whole range
 * is in, the local search around the best candidates and MPFR at every candidate kept. */
#include <math.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference/search/ref64.h"
#include "src/common.h"
#include "src/engine/driver.h"
#include "src/engine/progress.h"
#include "src/engine/workers.h"
#include "src/kinds/search/file.h"
#include "src/kinds/search/result.h"

#define SR_GROUP 4                  /* blocks a worker claims at once on the host (2^18 inputs) */
#define SR_GROUP_GPU SR_GROUP_BLOCKS /* the same on a device: 2^26 inputs a launch */

uint64_t sr_stream(const struct sr_fn *f) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (const char *p = f->name; *p; p++) h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
  return h;
}

/* One input through a host variant, as a candidate; est < 0: not measured. */
static struct sr_cand host_cand(const struct sr_variant *v, double x, double y) {
  struct sr_cand c;
  memset(&c, 0, sizeof c);
  c.x = x, c.y = y;
  c.out = sr_host_eval(v, x, y);
  c.est = sr_estimate(&sr_fns[v->fn], x, y, c.out);
  return c;
}

/* Sampling of blocks [b0, b1] of a host variant into s, on nt threads. */
static void host_sample(const struct kind_result *r, const struct sr_variant *v, struct sr_stat *s, uint64_t b0,
                        uint64_t b1, int nt) {
  const struct sr_fn *f = &sr_fns[v->fn];
  uint64_t stream = sr_stream(f), unmeasured = 0;
  struct sr_cand pools[64][SR_POOL];
  int np[64] = {0};
  if (nt > 64) nt = 64;
#pragma omp parallel for num_threads(nt) schedule(dynamic, 1024) reduction(+ : unmeasured)
  for (uint64_t i = b0 * SR_BLOCK; i < (b1 + 1) * SR_BLOCK; i++) {
    int t = omp_get_thread_num();
    double x, y;
    sr_input(&f->dom, r->seed, stream, i, &x, &y);
    struct sr_cand c = host_cand(v, x, y);
    if (c.est < 0)
      unmeasured++;
    else
      sr_pool_add(pools[t], &np[t], &c);
  }
  for (int t = 0; t < nt; t++)
    for (int k = 0; k < np[t]; k++) sr_pool_add(s->pool, &s->npool, &pools[t][k]);
  s->unmeasured += unmeasured;
  s->sampled += (b1 - b0 + 1) * SR_BLOCK;
}

/* Evaluate n neighbours (host threads, or the device): their outputs and estimates. */
static int eval_batch(const struct kind_result *r, const struct sr_variant *v, int n, struct sr_cand *c) {
  if (v->lib != SR_CUDA) {
#pragma omp parallel for num_threads(r->ri.threads > 0 ? r->ri.threads : 1) schedule(static)
    for (int j = 0; j < n; j++) c[j] = host_cand(v, c[j].x, c[j].y);
    return 0;
  }
  char err[256];
  double *xs = malloc(4 * (size_t)n * sizeof *xs), *ys = xs + n, *outs = ys + n, *ests = outs + n;
  if (!xs) {
    errorf("%s: out of memory", v->name);
    return EXIT_IO;
  }
  for (int j = 0; j < n; j++) xs[j] = c[j].x, ys[j] = c[j].y;
  int rc = sr_gpu_eval(r->dev[0], v->fn, n, xs, ys, outs, ests, err, sizeof err);
  for (int j = 0; !rc && j < n; j++) c[j].out = outs[j], c[j].est = ests[j], c[j].checked = 0;
  free(xs);
  if (rc) errorf("%s: %s", v->name, err);
  return rc ? EXIT_NOGPU : 0;
}

/* The local search: from each of the first SR_WALK candidates, r->rounds rounds of r->batch
 * neighbours of the current point; the walk moves to the best neighbour when it beats the current
 * point, and every neighbour may enter the pool. */
static int local_search(const struct kind_result *r, const struct sr_variant *v, struct sr_stat *s) {
  const struct sr_fn *f = &sr_fns[v->fn];
  struct sr_cand *nb = malloc((size_t)r->batch * sizeof *nb);
  int rc = 0;
  if (!nb) {
    errorf("%s: out of memory", v->name);
    return EXIT_IO;
  }
  uint64_t stream = sr_stream(f);
  struct sr_cand start[SR_WALK];
  int nstart = s->npool < SR_WALK ? s->npool : SR_WALK;
  memcpy(start, s->pool, (size_t)nstart * sizeof start[0]);
  for (int c = 0; c < nstart && !rc; c++) {
    struct sr_cand cur = start[c];
    for (int k = 0; k < r->rounds && !g_scan_stop && !rc; k++) {
#pragma omp parallel for num_threads(r->ri.threads > 0 ? r->ri.threads : 1) schedule(static)
      for (int j = 0; j < r->batch; j++) {
        memset(&nb[j], 0, sizeof nb[j]);
        sr_neighbour(f->dom.arity, f->dom.fmt, r->seed, stream, cur.x, cur.y, (uint64_t)c, (uint64_t)k, (uint64_t)j,
                     &nb[j].x, &nb[j].y);
      }
      if ((rc = eval_batch(r, v, r->batch, nb))) break;
      s->local += (uint64_t)r->batch;
      int best = -1;
      for (int j = 0; j < r->batch; j++) {
        if (nb[j].est < 0) continue;
        sr_pool_add(s->pool, &s->npool, &nb[j]);
        if (best < 0 || sr_cand_before(&nb[j], &nb[best])) best = j;
      }
      if (best >= 0 && sr_cand_before(&nb[best], &cur)) cur = nb[best];
    }
  }
  free(nb);
  return rc;
}

/* MPFR at every candidate not yet checked. */
static void check_pool(const struct sr_variant *v, struct sr_stat *s) {
  const struct sr_fn *f = &sr_fns[v->fn];
  const struct r64_fn *rf = r64_find(f->mpfr);
  for (int i = 0; i < s->npool; i++) {
    struct sr_cand *c = &s->pool[i];
    if (c->checked) continue;
    struct r64_verdict vd;
    r64_eval(rf, f->dom.fmt == SR_F64 ? R64_F64 : R64_F32, c->x, c->y, c->out, &vd);
    c->checked = 1, c->measured = vd.measured;
    c->ulp_err = vd.ulp_err, c->steps = vd.steps, c->cr = vd.cr;
    memcpy(c->exact, vd.exact, sizeof c->exact);
  }
}

/* Sampling of blocks [b0, b1] of variant i into s (on device dev, or nt host threads). */
static int sample_group(const struct kind_result *r, int i, uint64_t b0, uint64_t b1, struct sr_stat *s, int dev,
                        int nt) {
  const struct sr_variant *vs;
  sr_variants(&vs);
  const struct sr_variant *v = &vs[r->v[i]];
  if (v->lib != SR_CUDA) {
    host_sample(r, v, s, b0, b1, nt);
    return 0;
  }
  char err[256];
  const struct sr_fn *f = &sr_fns[v->fn];
  if (sr_gpu_sample(dev, v->fn, &f->dom, r->seed, sr_stream(f), b0, b1 + 1, s->pool, &s->npool, &s->unmeasured, err,
                    sizeof err)) {
    errorf("%s: %s", v->name, err);
    return EXIT_NOGPU;
  }
  s->sampled += (b1 - b0 + 1) * SR_BLOCK;
  return 0;
}

void sr_stat_merge(struct sr_stat *a, const struct sr_stat *b) {
  a->sampled += b->sampled, a->local += b->local, a->unmeasured += b->unmeasured, a->listed += b->listed;
  for (int k = 0; k < b->npool; k++) sr_pool_add(a->pool, &a->npool, &b->pool[k]);
}

/* The sampling of a range spread over workers: the next group to claim, under mu. */
struct spread {
  struct kind_result *r;
  pthread_mutex_t mu;
  uint64_t next, end, group; /* blocks: the next to claim, one past the last, a group's size */
  int rc;
  struct progress_sum pc;
};

/* Worker w: claims groups in order until none is left (or a stop), samples each for every
 * variant into a part of its own, then folds the part into the run's statistics. */
static int spread_worker(void *p, int w) {
  struct spread *sp = p;
  struct kind_result *r = sp->r;
  const int nt = workers_threads(r->ri.threads > 0 ? r->ri.threads : 1, r->workers, w);
  struct sr_stat part;
  for (;;) {
    pthread_mutex_lock(&sp->mu);
    uint64_t b0 = sp->next, b1 = b0 + sp->group - 1 < sp->end - 1 ? b0 + sp->group - 1 : sp->end - 1;
    int go = b0 < sp->end && !sp->rc && !g_scan_stop;
    if (go) sp->next = b1 + 1;
    pthread_mutex_unlock(&sp->mu);
    if (!go) return 0;
    for (int i = 0; i < r->nv; i++) {
      memset(&part, 0, sizeof part);
      int rc = sample_group(r, i, b0, b1, &part, r->ri.gpu ? r->dev[w] : 0, nt);
      pthread_mutex_lock(&sp->mu);
      if (rc && !sp->rc) sp->rc = rc;
      if (!rc) sr_stat_merge(&r->st[i], &part), progress_add(&sp->pc, (b1 - b0 + 1) * SR_BLOCK);
      pthread_mutex_unlock(&sp->mu);
      if (rc) return 0;
    }
  }
}

int sr_scan(struct kind_result *r, uint32_t from, uint32_t to, int64_t *done) {
  struct spread sp = {.r = r, .next = from, .end = (uint64_t)to + 1, .group = r->ri.gpu ? SR_GROUP_GPU : SR_GROUP};
  r->fresh = 0; /* no longer a resumed run's blank start (sr_merge) */
  pthread_mutex_init(&sp.mu, NULL);
  progress_start(&sp.pc.bar, "search: sampling", ((uint64_t)to - from + 1) * SR_BLOCK * (uint64_t)r->nv,
                 r->progress && !g_quiet);
  workers_run(r->workers, spread_worker, &sp);
  progress_end(&sp.pc.bar);
  pthread_mutex_destroy(&sp.mu);
  *done = (int64_t)sp.next - 1; /* every claimed group completed */
  if (sp.rc) return sp.rc;
  return sp.next < sp.end ? EXIT_INTERRUPT : 0;
}

/* The local search of every variant, its progress drawn: 0, or an exit code. */
static int local_all(struct kind_result *r) {
  const struct sr_variant *vs;
  sr_variants(&vs);
  for (int i = 0; i < r->nv; i++) {
    int rc = r->nlist ? sr_list_eval(r, i) : 0;
    if (!rc) rc = local_search(r, &vs[r->v[i]], &r->st[i]);
    if (rc) return rc;
    check_pool(&vs[r->v[i]], &r->st[i]);
    if (!g_quiet && r->progress && r->nv > 1) fprintf(stderr, "\rsearch: local search %d/%d", i + 1, r->nv);
  }
  if (!g_quiet && r->progress && r->nv > 1) fprintf(stderr, "\n");
  return 0;
}

int sr_finish(struct kind_result *r) {
  const struct sr_variant *vs;
  sr_variants(&vs);
  for (int i = 0; i < r->nv; i++) check_pool(&vs[r->v[i]], &r->st[i]);
  if (r->local_done || r->shards > 1) return 0; /* done already, or waiting for the shards' merge */
  struct sr_stat *saved = malloc((size_t)r->nv * sizeof *saved);
  if (!saved) return EXIT_IO;
  memcpy(saved, r->st, (size_t)r->nv * sizeof *saved);
  int rc = local_all(r);
  if (!rc && g_scan_stop) rc = EXIT_INTERRUPT;
  if (rc == EXIT_INTERRUPT) { /* keep the sampling only: a resume does the local search whole */
    memcpy(r->st, saved, (size_t)r->nv * sizeof *saved);
    if (!r->ri.ncov) run_info_cover(&r->ri, r->ri.from, r->ri.to);
  }
  free(saved);
  if (!rc) r->local_done = 1;
  return rc;
}

int sr_best(const struct sr_stat *s) {
  int b = -1;
  for (int i = 0; i < s->npool; i++) {
    const struct sr_cand *c = &s->pool[i];
    if (!c->checked || !c->measured) continue;
    if (b < 0 || c->ulp_err > s->pool[b].ulp_err ||
        (c->ulp_err == s->pool[b].ulp_err && sr_cand_before(c, &s->pool[b])))
      b = i;
  }
  return b;
}

int sr_violation(const struct sr_variant *v, const struct sr_stat *s) {
  int b = -1;
  for (int i = 0; i < s->npool && v->bound != SR_NO_BOUND; i++) {
    const struct sr_cand *c = &s->pool[i];
    if (!c->checked || !c->measured) continue;
    int over = v->bound == SR_BOUND_STEPS ? (double)c->steps > v->bound_value : c->ulp_err > v->bound_value;
    if (over && (b < 0 || c->ulp_err > s->pool[b].ulp_err)) b = i;
  }
  return b;
}

void sr_where(const struct sr_fn *f, const struct sr_cand *c, char *buf, size_t n) {
  if (f->dom.arity == 2)
    snprintf(buf, n, "x = %a, y = %a", c->x, c->y);
  else
    snprintf(buf, n, "x = %a", c->x);
}

void sr_verdict(const struct sr_variant *v, const struct sr_stat *s, char *buf, size_t n) {
  unsigned long long searched = (unsigned long long)(s->sampled + s->local + s->listed);
  const char *unit = v->bound == SR_BOUND_STEPS ? "ulp from the correctly rounded result" : "ulp";
  int k = sr_violation(v, s);
  if (v->bound == SR_NO_BOUND)
    snprintf(buf, n, "no bound");
  else if (k >= 0) {
    char where[160];
    sr_where(&sr_fns[v->fn], &s->pool[k], where, sizeof where);
    if (s->pool[k].steps == UINT64_MAX)
      snprintf(buf, n, "VIOLATED (%g %s documented): a non-finite output where f is finite, at %s", v->bound_value,
               unit, where);
    else if (isinf(s->pool[k].ulp_err))
      snprintf(buf, n, "VIOLATED (%g %s documented): at least 2^1024 ulp, %llu steps from the correctly rounded "
               "result, at %s", v->bound_value, unit, (unsigned long long)s->pool[k].steps, where);
    else
      snprintf(buf, n, "VIOLATED (%g %s documented): %.6f ulp, %llu steps from the correctly rounded result, at %s",
               v->bound_value, unit, s->pool[k].ulp_err, (unsigned long long)s->pool[k].steps, where);
  }
  else
    snprintf(buf, n, "no violation found in %llu inputs (%g %s documented)", searched, v->bound_value, unit);
}
