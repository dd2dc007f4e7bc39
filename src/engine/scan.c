/* scan.c: see scan.h. */
#include "src/engine/scan.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/reference/refcache.h"
#include "src/engine/gpu.h"
#include "src/engine/progress.h"

#define HALF 0x80000000u      /* magnitudes per sign half: 2^31 */
#define RED_BLOCK (1u << 14)  /* inputs per reduction work item */
#define REF_BLOCK (1u << 12)  /* inputs per reference work item */

volatile int g_scan_stop = 0;

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

void scan_default_opts(struct scan_opts *o) {
  memset(o, 0, sizeof *o);
  o->from = 0;
  o->to = 0xffffffffu;
  o->chunk = 1u << 22;
  o->progress = 1;
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
  int nthreads;
  uint64_t mpfr_calls, cache_hits, shortcut_hits;
};

static void fill_reference(struct ctx *c, const struct chunk *ch) {
  const uint32_t a0 = ch->a0, len = ch->len;
  const int sym = c->sym;
  const int halves = sym ? 1 : 2;
  const uint32_t nblk = (len + REF_BLOCK - 1) / REF_BLOCK;
  uint64_t calls = 0, hits = 0, shorts = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : calls, hits, shorts)
  for (uint32_t it = 0; it < nblk * (uint32_t)halves; it++) {
    int h = (int)(it / nblk);
    uint32_t i0 = (it % nblk) * REF_BLOCK, i1 = i0 + REF_BLOCK < len ? i0 + REF_BLOCK : len;
    for (uint32_t i = i0; i < i1 && i < ch->first - a0; i++) { /* before the chunk's first input: unused */
      c->ry[(size_t)h * len + i] = 0;
      c->rt[(size_t)h * len + i] = 0;
    }
    if (i0 < ch->first - a0) i0 = ch->first - a0;
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
        if (ref_eval(c->ref, x, &y, &t)) calls++;
        else shorts++;
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
}

static void eval_cpu(struct ctx *c, const struct chunk *ch) {
  const uint32_t a0 = ch->a0, len = ch->len;
  for (int v = 0; v < c->nv; v++) {
    float (*f)(float) = c->v[v]->host_fn;
    uint32_t *out = c->cpu_out[v];
#pragma omp parallel for schedule(static)
    for (uint32_t i = 0; i < 2 * len; i++) {
      uint32_t x = (i < len) ? a0 + i : ((a0 + i - len) | HALF);
      out[i] = f2u(f(u2f(x)));
    }
  }
}

/* Work items are aligned blocks of RED_BLOCK magnitudes in one sign half, so that
 * each lies in one bin (RED_BLOCK divides 2^BIN_LOG2). The reference values of a
 * block are prepared once (y, 1/ulp, RN24) and then each variant runs over them. */
