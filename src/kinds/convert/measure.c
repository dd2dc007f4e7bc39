/* measure.c: the statistics of a conversion on the host: accounting one input at a time
 * (the small domains, the CPU backend), merging, and the verdict. The device kernel
 * (conv_kernel.cuh) accounts the same quantities from the same per-input verdict
 * (classify.h, conv_judge), so that both backends give the same statistics. */
#include <stdlib.h>
#include <string.h>

#include "src/kinds/convert/convert.h"

void conv_stats_init(struct conv_stats *s) {
  memset(s, 0, sizeof *s);
  for (int c = 0; c < CL_N; c++) s->first[c] = 0xffffffffu;
  s->lane_first = 0xffffffffu;
}

void conv_stats_add(struct conv_stats *s, uint32_t x, uint32_t y, const struct conv_one *o, uint32_t lo, uint32_t hi) {
  s->inputs++;
  if (o->cls == -2) s->exact++;
  else if (o->cls == -1) s->nan_other++;
  else {
    if (s->cls[o->cls]++ == 0 || x < s->first[o->cls]) s->first[o->cls] = x, s->first_out[o->cls] = y;
    if (s->mismatches < CONV_LIST) s->list[s->nlist][0] = x, s->list[s->nlist][1] = y, s->nlist++;
    else s->nlist = 0; /* too many to list */
    s->mismatches++;
  }
  if (o->lane_bad) {
    if (x < s->lane_first || s->lane_bad == 0) s->lane_first = x;
    s->lane_bad++;
  }
  if (o->has_err) {
    const uint64_t k = conv_err_key(o->err, x);
    if (!s->err_n || k > s->err_key) s->err_key = k, s->err_out = y;
    s->err_n++;
  }
  const uint64_t t = conv_digest_term(x, y, lo, hi);
  s->digest += t;
  s->bins[x >> 24] += t;
}

static int cmp_pair(const void *a, const void *b) {
  const uint32_t *p = a, *q = b;
  return p[0] < q[0] ? -1 : p[0] > q[0];
}

void conv_stats_sort_list(struct conv_stats *s) { qsort(s->list, s->nlist, sizeof s->list[0], cmp_pair); }

void conv_stats_merge(struct conv_stats *a, const struct conv_stats *b) {
  for (int c = 0; c < CL_N; c++) {
    if (b->cls[c] && (!a->cls[c] || b->first[c] < a->first[c])) a->first[c] = b->first[c], a->first_out[c] = b->first_out[c];
    a->cls[c] += b->cls[c];
  }
  if (b->lane_bad && (!a->lane_bad || b->lane_first < a->lane_first)) a->lane_first = b->lane_first;
  if (b->err_n && (!a->err_n || b->err_key > a->err_key)) a->err_key = b->err_key, a->err_out = b->err_out;
  const uint64_t mism = a->mismatches + b->mismatches;
  if (mism <= CONV_LIST) { /* both lists complete: their union, in input order */
    memcpy(a->list[a->nlist], b->list, sizeof b->list[0] * b->nlist);
    a->nlist += b->nlist;
    qsort(a->list, a->nlist, sizeof a->list[0], cmp_pair);
  } else a->nlist = 0;
  a->inputs += b->inputs, a->exact += b->exact, a->nan_other += b->nan_other, a->mismatches = mism;
  a->lanes += b->lanes, a->lane_bad += b->lane_bad, a->err_n += b->err_n, a->digest += b->digest;
  for (int i = 0; i < CONV_BINS; i++) a->bins[i] += b->bins[i];
}

const char *conv_verdict(const struct conv_stats *s) { return s->mismatches || s->lane_bad ? "VIOLATED" : "HOLDS"; }

float conv_max_err(const struct conv_stats *s) {
  const uint32_t b = (uint32_t)(s->err_key >> 32);
  float f;
  memcpy(&f, &b, 4);
  return s->err_n ? f : -1.0f;
}
uint32_t conv_max_err_input(const struct conv_stats *s) { return 0xffffffffu - (uint32_t)s->err_key; }

void conv_measure_small(const struct conv_def *d, uint32_t n, const uint32_t *y, const uint32_t *lo,
                        const uint32_t *hi, struct conv_stats *s) {
  const struct conv_kparams kp = conv_kparams_of(d);
  conv_stats_init(s);
  for (uint32_t x = 0; x < n; x++) {
    const int two = d->x2 && lo && hi;
    const uint32_t l = two ? lo[x] : 0, h = two ? hi[x] : 0, yp = two ? y[conv_partner(x, n)] : 0;
    struct conv_kparams k = kp;
    k.x2 = two;
    const struct conv_one o = conv_judge(&k, x, y[x], l, h, yp);
    conv_stats_add(s, x, y[x], &o, l, h);
  }
  s->lanes = d->x2 && lo && hi ? n : 0;
}
