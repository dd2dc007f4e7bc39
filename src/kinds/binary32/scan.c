/* scan.c: see scan.h. */
#include "src/kinds/binary32/scan.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference/interval/ib_prog.h"
#include "reference/fast/fastref.h"
#include "reference/refcache.h"
#include "src/kinds/binary32/device/gpu.h"
#include "src/engine/driver.h"
#include "src/engine/progress.h"

#define HALF 0x80000000u      /* magnitudes per sign half: 2^31 */
#define RED_BLOCK (1u << 14)  /* inputs per reduction work item */
_Static_assert(GEOM_BIN_LOG2 == BIN_LOG2, "the device merges items per bin of metrics.h");
#define REF_BLOCK (1u << 12)  /* inputs per reference work item */

int scan_covered(uint32_t from, uint32_t to, int64_t done_mag, uint32_t cov[2][2]) {
  int n = 0;
  if (done_mag < 0) return 0;
  if (from < HALF) { /* positive part: [from, min(to, HALF-1, done)] */
    int64_t hi = to < HALF ? to : HALF - 1;
    if (hi > done_mag) hi = done_mag;
    if (hi >= from) cov[n][0] = from, cov[n][1] = (uint32_t)hi, n++;
  }
  if (to >= HALF) {
    uint32_t lo = from > HALF ? from : HALF;
    int64_t hi = to;
    if (hi > (int64_t)HALF + done_mag) hi = (int64_t)HALF + done_mag;
    if (hi >= lo) cov[n][0] = lo, cov[n][1] = (uint32_t)hi, n++;
  }
  return n;
}

/* magnitude interval [lo, hi] (inclusive); empty when lo > hi */
struct mrange { int64_t lo, hi; };

static int in_r(struct mrange r, int64_t m) { return m >= r.lo && m <= r.hi; }

struct chunk {
  uint32_t a0;    /* first magnitude evaluated (one before the first needed, for monotonicity) */
  uint32_t first; /* first magnitude accounted by this chunk */
  uint32_t len;
  uint64_t work; /* in-range inputs */
};

struct ctx {
  const struct variant *const *v;
  int nv;
  const struct reference *ref;
  const struct scan_opts *o;
  struct mrange P, N; /* magnitudes in range per sign */
  int sym;            /* reference odd or even: negatives mirror positives */
  int odd;
  int mono;           /* +1 increasing, -1 decreasing, 0 none */
  struct refcache cache;
  double *ry;
  int8_t *rt; /* [0, len) positives, [len, 2 len) negatives when !sym */
  uint32_t *cpu_out[SCAN_MAXV];
  struct stats **acc; /* [thread * nv + variant] */
  struct measure_cfg cfg[SCAN_MAXV];
  double *own_ry; /* the engine's own reference buffers */
  int8_t *own_rt;
  int nthreads;
  int user_threads; /* the most threads a user's host function ran on (host_batch) */
  struct ref_fast fast; /* the fast path's table (fastref.h); fast.ok = 0: none */
  const struct ib_prog *ib; /* the ball evaluator's program (an expression's; NULL: none, or --no-fast-path) */
  int dev_ref;          /* the device computes the reference values (ref_kernel.cuh) */
  uint64_t mpfr_calls, cache_hits, shortcut_hits, fast_hits, ball_hits;
  int n_undec; /* the lowest inputs whose reference was undecidable (metrics.h) */
  struct sample undec[LIST_MAX];
  /* the GPU backend: one context per device; chunk k goes to device k % nd, slot (k / nd) % 2 */
  struct gpu_ctx *gs[SCAN_MAXDEV];
  int nd;
  int dev_reduce; /* the device reduces (else the host, from copied outputs) */
  struct scan_times *tm;
  int host_rc; /* a host evaluation failed (a user's function): its exit code and reason */
  char host_err[2048];
};

/* One reference value on the host: the shortcut, the fast path's table, the ball
 * evaluator (an expression's program, reference/interval/ib_prog.h), MPFR. Returns what
 * decided it: 1 the shortcut, 2 the table, 3 the balls, 0 MPFR. */
static int ref_decide(const struct ctx *c, uint32_t x, double *y, int *t) {
  if (c->ref->shortcut(x, y, t)) return 1;
  if (c->fast.ok && fast_eval(&c->fast.view, x, y, t)) return 2;
  int words;
  if (c->ib && ib_decide(c->ib, x, y, t, &words)) return 3;
  ref_mpfr(c->ref, x, y, t);
  return 0;
}

/* An undecidable reference value at magnitude m (sign half h) into the list; with a
 * symmetric reference the value stands for both signs in range. Rare: under a lock. */
