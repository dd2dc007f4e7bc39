/* pipe_host.c: the pipeline of pairs on the host (pair_pipe.h): what pair_pipe.cu does on
 * a GPU, with the variants' host functions and the host's threads, through the same
 * per-pair code (pair_pipe_core.h): partners once per x, references by the fast path
 * and MPFR for what it leaves, the measure into lean accumulators over slices of the
 * block, merged and finished into one part per variant and unit. The CPU backend runs
 * two-argument variants through it; its statistics equal those of scan.c's batch path
 * (the full accumulator, MPFR for every pair) field for field (tests/unit/test_pair.c). */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/pair/pair_pipe.h"
#include "src/kinds/pair/pair_pipe_core.h"
#include "src/measure/metrics.h"

_Static_assert(PP_BIN_LOG2 == BIN_LOG2, "the pipeline's bins are those of the statistics");

/* slices of a block reduced apart and merged (any number gives the same part) */
#define HOST_SLICES 16

struct host_block {
  uint32_t n; /* pairs */
  uint32_t *p, *out;
  double *y;
  int8_t *t;
};

static int block_alloc(struct host_block *b, size_t n) {
  b->p = malloc(4 * n), b->out = malloc(4 * n), b->y = malloc(8 * n), b->t = malloc(n);
  return b->p && b->out && b->y && b->t ? 0 : -1;
}

static void block_free(struct host_block *b) { free(b->p), free(b->out), free(b->y), free(b->t); }

/* partners of [x0, x0 + nx), once per x */
static void partners(const struct pair_pipe_cfg *c, int set, uint32_t x0, uint32_t nx, struct host_block *b) {
#pragma omp parallel for schedule(static) num_threads(c->threads)
  for (int64_t i = 0; i < (int64_t)nx; i++) pair_partners_x(set, c->swap, x0 + (uint32_t)i, c->np, c->seed, b->p + i * c->np);
}

/* references of the block: the fast path, MPFR for what it leaves; the pairs MPFR took */
static uint64_t references(const struct pair_pipe_cfg *c, int r, uint32_t x0, struct host_block *b) {
  uint64_t und = 0;
#pragma omp parallel for schedule(dynamic, 4096) num_threads(c->threads) reduction(+ : und)
  for (int64_t j = 0; j < (int64_t)b->n; j++) {
    const uint32_t x = x0 + (uint32_t)(j / c->np), p = b->p[j], a = pp_op_a(c->swap, x, p), bb = pp_op_b(c->swap, x, p);
    int t;
    if (!pair_refs[r].fast_fn(a, bb, &b->y[j], &t)) pair_ref_mpfr(&pair_refs[r], a, bb, &b->y[j], &t), und++;
    b->t[j] = (int8_t)t;
  }
#pragma omp parallel num_threads(c->threads)
  pair_ref_cleanup();
  return und;
}

/* Tiles of PP_TILE_X x (storage order) or single x (key order) are the threads' work
 * items, handed out a few at a time: a library's cost varies along x (powf's slow paths,
 * fmodf's long divisions). Every index is carried from pair to pair, none divided. */
void pair_pipe_host_outputs(const struct pair_pipe_cfg *c, int nv, const int *v, uint32_t x0, uint32_t nx, int stored,
                            const uint32_t *p, uint32_t *const *out) {
  float (*f[PAIR_MAXV])(float, float);
  for (int q = 0; q < nv; q++) f[q] = c->host_fn[v[q]];
  const uint32_t np = c->np, span = stored ? PP_TILE_X : 1, nitems = (nx + span - 1) / span;
#pragma omp parallel for schedule(dynamic, 8) num_threads(c->threads)
  for (int64_t it = 0; it < (int64_t)nitems; it++) {
    const uint32_t xa = (uint32_t)it * span, w = nx - xa < span ? nx - xa : span; /* the item's x: xa .. xa + w - 1 */
    uint32_t j = xa * np;                                                             /* its first pair, both orders */
    for (uint32_t k = 0; k < np; k++)
      for (uint32_t l = 0; l < w; l++, j++) { /* stored: j = pp_store(xa + l, k, np, nx); else j = (xa + l) np + k */
        const uint32_t x = x0 + xa + l, pj = p[j];
        const float a = u2f(pp_op_a(c->swap, x, pj)), b = u2f(pp_op_b(c->swap, x, pj));
        for (int q = 0; q < nv; q++) out[q][j] = f2u(f[q](a, b));
      }
  }
}

