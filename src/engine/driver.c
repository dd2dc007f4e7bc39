/* driver.c: see driver.h. */
#include "src/engine/driver.h"

#include <jansson.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/par.h"
#include "src/jsonio/json_io.h"

volatile int g_scan_stop = 0;

static void on_signal(int sig) {
  (void)sig;
  g_scan_stop = 1;
}

void drive_catch_signals(void) {
  signal(SIGINT, on_signal);
  signal(SIGTERM, on_signal);
}

int shard_range(uint64_t (*cost)(const struct kind_result *, uint64_t, uint64_t), const struct kind_result *r,
                uint32_t from, uint32_t to, int k, int n, uint32_t *lo, uint32_t *hi) {
#define COST(a, b) (cost ? cost(r, (a), (b)) : (b) - (a))
  uint64_t total = COST((uint64_t)from, (uint64_t)to + 1);
  /* boundary j: the least x with cost(from, x) >= j * total / n */
  uint64_t b[2];
  for (int e = 0; e < 2; e++) {
    int j = k + e;
    if (j == 0) { b[e] = from; continue; }
    if (j == n) { b[e] = (uint64_t)to + 1; continue; }
    uint64_t want = (total * (uint64_t)j + n - 1) / (uint64_t)n, l = from, u = (uint64_t)to + 1;
    while (l < u) {
      uint64_t mid = l + (u - l) / 2;
      if (COST((uint64_t)from, mid) >= want) u = mid;
      else l = mid + 1;
    }
    b[e] = l;
  }
#undef COST
  if (b[1] <= b[0]) return -1; /* empty slice */
  *lo = (uint32_t)b[0];
  *hi = (uint32_t)(b[1] - 1);
  return 0;
}

int uncovered_ranges(uint32_t from, uint32_t to, int ncov, uint32_t cov[][2], uint32_t out[][2], int max) {
  /* sort covered ranges by start (few of them) */
  uint32_t c[RESULT_MAXCOV][2];
  int n = ncov < RESULT_MAXCOV ? ncov : RESULT_MAXCOV;
  memcpy(c, cov, sizeof(uint32_t[2]) * (size_t)n);
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && c[j - 1][0] > c[j][0]; j--) {
      uint32_t t0 = c[j][0], t1 = c[j][1];
      c[j][0] = c[j - 1][0], c[j][1] = c[j - 1][1], c[j - 1][0] = t0, c[j - 1][1] = t1;
    }
  int k = 0;
  uint64_t next = from; /* first input not yet known covered */
  for (int i = 0; i < n && next <= to; i++) {
    if (c[i][1] < next) continue;
    if (c[i][0] > next) {
      if (k == max) return -1;
      out[k][0] = (uint32_t)next;
      out[k][1] = c[i][0] - 1 < to ? c[i][0] - 1 : to;
      k++;
    }
    if ((uint64_t)c[i][1] + 1 > next) next = (uint64_t)c[i][1] + 1;
  }
  if (next <= to) {
    if (k == max) return -1;
    out[k][0] = (uint32_t)next, out[k][1] = to, k++;
  }
  return k;
}

int read_result(const char *path, const struct kind **kind, struct kind_result **r, char *err, size_t errlen) {
  json_t *root;
  int rc = json_read_path(path, &root, err, errlen);
  if (rc) return rc;
  const char *tool = json_string_value(json_object_get(root, "tool"));
  *kind = kind_of_result(root);
  const char *kname = json_string_value(json_object_get(root, "kind"));
  if (!json_is_object(root) || !tool || strcmp(tool, "ulpcert")) {
    snprintf(err, errlen, "%s: not an ulpcert result (field 'tool')", path);
    rc = EXIT_CORRUPT;
  } else if (!*kind && kname && !strcmp(kname, "arch")) {
    snprintf(err, errlen, "%s: an arch record of several kinds (kind 'arch'): `ulpcert arch compare` reads it, not a "
                          "command that reads the results of runs", path);
    rc = EXIT_USAGE;
  } else if (!*kind) {
    json_t *f = json_object_get(root, "format");
    snprintf(err, errlen, "%s: result format %s of kind '%s': this ulpcert reads formats 1 and %d (fields 'format', "
                          "'kind')", path, json_is_integer(f) ? "other" : "missing", kname ? kname : "-", ULPCERT_FORMAT);
    rc = EXIT_CORRUPT;
  } else {
    rc = (*kind)->read(root, path, r, err, errlen);
  }
  json_decref(root);
  return rc;
}

/* --resume: the interrupted run's statistics become this run's start, its covered ranges
 * this run's, and what it left is what to scan. */