static void note_undecidable(struct ctx *c, uint32_t m, int h) {
#pragma omp critical(scan_undec)
  {
    if (c->sym) {
      if (in_r(c->P, m)) list_insert(c->undec, &c->n_undec, (struct sample){.input = m});
      if (in_r(c->N, m)) list_insert(c->undec, &c->n_undec, (struct sample){.input = m | HALF});
    } else {
      list_insert(c->undec, &c->n_undec, (struct sample){.input = m | (h ? HALF : 0)});
    }
  }
}

static void fill_reference(struct ctx *c, const struct chunk *ch) {
  const uint32_t a0 = ch->a0, len = ch->len;
  const int sym = c->sym;
  const int halves = sym ? 1 : 2;
  const uint32_t nblk = (len + REF_BLOCK - 1) / REF_BLOCK;
  uint64_t calls = 0, hits = 0, shorts = 0, fasts = 0, balls = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : calls, hits, shorts, fasts, balls)
  for (uint32_t it = 0; it < nblk * (uint32_t)halves; it++) {
    int h = (int)(it / nblk);
    uint32_t i0 = (it % nblk) * REF_BLOCK, i1 = i0 + REF_BLOCK < len ? i0 + REF_BLOCK : len;
    for (uint32_t i = i0; i < i1 && i < ch->first - a0; i++) { /* before the chunk's first input: unused */
      c->ry[(size_t)h * len + i] = 0;
      c->rt[(size_t)h * len + i] = 0;
    }
    if (i0 < ch->first - a0) i0 = ch->first - a0;
    if (g_scan_stop) continue; /* interrupted: the chunk is dropped (scan_chunks) */
    for (uint32_t i = i0; i < i1; i++) {
      uint32_t m = a0 + i;
      int need = sym ? (in_r(c->P, m) || in_r(c->N, m)) : in_r(h ? c->N : c->P, m);
      size_t k = (size_t)h * len + i;
      if (!need) { /* defined all the same: the buffer travels to the device whole */
        c->ry[k] = 0;
        c->rt[k] = 0;
        continue;
      }
      if (m > 0x7f800000u) { c->ry[k] = NAN; c->rt[k] = 0; continue; }
      uint32_t x = m | (h ? HALF : 0);
      double y;
      int t;
      if (h == 0 && c->cache.loaded && m >= c->cache.lo && m < c->cache.hi) {
        y = c->cache.y[m - c->cache.lo];
        t = c->cache.t[m - c->cache.lo];
        hits++;
      } else {
        int by = ref_decide(c, x, &y, &t);
        calls += by == 0, shorts += by == 1, fasts += by == 2, balls += by == 3;
        if (t == REF_T_UNDECIDABLE) note_undecidable(c, m, h);
        if (h == 0 && c->cache.building && m >= c->cache.lo && m < c->cache.hi) {
          c->cache.y[m - c->cache.lo] = y;
          c->cache.t[m - c->cache.lo] = (int8_t)t;
        }
      }
      c->ry[k] = y;
      c->rt[k] = (int8_t)t;
    }
  }
  c->mpfr_calls += calls;
  c->cache_hits += hits;
  c->shortcut_hits += shorts;
  c->fast_hits += fasts;
  c->ball_hits += balls;
}

/* Host functions' outputs over a chunk, in the engine's layout: out[f][i] for magnitude
 * a0 + i, positives then negatives. One pass: blocks of EVAL_BLOCK inputs go to the threads
 * as they come free (a library's cost per input varies a hundredfold across the range: its
 * special cases, its argument reductions), each block through every function. */
#define EVAL_BLOCK 4096u
static int eval_host_fns(struct ctx *c, const struct variant *const *vs, int nv, const struct chunk *ch,
                         uint32_t *const *out) {
  const uint32_t a0 = ch->a0, len = ch->len, nblk = (2 * len + EVAL_BLOCK - 1) / EVAL_BLOCK;
  float (*f[SCAN_MAXV])(float);
  uint32_t *fo[SCAN_MAXV];
  int nf = 0;
  for (int v = 0; v < nv && !c->host_rc; v++) {
    const uint32_t first[2] = {a0, a0 | HALF}, cnt[2] = {len, len};
    if (vs[v]->host_batch) /* a user's function, in its own process (src/user/worker.h) */
      c->host_rc = vs[v]->host_batch(vs[v], c->nthreads, 2, first, cnt, out[v], &c->user_threads, c->host_err,
                                     sizeof c->host_err);
    else f[nf] = vs[v]->host_fn, fo[nf++] = out[v];
  }
  if (c->host_rc) return c->host_rc;
#pragma omp parallel for schedule(dynamic, 1)
  for (uint32_t b = 0; b < nblk; b++) {
    const uint32_t i0 = b * EVAL_BLOCK, i1 = i0 + EVAL_BLOCK < 2 * len ? i0 + EVAL_BLOCK : 2 * len;
    for (int v = 0; v < nf; v++) {
      float (*fv)(float) = f[v];
      uint32_t *o = fo[v];
      for (uint32_t i = i0; i < i1; i++) o[i] = f2u(fv(u2f(i < len ? a0 + i : (a0 + i - len) | HALF)));
    }
  }
  return 0;
}