/* One slice [j0, j1) of the block through variant v: its lean accumulator, histogram,
 * list, moments and x-bin maxima. */
struct slice {
  uint32_t pairs;
  struct pl_hot acc;
  struct pl_cold cold;
  uint32_t hist[HIST_N];
  int nspecial, nnonfinite;
  struct sample special[LIST_MAX], nonfinite[LIST_MAX]; /* the lowest pairs of each */
  struct pp_mom mom;
};

static void slice_run(const struct pair_pipe_cfg *c, int v, uint32_t x0, const struct host_block *b, uint32_t j0,
                      uint32_t j1, struct slice *s, uint64_t *xb) {
  const struct measure_cfg *mc = &c->cfg[v];
  const uint64_t i0 = (uint64_t)(x0 & ((1u << BIN_LOG2) - 1)) * c->np; /* the block's first index in its bin */
  struct pp_walk w;
  pp_walk_start(&w, j0, c->np, 1);
  for (uint32_t j = j0; j < j1; j++, pp_walk_next(&w, c->np)) {
    const uint32_t x = x0 + w.xo, p = b->p[j], o = b->out[j];
    if (w.k == 0) pl_hot_newx(&s->acc); /* a new x (pair_lean.h) */
    const struct measure_note m = pp_measure(&s->acc, &s->cold, mc, c->outputs_only, c->swap, c->operand[v], x, p, o,
                                             c->outputs_only ? 0 : b->y[j], c->outputs_only ? 0 : b->t[j], j);
    if (c->moments) pp_mom_add(&s->mom, (uint32_t)(i0 + j), o);
    if (m.hist >= 0) s->hist[m.hist]++;
    if (m.special) list_insert(s->special, &s->nspecial, (struct sample){x, o, m.cr, p});
    if (m.nonfinite) list_insert(s->nonfinite, &s->nnonfinite, (struct sample){x, o, m.cr, p});
    const int k = m.e >= 0 ? xbin_of(x) : -1;
    const uint64_t e1 = m.e >= 0 ? d2u(m.e) + 1 : 0;
    if (k >= 0 && e1 > xb[k]) xb[k] = e1;
  }
}

/* Variant v over the block: its part. */
static void reduce(const struct pair_pipe_cfg *c, int v, uint32_t x0, const struct host_block *b, struct part *pt,
                   uint64_t *xbins) {
  struct slice *s = calloc(HOST_SLICES, sizeof *s);
  uint64_t *xb = calloc((size_t)HOST_SLICES * XBINS, sizeof *xb);
  const int ncl = c->cfg[v].n_clauses;
  part_init(pt);
  if (!s || !xb) abort(); /* a few hundred kilobytes */
#pragma omp parallel for schedule(dynamic, 1) num_threads(c->threads)
  for (int k = 0; k < HOST_SLICES; k++) {
    const uint32_t per = (b->n + HOST_SLICES - 1) / HOST_SLICES, j0 = (uint32_t)k * per;
    const uint32_t j1 = j0 + per < b->n ? j0 + per : b->n;
    pl_hot_init(&s[k].acc, &s[k].cold);
    pp_mom_init(&s[k].mom);
    s[k].pairs = j0 < j1 ? j1 - j0 : 0;
    if (j0 < j1) slice_run(c, v, x0, b, j0, j1, &s[k], xb + (size_t)k * XBINS);
  }
  struct pl_acc acc;
  pl_init(&acc);
  int n = 0, nnf = 0;
  for (int k = 0; k < HOST_SLICES; k++) {
    struct pl_acc l;
    pl_hot_acc(&s[k].acc, &s[k].cold, s[k].pairs, &l);
    pl_merge(&acc, &l, ncl);
    for (int h = 0; h < HIST_N; h++) pt->hist[h] += s[k].hist[h];
    for (int i = 0; i < s[k].nspecial; i++) list_insert(pt->special, &n, s[k].special[i]);
    for (int i = 0; i < s[k].nnonfinite; i++) list_insert(pt->nonfinite, &nnf, s[k].nonfinite[i]);
    uint64_t m0, m1;
    pp_mom_fold(&s[k].mom, &m0, &m1);
    pt->m0 = modp_add(pt->m0, m0), pt->m1 = modp_add(pt->m1, m1);
    for (int i = 0; i < XBINS; i++)
      if (xb[(size_t)k * XBINS + i] > xbins[i]) xbins[i] = xb[(size_t)k * XBINS + i];
  }
  pt->n_special = (uint32_t)n, pt->n_nonfinite = (uint32_t)nnf;
  pl_finish(&acc, ncl, b->out, c->outputs_only ? NULL : b->y, &pt->a);
  free(s), free(xb);
}

