/* scan.c: pairs through the two-argument variants and into their statistics, by one of
 * two paths. The pipeline (pair_pipe.h) computes partners, fast references, outputs and
 * the measure per block on each GPU of the run (one host thread per device, blocks
 * claimed in increasing order from a shared counter) or on the host. The batch path, for
 * --no-fast-path and lists of pairs, evaluates a batch of pairs (swept operand x,
 * partner p) by every variant (the host's libm on the CPU and for host variants, the
 * device functions on the first GPU), computes its references once per reference
 * function with MPFR, and measures every output on the host by the per-input definitions
 * shared with the unary kind (measure_input_at through part_reduce_pairs). Each run of pairs with the same x,
 * or each block, is one work item folded into its bin; statistics merge exactly, so the
 * result does not depend on the path, batch sizes, threads, devices, shards or the
 * backend. */
#include <omp.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/driver.h"
#include "src/engine/workers.h"
#include "src/kinds/pair/pair_pipe.h"
#include "src/kinds/pair/pair_pipe_core.h"
#include "src/kinds/pair/pair_scan.h"

/* operands (a, b) of f(a, b) from the swept x and its partner */
static inline uint32_t op_a(const struct pair_scan *ps, uint32_t x, uint32_t p) { return ps->swap ? p : x; }
static inline uint32_t op_b(const struct pair_scan *ps, uint32_t x, uint32_t p) { return ps->swap ? x : p; }

struct batch {
  uint32_t m;              /* pairs */
  uint32_t *x, *p, *a, *b; /* swept, partner, operands */
  uint32_t *out, *dom;
  double *y[PAIR_MAXREF];
  int8_t *t[PAIR_MAXREF];
};

static void batch_free(struct batch *bt, int threads) {
#pragma omp parallel num_threads(threads)
  pair_ref_cleanup();
  free(bt->x), free(bt->p), free(bt->a), free(bt->b), free(bt->out), free(bt->dom);
  for (int r = 0; r < PAIR_MAXREF; r++) free(bt->y[r]), free(bt->t[r]);
}

static int batch_alloc(struct batch *bt, uint32_t m) {
  memset(bt, 0, sizeof *bt);
  size_t n = m ? m : 1;
  bt->x = malloc(4 * n), bt->p = malloc(4 * n), bt->a = malloc(4 * n), bt->b = malloc(4 * n);
  bt->out = malloc(4 * n), bt->dom = malloc(4 * n);
  int ok = bt->x && bt->p && bt->a && bt->b && bt->out && bt->dom;
  for (int r = 0; r < n_pair_refs && r < PAIR_MAXREF && ok; r++) {
    bt->y[r] = malloc(8 * n), bt->t[r] = malloc(n);
    ok = bt->y[r] && bt->t[r];
  }
  if (!ok) batch_free(bt, 1);
  return ok ? 0 : -1;
}

static int ref_index(const struct pair_ref *r) { return (int)(r - pair_refs); }

/* the references of the batch, once per reference function the variants of partner set
 * 'set' use */
static void batch_references(struct pair_scan *ps, struct batch *bt, int set) {
  for (int r = 0; r < n_pair_refs; r++) {
    int used = 0;
    for (int i = 0; i < ps->nv; i++) used |= ref_index(ps->v[i]->ref) == r && ps->v[i]->ref->set == set;
    if (!used) continue;
    double *y = bt->y[r];
    int8_t *t = bt->t[r];
    uint64_t calls = 0;
#pragma omp parallel for schedule(dynamic, 256) num_threads(ps->threads) reduction(+ : calls)
    for (int64_t i = 0; i < (int64_t)bt->m; i++) {
      int ti;
      calls += (uint64_t)pair_ref_eval(&pair_refs[r], ps->fast, bt->a[i], bt->b[i], &y[i], &ti);
      t[i] = (int8_t)ti;
    }
    ps->mpfr_calls += calls;
  }
}

/* variant i's outputs on the batch */
static int batch_outputs(struct pair_scan *ps, int i, struct batch *bt) {
  const struct pair_variant *v = ps->v[i];
  if (!ps->gpu || v->flavour == PF_HOST) {
    float (*f)(float, float) = v->host_fn;
#pragma omp parallel for schedule(static) num_threads(ps->threads)
    for (int64_t k = 0; k < (int64_t)bt->m; k++) bt->out[k] = f2u(f(u2f(bt->a[k]), u2f(bt->b[k])));
    return 0;
  }
  char err[512];
  if (pair_gpu_eval(ps->ndevices > 0 ? ps->devices[0] : 0, v->flavour, v->dev, bt->a, bt->b, bt->m, bt->out, err,
                    sizeof err)) {
    errorf("%s: %s", v->name, err);
    return EXIT_NOGPU;
  }
  return 0;
}