static int eval_cpu(struct ctx *c, const struct chunk *ch) { return eval_host_fns(c, c->v, c->nv, ch, c->cpu_out); }

/* The geometry of a chunk's work items (work_items.h). */
static struct gpu_geom chunk_geom(const struct ctx *c, const struct chunk *ch) {
  struct gpu_geom g = {ch->a0, ch->len, ch->first, ch->first / RED_BLOCK,
                       (ch->a0 + ch->len - 1) / RED_BLOCK - ch->first / RED_BLOCK + 1, RED_BLOCK,
                       c->P.lo, c->P.hi, c->N.lo, c->N.hi, c->sym, c->odd, c->mono, c->o->outputs_only,
                       c->o->moments};
  return g;
}

/* One work item of one variant on the host: references mirrored for the negative half of
 * an odd or even reference, then the shared reduction (metrics.h, measure.h). */
static void reduce_item(struct ctx *c, const struct gpu_geom *g, uint32_t it, int v, uint32_t *const *outs,
                        struct stats *acc, double *ys, int8_t *ts) {
  int64_t lo, hi;
  geom_item(g, it, &lo, &hi);
  if (lo > hi) return;
  const int h = it >= g->nblk;
  const uint32_t sign = h ? HALF : 0, n = (uint32_t)(hi - lo + 1), i0 = (uint32_t)lo - g->a0;
  const uint32_t *o = outs[v] + (size_t)h * g->len + i0;
  if (!c->o->outputs_only) {
    const size_t rbase = (size_t)(c->sym ? 0 : h) * g->len + i0;
    const int flip = h && c->odd; /* -x mirrors x: exact sign change of y and t */
    for (uint32_t j = 0; j < n; j++)
      ys[j] = flip ? -c->ry[rbase + j] : c->ry[rbase + j], ts[j] = (int8_t)(flip ? -c->rt[rbase + j] : c->rt[rbase + j]);
  }
  const int sym = c->sym && !h && measure_sym_applies(&c->cfg[v], c->odd) ? (c->odd ? 1 : 2) : 0;
  const int mono = c->mono ? (geom_increasing(g, it) ? 1 : -1) : 0;
  struct part p;
  part_init(&p);
  part_reduce_host(&p, acc, &c->cfg[v], sign | (uint32_t)lo, n, o, c->o->outputs_only ? NULL : ys, ts,
                   outs[v] + g->len + i0, sym, mono, sign | (uint32_t)(lo > 0 ? lo : 1), c->o->moments);
  stats_fold_part(acc, sign | (uint32_t)lo, n, &p);
}

/* The device's parts, one per (half, bin) group (geom_group) and variant, into the first
 * thread's statistics: each covers the group's items, from the first one's first input. */
static void fold_groups(struct ctx *c, const struct gpu_geom *g, const struct part *parts) {
  const uint32_t ngrp = 2 * geom_nbins(g);
  for (uint32_t grp = 0; grp < ngrp; grp++) {
    int64_t x0 = -1;
    uint64_t n = 0;
    for (uint32_t it = 0; it < 2 * g->nblk; it++) {
      int64_t lo, hi;
      geom_item(g, it, &lo, &hi);
      if (geom_group(g, it) != grp || lo > hi) continue;
      if (x0 < 0) x0 = (it >= g->nblk ? HALF : 0) | lo;
      n += (uint64_t)(hi - lo + 1);
    }
    for (int v = 0; v < c->nv && n; v++) stats_fold_part(c->acc[v], (uint32_t)x0, (uint32_t)n, &parts[(size_t)v * ngrp + grp]);
  }
}

/* The chunk's work items into the per-thread statistics: folded from the device's parts,
 * or reduced here. */