static void reduce_chunk(struct ctx *c, const struct chunk *ch, uint32_t *const *outs,
                         const struct gpu_partial *parts) {
  const uint32_t a0 = ch->a0, len = ch->len;
  const uint32_t blk0 = ch->first / RED_BLOCK, blk1 = (a0 + len - 1) / RED_BLOCK;
  const uint32_t nblk = blk1 - blk0 + 1;
  const int nv = c->nv, sym = c->sym, odd = c->odd, mono = c->mono;
#pragma omp parallel
  {
    double *ys = malloc(RED_BLOCK * sizeof(double)), *ius = malloc(RED_BLOCK * sizeof(double));
    uint32_t *rns = malloc(RED_BLOCK * sizeof(uint32_t));
    struct stats **acc = c->acc + (size_t)omp_get_thread_num() * nv;
#pragma omp for schedule(dynamic, 1)
    for (uint32_t it = 0; it < 2 * nblk; it++) {
      int h = (int)(it / nblk);
      struct mrange R = h ? c->N : c->P;
      int64_t lo = (int64_t)(blk0 + it % nblk) * RED_BLOCK, hi = lo + RED_BLOCK - 1;
      if (lo < ch->first) lo = ch->first;
      if (lo < R.lo) lo = R.lo;
      if (hi > (int64_t)a0 + len - 1) hi = (int64_t)a0 + len - 1;
      if (hi > R.hi) hi = R.hi;
      if (lo > hi) continue;
      const uint32_t sign = h ? HALF : 0, n = (uint32_t)(hi - lo + 1), i0 = (uint32_t)lo - a0;
      if (c->o->moments)
        for (int v = 0; v < nv; v++) stats_moments_run(acc[v], sign | (uint32_t)lo, n, outs[v] + (size_t)h * len + i0);
      if (c->o->outputs_only) {
        for (int v = 0; v < nv; v++) stats_digest_run(acc[v], sign | (uint32_t)lo, n, outs[v] + (size_t)h * len + i0);
        continue;
      }
      /* items the device reduced: fold them; the flagged ones are reduced here */
      int host_vars = 0;
      for (int v = 0; v < nv; v++) {
        const struct gpu_partial *p = parts ? &parts[(size_t)v * 2 * nblk + it] : NULL;
        if (p && !p->flag) stats_fold_partial(acc[v], sign | (uint32_t)lo, p, sym && !h);
        else host_vars++;
      }
      if (!host_vars) continue;
      const size_t rbase = (size_t)(sym ? 0 : h) * len + i0;
      const int flip = h && odd; /* -x mirrors x: exact sign change of y and t */
      for (uint32_t j = 0; j < n; j++) {
        double y = c->ry[rbase + j];
        int t = c->rt[rbase + j];
        if (flip) y = -y, t = -t;
        ys[j] = y;
        ius[j] = inv_ulp32(y);
        rns[j] = ref_rn32(y, t);
      }
      const size_t k0 = (size_t)h * len + i0;
      /* f along increasing bit patterns: the negative half runs the other way */
      const int inc = mono > 0 ? !h : h;
      const int64_t m1 = lo > 0 ? lo : 1; /* monotonic pairs (x-1, x) need x > 0 within the half */
      for (int v = 0; v < nv; v++) {
        if (parts && !parts[(size_t)v * 2 * nblk + it].flag) continue;
        const uint32_t *o = outs[v];
        stats_add_run(acc[v], sign | (uint32_t)lo, n, o + k0, ys, ius, rns);
        if (sym && !h) stats_symmetry_run(acc[v], (uint32_t)lo, n, o + i0, o + len + i0, odd);
        if (mono && m1 <= hi)
          stats_monotonic_run(acc[v], sign | (uint32_t)m1, (uint32_t)(hi - m1 + 1), o + (size_t)h * len + (m1 - a0), inc);
      }
    }
    free(ys), free(ius), free(rns);
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

int scan_run(const struct variant *const *v, int nv, const struct scan_opts *o, struct stats *const *st,
             struct scan_times *tm, char *err, size_t errlen) {
  struct ctx c;
  memset(&c, 0, sizeof c);
  memset(tm, 0, sizeof *tm);
  double t_start = now_s();
  int rc = 0;
  if (nv < 1 || nv > SCAN_MAXV) {
    snprintf(err, errlen, "between 1 and %d variants per scan", SCAN_MAXV);
    return EXIT_USAGE;
  }
  c.v = v;
  c.nv = nv;
  c.o = o;
  c.ref = v[0]->ref;
  for (int i = 1; i < nv; i++)
    if (v[i]->ref != c.ref) {
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
  c.P = (struct mrange){o->from, o->to < HALF ? o->to : HALF - 1};
  if (o->from >= HALF) c.P = (struct mrange){1, 0};
  c.N = (struct mrange){(o->from > HALF ? o->from : HALF) - (int64_t)HALF, (int64_t)o->to - HALF};
  if (o->to < HALF) c.N = (struct mrange){1, 0};
  c.sym = c.ref->symmetry != REF_SYM_NONE;
  c.odd = c.ref->symmetry == REF_SYM_ODD;
  c.mono = c.ref->monotone == REF_MONO_INCREASING ? 1 : c.ref->monotone == REF_MONO_DECREASING ? -1 : 0;
  c.nthreads = o->threads > 0 ? o->threads : omp_get_num_procs();
  omp_set_num_threads(c.nthreads);
  tm->threads = c.nthreads;

  int nchunks = 0;
  struct chunk *chunks = make_chunks(&c, C, &nchunks);
  size_t maxlen = (size_t)C + 1;
  c.ry = malloc(maxlen * 2 * sizeof(double));
  c.rt = malloc(maxlen * 2);
  c.acc = calloc((size_t)c.nthreads * nv, sizeof *c.acc);
  /* the engine's own reference buffers (the GPU path swaps in pinned ones per chunk) */
  double *const own_ry = c.ry;
  int8_t *const own_rt = c.rt;
  if (!chunks || !c.ry || !c.rt || !c.acc) {
    snprintf(err, errlen, "out of host memory (chunk of %u inputs; try a smaller --chunk)", C);
    rc = EXIT_IO;
    goto out;
  }
  for (int i = 0; i < c.nthreads * nv; i++) {
    c.acc[i] = malloc(sizeof(struct stats));
    if (!c.acc[i]) {
      snprintf(err, errlen, "out of host memory");
      rc = EXIT_IO;
      goto out;
    }
    stats_init(c.acc[i]);
    c.acc[i]->has_moments = o->moments;
    const struct variant *vi = v[i % nv];
    if (vi->abs_ranged) stats_set_abs_range(c.acc[i], vi->abs_lo, vi->abs_hi);
    stats_set_clauses(c.acc[i], vi->clause, vi->n_clauses);
  }

  /* Reference cache: load it, or build it when this run computes all of it. */
  tm->cache = "off";
  if (o->cache_dir && c.ref->mpfr_hi > c.ref->mpfr_lo && !o->outputs_only) {
    double t0 = now_s();
    int covers = (c.P.lo <= c.ref->mpfr_lo && c.P.hi >= (int64_t)c.ref->mpfr_hi - 1) ||
                 (c.sym && c.N.lo <= c.ref->mpfr_lo && c.N.hi >= (int64_t)c.ref->mpfr_hi - 1);
    refcache_open(&c.cache, c.ref, o->cache_dir, covers);
    tm->cache = c.cache.loaded ? "loaded" : c.cache.building ? "building" : "unused";
    tm->cache_io += now_s() - t0;
  }

  /* GPU backend: one context per device; chunk k goes to device k % nd, slot (k / nd) % 2 */
  struct gpu_ctx *gs[SCAN_MAXDEV] = {0}, *g = NULL;
  const int nd = o->gpu ? (o->ndevices > 0 ? o->ndevices : 1) : 0;
#define GDEV(k) gs[(k) % nd]
#define GSLOT(k) (((k) / nd) % GPU_SLOTS)
  for (int d = 0; d < nd; d++) {
    int fns[SCAN_MAXV];
    for (int i = 0; i < nv; i++) fns[i] = v[i]->gpu_fn;
    int dev = o->ndevices > 0 ? o->devices[d] : 0;
    g = gs[d] = gpu_open(dev, nv, fns, (uint32_t)(2 * maxlen), 2 * (C / RED_BLOCK + 2), err, errlen);
    if (!g && strstr(err, "out of memory") && C > (1u << 16)) {
      /* device memory is short: smaller chunks (results do not depend on the chunk size) */
      struct scan_opts o2 = *o;
      o2.chunk = C / 2;
      noticef("device out of memory with chunks of %u inputs: retrying with %u", C, C / 2);
      free(chunks), free(c.ry), free(c.rt);
      for (int i = 0; i < c.nthreads * nv; i++) free(c.acc[i]);
      free(c.acc);
      refcache_close(&c.cache);
      for (int e = 0; e < d; e++) gpu_close(gs[e]);
      return scan_run(v, nv, &o2, st, tm, err, errlen);
    }
    if (!g) {
      rc = EXIT_NOGPU;
      goto out_gpu;
    }
    double alo[SCAN_MAXV], ahi[SCAN_MAXV];
    for (int i = 0; i < nv; i++) alo[i] = c.acc[i]->abs_lo, ahi[i] = c.acc[i]->abs_hi;
    struct bound_clause cls[SCAN_MAXV * CLAUSE_MAX];
    int ncls[SCAN_MAXV];
    for (int i = 0; i < nv; i++) {
      ncls[i] = c.acc[i]->n_clauses;
      for (int k = 0; k < ncls[i]; k++) cls[i * CLAUSE_MAX + k] = c.acc[i]->clause[k];
    }
    if (gpu_set_abs_ranges(g, alo, ahi) || gpu_set_clauses(g, cls, ncls)) {
      snprintf(err, errlen, "%s", gpu_last_error());
      rc = EXIT_NOGPU;
      goto out_gpu;
    }
  }
  if (!o->gpu) {
    for (int i = 0; i < nv; i++) {
      c.cpu_out[i] = malloc(2 * maxlen * 4);
      if (!c.cpu_out[i]) {
        snprintf(err, errlen, "out of host memory");
        rc = EXIT_IO;
        goto out;
      }
    }
  }

  uint64_t total = 0, done = 0;
  for (int k = 0; k < nchunks; k++) total += chunks[k].work;
  struct progress pb;
  progress_start(&pb, "scan", total, o->progress);

  if (nd && nchunks > 0) {
    uint32_t first[2] = {chunks[0].a0, chunks[0].a0 | HALF}, cnt[2] = {chunks[0].len, chunks[0].len};
    if (gpu_submit(gs[0], 0, 2, first, cnt)) {
      snprintf(err, errlen, "%s", gpu_last_error());
      rc = EXIT_NOGPU;
      goto out_gpu;
    }
  }
  tm->done_mag = -1;
  for (int k = 0; k < nchunks; k++) {
    const struct chunk *ch = &chunks[k];
    if (g_scan_stop) {
      rc = EXIT_INTERRUPT;
      snprintf(err, errlen, "interrupted");
      break;
    }
    double t0 = now_s();
    if (nd && k + 1 < nchunks) {
      const struct chunk *nx = &chunks[k + 1];
      uint32_t first[2] = {nx->a0, nx->a0 | HALF}, cnt[2] = {nx->len, nx->len};
      if (gpu_submit(GDEV(k + 1), GSLOT(k + 1), 2, first, cnt)) {
        snprintf(err, errlen, "%s", gpu_last_error());
        rc = EXIT_NOGPU;
        goto out_gpu;
      }
    }
    const int dev_reduce = nd && !o->host_reduce && !o->outputs_only;
    if (dev_reduce) gpu_ref_buffers(GDEV(k), GSLOT(k), &c.ry, &c.rt);
    if (!o->outputs_only) fill_reference(&c, ch);
    double t1 = now_s();
    tm->reference += t1 - t0;
    uint32_t *outs[SCAN_MAXV];
    const struct gpu_partial *parts = NULL;
    if (dev_reduce) {
      struct gpu_geom geom = {ch->a0, ch->len, ch->first, ch->first / RED_BLOCK,
                              (ch->a0 + ch->len - 1) / RED_BLOCK - ch->first / RED_BLOCK + 1, RED_BLOCK,
                              c.P.lo, c.P.hi, c.N.lo, c.N.hi, c.sym, c.odd, c.mono};
      if (gpu_submit_reduce(GDEV(k), GSLOT(k), &geom, c.sym ? ch->len : 2 * ch->len)) {
        snprintf(err, errlen, "%s", gpu_last_error());
        rc = EXIT_NOGPU;
        goto out_gpu;
      }
    }
    if (nd) {
      if (gpu_wait(GDEV(k), GSLOT(k), outs, &parts)) {
        snprintf(err, errlen, "%s", gpu_last_error());
        rc = EXIT_NOGPU;
        goto out_gpu;
      }
    } else {
      eval_cpu(&c, ch);
      for (int i = 0; i < nv; i++) outs[i] = c.cpu_out[i];
    }
    double t2 = now_s();
    tm->eval += t2 - t1;
    reduce_chunk(&c, ch, outs, parts);
    tm->reduce += now_s() - t2;
    done += ch->work;
    tm->done_mag = (int64_t)ch->a0 + ch->len - 1;
    progress_update(&pb, done);
  }
  progress_end(&pb);

  for (int i = 0; i < nv; i++) {
    stats_init(st[i]);
    stats_set_abs_range(st[i], c.acc[i]->abs_lo, c.acc[i]->abs_hi);
    stats_set_clauses(st[i], c.acc[i]->clause, c.acc[i]->n_clauses);
    for (int t = 0; t < c.nthreads; t++) stats_merge(st[i], c.acc[(size_t)t * nv + i]);
    for (int d = 0; d < nd && !o->host_reduce && !o->outputs_only; d++) {
      uint64_t xb[XBINS];
      if (gpu_read_xbins(gs[d], i, xb)) {
        snprintf(err, errlen, "%s", gpu_last_error());
        rc = EXIT_NOGPU;
        goto out_gpu;
      }
      stats_fold_xbins(st[i], xb);
    }
  }
  if (rc == 0) tm->done_mag = HALF - 1;
  if (c.cache.building && rc == 0) {
    double t0 = now_s();
    tm->cache = refcache_save(&c.cache) == 0 ? "built" : "save failed";
    tm->cache_io += now_s() - t0;
  }

out_gpu:
  c.ry = own_ry;
  c.rt = own_rt;
  for (int d = 0; d < nd; d++) {
    if (!gs[d]) continue;
    double kt, ct;
    gpu_times(gs[d], &kt, &ct);
    tm->gpu_kernel += kt, tm->gpu_copy += ct;
    gpu_close(gs[d]);
  }
#undef GDEV
#undef GSLOT
out:
#pragma omp parallel
  ref_thread_cleanup();
  refcache_close(&c.cache);
  for (int i = 0; i < nv; i++) free(c.cpu_out[i]);
  if (c.acc)
    for (int i = 0; i < c.nthreads * nv; i++) free(c.acc[i]);
  free(c.acc);
  free(c.ry);
  free(c.rt);
  free(chunks);
  tm->mpfr_calls = c.mpfr_calls;
  tm->cache_hits = c.cache_hits;
  tm->shortcut_hits = c.shortcut_hits;
  tm->wall = now_s() - t_start;
  return rc;
}

int scan_eval(const struct variant *v, const struct scan_opts *o, uint32_t first, uint32_t count, uint32_t *out,
              char *err, size_t errlen) {
  if (!o->gpu) {
#pragma omp parallel for schedule(static)
    for (uint32_t i = 0; i < count; i++) out[i] = f2u(v->host_fn(u2f(first + i)));
    return 0;
  }
  int fn = v->gpu_fn;
  struct gpu_ctx *g = gpu_open(o->ndevices > 0 ? o->devices[0] : 0, 1, &fn, count, 2, err, errlen);
  if (!g) return EXIT_NOGPU;
  uint32_t *res[1];
  const struct gpu_partial *parts;
  int rc = 0;
  if (gpu_submit(g, 0, 1, &first, &count) || gpu_wait(g, 0, res, &parts)) {
    snprintf(err, errlen, "%s", gpu_last_error());
    rc = EXIT_NOGPU;
  } else {
    memcpy(out, res[0], (size_t)count * 4);
  }
  gpu_close(g);
  return rc;
}