/* variant i's measures of the batch into its statistics: one work item per run of x */
static void batch_reduce(struct pair_scan *ps, int i, struct batch *bt) {
  const struct pair_variant *v = ps->v[i];
  struct stats *s = ps->st[i];
  const int r = ref_index(v->ref);
  for (uint32_t k = 0; k < bt->m; k++) bt->dom[k] = v->clause_operand ? bt->b[k] : bt->a[k];
  struct measure_cfg c;
  stats_measure_cfg(s, &c);
  struct part p;
  for (uint32_t k0 = 0; k0 < bt->m;) {
    uint32_t k1 = k0 + 1;
    while (k1 < bt->m && bt->x[k1] == bt->x[k0]) k1++;
    double emax;
    part_init(&p);
    part_reduce_pairs(&p, &c, bt->x[k0], k1 - k0, bt->p + k0, bt->dom + k0, bt->out + k0, bt->y[r] + k0,
                      bt->t[r] + k0, &emax);
    if (ps->moments) { /* a sweep's pairs of x are its partners 0 .. np - 1, in order */
      const uint64_t i0 = (uint64_t)(bt->x[k0] & ((1u << BIN_LOG2) - 1)) * pair_npart(ps->nrandom);
      for (uint32_t k = k0; k < k1; k++) pp_moments(&p.m0, &p.m1, i0 + (k - k0), bt->out[k]);
    }
    stats_fold_part(s, bt->x[k0], k1 - k0, &p);
    const int xb = emax >= 0 ? xbin_of(bt->x[k0]) : -1;
    if (xb >= 0 && emax > s->xbin_max_ulp[xb]) s->xbin_max_ulp[xb] = emax;
    k0 = k1;
  }
}

/* the batch through the variants of partner set 'set' (-1: every variant) */
static int batch_run(struct pair_scan *ps, struct batch *bt, int set) {
  for (uint32_t k = 0; k < bt->m; k++) bt->a[k] = op_a(ps, bt->x[k], bt->p[k]), bt->b[k] = op_b(ps, bt->x[k], bt->p[k]);
  const double t0 = now_s();
  if (set >= 0) batch_references(ps, bt, set);
  else
    for (int s = 0; s < PS_N; s++) batch_references(ps, bt, s);
  ps->t_ref += now_s() - t0;
  for (int i = 0; i < ps->nv; i++) {
    if (set >= 0 && ps->v[i]->ref->set != set) continue;
    const double t1 = now_s();
    int rc = batch_outputs(ps, i, bt);
    ps->t_eval += now_s() - t1;
    if (rc) return rc;
    batch_reduce(ps, i, bt);
  }
  return 0;
}

uint32_t pair_npart(uint32_t nrandom) { return PAIR_ADV + nrandom; }

/* The partners of x into p[0 .. npart). */
void pair_partners_of(const struct pair_scan *ps, int set, uint32_t x, uint32_t *p) {
  pair_partners_x(set, ps->swap, x, pair_npart(ps->nrandom), ps->seed, p);
}

/* block [x, x1) against the partners of one set through that set's variants */
static int block_run(struct pair_scan *ps, struct batch *bt, uint64_t x, uint64_t x1, int set) {
  const uint32_t np = pair_npart(ps->nrandom);
  bt->m = (uint32_t)((x1 - x) * np);
  for (uint64_t xi = x; xi < x1; xi++) {
    pair_partners_of(ps, set, (uint32_t)xi, bt->p + (xi - x) * np);
    for (uint32_t k = 0; k < np; k++) bt->x[(xi - x) * np + k] = (uint32_t)xi;
  }
  return batch_run(ps, bt, set);
}

/* ---- the pipeline: on every GPU of the run, or on the host ---- */

struct pipe_run {
  struct pair_scan *ps;
  uint32_t np, block;
  uint64_t next, end; /* the next x to claim, the range's end */
  int stop, rc, mpfr_threads;
  pthread_mutex_t mu;
  double mpfr_s;
  int (*progress)(void *, uint64_t);
  void *pctx;
};

/* the next block: up to 'block' x, within one bin; 0 when the range is done or the run stops */
static int claim(void *p, uint32_t *x0, uint32_t *nx) {
  struct pipe_run *g = p;
  pthread_mutex_lock(&g->mu);
  if (g_scan_stop) g->stop = 1;
  const int ok = !g->stop && g->next < g->end;
  if (ok) {
    const uint64_t x1 = (g->next / g->block + 1) * g->block; /* block divides the bin width */
    *x0 = (uint32_t)g->next, *nx = (uint32_t)((x1 < g->end ? x1 : g->end) - g->next);
    g->next += *nx;
  }
  pthread_mutex_unlock(&g->mu);
  return ok;
}