static void reduce_chunk(struct ctx *c, const struct chunk *ch, uint32_t *const *outs, const struct part *parts) {
  const struct gpu_geom g = chunk_geom(c, ch);
  if (parts) {
    fold_groups(c, &g, parts);
    return;
  }
  const int nv = c->nv;
#pragma omp parallel
  {
    double *ys = malloc(RED_BLOCK * sizeof(double));
    int8_t *ts = malloc(RED_BLOCK);
    struct stats **acc = c->acc + (size_t)omp_get_thread_num() * nv;
#pragma omp for schedule(dynamic, 1)
    for (uint32_t it = 0; it < 2 * g.nblk; it++)
      for (int v = 0; v < nv; v++) reduce_item(c, &g, it, v, outs, acc[v], ys, ts);
    free(ys), free(ts);
  }
}

/* Aligned chunks of magnitudes that hold in-range inputs. */
static struct chunk *make_chunks(const struct ctx *c, uint32_t C, int *n) {
  uint32_t nc = HALF / C;
  struct chunk *ch = calloc(nc, sizeof *ch);
  *n = 0;
  if (!ch) return NULL;
  for (uint32_t k = 0; k < nc; k++) {
    int64_t lo = (int64_t)k * C, hi = lo + C - 1;
    int64_t a = -1, b = -1;
    uint64_t work = 0;
    const struct mrange rs[2] = {c->P, c->N};
    for (int h = 0; h < 2; h++) {
      int64_t l = rs[h].lo > lo ? rs[h].lo : lo, r = rs[h].hi < hi ? rs[h].hi : hi;
      if (l > r) continue;
      work += (uint64_t)(r - l + 1);
      if (a < 0 || l < a) a = l;
      if (r > b) b = r;
    }
    if (!work) continue;
    uint32_t a0 = a > 0 ? (uint32_t)(a - 1) : 0;
    ch[*n].a0 = a0;
    ch[*n].first = (uint32_t)a;
    ch[*n].len = (uint32_t)(b - a0 + 1);
    ch[*n].work = work;
    (*n)++;
  }
  return ch;
}

/* Check the request; the ranges of magnitudes per sign. 0 or an exit code. */
static int scan_check(struct ctx *c, const struct variant *const *v, int nv, const struct scan_opts *o, char *err,
                      size_t errlen) {
  if (nv < 1 || nv > SCAN_MAXV) {
    snprintf(err, errlen, "between 1 and %d variants per scan", SCAN_MAXV);
    return EXIT_USAGE;
  }
  c->v = v, c->nv = nv, c->o = o, c->ref = v[0]->ref;
  for (int i = 1; i < nv; i++)
    if (v[i]->ref != c->ref) {
      snprintf(err, errlen, "variants %s and %s have different references", v[0]->name, v[i]->name);
      return EXIT_USAGE;
    }
  uint32_t C = o->chunk;
  if (C < (1u << 12) || C > (1u << 30) || (C & (C - 1))) {
    snprintf(err, errlen, "chunk size must be a power of two between 2^12 and 2^30");
    return EXIT_USAGE;
  }
  if (o->from > o->to) {
    snprintf(err, errlen, "empty range: --from 0x%08x is above --to 0x%08x", o->from, o->to);
    return EXIT_USAGE;
  }
  c->P = (struct mrange){o->from, o->to < HALF ? o->to : HALF - 1};
  if (o->from >= HALF) c->P = (struct mrange){1, 0};
  c->N = (struct mrange){(o->from > HALF ? o->from : HALF) - (int64_t)HALF, (int64_t)o->to - HALF};
  if (o->to < HALF) c->N = (struct mrange){1, 0};
  c->sym = c->ref->symmetry != REF_SYM_NONE;
  c->odd = c->ref->symmetry == REF_SYM_ODD;
  c->mono = c->ref->monotone == REF_MONO_INCREASING ? 1 : c->ref->monotone == REF_MONO_DECREASING ? -1 : 0;
  c->nthreads = o->threads > 0 ? o->threads : omp_get_num_procs();
  omp_set_num_threads(c->nthreads);
  return 0;
}

/* Buffers and per-thread statistics (each variant's absolute-error range and clauses). */
static int scan_alloc(struct ctx *c, size_t maxlen, char *err, size_t errlen) {
  c->ry = malloc(maxlen * 2 * sizeof(double));
  c->rt = malloc(maxlen * 2);
  c->acc = calloc((size_t)c->nthreads * c->nv, sizeof *c->acc);
  int ok = c->ry && c->rt && c->acc;
  for (int i = 0; ok && i < c->nthreads * c->nv; i++) {
    const struct variant *vi = c->v[i % c->nv];
    if (!(c->acc[i] = malloc(sizeof(struct stats)))) ok = 0;
    else {
      stats_init(c->acc[i]);
      c->acc[i]->has_moments = c->o->moments;
      if (vi->abs_ranged) stats_set_abs_range(c->acc[i], vi->abs_lo, vi->abs_hi);
      stats_set_clauses(c->acc[i], vi->clause, vi->n_clauses);
      c->acc[i]->rounding = vi->rounding;
    }
  }
  for (int i = 0; ok && i < c->nv; i++) stats_measure_cfg(c->acc[i], &c->cfg[i]);
  for (int i = 0; ok && !c->o->gpu && i < c->nv; i++) ok = (c->cpu_out[i] = malloc(2 * maxlen * 4)) != NULL;
  if (!ok) snprintf(err, errlen, "out of host memory (chunks of %u inputs; try a smaller --chunk)", c->o->chunk);
  return ok ? 0 : EXIT_IO;
}