static int plan_resume(const struct kind *k, struct run_request *rq, struct kind_result *r, uint32_t todo[][2],
                       int *ntodo) {
  const struct kind *pk;
  struct kind_result *prev;
  char err[1024];
  int rc = read_result(rq->resume, &pk, &prev, err, sizeof err);
  if (rc) {
    errorf("--resume: %s", err);
    return rc;
  }
  struct run_info *ri = k->info(r), *pi = pk->info(prev);
  if (pk != k || strcmp(pi->version, ULPCERT_VERSION) || pi->from != ri->from || pi->to != ri->to ||
      k->same(r, prev, "this run", rq->resume, err, sizeof err)) {
    errorf("--resume: %s is not a run of this command (%s results, version %s, inputs 0x%08x..0x%08x%s%s)",
           rq->resume, pk->title, pi->version, pi->from, pi->to, pk == k ? "; " : "", pk == k ? err : "");
    pk->release(prev);
    return EXIT_USAGE;
  }
  k->merge(r, prev);
  ri->ncov = pi->ncov;
  memcpy(ri->cov, pi->cov, sizeof ri->cov);
  *ntodo = uncovered_ranges(ri->from, ri->to, pi->ncov, pi->cov, todo, RESULT_MAXCOV);
  pk->release(prev);
  if (*ntodo < 0) {
    errorf("--resume: %s has too many covered pieces", rq->resume);
    return EXIT_CORRUPT;
  }
  noticef("resuming %s: %d range%s left", rq->resume, *ntodo, *ntodo == 1 ? "" : "s");
  return 0;
}

/* The ranges this run scans: the whole range, a shard or an MPI rank's slice of it, or
 * what an interrupted run left. */
static int plan(const struct kind *k, struct run_request *rq, struct kind_result *r, uint32_t todo[][2], int *ntodo) {
  struct run_info *ri = k->info(r);
  *ntodo = 1;
  todo[0][0] = ri->from, todo[0][1] = ri->to;
  if (rq->resume && rq->shard_n) {
    errorf("--resume and --shard do not go together (resume the shard's own file)");
    return EXIT_USAGE;
  }
  if (rq->ranks > 1 && (rq->resume || rq->shard_n || !k->par_reduce)) {
    errorf(k->par_reduce ? "under MPI the ranks split the range themselves: no --shard or --resume"
                         : "%s runs do not split over MPI ranks", k->title);
    return EXIT_USAGE;
  }
  if (rq->shard_n) {
    if (shard_range(k->cost, r, ri->from, ri->to, rq->shard_k, rq->shard_n, &todo[0][0], &todo[0][1])) {
      errorf("--shard %d/%d: the range has too few %s for %d shards", rq->shard_k, rq->shard_n, k->unit,
             rq->shard_n);
      return EXIT_USAGE;
    }
    ri->from = todo[0][0], ri->to = todo[0][1];
    noticef("shard %d/%d: %s 0x%08x..0x%08x", rq->shard_k, rq->shard_n, k->unit, ri->from, ri->to);
  }
  if (rq->ranks > 1 && shard_range(k->cost, r, ri->from, ri->to, rq->rank, rq->ranks, &todo[0][0], &todo[0][1]))
    *ntodo = 0;
  return rq->resume ? plan_resume(k, rq, r, todo, ntodo) : 0;
}

/* Interrupted: keep what was covered, if anything and if asked to. */
static int finish_interrupted(const struct kind *k, struct kind_result *r, const char *json) {
  struct run_info *ri = k->info(r);
  char err[1024];
  ri->complete = 0;
  if (!json) noticef("interrupted: no --json, nothing kept");
  else if (!ri->ncov) errorf("interrupted before the first chunk was done: nothing kept");
  else {
    noticef("interrupted: writing the partial result (resume with --resume)");
    if (k->write(json, r, err, sizeof err)) errorf("%s", err);
  }
  return EXIT_INTERRUPT;
}

int drive_run(const struct kind *k, struct run_request *rq) {
  struct kind_result *r = NULL;
  int rc = k->begin(rq, &r);
  if (rc) return rc;
  struct run_info *ri = k->info(r);
  uint32_t todo[RESULT_MAXCOV][2];
  int ntodo;
  if ((rc = plan(k, rq, r, todo, &ntodo))) goto done;
  drive_catch_signals();
  const int record_cov = rq->resume || ntodo > 1 || rq->shard_n;
  int keep = 1; /* an interruption that leaves nothing consistent keeps nothing */
  for (int i = 0; i < ntodo && !rc; i++) {
    uint32_t cov[RESULT_MAXCOV][2];
    int ncov = 0;
    rc = k->scan(r, todo[i][0], todo[i][1], cov, &ncov);
    keep = ncov >= 0;
    if (rc && rc != EXIT_INTERRUPT) break;
    if (!record_cov && !rc) continue;
    for (int j = 0; j < ncov; j++)
      if (run_info_cover(ri, cov[j][0], cov[j][1])) {
        errorf("too many covered pieces");
        rc = EXIT_CORRUPT;
      }
  }
  if (rq->ranks > 1) { /* MPI: rank 0 gathers the statistics and writes */
    rc = par_agree(rc);
    if (!rc && k->par_reduce(r)) rc = EXIT_IO;
    if (rq->rank > 0) goto done;
    if (rc) errorf("a rank failed (exit code %d)", rc);
  }
  if (!rc && k->finish) rc = k->finish(r);
  if (rc == EXIT_INTERRUPT && keep) rc = finish_interrupted(k, r, rq->sc->json);
  else if (!rc) {
    char err[1024];
    ri->complete = 1;
    k->print(stdout, r);
    fflush(stdout);
    if (rq->sc->json && (rc = k->write(rq->sc->json, r, err, sizeof err))) errorf("%s", err);
    if (!rc) rc = k->status(r);
  }
done:
  k->release(r);
  return rc;
}

