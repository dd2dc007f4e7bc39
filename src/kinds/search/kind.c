/* kind.c: the search kind's entry in the kind table: names, begin, scan, status, print. Its
 * files (result files, merge) are in file.c, the pipeline in scan.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/driver.h"
#include "src/engine/par.h"
#include "src/kinds/search/arch.h"
#include "src/kinds/search/file.h"
#include "src/kinds/search/report.h"
#include "src/kinds/search/result.h"

/* The default number of blocks when --to is not given: 64 blocks (2^22 inputs) on the CPU, and
 * 1525879 blocks (10^11 inputs, 1525879 * 65536 = 1.00000 * 10^11) on the GPU. */
#define SR_DEFAULT_CPU 64u
#define SR_DEFAULT_GPU 1525879u

static const char *lib_name[] = {"cuda", "glibc", "llvm", "musl", "sleef", "planted"};

/* Does a name (a variant or a family) take variant v? Families: search (every variant but the
 * planted one), search.<fn> (its libraries), search.<lib> (cuda, glibc, llvm, musl, sleef). */
static int takes(const char *name, const struct sr_variant *v) {
  if (!strcmp(name, v->name)) return 1;
  if (v->lib == SR_PLANTED) return !strcmp(name, "search.planted");
  if (!strcmp(name, "search")) return 1;
  if (strncmp(name, "search.", 7)) return 0;
  return !strcmp(name + 7, sr_fns[v->fn].name) || !strcmp(name + 7, lib_name[v->lib]);
}

static int owns(const char *name) {
  const struct sr_variant *vs;
  int n = sr_variants(&vs);
  for (int i = 0; i < n; i++)
    if (takes(name, &vs[i])) return 1;
  return 0;
}

static void list(FILE *f) {
  const struct sr_variant *vs;
  int n = sr_variants(&vs);
  fprintf(f, "\nsearch (family search; binary64 functions and two-argument binary32 functions, searched for their "
             "largest error; families search.<function>, search.cuda, search.glibc, search.llvm, search.musl, search.sleef):\n");
  for (int i = 0; i < n; i++) fprintf(f, "  %s\n", vs[i].name);
}

static void release(struct kind_result *r) {
  if (!r) return;
  free(r->list_x), free(r->list_y);
  free(r);
}
static struct run_info *info(struct kind_result *r) { return &r->ri; }

/* The variants the names take on this backend: CUDA's need the GPU, the host's the CPU (a family
 * takes those of the backend; a variant named alone on the other backend is an error). */
static int resolve(struct kind_result *r, const struct run_request *rq) {
  const struct sr_variant *vs;
  int n = sr_variants(&vs);
  for (int k = 0; k < rq->nnames; k++) {
    int found = 0;
    for (int i = 0; i < n; i++) {
      if (!takes(rq->names[k], &vs[i])) continue;
      int here = (vs[i].lib == SR_CUDA) == (r->ri.gpu != 0);
      if (!here && !strcmp(rq->names[k], vs[i].name)) {
        errorf("%s runs on the %s backend (--backend %s)", vs[i].name, vs[i].lib == SR_CUDA ? "GPU" : "CPU",
               vs[i].lib == SR_CUDA ? "gpu" : "cpu");
        return EXIT_USAGE;
      }
      if (vs[i].lib == SR_CUDA && !sr_gpu_has(vs[i].fn)) continue;
      found |= here;
      int dup = !here;
      for (int j = 0; j < r->nv && !dup; j++) dup = r->v[j] == i;
      if (!dup) r->v[r->nv++] = i;
    }
    if (!found) {
      errorf("%s: no search variant of it runs on the %s backend", rq->names[k], r->ri.gpu ? "GPU" : "CPU");
      return EXIT_USAGE;
    }
  }
  return 0;
}

/* --pairs FILE: every variant must take the same number of arguments. */
static int list_arity(struct kind_result *r, const char *path) {
  const struct sr_variant *vs;
  sr_variants(&vs);
  int arity = sr_fns[vs[r->v[0]].fn].dom.arity;
  for (int i = 1; i < r->nv; i++)
    if (sr_fns[vs[r->v[i]].fn].dom.arity != arity) {
      errorf("--pairs %s: the variants named take one and two arguments: name those of one function", path);
      return EXIT_USAGE;
    }
  return sr_list_read(r, path, arity);
}

/* The sampling's workers: every device of --devices on the GPU; on the CPU one, or
 * ULPCERT_SEARCH_WORKERS (1 to 16) workers sharing the threads, the CPU's stand-in for several
 * devices (the same claiming and folding code), with which the tests check that the result does
 * not depend on the number of workers. */
static int spread_setup(struct kind_result *r, const struct run_request *rq) {
  const struct scan_opts *o = &rq->sc->o;
  r->ndev = r->ri.gpu && o->ndevices > 0 ? o->ndevices : 1;
  for (int i = 0; i < r->ndev && i < 16; i++) r->dev[i] = r->ri.gpu && o->ndevices > 0 ? o->devices[i] : 0;
  r->workers = r->ri.gpu ? r->ndev : 1;
  const char *e = getenv("ULPCERT_SEARCH_WORKERS");
  if (r->ri.gpu && e) {
    errorf("ULPCERT_SEARCH_WORKERS=%s applies to the CPU backend: on the GPU the workers are the devices of --devices", e);
    return EXIT_USAGE;
  }
  if (e) {
    char *end;
    long w = strtol(e, &end, 10);
    if (*end || end == e || w < 1 || w > 16) {
      errorf("ULPCERT_SEARCH_WORKERS=%s: not a number of workers from 1 to 16", e);
      return EXIT_USAGE;
    }
    r->workers = (int)w;
  }
  return 0;
}