/* The fast path's table over the run's magnitudes, and whether the device computes the
 * reference values: on the GPU backend with the device reduction, when the reference has
 * a device shortcut or no shortcut at all (the host's shortcut would otherwise decide
 * what the device leaves) and something to run there. 0 or an exit code. */
static int fast_prepare(struct ctx *c, char *err, size_t errlen) {
  const struct scan_opts *o = c->o;
  if (o->outputs_only || o->no_fast) return 0;
  c->ib = c->ref->ctx_ib;
  double t0 = now_s();
  struct fast_range decl[MAX_FAST_RANGES];
  int nd = ref_fast_ranges(c->ref, decl, MAX_FAST_RANGES);
  /* on the device, the balls take what the table leaves: what their fast first precision
   * decides is left to them rather than split */
  const int balls_first = o->gpu && !o->host_reduce && c->ib != NULL;
  if (ref_fast_prepare(&c->fast, c->ref, decl, nd, c->P.lo, c->P.hi, c->N.lo, c->N.hi, c->nthreads,
                       &g_scan_stop, balls_first)) {
    snprintf(err, errlen, "out of host memory building the fast path's table of %s", c->ref->name);
    return EXIT_IO;
  }
  c->tm->fast_build = now_s() - t0;
  if (g_scan_stop) noticef("interrupted while building the fast path's table (after %.1f s)", c->tm->fast_build);
  const int dsc = ref_device_shortcut(c->ref) >= 0;
  c->dev_ref = o->gpu && !o->host_reduce && (dsc || c->ref->shortcut == ref_no_shortcut) && (dsc || c->fast.ok);
  c->tm->device_refs = c->dev_ref;
  return 0;
}

/* Reference cache: load it, or build it when this run computes all of it. Not with
 * device references: the device decides nearly every input without it. */
static void cache_open(struct ctx *c) {
  c->tm->cache = "off";
  if (!c->o->cache_dir || c->ref->mpfr_hi <= c->ref->mpfr_lo || c->o->outputs_only || c->dev_ref) return;
  double t0 = now_s();
  int covers = (c->P.lo <= c->ref->mpfr_lo && c->P.hi >= (int64_t)c->ref->mpfr_hi - 1) ||
               (c->sym && c->N.lo <= c->ref->mpfr_lo && c->N.hi >= (int64_t)c->ref->mpfr_hi - 1);
  refcache_open(&c->cache, c->ref, c->o->cache_dir, covers);
  c->tm->cache = c->cache.loaded ? "loaded" : c->cache.building ? "building" : "unused";
  c->tm->cache_io += now_s() - t0;
}

/* One context per GPU; 0, an exit code, or 1 when a device is out of memory (the caller
 * retries with smaller chunks). */
static int gpu_setup(struct ctx *c, size_t maxlen, char *err, size_t errlen) {
  const struct scan_opts *o = c->o;
  c->nd = o->gpu ? (o->ndevices > 0 ? o->ndevices : 1) : 0;
  c->dev_reduce = c->nd && !o->host_reduce;
  for (int d = 0; d < c->nd; d++) {
    int fns[SCAN_MAXV];
    for (int i = 0; i < c->nv; i++) fns[i] = c->v[i]->gpu_fn != GPU_NONE ? c->v[i]->gpu_fn : GPU_HOST;
    int dev = o->ndevices > 0 ? o->devices[d] : 0;
    c->gs[d] = gpu_open(dev, c->nv, fns, (uint32_t)(2 * maxlen), 2 * (o->chunk / RED_BLOCK + 2), err, errlen);
    if (!c->gs[d]) return strstr(err, "out of memory") && o->chunk > (1u << 16) ? 1 : EXIT_NOGPU;
    if (gpu_set_measure(c->gs[d], c->cfg) ||
        (c->dev_ref && gpu_set_reference(c->gs[d], ref_device_shortcut(c->ref), c->fast.ok ? &c->fast.view : NULL)) ||
        (c->dev_ref && gpu_set_balls(c->gs[d], c->ib))) {
      snprintf(err, errlen, "%s", gpu_last_error());
      return EXIT_NOGPU;
    }
  }
  return 0;
}

