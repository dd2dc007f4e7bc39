/* pool.c: the candidates of the search kind (the largest errors found, ranked) and the host's
 * ranking reference. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "src/kinds/search/search.h"

static int key_less(double a, double b) { /* bit patterns as ordered integers (x ascending) */
  int64_t ia = (int64_t)sr_bits64(a), ib = (int64_t)sr_bits64(b);
  ia = ia < 0 ? INT64_MIN - ia : ia; /* negative numbers below the positive ones, by magnitude */
  ib = ib < 0 ? INT64_MIN - ib : ib;
  return ia < ib;
}

int sr_cand_before(const struct sr_cand *a, const struct sr_cand *b) {
  if (a->est != b->est) return a->est > b->est;
  if (sr_bits64(a->x) != sr_bits64(b->x)) return key_less(a->x, b->x);
  return key_less(a->y, b->y);
}

void sr_pool_add(struct sr_cand *pool, int *n, const struct sr_cand *c) {
  if (*n == SR_POOL && !sr_cand_before(c, &pool[SR_POOL - 1])) return; /* ranks last: most inputs stop here */
  for (int i = 0; i < *n; i++)
    if (sr_bits64(pool[i].x) == sr_bits64(c->x) && sr_bits64(pool[i].y) == sr_bits64(c->y)) return;
  int i = *n < SR_POOL ? (*n)++ : SR_POOL - 1;
  while (i > 0 && sr_cand_before(c, &pool[i - 1])) {
    pool[i] = pool[i - 1];
    i--;
  }
  pool[i] = *c;
}

/* The ulp of the format at a long double value (floor(log2|v|) from frexpl, exact). */
static long double ulp_ld(int fmt, long double v) {
  int e, emin = fmt == SR_F64 ? -1022 : -126, p = fmt == SR_F64 ? 52 : 23;
  if (v == 0) return ldexpl(1.0L, emin - p);
  frexpl(v, &e);
  return ldexpl(1.0L, (e - 1 > emin ? e - 1 : emin) - p);
}

double sr_estimate(const struct sr_fn *f, double x, double y, double out) {
  long double r = f->rank1 ? f->rank1((long double)x) : f->rank2((long double)x, (long double)y);
  long double top = f->dom.fmt == SR_F64 ? (long double)DBL_MAX : (long double)FLT_MAX;
  if (isnan(r) || fabsl(r) > top) return -1; /* outside the domain, or an overflow */
  if (!isfinite(out)) return INFINITY;
  return (double)(fabsl((long double)out - r) / ulp_ld(f->dom.fmt, r));
}

double sr_host_eval(const struct sr_variant *v, double x, double y) {
  if (v->host1) return v->host1(x);
  if (v->host2) return v->host2(x, y);
  return (double)v->hostf2((float)x, (float)y);
}
