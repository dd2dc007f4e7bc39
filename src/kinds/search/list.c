/* list.c: the search kind's listed inputs (--pairs FILE): published hard-to-round cases, or any
 * inputs to evaluate beside the sampling. One input a line, x or x,y (C's hexadecimal or
 * decimal, as strtod reads them); '#' starts a comment. CORE-MATH's worst-case files
 * (https://gitlab.inria.fr/core-math/core-math, src/binary64/<fn>/<fn>.wc: the inputs whose
 * binary64 result has the most identical bits after the round bit) have this form. The list is
 * evaluated once, when the sampling of the whole range is in (sr_finish), before the local search. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/search/result.h"

/* One line into (x, y): 1 with an input, 0 for a blank or comment line, -1 when malformed. */
static int parse_line(char *line, int arity, double *x, double *y) {
  char *h = strchr(line, '#'), *end;
  if (h) *h = 0;
  char *p = line;
  while (isspace((unsigned char)*p)) p++;
  if (!*p) return 0;
  *x = strtod(p, &end), *y = 0;
  if (end == p) return -1;
  p = end;
  while (isspace((unsigned char)*p)) p++;
  if (arity == 2) {
    if (*p != ',') return -1;
    p++;
    *y = strtod(p, &end);
    if (end == p) return -1;
    p = end;
  }
  while (isspace((unsigned char)*p)) p++;
  return *p ? -1 : 1;
}

int sr_list_read(struct kind_result *r, const char *path, int arity) {
  FILE *f = fopen(path, "r");
  if (!f) {
    errorf("--pairs %s: cannot read it", path);
    return EXIT_IO;
  }
  char line[512];
  unsigned ln = 0;
  int rc = 0;
  size_t cap = 0;
  while (!rc && fgets(line, sizeof line, f)) {
    double x, y;
    int k = parse_line(line, arity, &x, &y);
    ln++;
    if (k < 0) {
      errorf("--pairs %s:%u: not %s", path, ln, arity == 2 ? "two numbers x,y" : "one number");
      rc = EXIT_USAGE;
    } else if (k > 0) {
      if (r->nlist == cap) {
        cap = cap ? 2 * cap : 1024;
        double *nx = realloc(r->list_x, cap * sizeof *nx), *ny = nx ? realloc(r->list_y, cap * sizeof *ny) : NULL;
        if (nx) r->list_x = nx;
        if (ny) r->list_y = ny;
        if (!nx || !ny) rc = EXIT_IO;
      }
      if (!rc) r->list_x[r->nlist] = x, r->list_y[r->nlist] = y, r->nlist++;
    }
  }
  fclose(f);
  if (!rc && !r->nlist) errorf("--pairs %s: no input in it", path), rc = EXIT_USAGE;
  snprintf(r->list_path, sizeof r->list_path, "%s", path);
  r->list_digest = 0xcbf29ce484222325ull; /* FNV-1a over the inputs' bit patterns: the list's identity */
  for (size_t j = 0; j < r->nlist; j++) {
    uint64_t b[2] = {sr_bits64(r->list_x[j]), sr_bits64(r->list_y[j])};
    for (int k = 0; k < 16; k++) r->list_digest = (r->list_digest ^ (uint8_t)(b[k / 8] >> (8 * (k % 8)))) * 0x100000001b3ull;
  }
  return rc;
}

/* The listed inputs through variant i, into its pool (host threads or the device). */
int sr_list_eval(struct kind_result *r, int i) {
  const struct sr_variant *vs;
  sr_variants(&vs);
  const struct sr_variant *v = &vs[r->v[i]];
  struct sr_stat *s = &r->st[i];
  double *out = malloc(2 * r->nlist * sizeof *out), *est = out ? out + r->nlist : NULL;
  if (!out) return EXIT_IO;
  int rc = 0;
  if (v->lib == SR_CUDA) {
    char err[256];
    if (sr_gpu_eval(r->dev[0], v->fn, (int)r->nlist, r->list_x, r->list_y, out, est, err, sizeof err))
      errorf("%s: %s", v->name, err), rc = EXIT_NOGPU;
  } else {
    const struct sr_fn *f = &sr_fns[v->fn];
#pragma omp parallel for num_threads(r->ri.threads > 0 ? r->ri.threads : 1) schedule(static)
    for (size_t j = 0; j < r->nlist; j++) {
      out[j] = sr_host_eval(v, r->list_x[j], r->list_y[j]);
      est[j] = sr_estimate(f, r->list_x[j], r->list_y[j], out[j]);
    }
  }
  for (size_t j = 0; !rc && j < r->nlist; j++) {
    if (est[j] < 0) continue;
    struct sr_cand c;
    memset(&c, 0, sizeof c);
    c.x = r->list_x[j], c.y = r->list_y[j], c.out = out[j], c.est = est[j];
    sr_pool_add(s->pool, &s->npool, &c);
  }
  if (!rc) s->listed += r->nlist;
  free(out);
  return rc;
}