#define GDEV(c, k) ((c)->gs[(k) % (c)->nd])
#define GSLOT(c, k) (((k) / (c)->nd) % GPU_SLOTS)

/* The outputs of the variants without device code (a host library's functions) over
 * chunk ch, into the pinned buffers of its slot, in the device's layout (positives, then
 * negatives): evaluated here, referenced and reduced on the device like the others. */
static int eval_host_variants(struct ctx *c, const struct chunk *ch, int k) {
  const double t0 = now_s();
  const struct variant *vs[SCAN_MAXV];
  uint32_t *out[SCAN_MAXV];
  int nf = 0;
  for (int v = 0; v < c->nv; v++)
    if (c->v[v]->gpu_fn == GPU_NONE) vs[nf] = c->v[v], out[nf++] = gpu_out_buffer(GDEV(c, k), GSLOT(c, k), v);
  int rc = nf ? eval_host_fns(c, vs, nf, ch, out) : 0;
  c->tm->eval += now_s() - t0;
  c->tm->host_eval += now_s() - t0, c->tm->host_calls += (uint64_t)nf * 2 * ch->len;
  return rc;
}

/* Enqueue chunk k on its device and slot: the evaluation, and the reference values
 * when the device computes them. 0 or -1. */
static int submit_chunk(struct ctx *c, const struct chunk *chunks, int k) {
  const struct chunk *ch = &chunks[k];
  uint32_t first[2] = {ch->a0, ch->a0 | HALF}, cnt[2] = {ch->len, ch->len};
  if (eval_host_variants(c, ch, k)) return -1;
  if (gpu_submit(GDEV(c, k), GSLOT(c, k), 2, first, cnt, !c->dev_reduce)) return -1;
  if (!c->dev_ref) return 0;
  const struct gpu_geom geom = chunk_geom(c, ch);
  return gpu_submit_reference(GDEV(c, k), GSLOT(c, k), &geom);
}

/* The reference values of chunk k the device left undecided: computed here (cache,
 * shortcut, table, MPFR: ref_decide) and sent back. 0 or -1. */
static int patch_reference(struct ctx *c, const struct chunk *ch, int k) {
  struct gpu_ctx *g = GDEV(c, k);
  const uint32_t *idx;
  uint32_t n;
  uint64_t by[3];
  double *py;
  int8_t *pt;
  if (gpu_reference_undecided(g, GSLOT(c, k), &idx, &n, by)) return -1;
  gpu_ref_buffers(g, GSLOT(c, k), &py, &pt);
  if (!py) return -1;
  uint64_t calls = 0, hits = 0, shorts = 0, fasts = 0, balls = 0;
#pragma omp parallel for schedule(dynamic, 64) reduction(+ : calls, hits, shorts, fasts, balls) if (n > 256)
  for (uint32_t j = 0; j < n; j++) {
    const uint32_t h = idx[j] / ch->len, m = ch->a0 + idx[j] % ch->len;
    double y;
    int t;
    if (g_scan_stop) { /* interrupted: the chunk is dropped (gpu_chunk) */
      py[j] = 0, pt[j] = 0;
      continue;
    }
    if (h == 0 && c->cache.loaded && m >= c->cache.lo && m < c->cache.hi) {
      y = c->cache.y[m - c->cache.lo], t = c->cache.t[m - c->cache.lo];
      hits++;
    } else {
      int d = ref_decide(c, m | (h ? HALF : 0), &y, &t);
      calls += d == 0, shorts += d == 1, fasts += d == 2, balls += d == 3;
      if (t == REF_T_UNDECIDABLE) note_undecidable(c, m, (int)h);
    }
    py[j] = y, pt[j] = (int8_t)t;
  }
  c->mpfr_calls += calls, c->cache_hits += hits;
  c->shortcut_hits += shorts + by[0], c->fast_hits += fasts + by[1], c->ball_hits += balls + by[2];
  return gpu_reference_patch(g, GSLOT(c, k), n);
}

/* Chunk k on the GPU: evaluated (asynchronously: the next one is submitted first), its
 * references computed on the device (the undecided ones here) or here and copied, reduced
 * on the device. */
