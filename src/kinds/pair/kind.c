/* kind.c: the kind of binary32 functions of two arguments: every x of a range (the first
 * argument, or the second with --swap) against its function's partners (partners.h), or
 * a list of pairs (--pairs FILE), measured as unary functions are (the statistics,
 * JSON, printing and merging of the binary32 kind, with the partner of every maximum). */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/par.h"
#include "src/engine/progress.h"
#include "src/engine/results.h"
#include "src/kinds/binary32/binary32.h"
#include "src/kinds/pair/pair_result.h"
#include "src/kinds/pair/pair_scan.h"

#define R(r) ((struct pair_result *)(r))

static void list(FILE *f) {
  pair_registry_init();
  fprintf(f, "\ntwo-argument functions (families pow, atan2, hypot, rhypot, fmod, remainder, fdim, divide;\n"
             "'pair' names them all; device variants in three flavours; host ones (glibc's .host, LLVM libc's,\n"
             "musl's, SLEEF's) on the CPU, and on the GPU backend when named on their own):\n");
  int wn = 0, wf = 0; /* the columns as wide as the longest name and family */
  for (int i = 0; i < n_pair_variants; i++) {
    int a = (int)strlen(pair_variants[i].name), b = (int)strlen(pair_variants[i].base.family);
    wn = a > wn ? a : wn, wf = b > wf ? b : wf;
  }
  for (int i = 0; i < n_pair_variants; i++) {
    const struct pair_variant *p = &pair_variants[i];
    fprintf(f, "  %-*s  %-*s  %-3s  %s\n", wn, p->name, wf, p->base.family, p->flavour == PF_HOST ? "cpu" : "gpu",
            p->base.description);
    for (int k = 0; k < p->base.n_clauses; k++)
      fprintf(f, "  %-*s    documented: %s (%s)\n", wn, "", p->base.clause_text[k], p->base.clause_source[k]);
  }
}

void pair_release(struct kind_result *kr) {
  struct pair_result *r = R(kr);
  if (!r) return;
  if (r->file.nv) result_file_free(&r->file);
  else
    for (int i = 0; i < r->nv; i++) free(r->st[i]);
  free(r->pairs);
  free(r);
}

static struct run_info *info(struct kind_result *r) { return &R(r)->ri; }

int pair_add_variant(struct pair_result *r, const struct pair_variant *p) {
  struct stats *s = malloc(sizeof *s);
  if (!s) return EXIT_IO;
  stats_init(s);
  s->pairs = 1;
  s->has_moments = r->moments;
  stats_set_clauses(s, p->base.clause, p->base.n_clauses);
  r->pv[r->nv] = p, r->v[r->nv] = &p->base, r->st[r->nv++] = s;
  return 0;
}

/* --pairs FILE: one pair a line, two hexadecimal bit patterns ('#' starts a comment). */
static int read_pairs(struct pair_result *r, const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    errorf("--pairs %s: cannot read it", path);
    return EXIT_IO;
  }
  char line[512];
  uint32_t cap = 0, ln = 0;
  int rc = 0;
  while (!rc && fgets(line, sizeof line, f)) {
    ln++;
    char *h = strchr(line, '#');
    if (h) *h = 0;
    unsigned long long a, b;
    char tail[2];
    int n = sscanf(line, "%llx %llx %1s", &a, &b, tail);
    if (n <= 0) continue; /* blank */
    if (n != 2 || a > 0xffffffffull || b > 0xffffffffull) {
      errorf("--pairs %s:%u: not two 32-bit hexadecimal bit patterns", path, ln);
      rc = EXIT_USAGE;
    } else if (r->npairs == cap) {
      cap = cap ? 2 * cap : 1024;
      void *q = realloc(r->pairs, sizeof *r->pairs * cap);
      if (!q) rc = EXIT_IO;
      else r->pairs = q;
    }
    if (!rc) r->pairs[r->npairs][0] = (uint32_t)a, r->pairs[r->npairs++][1] = (uint32_t)b;
  }
  fclose(f);
  if (!rc && !r->npairs) errorf("--pairs %s: no pair in it", path), rc = EXIT_USAGE;
  snprintf(r->pairs_path, sizeof r->pairs_path, "%s", path);
  return rc;
}