/* a unit's parts into the variants' statistics */
static void fold(void *p, uint32_t x0, uint32_t nx, int nvu, const int *slots, const struct part *parts) {
  struct pipe_run *g = p;
  pthread_mutex_lock(&g->mu);
  for (int u = 0; u < nvu; u++) stats_fold_part(g->ps->st[slots[u]], x0, nx * g->np, &parts[u]);
  if (g->progress && g->progress(g->pctx, (uint64_t)nx * g->np * (uint64_t)nvu)) g->stop = 1;
  pthread_mutex_unlock(&g->mu);
}

/* the pairs a GPU's fast references left, through MPFR (this device's share of the threads) */
static void mpfr_pairs(void *p, int ref, uint32_t n, const uint32_t (*und)[3], double *y, int8_t *t) {
  struct pipe_run *g = p;
  const double t0 = now_s();
#pragma omp parallel for schedule(dynamic, 64) num_threads(g->mpfr_threads)
  for (int64_t k = 0; k < (int64_t)n; k++) {
    int tk;
    pair_ref_mpfr(&pair_refs[ref], und[k][1], und[k][2], &y[k], &tk);
    t[k] = (int8_t)tk;
  }
#pragma omp parallel num_threads(g->mpfr_threads)
  pair_ref_cleanup();
  pthread_mutex_lock(&g->mu);
  g->ps->mpfr_calls += n, g->mpfr_s += now_s() - t0;
  pthread_mutex_unlock(&g->mu);
}

/* the host pipeline's references: the pairs MPFR took and the seconds they all took */
static void undecided(void *p, uint64_t n, double seconds) {
  struct pipe_run *g = p;
  pthread_mutex_lock(&g->mu);
  g->ps->mpfr_calls += n, g->mpfr_s += seconds;
  pthread_mutex_unlock(&g->mu);
}

static void fail(struct pipe_run *g, int rc, const char *msg) {
  pthread_mutex_lock(&g->mu);
  if (!g->rc) g->rc = rc, errorf("%s", msg);
  g->stop = 1;
  pthread_mutex_unlock(&g->mu);
}

static void pipe_cfg(const struct pair_scan *ps, uint32_t block, struct pair_pipe_cfg *c) {
  memset(c, 0, sizeof *c);
  c->nv = ps->nv, c->swap = ps->swap, c->seed = ps->seed, c->np = pair_npart(ps->nrandom), c->max_x = block;
  c->moments = ps->moments, c->outputs_only = ps->outputs_only, c->threads = ps->threads;
  for (int i = 0; i < ps->nv; i++) {
    const struct pair_variant *v = ps->v[i];
    c->ref[i] = ref_index(v->ref), c->flavour[i] = v->flavour, c->dev_fn[i] = v->dev, c->operand[i] = v->clause_operand;
    c->host_fn[i] = v->host_fn;
    stats_measure_cfg(ps->st[i], &c->cfg[i]);
  }
}

struct share {
  struct pipe_run *g;
  struct pair_pipe_cfg c;
};

/* x-bin maxima of one worker into the statistics */
static void fold_xbins(struct pipe_run *g, int v, const uint64_t *xb) {
  pthread_mutex_lock(&g->mu);
  stats_fold_xbins(g->ps->st[v], xb);
  pthread_mutex_unlock(&g->mu);
}

/* Worker d on a GPU: a pipeline on device devices[d] over the blocks it claims, then its
 * x-bin maxima into the statistics. */
static void gpu_worker(struct share *sh, int d) {
  struct pipe_run *g = sh->g;
  struct pair_scan *ps = g->ps;
  char err[512];
  struct pair_pipe *pp = pair_pipe_open(ps->ndevices > 0 ? ps->devices[d] : 0, &sh->c, err, sizeof err);
  if (!pp) {
    fail(g, EXIT_NOGPU, err);
    return;
  }
  const struct pair_pipe_io io = {claim, fold, mpfr_pairs, NULL, g};
  if (pair_pipe_run(pp, &io)) fail(g, EXIT_NOGPU, pair_pipe_error(pp));
  uint64_t xb[XBINS];
  for (int i = 0; i < ps->nv && !ps->outputs_only; i++) {
    if (pair_pipe_xbins(pp, i, xb)) {
      fail(g, EXIT_NOGPU, pair_pipe_error(pp));
      break;
    }
    fold_xbins(g, i, xb);
  }
  pair_pipe_close(pp);
}

/* Worker d on the host (the CPU backend runs one; tests run several, as the GPUs of a
 * host would be used): the host pipeline over the blocks it claims. */