static int gpu_chunk(struct ctx *c, const struct chunk *chunks, int nchunks, int k, uint32_t **outs,
                     const struct part **parts, char *err, size_t errlen) {
  const struct chunk *ch = &chunks[k];
  if (k + 1 < nchunks && submit_chunk(c, chunks, k + 1)) goto fail;
  double t0 = now_s();
  if (c->dev_ref) {
    if (patch_reference(c, ch, k)) goto fail;
  } else {
    if (c->dev_reduce) {
      gpu_ref_buffers(GDEV(c, k), GSLOT(c, k), &c->ry, &c->rt);
      if (!c->ry) goto fail;
    }
    if (!c->o->outputs_only) fill_reference(c, ch);
  }
  double t1 = now_s();
  c->tm->reference += t1 - t0;
  if (g_scan_stop) { /* interrupted while its references were made: not reduced, not kept */
    snprintf(err, errlen, "interrupted");
    return EXIT_INTERRUPT;
  }
  if (c->dev_reduce) {
    const struct gpu_geom geom = chunk_geom(c, ch);
    uint32_t nref = c->o->outputs_only || c->dev_ref ? 0 : c->sym ? ch->len : 2 * ch->len;
    if (gpu_submit_reduce(GDEV(c, k), GSLOT(c, k), &geom, nref)) goto fail;
  }
  if (gpu_wait(GDEV(c, k), GSLOT(c, k), outs, parts)) goto fail;
  c->tm->eval += now_s() - t1;
  return 0;
fail:
  snprintf(err, errlen, "%s", c->host_rc ? c->host_err : gpu_last_error());
  return c->host_rc ? c->host_rc : EXIT_NOGPU;
}

/* Every chunk: references, evaluation, reduction. */
static int scan_chunks(struct ctx *c, const struct chunk *chunks, int nchunks, char *err, size_t errlen) {
  uint64_t total = 0, done = 0;
  for (int k = 0; k < nchunks; k++) total += chunks[k].work;
  struct progress pb;
  progress_start(&pb, "scan", total, c->o->progress);
  if (c->nd && nchunks > 0) {
    if (submit_chunk(c, chunks, 0)) {
      snprintf(err, errlen, "%s", c->host_rc ? c->host_err : gpu_last_error());
      return c->host_rc ? c->host_rc : EXIT_NOGPU;
    }
  }
  int rc = 0;
  c->tm->done_mag = -1;
  for (int k = 0; k < nchunks && !rc; k++) {
    const struct chunk *ch = &chunks[k];
    if (g_scan_stop) {
      snprintf(err, errlen, "interrupted");
      rc = EXIT_INTERRUPT;
      break;
    }
    uint32_t *outs[SCAN_MAXV];
    const struct part *parts = NULL;
    if (c->nd) rc = gpu_chunk(c, chunks, nchunks, k, outs, &parts, err, errlen);
    else {
      double t0 = now_s();
      if (!c->o->outputs_only) fill_reference(c, ch);
      double t1 = now_s();
      c->tm->reference += t1 - t0;
      if (g_scan_stop) { /* interrupted while its references were made: not kept */
        snprintf(err, errlen, "interrupted");
        rc = EXIT_INTERRUPT;
        break;
      }
      if ((rc = eval_cpu(c, ch))) {
        snprintf(err, errlen, "%s", c->host_err);
        break;
      }
      for (int i = 0; i < c->nv; i++) outs[i] = c->cpu_out[i];
      c->tm->eval += now_s() - t1;
    }
    if (rc) break;
    double t2 = now_s();
    reduce_chunk(c, ch, outs, parts);
    c->tm->reduce += now_s() - t2;
    done += ch->work;
    c->tm->done_mag = (int64_t)ch->a0 + ch->len - 1;
    progress_update(&pb, done);
  }
  progress_end(&pb);
  return rc;
}

/* The per-thread statistics merged into st[]; the device's x-bin maxima folded. */
static int scan_finish(struct ctx *c, struct stats *const *st, char *err, size_t errlen) {
  for (int i = 0; i < c->nv; i++) {
    stats_init(st[i]);
    stats_set_abs_range(st[i], c->acc[i]->abs_lo, c->acc[i]->abs_hi);
    stats_set_clauses(st[i], c->acc[i]->clause, c->acc[i]->n_clauses);
    st[i]->rounding = c->acc[i]->rounding;
    for (int t = 0; t < c->nthreads; t++) stats_merge(st[i], c->acc[(size_t)t * c->nv + i]);
    for (int k = 0; k < c->n_undec; k++) list_insert(st[i]->undec, &st[i]->n_undec, c->undec[k]);
    for (int d = 0; d < c->nd && c->dev_reduce && !c->o->outputs_only; d++) {
      uint64_t xb[XBINS];
      if (gpu_read_xbins(c->gs[d], i, xb)) {
        snprintf(err, errlen, "%s", gpu_last_error());
        return EXIT_NOGPU;
      }
      stats_fold_xbins(st[i], xb);
    }
  }
  return 0;
}