static int resolve(struct pair_result *r, struct run_request *rq) {
  const struct pair_variant *vs[PAIR_MAXV];
  int nv = 0;
  for (int i = 0; i < rq->nnames; i++) {
    int k = pair_resolve(rq->names[i], r->ri.gpu, vs, PAIR_MAXV, &nv);
    if (k < 0) {
      errorf("unknown variant or family '%s' (see 'ulpcert list')", rq->names[i]);
      return EXIT_USAGE;
    }
    if (k == 0) {
      errorf("'%s' has nothing the %s backend can run (host variants run on the CPU, or on the GPU when named on "
             "their own; the others on the GPU)",
             rq->names[i], r->ri.gpu ? "gpu" : "cpu");
      return EXIT_USAGE;
    }
  }
  for (int i = 0; i < nv; i++)
    if (pair_add_variant(r, vs[i])) return EXIT_IO;
  return 0;
}

static int begin(struct run_request *rq, struct kind_result **out) {
  if (rq->source || rq->function) {
    errorf("--source does not apply to two-argument variants");
    return EXIT_USAGE;
  }
  if (pair_registry_init()) return EXIT_USAGE;
  if (rq->pairs && (rq->shard_n || rq->resume)) {
    errorf("--pairs FILE evaluates a list: --shard and --resume do not apply");
    return EXIT_USAGE;
  }
  if (rq->pairs && rq->ranks > 1) {
    errorf("--pairs FILE evaluates a list in one process: run it without mpirun");
    return EXIT_USAGE;
  }
  if (PAIR_ADV + (uint64_t)rq->partners > PAIR_MAXPART) {
    errorf("--partners: at most %d random partners (plus %d adversarial ones)", PAIR_MAXPART - PAIR_ADV, PAIR_ADV);
    return EXIT_USAGE;
  }
  struct pair_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  int rc = run_info_for(rq->sc, &r->ri);
  if (!rc) rc = resolve(r, rq);
  if (!rc && rq->pairs) rc = read_pairs(r, rq->pairs);
  if (rc) {
    pair_release((struct kind_result *)r);
    return rc;
  }
  r->nrandom = rq->partners, r->seed = rq->seed, r->swap = rq->swap, r->sc = rq->sc;
  r->partner_set = PAIR_PARTNER_SET;
  if (!g_quiet && !rq->pairs)
    fprintf(stderr, "ulpcert: %d two-argument variant%s, %s operand 0x%08x..0x%08x, %d adversarial + %u random "
                    "partners, seed 0x%016llx%s, %s backend\n",
            r->nv, r->nv == 1 ? "" : "s", r->swap ? "second" : "first", r->ri.from, r->ri.to, PAIR_ADV, r->nrandom,
            (unsigned long long)r->seed, rq->seed_given ? "" : " (default)", r->ri.gpu ? "gpu" : "cpu");
  *out = (struct kind_result *)r;
  return 0;
}

/* Blocks of x: at most 2^16 (a batch of 2^16 x and their partners), at least 2^12 (the
 * smallest --chunk); a power of two, so that blocks never cross a bin. */
static uint32_t block_of(uint32_t chunk) { return chunk > (1u << 16) ? 1u << 16 : chunk < 4096 ? 4096 : chunk; }

int pair_scan(struct kind_result *kr, uint32_t from, uint32_t to, uint32_t cov[][2], int *ncov) {
  struct pair_result *r = R(kr);
  struct pair_scan ps = {.gpu = r->ri.gpu, .ndevices = r->ri.gpu ? r->sc->o.ndevices : 0, .devices = r->sc->o.devices,
                         .threads = r->ri.threads, .nrandom = r->nrandom, .seed = r->seed, .swap = r->swap,
                         .fast = !r->sc->o.no_fast, .nv = r->nv, .v = r->pv, .st = r->st, .moments = r->moments,
                         .outputs_only = r->outputs_only};
  const double t0 = now_s();
  int rc;
  *ncov = 0;
  if (r->npairs) {
    rc = pair_scan_list(&ps, (const uint32_t(*)[2])r->pairs, r->npairs);
    if (!rc) cov[0][0] = from, cov[0][1] = to, *ncov = 1;
  } else {
    struct progress_sum pc = {{0}, 0};
    progress_start(&pc.bar, "pairs", ((uint64_t)to - from + 1) * pair_npart(r->nrandom) * (uint64_t)r->nv,
                   r->sc->o.progress && !g_quiet);
    uint64_t done = from;
    rc = pair_scan_range(&ps, from, to, block_of(r->sc->o.chunk), &done, progress_add, &pc);
    progress_end(&pc.bar);
    if (done > from) cov[0][0] = from, cov[0][1] = (uint32_t)(done - 1), *ncov = 1;
  }
  r->wall += now_s() - t0, r->t_ref += ps.t_ref, r->t_eval += ps.t_eval, r->mpfr_calls += ps.mpfr_calls;
  return rc;
}