static void host_worker(struct share *sh) {
  struct pipe_run *g = sh->g;
  uint64_t *xb = calloc((size_t)sh->c.nv * XBINS, sizeof *xb);
  const struct pair_pipe_io io = {claim, fold, NULL, undecided, g};
  if (!xb || pair_pipe_host_run(&sh->c, &io, xb)) fail(g, EXIT_IO, "out of host memory");
  for (int i = 0; xb && i < sh->c.nv && !sh->c.outputs_only; i++) fold_xbins(g, i, xb + (size_t)i * XBINS);
  free(xb);
}

static int pipe_worker(void *p, int d) {
  struct share *sh = p;
  if (sh->g->ps->gpu) gpu_worker(sh, d);
  else host_worker(sh);
  return 0;
}

static int pipe_range(struct pair_scan *ps, uint32_t from, uint32_t to, uint32_t block, uint64_t *done_to,
                      int (*progress)(void *, uint64_t), void *ctx) {
  const int nd = ps->ndevices > 0 ? ps->ndevices : 1;
  struct pipe_run g = {.ps = ps, .np = pair_npart(ps->nrandom), .block = block, .next = from, .end = (uint64_t)to + 1,
                       .progress = progress, .pctx = ctx};
  g.mpfr_threads = ps->threads / nd > 0 ? ps->threads / nd : 1;
  pthread_mutex_init(&g.mu, NULL);
  const double t0 = now_s();
  struct share sh = {&g, {0}};
  pipe_cfg(ps, block, &sh.c);
  sh.c.threads = g.mpfr_threads;
  workers_run(nd, pipe_worker, &sh);
  pthread_mutex_destroy(&g.mu);
  ps->t_ref += g.mpfr_s, ps->t_eval += now_s() - t0 - g.mpfr_s;
  *done_to = g.next; /* every block claimed was completed */
  if (g.rc) return g.rc;
  return g.next < g.end ? EXIT_INTERRUPT : 0;
}

int pair_scan_range(struct pair_scan *ps, uint32_t from, uint32_t to, uint32_t block, uint64_t *done_to,
                    int (*progress)(void *, uint64_t), void *ctx) {
  if (ps->fast || ps->outputs_only) {
    /* on a GPU one block is a bin, 2^20 x and their partners (fewer units to pipeline),
       unless the range is smaller or the partners many: at most 2^26 pairs a block */
    const uint64_t span = (uint64_t)to - from + 1, np = pair_npart(ps->nrandom);
    uint32_t b = ps->gpu ? 1u << BIN_LOG2 : block;
    while (ps->gpu && b > 4096 && (b / 2 >= span || (uint64_t)b * np > (1ull << 26))) b /= 2;
    return pipe_range(ps, from, to, b, done_to, progress, ctx);
  }
  const uint32_t np = pair_npart(ps->nrandom);
  struct batch bt;
  if (batch_alloc(&bt, block * np)) return EXIT_IO;
  uint64_t x = from, end = (uint64_t)to + 1;
  int rc = 0;
  *done_to = from;
  while (x < end && !rc) {
    /* a block never crosses a bin: block divides 2^BIN_LOG2 */
    const uint64_t x1 = (x / block + 1) * block < end ? (x / block + 1) * block : end;
    /* every variant completes the block before the next: an interruption keeps whole blocks */
    for (int set = 0; set < PS_N && !rc; set++) {
      int used = 0;
      for (int i = 0; i < ps->nv; i++) used |= ps->v[i]->ref->set == set;
      if (used) rc = block_run(ps, &bt, x, x1, set);
    }
    if (rc) break;
    const uint64_t n = (x1 - x) * np * (uint64_t)ps->nv;
    x = x1, *done_to = x1;
    if ((progress && progress(ctx, n)) || g_scan_stop) rc = x < end ? EXIT_INTERRUPT : 0;
  }
  batch_free(&bt, ps->threads);
  return rc;
}

int pair_scan_list(struct pair_scan *ps, const uint32_t (*pairs)[2], uint32_t n) {
  struct batch bt;
  const uint32_t chunk = 1u << 16;
  if (batch_alloc(&bt, n < chunk ? n : chunk)) return EXIT_IO;
  int rc = 0;
  for (uint32_t i0 = 0; i0 < n && !rc; i0 += chunk) {
    bt.m = n - i0 < chunk ? n - i0 : chunk;
    for (uint32_t k = 0; k < bt.m; k++) { /* the file gives (a, b); x is the swept one */
      const uint32_t a = pairs[i0 + k][0], b = pairs[i0 + k][1];
      bt.x[k] = ps->swap ? b : a, bt.p[k] = ps->swap ? a : b;
    }
    rc = batch_run(ps, &bt, -1);
  }
  batch_free(&bt, ps->threads);
  return rc;
}
