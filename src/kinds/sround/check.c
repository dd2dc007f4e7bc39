/* check.c: a stochastic rounding against the exact one (reference/quant/sr.h), input by
 * input: every random value r in [0, 2^k) is tried, the outputs must be the two
 * neighbours (the one result of a deterministic input), the set of r giving the upper one
 * is compared with the k-bit form's [2^k - t, 2^k), and its size / 2^k with the exact
 * probability frac. The hardware's cvt.rs gives its outputs by batches (sr_hw.cu), checked
 * here the same way. */
#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/driver.h"
#include "src/kinds/sround/sr_hw.h"
#include "src/kinds/sround/sround.h"

static uint32_t sr_bits16(uint32_t x, uint32_t r) { return (x + (r & 0xffffu)) >> 16; }
static uint32_t sr_bits8(uint32_t x, uint32_t r) { return (x + ((r & 0xffu) << 8)) >> 16; }

void sr_stats_add(struct sr_stats *a, const struct sr_stats *b) {
  a->inputs += b->inputs, a->det += b->det, a->det_wrong += b->det_wrong, a->not_nbr += b->not_nbr;
  a->kform += b->kform, a->cnt_eq += b->cnt_eq, a->sum_bias += b->sum_bias;
  if (b->max_bias > a->max_bias) a->max_bias = b->max_bias;
  if (b->first < a->first)
    a->first = b->first, a->first_cnt = b->first_cnt, a->first_t = b->first_t, a->first_det = b->first_det;
}

/* one input x into st */
static void sr_input(const struct sr_var *v, sr_fn fn, uint32_t x, struct sr_stats *st) {
  const struct qr_fmt f = qr_format(v->fmt);
  const struct qr_sr e = qr_sr(&f, v->src, x, 1, 0, v->k);
  const uint64_t n = 1ull << v->k;
  uint64_t up = 0, lo_ok = 1, form = 1, nbr = 1, other = 0;
  int nanx = qr_decode(v->src, x).cls == QC_NAN;
  st->inputs++;
  for (uint64_t r = 0; r < n; r++) {
    uint32_t y = fn(x, (uint32_t)r);
    if (nanx) {
      other += f.nan && !qr_is_nan(&f, y);
      continue;
    }
    int is_hi = y == e.hi && !e.det, is_lo = y == e.lo;
    nbr &= is_hi || is_lo;
    other += !is_lo;
    up += is_hi;
    form &= is_hi == (r >= n - e.t);
  }
  (void)lo_ok;
  if (e.det || nanx) { /* first_cnt: the values giving another result than e.lo, first_t: e.lo */
    st->det++;
    st->det_wrong += other != 0;
    if (other && x < st->first) st->first = x, st->first_cnt = other, st->first_t = e.lo, st->first_det = 1;
    return;
  }
  st->not_nbr += !nbr;
  st->kform += form && nbr;
  st->cnt_eq += up == e.t;
  double bias = (double)up / (double)n - e.frac;
  st->sum_bias += bias;
  if (fabs(bias) > st->max_bias) st->max_bias = fabs(bias);
  if (!(form && nbr) && x < st->first) st->first = x, st->first_cnt = up, st->first_t = e.t, st->first_det = 0;
}

/* cvt.rs's outputs of a batch of inputs (sr_hw.cu), read as a function of (x, r) */
static const uint16_t *g_hw_tab;
static uint32_t g_hw_x0;
static int g_hw_k;
static uint32_t sr_hw_fn(uint32_t x, uint32_t r) { return g_hw_tab[(uint64_t)(x - g_hw_x0) << g_hw_k | r]; }
#define SR_HW_BATCH (1u << 26) /* outputs a batch (128 MiB) */

static int sr_host(struct kind_result *r, struct sr_run *q, sr_fn fn, uint32_t from, uint32_t to);

/* the cvt.rs variant: batches evaluated on the device, checked here */
static int sr_hw_run(struct kind_result *r, struct sr_run *q, uint32_t from, uint32_t to) {
  const uint32_t per = SR_HW_BATCH >> q->v.k;
  uint16_t *tab = malloc((size_t)SR_HW_BATCH * sizeof *tab);
  char err[256];
  int rc = tab ? 0 : EXIT_IO;
  for (uint64_t a = from; !rc && a <= to && !g_scan_stop; a += per) {
    uint32_t n = (uint64_t)to - a + 1 < per ? (uint32_t)(to - a + 1) : per;
    if (srhw_table(r->device, q->v.fmt, q->v.k, (uint32_t)a, n, tab, err, sizeof err)) {
      errorf("%s: %s", q->v.name, err);
      rc = EXIT_NOGPU;
      break;
    }
    g_hw_tab = tab, g_hw_x0 = (uint32_t)a, g_hw_k = q->v.k;
    rc = sr_host(r, q, sr_hw_fn, (uint32_t)a, (uint32_t)(a + n - 1));
  }
  free(tab);
  return rc;
}

int sr_scan_run(struct kind_result *r, struct sr_run *q, uint32_t from, uint32_t to) {
  uint32_t last = q->v.src == QX_F32 ? 0xffffffffu : 0xffffu;
  if (to > last) to = last;
  if (from > to) return 0;
  if (q->v.impl == SR_HW) return sr_hw_run(r, q, from, to);
  return sr_host(r, q, q->v.impl == SR_BITS16 ? sr_bits16 : q->v.impl == SR_BITS8 ? sr_bits8 : r->user, from, to);
}

/* fn over inputs [from, to] on the host */
static int sr_host(struct kind_result *r, struct sr_run *q, sr_fn fn, uint32_t from, uint32_t to) {
  int nt = r->sc->o.threads > 0 ? r->sc->o.threads : omp_get_max_threads();
  double t0 = omp_get_wtime();
#pragma omp parallel num_threads(nt)
  {
    struct sr_stats loc;
    memset(&loc, 0, sizeof loc);
    loc.first = UINT64_MAX;
#pragma omp for schedule(dynamic, 64)
    for (int64_t i = from; i <= (int64_t)to; i++)
      if (!g_scan_stop) sr_input(&q->v, fn, (uint32_t)i, &loc);
#pragma omp critical(sround_scan)
    sr_stats_add(&q->st, &loc);
  }
  q->seconds += omp_get_wtime() - t0;
  return g_scan_stop ? EXIT_INTERRUPT : 0;
}