static int status(const struct kind_result *r) {
  (void)r;
  return EXIT_OK;
}

static void print(FILE *f, const struct kind_result *kr) {
  const struct pair_result *r = (const struct pair_result *)kr;
  b32_print_backend(f, &r->ri);
  if (r->pairs_path[0]) fprintf(f, ", %u pairs of %s\n\n", r->npairs, r->pairs_path);
  else
    fprintf(f, ", %s operand 0x%08x..0x%08x against %d + %u partners (seed 0x%016llx)\n\n",
            r->swap ? "second" : "first", r->ri.from, r->ri.to, PAIR_ADV, r->nrandom, (unsigned long long)r->seed);
  b32_print_variants(f, r->v, r->st, r->nv);
  if (r->wall > 0)
    fprintf(f, "\n%.2f s (references %.2f s, %llu MPFR calls; variants %.2f s)\n", r->wall, r->t_ref,
            (unsigned long long)r->mpfr_calls, r->t_eval);
}

static json_t *partners_json(const struct pair_result *r) {
  char sd[32];
  snprintf(sd, sizeof sd, "0x%016llx", (unsigned long long)r->seed);
  json_t *o = json_pack("{s:s, s:i, s:i, s:s, s:i}", "swept", r->swap ? "second" : "first", "adversarial", PAIR_ADV,
                        "random", (int)r->nrandom, "seed", sd, "set", r->partner_set);
  if (r->pairs_path[0])
    json_object_set_new(o, "list", json_pack("{s:s, s:I}", "file", r->pairs_path, "pairs", (json_int_t)r->npairs));
  return o;
}

json_t *pair_json(const struct pair_result *r) {
  json_t *root = result_header_json(&r->ri, "pair");
  json_object_set_new(root, "mpfr", json_string(mpfr_get_version()));
  result_range_json(root, &r->ri);
  json_object_set_new(root, "partners", partners_json(r));
  json_object_set_new(root, "timing", json_pack("{s:f, s:f, s:f, s:I, s:i}", "wall_s", r->wall, "reference_s",
                                                r->t_ref, "eval_s", r->t_eval, "mpfr_calls",
                                                (json_int_t)r->mpfr_calls, "threads", r->ri.threads));
  json_t *res = json_array();
  for (int i = 0; i < r->nv; i++) json_array_append_new(res, b32_variant_json(r->v[i], r->st[i]));
  json_object_set_new(root, "results", res);
  return root;
}

static int write_file(const char *path, const struct kind_result *kr, char *err, size_t errlen) {
  return result_write_free(path, pair_json((const struct pair_result *)kr), NULL, err, errlen);
}

static int read_partners(json_t *root, struct pair_result *r) {
  json_t *p = json_object_get(root, "partners");
  const char *sw = json_string_value(json_object_get(p, "swept"));
  const char *sd = json_string_value(json_object_get(p, "seed"));
  json_t *nr = json_object_get(p, "random"), *set = json_object_get(p, "set"), *ls = json_object_get(p, "list");
  if (!sw || !sd || !json_is_integer(nr) || !json_is_integer(set) || json_integer_value(nr) < 0) return -1;
  r->swap = !strcmp(sw, "second");
  r->seed = strtoull(sd, NULL, 16);
  r->nrandom = (uint32_t)json_integer_value(nr);
  r->partner_set = (int)json_integer_value(set);
  if (ls) {
    const char *file = json_string_value(json_object_get(ls, "file"));
    snprintf(r->pairs_path, sizeof r->pairs_path, "%s", file ? file : "?");
    r->npairs = (uint32_t)json_integer_value(json_object_get(ls, "pairs"));
  }
  return 0;
}

int pair_read(json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen) {
  pair_registry_init();
  struct pair_result *r = calloc(1, sizeof *r);
  if (!r) return EXIT_IO;
  int rc = result_from_root_of(root, path, "pair", &r->file, err, errlen);
  if (!rc && read_partners(root, r)) {
    snprintf(err, errlen, "%s: field 'partners' is missing or incomplete", path);
    rc = EXIT_CORRUPT;
  }
  for (int i = 0; !rc && i < r->file.nv; i++) {
    const struct pair_variant *p = pair_find(r->file.v[i].name);
    if (!p || i >= PAIR_MAXV) {
      snprintf(err, errlen, "%s: variant '%s' is no two-argument variant of this ulpcert", path, r->file.v[i].name);
      rc = EXIT_CORRUPT;
      break;
    }
    r->pv[i] = p, r->v[i] = &p->base, r->st[i] = r->file.v[i].st, r->nv = i + 1;
  }
  if (rc) {
    pair_release((struct kind_result *)r);
    return rc;
  }
  r->ri = r->file.ri;
  *out = (struct kind_result *)r;
  return 0;
}

