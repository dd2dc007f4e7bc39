/* scan.c: the search kind's pipeline for one range of blocks: sampling (host threads, or the
 * device for CUDA's functions), the local search around the best candidates, then MPFR at every
 * candidate kept. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference/search/ref64.h"
#include "src/common.h"
#include "src/engine/driver.h"
#include "src/kinds/search/file.h"
#include "src/kinds/search/result.h"

#define SR_GROUP 16       /* blocks between two looks at the stop flag (host) */
#define SR_GROUP_GPU 1024 /* the same on the device: 2^26 inputs a launch */

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

/* Sampling of blocks [b0, b1] of a host variant into its pool. */
static void host_sample(const struct kind_result *r, const struct sr_variant *v, struct sr_stat *s, uint64_t b0,
                        uint64_t b1) {
  const struct sr_fn *f = &sr_fns[v->fn];
  uint64_t stream = sr_stream(f), unmeasured = 0;
  int nt = r->ri.threads > 0 ? r->ri.threads : 1;
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
  int rc = sr_gpu_eval(v->fn, n, xs, ys, outs, ests, err, sizeof err);
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

/* Sampling of one group of blocks for variant i. */
static int sample_group(struct kind_result *r, int i, uint64_t b0, uint64_t b1) {
  const struct sr_variant *vs;
  sr_variants(&vs);
  const struct sr_variant *v = &vs[r->v[i]];
  struct sr_stat *s = &r->st[i];
  if (v->lib != SR_CUDA) {
    host_sample(r, v, s, b0, b1);
    return 0;
  }
  char err[256];
  const struct sr_fn *f = &sr_fns[v->fn];
  if (sr_gpu_sample(v->fn, &f->dom, r->seed, sr_stream(f), b0 * SR_BLOCK, (b1 + 1) * SR_BLOCK, s->pool, &s->npool,
                    &s->unmeasured, err, sizeof err)) {
    errorf("%s: %s", v->name, err);
    return EXIT_NOGPU;
  }
  s->sampled += (b1 - b0 + 1) * SR_BLOCK;
  return 0;
}

int sr_scan(struct kind_result *r, uint32_t from, uint32_t to, int64_t *done) {
  const struct sr_variant *vs;
  sr_variants(&vs);
  *done = (int64_t)from - 1;
  uint64_t group = r->ri.gpu ? SR_GROUP_GPU : SR_GROUP;
  for (uint64_t g = from; g <= to; g += group) {
    if (g_scan_stop) break;
    uint64_t ge = g + group - 1 < to ? g + group - 1 : to;
    for (int i = 0; i < r->nv; i++) {
      int rc = sample_group(r, i, g, ge);
      if (rc) return rc;
    }
    *done = (int64_t)ge;
  }
  for (int i = 0; i < r->nv && r->nlist && from == r->first_block && !g_scan_stop; i++) {
    int rc = sr_list_eval(r, i); /* the listed inputs, with the run's first block */
    if (rc) return rc;
  }
  for (int i = 0; i < r->nv; i++) {
    int rc = local_search(r, &vs[r->v[i]], &r->st[i]);
    if (rc) return rc;
    check_pool(&vs[r->v[i]], &r->st[i]);
  }
  return g_scan_stop ? EXIT_INTERRUPT : 0;
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