static int begin(struct run_request *rq, struct kind_result **out) {
  if (rq->sc->from_value || rq->sc->to_value) {
    errorf("search variants take ranges of blocks (of %u inputs each): --from and --to are block numbers", SR_BLOCK);
    return EXIT_USAGE;
  }
  struct kind_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  int rc = run_info_for(rq->sc, &r->ri);
  if (!rc) rc = resolve(r, rq);
  if (!rc) rc = spread_setup(r, rq);
  if (!rc && rq->pairs) rc = list_arity(r, rq->pairs);
  if (rc) {
    release(r);
    return rc;
  }
  r->ri.to = rq->sc->o.to != UINT32_MAX ? rq->sc->o.to : (r->ri.gpu ? SR_DEFAULT_GPU : SR_DEFAULT_CPU) - 1;
  if (r->ri.from > r->ri.to) {
    errorf("--from block %u is above --to block %u", r->ri.from, r->ri.to);
    release(r);
    return EXIT_USAGE;
  }
  r->seed = rq->seed, r->fresh = 1;
  r->shards = rq->shard_n > 1 ? rq->shard_n : 0, r->progress = rq->sc->o.progress;
  r->rounds = r->ri.gpu ? SR_ROUNDS_GPU : SR_ROUNDS_CPU;
  r->batch = r->ri.gpu ? SR_BATCH_GPU : SR_BATCH_CPU;
  if (!g_quiet)
    fprintf(stderr, "ulpcert: %d search variant%s, blocks %u..%u of %u inputs, seed 0x%016llx%s, %s backend (%d %s)\n",
            r->nv, r->nv == 1 ? "" : "s", r->ri.from, r->ri.to, SR_BLOCK, (unsigned long long)r->seed,
            rq->seed_given ? "" : " (default)", r->ri.gpu ? "gpu" : "cpu", r->workers,
            r->ri.gpu ? (r->workers == 1 ? "device" : "devices") : (r->workers == 1 ? "worker" : "workers"));
  *out = r;
  return 0;
}

static int scan(struct kind_result *r, uint32_t from, uint32_t to, uint32_t cov[][2], int *ncov) {
  int64_t done;
  int rc = sr_scan(r, from, to, &done);
  *ncov = 0;
  if (done >= (int64_t)from) cov[0][0] = from, cov[0][1] = (uint32_t)done, *ncov = 1;
  return rc;
}

static int finish(struct kind_result *r) { return sr_finish(r); }

/* MPI: rank 0 folds every rank's statistics into its own (the merge is exact in any order). */
static void merge_bytes(void *mine, const void *theirs, void *ctx) {
  const int nv = *(const int *)ctx;
  struct sr_stat *a = mine;
  const struct sr_stat *b = theirs;
  for (int i = 0; i < nv; i++) sr_stat_merge(&a[i], &b[i]);
}
static int par_reduce(struct kind_result *r) {
  return par_reduce_bytes(r->st, sizeof r->st[0] * (size_t)r->nv, merge_bytes, &r->nv);
}

static int status(const struct kind_result *r) {
  const struct sr_variant *vs;
  sr_variants(&vs);
  for (int i = 0; i < r->nv; i++)
    if (sr_violation(&vs[r->v[i]], &r->st[i]) >= 0) return EXIT_FAIL;
  return EXIT_OK;
}

const struct kind kind_search = {
    .name = "search",
    .title = "searched function",
    .unit = "blocks",
    .run_help =
        "Search variants (family search: binary64 functions of one and two arguments, and powf, atan2f,\n"
        "hypotf, in CUDA (GPU), glibc, LLVM libc, musl and SLEEF (CPU)) are searched for their largest\n"
        "error, not run whole: --from/--to are block numbers (each block: 65536 inputs drawn from --seed; default 64\n"
        "blocks on the CPU, 1525879 (10^11 inputs) on the GPU), then a local search around the largest\n"
        "errors, then MPFR at every input reported. A result is a lower bound: \"at least X ulp\".\n"
        "--pairs FILE adds a list of inputs (x or x,y a line, '#' comments: published hard-to-round\n"
        "cases such as CORE-MATH's src/binary64/<fn>/<fn>.wc), evaluated before the local search.\n"
        "The sampling spreads over the GPUs of --devices (default: all) and over MPI ranks; a --shard K/N\n"
        "samples its part only: merge the shards, then `run ... --resume MERGED` does the local search\n"
        "once, as a whole run does.\n",
    .owns = owns,
    .list = list,
    .begin = begin,
    .scan = scan,
    .status = status,
    .par_reduce = par_reduce,
    .finish = finish,
    .read = sr_read,
    .info = info,
    .same = sr_same,
    .merge = sr_merge,
    .write = sr_write,
    .print = sr_print,
    .release = release,
    .report = sr_report,
    .arch_record = sr_arch_record,
    .arch_compare = sr_arch_compare,
};