int pair_pipe_host_run(const struct pair_pipe_cfg *c, const struct pair_pipe_io *io, uint64_t *xbins) {
  struct host_block b;
  memset(&b, 0, sizeof b);
  struct part *parts = malloc(sizeof *parts * PAIR_MAXV);
  int slots[PAIR_MAXV];
  if (!parts || block_alloc(&b, (size_t)c->max_x * c->np)) {
    free(parts), block_free(&b);
    return -1;
  }
  uint32_t x0, nx;
  while (io->next(io->ctx, &x0, &nx)) {
    b.n = nx * c->np;
    for (int r = 0; r < n_pair_refs; r++) {
      int nvu = 0;
      for (int v = 0; v < c->nv; v++)
        if (c->ref[v] == r) slots[nvu++] = v;
      if (!nvu) continue;
      partners(c, pair_refs[r].set, x0, nx, &b);
      if (!c->outputs_only) {
        const double t0 = now_s();
        const uint64_t und = references(c, r, x0, &b);
        if (io->undecided) io->undecided(io->ctx, und, now_s() - t0);
      }
      for (int u = 0; u < nvu; u++) {
        uint32_t *o[1] = {b.out};
        pair_pipe_host_outputs(c, 1, &slots[u], x0, nx, 0, b.p, o);
        reduce(c, slots[u], x0, &b, &parts[u], xbins + (size_t)slots[u] * XBINS);
      }
      io->done(io->ctx, x0, nx, nvu, slots, parts);
    }
  }
  block_free(&b);
  free(parts);
  return 0;
}

void pair_pipe_unstore_refs(const struct pair_pipe_cfg *c, uint32_t x0, uint32_t nx, const uint32_t *ps,
                            const double *ys, const int8_t *ts, uint32_t *a, uint32_t *b, double *y, int8_t *t) {
  const uint32_t np = c->np;
#pragma omp parallel for schedule(static) num_threads(c->threads)
  for (int64_t xo = 0; xo < (int64_t)nx; xo++) {
    const uint32_t x = x0 + (uint32_t)xo;
    for (uint32_t k = 0; k < np; k++) {
      const size_t i = (size_t)xo * np + k, j = pp_store((uint32_t)xo, k, np, nx);
      a[i] = pp_op_a(c->swap, x, ps[j]), b[i] = pp_op_b(c->swap, x, ps[j]), y[i] = ys[j], t[i] = ts[j];
    }
  }
}

void pair_pipe_host_refs(const struct pair_pipe_cfg *c, int ref, uint32_t x0, uint32_t nx, uint32_t *a, uint32_t *b,
                         double *y, int8_t *t, uint64_t *mpfr_calls) {
  struct host_block blk = {nx * c->np, a, NULL, y, t}; /* a holds the partners until the operands replace them */
  partners(c, pair_refs[ref].set, x0, nx, &blk);
  *mpfr_calls += references(c, ref, x0, &blk);
#pragma omp parallel for schedule(static) num_threads(c->threads)
  for (int64_t j = 0; j < (int64_t)blk.n; j++) {
    const uint32_t x = x0 + (uint32_t)(j / c->np), p = a[j];
    a[j] = pp_op_a(c->swap, x, p), b[j] = pp_op_b(c->swap, x, p);
  }
}