static void scan_free(struct ctx *c) {
  c->ry = c->own_ry, c->rt = c->own_rt;
  for (int d = 0; d < c->nd; d++) {
    if (!c->gs[d]) continue;
    double kt, ct;
    gpu_times(c->gs[d], &kt, &ct);
    c->tm->gpu_kernel += kt, c->tm->gpu_copy += ct;
    gpu_close(c->gs[d]);
  }
#pragma omp parallel
  ref_thread_cleanup();
  refcache_close(&c->cache);
  ref_fast_free(&c->fast);
  for (int i = 0; i < c->nv; i++) free(c->cpu_out[i]);
  if (c->acc)
    for (int i = 0; i < c->nthreads * c->nv; i++) free(c->acc[i]);
  free(c->acc), free(c->ry), free(c->rt);
}

int scan_run(const struct variant *const *v, int nv, const struct scan_opts *o, struct stats *const *st,
             struct scan_times *tm, char *err, size_t errlen) {
  struct ctx c;
  memset(&c, 0, sizeof c);
  memset(tm, 0, sizeof *tm);
  c.tm = tm;
  double t_start = now_s();
  int rc = scan_check(&c, v, nv, o, err, errlen);
  if (rc) return rc;
  tm->threads = c.nthreads;
  int nchunks = 0;
  struct chunk *chunks = make_chunks(&c, o->chunk, &nchunks);
  size_t maxlen = (size_t)o->chunk + 1;
  rc = chunks ? scan_alloc(&c, maxlen, err, errlen) : EXIT_IO;
  c.own_ry = c.ry, c.own_rt = c.rt; /* the GPU path swaps in pinned buffers per chunk */
  if (!rc) rc = fast_prepare(&c, err, errlen);
  if (!rc) cache_open(&c);
  if (!rc) rc = gpu_setup(&c, maxlen, err, errlen);
  if (rc == 1) { /* device memory is short: smaller chunks (results do not depend on the chunk size) */
    struct scan_opts o2 = *o;
    o2.chunk = o->chunk / 2;
    noticef("device out of memory with chunks of %u inputs: retrying with %u", o->chunk, o2.chunk);
    scan_free(&c);
    free(chunks);
    return scan_run(v, nv, &o2, st, tm, err, errlen);
  }
  if (!rc) rc = scan_chunks(&c, chunks, nchunks, err, errlen);
  tm->user_threads = c.user_threads;
  if (!rc || rc == EXIT_INTERRUPT) {
    int r2 = scan_finish(&c, st, err, errlen);
    if (r2) rc = r2;
  }
  if (rc == 0) tm->done_mag = HALF - 1;
  if (c.cache.building && rc == 0) {
    double t0 = now_s();
    tm->cache = refcache_save(&c.cache) == 0 ? "built" : "save failed";
    tm->cache_io += now_s() - t0;
  }
  scan_free(&c);
  free(chunks);
  tm->mpfr_calls = c.mpfr_calls, tm->cache_hits = c.cache_hits, tm->shortcut_hits = c.shortcut_hits;
  tm->fast_hits = c.fast_hits, tm->ball_hits = c.ball_hits;
  tm->wall = now_s() - t_start;
  return rc;
}

int scan_eval(const struct variant *v, const struct scan_opts *o, uint32_t first, uint32_t count, uint32_t *out,
              char *err, size_t errlen) {
  int used = 0;
  if (!o->gpu && v->host_batch)
    return v->host_batch(v, o->threads > 0 ? o->threads : omp_get_num_procs(), 1, &first, &count, out, &used, err,
                         errlen);
  if (!o->gpu) {
#pragma omp parallel for schedule(static)
    for (uint32_t i = 0; i < count; i++) out[i] = f2u(v->host_fn(u2f(first + i)));
    return 0;
  }
  int fn = v->gpu_fn;
  struct gpu_ctx *g = gpu_open(o->ndevices > 0 ? o->devices[0] : 0, 1, &fn, count, 2, err, errlen);
  if (!g) return EXIT_NOGPU;
  uint32_t *res[1];
  const struct part *parts;
  int rc = 0;
  if (gpu_submit(g, 0, 1, &first, &count, 1) || gpu_wait(g, 0, res, &parts)) {
    snprintf(err, errlen, "%s", gpu_last_error());
    rc = EXIT_NOGPU;
  } else {
    memcpy(out, res[0], (size_t)count * 4);
  }
  gpu_close(g);
  return rc;
}
