/* scan.c: pairs through the two-argument variants and into their statistics. A batch of
 * pairs (swept operand x, partner p) is evaluated by every variant (the host's libm on
 * the CPU, the device functions on the GPU), its references computed once per reference
 * function with MPFR, and every output measured on the host by the per-input definitions
 * shared with the unary kind (measure_input_at through part_reduce_pairs). Each run of
 * pairs with the same x is one work item folded into its bin; statistics merge exactly,
 * so the result does not depend on batch sizes, threads, shards or the backend. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/driver.h"
#include "src/kinds/pair/pair_pipe.h"
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
  if (pair_gpu_eval(ps->device, v->flavour, v->dev, bt->a, bt->b, bt->m, bt->out, err, sizeof err)) {
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
  const uint32_t np = pair_npart(ps->nrandom);
  for (uint32_t k = 0; k < np; k++) p[k] = pair_partner(set, ps->swap, x, k, ps->seed);
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

/* ---- the GPU backend with fast references: pairs, references, variants and reduction on
 * the device (pair_pipe.cu), one bin of x at a time ---- */

static int g_mpfr_threads = 1;
static double g_mpfr_s;
static const struct pair_scan *g_ps; /* the scan whose host variants the pipeline asks for */

/* the pairs the device's fast reference left, through MPFR */
static void mpfr_undecided(int ref, uint32_t n, const uint32_t (*und)[3], double *y, int8_t *t) {
  const double t0 = now_s();
#pragma omp parallel for schedule(dynamic, 64) num_threads(g_mpfr_threads)
  for (int64_t k = 0; k < (int64_t)n; k++) {
    int tk;
    pair_ref_mpfr(&pair_refs[ref], und[k][1], und[k][2], &y[k], &tk);
    t[k] = (int8_t)tk;
  }
#pragma omp parallel num_threads(g_mpfr_threads)
  pair_ref_cleanup();
  g_mpfr_s += now_s() - t0;
}

/* a host variant's outputs on pairs the device made (slot: its index in g_ps->v) */
static void host_outputs(int slot, uint32_t n, const uint32_t *a, const uint32_t *b, uint32_t *out) {
  float (*f)(float, float) = g_ps->v[slot]->host_fn;
#pragma omp parallel for schedule(static) num_threads(g_ps->threads)
  for (int64_t k = 0; k < (int64_t)n; k++) out[k] = f2u(f(u2f(a[k]), u2f(b[k])));
}

/* the variants of reference r into a request (slots: their indices in ps->v) */
static int request_of(const struct pair_scan *ps, int r, struct pair_pipe_req *rq) {
  *rq = (struct pair_pipe_req){.ref = r, .set = pair_refs[r].set, .swap = ps->swap, .seed = ps->seed,
                               .np = pair_npart(ps->nrandom), .mpfr = mpfr_undecided, .host = host_outputs};
  for (int i = 0; i < ps->nv; i++)
    if (ref_index(ps->v[i]->ref) == r)
      rq->slot[rq->nv] = i, rq->flavour[rq->nv] = ps->v[i]->flavour, rq->dev_fn[rq->nv] = ps->v[i]->dev, rq->nv++;
  return rq->nv;
}

static int gpu_blocks(struct pair_scan *ps, struct pair_pipe *pp, uint32_t from, uint32_t to, uint64_t *done_to,
                      int (*progress)(void *, uint64_t), void *ctx) {
  const uint32_t np = pair_npart(ps->nrandom), bin = 1u << BIN_LOG2;
  struct part *parts = malloc(sizeof *parts * PAIR_MAXV);
  if (!parts) return EXIT_IO;
  uint64_t x = from, end = (uint64_t)to + 1;
  int rc = 0;
  while (x < end && !rc) {
    const uint64_t x1 = (x / bin + 1) * bin < end ? (x / bin + 1) * bin : end;
    const double t0 = now_s();
    for (int r = 0; r < n_pair_refs && !rc; r++) {
      struct pair_pipe_req rq;
      if (!request_of(ps, r, &rq)) continue;
      if (pair_pipe_block(pp, &rq, (uint32_t)x, (uint32_t)(x1 - x), parts, &ps->mpfr_calls)) {
        errorf("%s", pair_pipe_error(pp));
        rc = EXIT_NOGPU;
        break;
      }
      for (int v = 0; v < rq.nv; v++) stats_fold_part(ps->st[rq.slot[v]], (uint32_t)x, (uint32_t)((x1 - x) * np), &parts[v]);
    }
    ps->t_eval += now_s() - t0;
    if (rc) break;
    const uint64_t n = (x1 - x) * np * (uint64_t)ps->nv;
    x = x1, *done_to = x1;
    if ((progress && progress(ctx, n)) || g_scan_stop) rc = x < end ? EXIT_INTERRUPT : 0;
  }
  free(parts);
  return rc;
}

static int gpu_range(struct pair_scan *ps, uint32_t from, uint32_t to, uint64_t *done_to,
                     int (*progress)(void *, uint64_t), void *ctx) {
  struct measure_cfg cfg[PAIR_MAXV];
  int operand[PAIR_MAXV];
  for (int i = 0; i < ps->nv; i++) stats_measure_cfg(ps->st[i], &cfg[i]), operand[i] = ps->v[i]->clause_operand;
  const uint64_t span = (uint64_t)to - from + 1;
  const uint32_t max_x = span < (1u << BIN_LOG2) ? (uint32_t)span : 1u << BIN_LOG2;
  char err[512];
  struct pair_pipe *pp = pair_pipe_open(ps->device, ps->nv, max_x, pair_npart(ps->nrandom), cfg, operand, err, sizeof err);
  if (!pp) {
    errorf("%s", err);
    return EXIT_NOGPU;
  }
  g_mpfr_threads = ps->threads, g_mpfr_s = 0, g_ps = ps;
  *done_to = from;
  int rc = gpu_blocks(ps, pp, from, to, done_to, progress, ctx);
  for (int i = 0; i < ps->nv && *done_to > from; i++) { /* the x-bin maxima of what was done */
    uint64_t xb[XBINS];
    if (pair_pipe_xbins(pp, i, xb)) {
      errorf("%s", pair_pipe_error(pp));
      rc = rc ? rc : EXIT_NOGPU;
      break;
    }
    stats_fold_xbins(ps->st[i], xb);
  }
  ps->t_ref += g_mpfr_s, ps->t_eval -= g_mpfr_s;
  pair_pipe_close(pp);
  return rc;
}

int pair_scan_range(struct pair_scan *ps, uint32_t from, uint32_t to, uint32_t block, uint64_t *done_to,
                    int (*progress)(void *, uint64_t), void *ctx) {
  if (ps->gpu && ps->fast) return gpu_range(ps, from, to, done_to, progress, ctx);
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
