/* run.c: a binary32 run: names resolved into variants the backend runs (or a user's
 * function compiled at run time), then ranges scanned, each reference's variants
 * together (src/kinds/binary32/scan.h). */
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/binary32/binary32.h"
#include "reference/expr/expr.h"
#include "src/user/userfn.h"

/* variants in one run (each group of one reference scans at most SCAN_MAXV of them) */
#define B32_MAXV 1024

struct kind_result *b32_alloc(int nv) {
  struct kind_result *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  r->nv = r->nalloc = nv;
  r->v = calloc(nv ? (size_t)nv : 1, sizeof *r->v);
  r->st = calloc(nv ? (size_t)nv : 1, sizeof *r->st);
  int ok = r->v && r->st;
  for (int i = 0; ok && i < nv; i++) {
    r->st[i] = malloc(sizeof(struct stats));
    if (r->st[i]) stats_init(r->st[i]);
    ok = r->st[i] != NULL;
  }
  if (!ok) {
    b32_release(r);
    return NULL;
  }
  return r;
}

/* Resolve names into variants the backend can run; 0 or an exit code. */
static int resolve_names(int n, char **names, int gpu, const struct variant **vs, int *nv) {
  *nv = 0;
  for (int i = 0; i < n; i++) {
    int r = variant_resolve(names[i], gpu, vs, B32_MAXV, nv);
    if (r < 0) {
      errorf("unknown variant or family '%s' (see 'ulpcert list')", names[i]);
      return EXIT_USAGE;
    }
    if (r == 0) {
      int dup = 0;
      const struct variant *v = variant_find(names[i]);
      for (int j = 0; v && j < *nv; j++) dup |= vs[j] == v;
      if (dup) continue;
      errorf("'%s' has nothing the %s backend can run (see 'ulpcert list')", names[i], gpu ? "gpu" : "cpu");
      return EXIT_USAGE;
    }
  }
  return 0;
}

/* run --source FILE --function NAME --ref REF: the user's function as the one variant. */
static int user_function(struct run_request *rq, struct kind_result *r) {
  if (!rq->source || !rq->function || !rq->ref || rq->nnames) {
    errorf("--source FILE --function NAME --ref REF go together, without variant names");
    return EXIT_USAGE;
  }
  char err[2048];
  const struct reference *ref = ref_resolve(rq->ref, rq->ref_odd, rq->ref_increasing, "--ref", err, sizeof err);
  if (!ref) {
    errorf("%s", err);
    return EXIT_USAGE;
  }
  char log[16384];
  int rc = userfn_check(rq->source, rq->function, log, sizeof log);
  if (rc) {
    errorf("%s", log);
    return rc;
  }
  const char *names[1] = {rq->function};
  const struct reference *refs[1] = {ref};
  char vname[1][256];
  rc = user_variants(rq->source, 1, names, refs, rq->sc->backend, &r->ri.ginfo, &r->user, vname, log, sizeof log);
  if (rc && !rq->sc->backend && userfn_is_cuda(rq->source)) { /* CUDA beyond C: one message, not gcc's */
    errorf(USERFN_CUDA_ON_CPU, rq->source);
    return EXIT_NOGPU;
  }
  if (rc) {
    errorf("%s: cannot compile %s for the %s backend:\n%s", rq->source, rq->function, rq->sc->backend ? "gpu" : "cpu",
           log);
    return rc;
  }
  snprintf(r->user_name, sizeof r->user_name, "%s", vname[0]);
  r->user.name = r->user_name;
  r->v[0] = &r->user;
  return 0;
}

int b32_begin(struct run_request *rq, struct kind_result **out) {
  struct scan_cli *sc = rq->sc;
  const struct variant **vs = calloc(B32_MAXV, sizeof *vs);
  int nv = 0, rc = 0;
  struct kind_result *r = NULL;
  if (!vs) return EXIT_IO;
  /* names are checked before the GPU is probed, so that typos fail fast */
  for (int i = 0; i < rq->nnames && !rq->source && !rq->function; i++)
    if (variant_resolve(rq->names[i], 0, vs, B32_MAXV, &nv) < 0) {
      errorf("unknown variant or family '%s' (see 'ulpcert list')", rq->names[i]);
      rc = EXIT_USAGE;
      goto fail;
    }
  struct run_info ri; /* the shared kind body's: the range, the threads, the backend chosen */
  if ((rc = run_info_for(sc, &ri))) goto fail;
  if (!rq->source && !rq->function && (rc = resolve_names(rq->nnames, rq->names, sc->backend, vs, &nv))) goto fail;
  for (int i = 0; i < rq->nvariants && nv < B32_MAXV; i++) vs[nv++] = rq->variants[i];
  if (!(r = b32_alloc(rq->source || rq->function ? 1 : nv))) {
    rc = EXIT_IO;
    goto fail;
  }
  r->ri = ri;
  r->sc = sc;
  r->bound = rq->bound;
  if (rq->source || rq->function) rc = user_function(rq, r);
  else memcpy(r->v, vs, (size_t)nv * sizeof *vs);
  if (rc) goto fail;
  free(vs);
  *out = r;
  return 0;
fail:
  b32_release(r);
  free(vs);
  return rc;
}

/* the number of distinct references of r's variants */
static int groups(const struct kind_result *r) {
  int n = 0;
  for (int i = 0; i < r->nv; i++) {
    int seen = 0;
    for (int j = 0; j < i; j++) seen |= r->v[j]->ref == r->v[i]->ref;
    n += !seen;
  }
  return n;
}

int b32_scan(struct kind_result *r, uint32_t from, uint32_t to, uint32_t cov[][2], int *ncov) {
  struct kind_result *part = b32_alloc(r->nv);
  if (!part) return EXIT_IO;
  r->sc->o.from = from, r->sc->o.to = to;
  int64_t done_mag = -1;
  int rc = b32_scan_grouped(r, part->st, &done_mag);
  *ncov = 0;
  if (rc == EXIT_INTERRUPT && groups(r) > 1) {
    errorf("interrupted; a partial result is kept only for runs of one reference function");
    *ncov = -1;
  } else if (!rc || rc == EXIT_INTERRUPT) {
    for (int i = 0; i < r->nv; i++) stats_merge(r->st[i], part->st[i]);
    if (rc) *ncov = scan_covered(from, to, done_mag, cov);
    else cov[0][0] = from, cov[0][1] = to, *ncov = 1;
  }
  b32_release(part);
  return rc;
}