/* Sort rg[0..nr) and check that the ranges tile [rg[0].lo, rg[nr-1].hi]. */
static int tile_check(struct cov_range *rg, int nr, char *const *paths) {
  if (nr == 0) {
    errorf("the files cover no inputs");
    return EXIT_USAGE;
  }
  for (int i = 1; i < nr; i++)
    for (int j = i; j > 0 && rg[j - 1].lo > rg[j].lo; j--) {
      struct cov_range t = rg[j];
      rg[j] = rg[j - 1], rg[j - 1] = t;
    }
  for (int i = 1; i < nr; i++) {
    if (rg[i].lo <= rg[i - 1].hi) {
      errorf("%s and %s overlap: 0x%08x..0x%08x and 0x%08x..0x%08x", paths[rg[i - 1].file], paths[rg[i].file],
             rg[i - 1].lo, rg[i - 1].hi, rg[i].lo, rg[i].hi);
      return EXIT_USAGE;
    }
    if (rg[i].lo != rg[i - 1].hi + 1) {
      errorf("gap between %s and %s: inputs 0x%08x..0x%08x are in neither", paths[rg[i - 1].file],
             paths[rg[i].file], rg[i - 1].hi + 1, rg[i].lo - 1);
      return EXIT_USAGE;
    }
  }
  return 0;
}

/* Every file of the same kind, version and setup as the first; their covered ranges. */
static int merge_check(const struct kind *const *ks, struct kind_result **rs, int n, char *const *paths,
                       struct cov_range *rg, int *nr) {
  char err[1024];
  for (int i = 0; i < n; i++) {
    struct run_info *a = ks[0]->info(rs[0]), *b = ks[i]->info(rs[i]);
    if (ks[i] != ks[0]) {
      errorf("%s holds %s variants, %s %s ones: results of different kinds do not merge", paths[i], ks[i]->title,
             paths[0], ks[0]->title);
      return EXIT_USAGE;
    }
    if (!ks[0]->merge) {
      errorf("%s results do not merge (they hold every input already)", ks[0]->title);
      return EXIT_USAGE;
    }
    if (strcmp(b->version, ULPCERT_VERSION)) {
      errorf("%s comes from ulpcert %s; this is %s", paths[i], b->version, ULPCERT_VERSION);
      return EXIT_CORRUPT;
    }
    int rc = ks[0]->same(rs[0], rs[i], paths[0], paths[i], err, sizeof err);
    if (rc) {
      errorf("%s", err);
      return rc;
    }
    (void)a;
    for (int c = 0; c < b->ncov; c++) rg[(*nr)++] = (struct cov_range){b->cov[c][0], b->cov[c][1], i};
  }
  return tile_check(rg, *nr, paths);
}

int drive_merge(int n, char *const *paths, const char *out) {
  const struct kind **ks = calloc((size_t)n, sizeof *ks);
  struct kind_result **rs = calloc((size_t)n, sizeof *rs);
  struct cov_range *rg = calloc((size_t)n * RESULT_MAXCOV, sizeof *rg);
  char err[1024];
  int rc = ks && rs && rg ? 0 : EXIT_IO, nr = 0;
  for (int i = 0; i < n && !rc; i++)
    if ((rc = read_result(paths[i], &ks[i], &rs[i], err, sizeof err))) errorf("%s", err);
  if (!rc) rc = merge_check(ks, rs, n, paths, rg, &nr);
  if (!rc) {
    struct run_info *ri = ks[0]->info(rs[0]);
    int complete = 1;
    for (int i = 0; i < n; i++) complete &= ks[i]->info(rs[i])->complete;
    for (int i = 1; i < n; i++) ks[0]->merge(rs[0], rs[i]);
    snprintf(ri->command, sizeof ri->command, "%s", g_command_line);
    ri->complete = complete;
    ri->from = rg[0].lo, ri->to = rg[nr - 1].hi;
    ri->ncov = 0;
    for (int i = 0; i < nr; i++) run_info_cover(ri, rg[i].lo, rg[i].hi);
    run_info_device(ri, ri->backend, ri->device, ri->driver, ri->cc, ri->toolkit);
    ks[0]->print(stdout, rs[0]);
    if (out && (rc = ks[0]->write(out, rs[0], err, sizeof err))) errorf("%s", err);
  }
  for (int i = 0; i < n; i++)
    if (ks && rs && rs[i]) ks[i]->release(rs[i]);
  free(ks), free(rs), free(rg);
  return rc;
}