static int same(const struct kind_result *ka, const struct kind_result *kb, const char *pa, const char *pb, char *err,
                size_t errlen) {
  const struct pair_result *a = (const void *)ka, *b = (const void *)kb;
  if (a->partner_set != b->partner_set) {
    snprintf(err, errlen, "%s was made with partner set %d, %s with set %d: their pairs are not the same", pb,
             b->partner_set, pa, a->partner_set);
    return EXIT_CORRUPT;
  }
  if (a->nv != b->nv) snprintf(err, errlen, "%s has %d variants, %s has %d", pb, b->nv, pa, a->nv);
  else if (a->nrandom != b->nrandom || a->seed != b->seed || a->swap != b->swap)
    snprintf(err, errlen, "%s and %s have different partners (count, seed or swept operand)", pa, pb);
  else if (a->pairs_path[0] || b->pairs_path[0])
    snprintf(err, errlen, "results of --pairs lists (%s, %s) do not merge", pa, pb);
  else {
    for (int i = 0; i < a->nv; i++)
      if (a->pv[i] != b->pv[i]) {
        snprintf(err, errlen, "%s holds variant %s where %s holds %s", pb, b->pv[i]->name, pa, a->pv[i]->name);
        return EXIT_USAGE;
      }
    return 0;
  }
  return EXIT_USAGE;
}

static void merge(struct kind_result *ka, const struct kind_result *kb) {
  struct pair_result *a = R(ka);
  const struct pair_result *b = (const void *)kb;
  for (int i = 0; i < a->nv; i++) stats_merge(a->st[i], b->st[i]);
  a->wall += b->wall, a->t_ref += b->t_ref, a->t_eval += b->t_eval, a->mpfr_calls += b->mpfr_calls;
}

/* MPI: every rank's statistics into rank 0's (exact merges); the wall time is the
 * slowest rank's, the others sums. */
static int par_reduce(struct kind_result *kr) {
  struct pair_result *r = R(kr);
  r->wall = par_max(r->wall), r->t_ref = par_sum(r->t_ref), r->t_eval = par_sum(r->t_eval);
  r->mpfr_calls = (uint64_t)par_sum((double)r->mpfr_calls);
  return par_reduce_stats(r->st, r->nv);
}

const struct kind kind_pair = {
    .name = "pair",
    .title = "two-argument",
    .unit = "swept inputs",
    .run_help = "Two-argument variants (families pow, atan2, hypot, rhypot, fmod, remainder, fdim,\n"
                "divide; 'pair' for all) sweep the first argument over [--from, --to] against\n"
                "24 adversarial partners per x chosen per function plus --partners N seeded random\n"
                "ones (--seed S, recorded); --swap sweeps the second argument instead; --pairs FILE\n"
                "evaluates a list of pairs instead (two hexadecimal bit patterns a line: a b of\n"
                "f(a, b)). libm.<family> (libm.fmod) names the host C libraries' variants of a\n"
                "function: glibc's .host, LLVM libc's, musl's, SLEEF's; on either backend (on the\n"
                "GPU, their outputs from the host's threads, references and reduction on the\n"
                "device). .host variants run on the CPU backend, the others on the GPU, where\n"
                "pairs, references and measures are computed on the device too (MPFR on the host\n"
                "for the pairs the fast references leave), on every GPU of --devices (default:\n"
                "all), blocks of x taken in turn. --shard, --resume, merge and MPI ranks work as\n"
                "for binary32 variants. --no-fast-path: MPFR for every pair, measured on the host\n"
                "(a check of the pipeline; same results).\n",
    .owns = pair_is_name,
    .list = list,
    .begin = begin,
    .scan = pair_scan,
    .status = status,
    .par_reduce = par_reduce,
    .read = pair_read,
    .info = info,
    .same = same,
    .merge = merge,
    .write = write_file,
    .print = print,
    .release = pair_release,
    .report = pair_report,
    .arch_record = pair_arch_record,
    .arch_spreads = 1,
    .arch_compare = pair_arch_compare,
    .arch_merge = pair_arch_merge,
};
