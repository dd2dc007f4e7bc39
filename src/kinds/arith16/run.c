/* run.c: one 16-bit operation over a range of rows: the device counts every pair (rows of
 * 65,536 pairs, arith_gpu.cu); the host folds the rows, then takes the outputs of the
 * first rows with mismatches, and of the range's first and last rows, and recounts them
 * with the same code (arith.h): the listed pairs come from there, and a row whose recount
 * differs from the device's is an error (the host and the device must agree on the
 * reference bit for bit). */
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/arith16/h16a_kind.h"

/* The host's statistics of row a from the device's outputs, and its mismatches appended
 * to s's list. */
static void recount_row(const struct h16a_variant *v, uint16_t a, const uint16_t *out, struct h16a_acc *acc,
                        struct h16a_stats *s) {
  h16a_acc_init(acc);
  for (uint32_t b = 0; b < H16A_ROW; b++) {
    const uint16_t c = h16a_third(v->third, v->fmt, a, (uint16_t)b);
    double y;
    const uint32_t r = h16a_expected(v, a, (uint16_t)b, c, &y), i = ((uint32_t)a << 16) | b;
    const int k = h16a_add(acc, v->fmt, i, c, v->third != H16A_NONE, out[b], r, y);
    if (k >= 0 && s->nlist < H16A_LIST)
      s->list[s->nlist++] = (struct h16a_sample){i, c, out[b], (uint16_t)r, k, f16_err_ulps(v->fmt, out[b], y)};
  }
}

static int same_acc(const struct h16a_acc *x, const struct h16a_acc *y) {
  int same = x->pairs == y->pairs && x->exact == y->exact && x->digest == y->digest && x->s0 == y->s0 &&
             x->s1 == y->s1 && x->max_err_at == y->max_err_at;
  for (int k = 0; k < H16_NCLS; k++) same &= x->cls[k] == y->cls[k] && x->first[k] == y->first[k];
  /* the error compares as bits: both sides compute it the same way (-1: none) */
  return same && !memcmp(&x->max_err, &y->max_err, sizeof x->max_err);
}

/* Rows to recount: those with mismatches until the list is full, and the first and last. */
static int recount(struct kind_result *r, const struct h16a_variant *v, uint32_t from, uint32_t to,
                   const struct h16a_acc *rows, struct h16a_stats *s) {
  uint16_t *out = malloc(sizeof(uint16_t) * H16A_ROW);
  char err[512];
  int rc = out ? 0 : EXIT_IO;
  for (uint32_t a = from; a <= to && !rc; a++) {
    const struct h16a_acc *d = &rows[a - from];
    if (!(a == from || a == to || (d->exact < d->pairs && s->nlist < H16A_LIST))) continue;
    if (gpu_h16a_row_outputs(r->device, h16a_index(v), (uint16_t)a, out, err, sizeof err)) {
      errorf("%s: %s", v->name, err);
      rc = EXIT_NOGPU;
      break;
    }
    struct h16a_acc host;
    recount_row(v, (uint16_t)a, out, &host, s);
    if (!same_acc(&host, d)) {
      errorf("%s: row a = 0x%04x: the host's recount of the device's outputs differs from the device's "
             "statistics (exact %llu against %llu, digest 0x%016llx against 0x%016llx)",
             v->name, a, (unsigned long long)host.exact, (unsigned long long)d->exact,
             (unsigned long long)host.digest, (unsigned long long)d->digest);
      rc = EXIT_FAIL;
    }
  }
  free(out);
  return rc;
}

int h16a_run(struct kind_result *r, const struct h16a_variant *v, uint32_t from, uint32_t to, struct h16a_stats *s,
             struct h16a_acc *rows) {
  const uint32_t n = to - from + 1;
  struct h16a_acc *own = rows ? NULL : malloc(sizeof *own * n);
  struct h16a_acc *rw = rows ? rows : own;
  char err[512];
  memset(s, 0, sizeof *s);
  h16a_acc_init(&s->acc);
  if (!rw) return EXIT_IO;
  const double t0 = now_s();
  int rc = gpu_h16a_rows(r->device, h16a_index(v), from, n, rw, err, sizeof err);
  if (rc > 0) noticef("%s skipped: %s", v->name, err);
  else if (rc < 0) errorf("%s: %s", v->name, err), rc = EXIT_NOGPU;
  if (!rc) {
    for (uint32_t k = 0; k < n; k++) h16a_merge(&s->acc, &rw[k]);
    s->acc.s0 = s->acc.s1 = 0;
    rc = recount(r, v, from, to, rw, s);
  }
  s->seconds = now_s() - t0;
  free(own);
  return rc;
}
