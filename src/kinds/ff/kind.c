/* kind.c: the float-float kind's entry in the table of kinds: double-word operations
 * over every high word of a first operand in a range and a set of partners, checked
 * exactly (ff_check.h); results, merges and resumed runs as for every kind (driver.h). */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/driver.h"
#include "src/engine/kind.h"
#include "src/engine/progress.h"
#include "src/engine/results.h"
#include "src/engine/par.h"
#include "src/kinds/ff/ff_kind.h"
#include "src/report/report.h"

static int owns(const char *name) { return ff_is_name(name); }

static void list(FILE *f) {
  ff_registry_init();
  fprintf(f, "\nfloat-float variants (families ff, eft, dw, sum2; flavours: plain = contraction off, also on the "
             "CPU;\n.fmad = nvcc's default contraction; .ftz = -ftz=true; GPU only):\n");
  for (int i = 0; i < FF_NOPS; i++) {
    const struct ff_variant *v = &ff_variants[i * FF_NFLAV];
    fprintf(f, "  %-24s %-5s bound %-14s %s\n", v->name, v->family, v->bound_u2 < 0 ? "none" : v->bound_text,
            v->description);
  }
}

struct kind_result *ff_alloc(void) {
  struct kind_result *r = calloc(1, sizeof *r);
  if (r) {
    for (int i = 0; i < FF_NVAR; i++) ff_stats_init(&r->st[i]);
    r->stats = 1;
  }
  return r;
}

void ff_release(struct kind_result *r) {
  if (r) free(r->bins);
  free(r);
}

static struct run_info *info(struct kind_result *r) { return &r->ri; }

static int begin(struct run_request *rq, struct kind_result **out) {
  if (rq->source || rq->function) {
    errorf("--source does not apply to float-float variants");
    return EXIT_USAGE;
  }
  struct kind_result *r = ff_alloc();
  if (!r) return EXIT_IO;
  for (int i = 0; i < rq->nnames; i++)
    if (ff_resolve(rq->names[i], 1, r->v, FF_NVAR, &r->nv) < 0) {
      errorf("unknown variant or family '%s' (see 'ulpcert list')", rq->names[i]);
      ff_release(r);
      return EXIT_USAGE;
    }
  int rc = run_info_for(rq->sc, &r->ri);
  if (rc) {
    ff_release(r);
    return rc;
  }
  /* the CPU runs the plain flavour only */
  int n2 = 0;
  for (int i = 0; i < r->nv; i++)
    if (r->ri.gpu || r->v[i]->flav == FF_PLAIN) r->v[n2++] = r->v[i];
  if (n2 < r->nv && !g_quiet)
    fprintf(stderr, "ulpcert: %d .fmad/.ftz variant%s skipped: those flavours run on the GPU only\n", r->nv - n2,
            r->nv - n2 == 1 ? "" : "s");
  if (!(r->nv = n2)) {
    errorf("nothing to run on the CPU backend: the .fmad and .ftz flavours need a GPU");
    ff_release(r);
    return EXIT_USAGE;
  }
  r->nrandom = rq->partners, r->seed = rq->seed, r->sc = rq->sc, r->partner_set = FF_PARTNER_SET;
  if (!g_quiet)
    fprintf(stderr, "ulpcert: %d float-float variant%s, high words 0x%08x..0x%08x, %d adversarial + %u random "
                    "partners, seed 0x%016llx%s, %s backend\n",
            r->nv, r->nv == 1 ? "" : "s", r->ri.from, r->ri.to, FF_ADV, r->nrandom, (unsigned long long)r->seed,
            rq->seed_given ? "" : " (default)", r->ri.gpu ? "gpu" : "cpu");
  *out = r;
  return 0;
}

static int status(const struct kind_result *r) {
  for (int i = 0; i < r->nv; i++)
    if (r->v[i]->bound_u2 >= 0 && r->st[i].exceeds_in_domain) return EXIT_FAIL;
  return EXIT_OK;
}

static void print(FILE *f, const struct kind_result *r) {
  ff_print_table(f, r->v, r->st, r->nv, r->nrandom, r->seed);
  if (r->wall > 0) fprintf(f, "\n%.2f s\n", r->wall);
}

json_t *ff_result_json(const struct kind_result *r) {
  json_t *root = result_header_json(&r->ri, "float-float");
  char sd[32];
  snprintf(sd, sizeof sd, "0x%016llx", (unsigned long long)r->seed);
  result_range_json(root, &r->ri);
  json_object_set_new(root, "partners", json_pack("{s:i, s:i, s:s, s:i}", "adversarial", FF_ADV, "random",
                                                  (int)r->nrandom, "seed", sd, "set", r->partner_set));
  json_object_set_new(root, "timing", json_pack("{s:f, s:i}", "wall_s", r->wall, "threads", r->ri.threads));
  json_t *res = json_array();
  for (int i = 0; i < r->nv; i++)
    json_array_append_new(res, ff_stats_json(r->v[i], &r->st[i], ff_npart(r->v[i], r->nrandom)));
  json_object_set_new(root, "results", res);
  return root;
}

static int write_file(const char *path, const struct kind_result *r, char *err, size_t errlen) {
  return result_write_free(path, ff_result_json(r), NULL, err, errlen);
}

static int same(const struct kind_result *a, const struct kind_result *b, const char *pa, const char *pb, char *err,
                size_t errlen) {
  /* a partner set of another ulpcert walks other pairs under the same keys */
  const struct kind_result *old = b->partner_set != FF_PARTNER_SET ? b : a->partner_set != FF_PARTNER_SET ? a : NULL;
  if (old) {
    snprintf(err, errlen, "%s was made with partner set %d, this ulpcert uses set %d: its pairs are not the same",
             old == b ? pb : pa, old->partner_set, FF_PARTNER_SET);
    return EXIT_CORRUPT;
  }
  if (b->nv != a->nv) snprintf(err, errlen, "%s has %d variants, %s has %d", pb, b->nv, pa, a->nv);
  else if (b->nrandom != a->nrandom)
    snprintf(err, errlen, "%s has %u random partners, %s has %u", pb, b->nrandom, pa, a->nrandom);
  else if (b->seed != a->seed)
    snprintf(err, errlen, "%s was run with seed 0x%016llx, %s with seed 0x%016llx", pb, (unsigned long long)b->seed,
             pa, (unsigned long long)a->seed);
  else {
    for (int i = 0; i < a->nv; i++)
      if (b->v[i] != a->v[i]) {
        snprintf(err, errlen, "%s holds variant %s where %s holds %s", pb, b->v[i]->name, pa, a->v[i]->name);
        return EXIT_USAGE;
      }
    return 0;
  }
  return EXIT_USAGE;
}

static void merge(struct kind_result *a, const struct kind_result *b) {
  for (int i = 0; i < a->nv; i++) ff_stats_merge(&a->st[i], &b->st[i]);
  a->wall += b->wall;
}

static void merge_bytes(void *mine, const void *theirs, void *ctx) {
  const int nv = *(const int *)ctx;
  struct ff_stats *a = mine;
  const struct ff_stats *b = theirs;
  for (int i = 0; i < nv; i++) ff_stats_merge(&a[i], &b[i]);
}

/* MPI: every rank's statistics into rank 0's (exact merges); the wall time is the
 * slowest rank's. */
static int par_reduce(struct kind_result *r) {
  r->wall = par_max(r->wall);
  return par_reduce_bytes(r->st, sizeof r->st[0] * (size_t)r->nv, merge_bytes, &r->nv);
}

/* The "results" list: variants (by "variant", or "name" in files of format 1) and their
 * statistics. 0, or -1 with *field naming what is missing or wrong. */
static int read_stats(json_t *o, struct ff_stats *s, const char **field);

static int ff_read_results(json_t *res, struct kind_result *r, const char **field) {
  *field = "results";
  if (!json_is_array(res) || json_array_size(res) == 0 || json_array_size(res) > FF_NVAR) return -1;
  for (size_t i = 0; i < json_array_size(res); i++) {
    json_t *o = json_array_get(res, i);
    const char *name = json_string_value(json_object_get(o, "variant"));
    if (!name) name = json_string_value(json_object_get(o, "name"));
    *field = "results[].variant";
    const struct ff_variant *v = NULL;
    for (int j = 0; name && j < FF_NVAR; j++)
      if (!strcmp(ff_variants[j].name, name)) v = &ff_variants[j];
    if (!v || read_stats(o, &r->st[i], field)) return -1;
    r->v[r->nv++] = v;
  }
  *field = NULL;
  return 0;
}

int ff_read(json_t *root, const char *path, struct kind_result **out, char *err, size_t errlen) {
  ff_registry_init();
  struct kind_result *r = ff_alloc();
  if (!r) return EXIT_IO;
  int rc = run_info_read(root, path, &r->ri, err, errlen);
  if (rc) {
    ff_release(r);
    return rc;
  }
  const char *field = NULL;
  json_t *par = json_object_get(root, "partners"), *nr = json_object_get(par, "random");
  const char *seed = json_string_value(json_object_get(par, "seed"));
  if (!json_is_integer(nr) || json_integer_value(nr) < 0 || json_integer_value(nr) > 1000000 || !seed)
    field = "partners";
  else {
    json_t *set = json_object_get(par, "set");
    r->nrandom = (uint32_t)json_integer_value(nr);
    r->seed = strtoull(seed, NULL, 16);
    r->partner_set = set ? (int)json_integer_value(set) : 1;
    ff_read_results(json_object_get(root, "results"), r, &field);
  }
  if (field) {
    snprintf(err, errlen, "%s: missing or invalid field '%s' (not a float-float result of this ulpcert?)", path, field);
    ff_release(r);
    return EXIT_CORRUPT;
  }
  *out = r;
  return 0;
}


static int get_u64(json_t *o, const char *k, uint64_t *out) {
  json_t *v = json_object_get(o, k);
  if (!json_is_integer(v) || json_integer_value(v) < 0) return -1;
  *out = (uint64_t)json_integer_value(v);
  return 0;
}

/* The failures of lowest key, which merge needs. */
static int read_failures(json_t *fl, struct ff_stats *s) {
  if (!json_is_array(fl) || json_array_size(fl) > FF_LIST) return -1;
  for (size_t j = 0; j < json_array_size(fl); j++) {
    json_t *e = json_array_get(fl, j);
    const char *cn = json_string_value(json_object_get(e, "class"));
    struct ff_fail f = {0, 0, 0, FFC_N, 0};
    uint64_t rh, rl;
    for (int c = 0; cn && c < FFC_N; c++)
      if (!strcmp(cn, ff_class_names[c])) f.cls = (uint32_t)c;
    if (get_u64(e, "key", &f.key) || get_u64(e, "rh", &rh) || get_u64(e, "rl", &rl) || rh > 0xffffffffu ||
        rl > 0xffffffffu || f.cls == FFC_N)
      return -1;
    f.rh = (uint32_t)rh, f.rl = (uint32_t)rl;
    ff_list_insert(s, &f);
  }
  return 0;
}

static int read_stats(json_t *o, struct ff_stats *s, const char **field) {
  ff_stats_init(s);
#define U(kk)                                                                                                         \
  *field = "results[]." #kk;                                                                                         \
  if (get_u64(o, #kk, &s->kk)) return -1;
  U(pairs) U(skipped) U(inexact) U(nonfinite) U(zero_exact) U(zero_mismatch) U(in_domain) U(exceeds)
  U(exceeds_in_domain) U(failures) U(not_cr) U(claim_mismatch) U(max_rel_key)
#undef U
  *field = "results[].max_rel_domain_key";
  if (get_u64(o, "max_rel_domain_key", &s->max_rel_d_key)) return -1;
  const char *hx = json_string_value(json_object_get(o, "max_rel_hex"));
  *field = "results[].max_rel_hex";
  if (!hx) return -1;
  s->max_rel = strtod(hx, NULL);
  hx = json_string_value(json_object_get(o, "max_rel_domain_hex"));
  *field = "results[].max_rel_domain_hex";
  if (!hx) return -1;
  s->max_rel_d = strtod(hx, NULL);
  *field = "results[].hist_rel_u2";
  json_t *h = json_object_get(o, "hist_rel_u2");
  if (!json_is_array(h) || json_array_size(h) != FF_HIST) return -1;
  for (int j = 0; j < FF_HIST; j++) {
    json_t *e = json_array_get(h, (size_t)j);
    if (!json_is_integer(e)) return -1;
    s->hist[j] = (uint64_t)json_integer_value(e);
  }
  *field = "results[].failure_classes";
  json_t *cl = json_object_get(o, "failure_classes");
  for (int c = 0; c < FFC_N; c++)
    if (get_u64(cl, ff_class_names[c], &s->cls[c])) return -1;
  *field = "results[].first_failures";
  return read_failures(json_object_get(o, "first_failures"), s);
}

static void fmt_u2(char *b, size_t n, double rel) {
  if (rel < 0) snprintf(b, n, "-");
  else snprintf(b, n, "%.6g", rel * 0x1p48);
}

static void report_table(struct text *f, struct kind_result *const *rs, int n) {
  tprintf(f, "| variant | flavour | pairs | inexact | non-finite | max rel (u²) | max rel in D (u²) | published bound | "
             "verdict (in D) | failures by class |\n");
  tprintf(f, "|---|---|---:|---:|---:|---:|---:|---|---|---|\n");
  for (int i = 0; i < n; i++)
    for (int j = 0; j < rs[i]->nv; j++) {
      const struct ff_variant *v = rs[i]->v[j];
      const struct ff_stats *s = &rs[i]->st[j];
      char a[32], b[32], cls[256] = "";
      fmt_u2(a, sizeof a, s->max_rel);
      fmt_u2(b, sizeof b, s->max_rel_d);
      size_t off = 0;
      for (int c = 0; c < FFC_N; c++)
        if (s->cls[c] && off < sizeof cls)
          off += (size_t)snprintf(cls + off, sizeof cls - off, "%s%s %llu", off ? ", " : "", ff_class_names[c],
                                  (unsigned long long)s->cls[c]);
      const char *verdict = ff_verdict(v, s);
      char vb[96];
      if (v->bound_u2 >= 0 && s->exceeds_in_domain)
        snprintf(vb, sizeof vb, "**exceeds** (%llu)", (unsigned long long)s->exceeds_in_domain);
      else
        snprintf(vb, sizeof vb, "%s", verdict);
      tprintf(f, "| `%s` | %s | %llu | %llu | %llu | %s | %s | %s | %s | %s |\n", v->base,
              v->flav == FF_PLAIN ? "plain" : ff_flavour_names[v->flav] + 1, (unsigned long long)s->pairs,
              (unsigned long long)s->inexact, (unsigned long long)s->nonfinite, a, b,
              v->bound_u2 < 0 ? "none" : v->bound_text, vb, cls[0] ? cls : "-");
    }
}

/* The float-float table in ACCURACY.md and in the block "float-float" of docs/float-float.md, with the
 * runs it comes from. */
static int report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n) {
  if (rp->write_files) return 0;
  struct text tab = {0}, *md = &rp->sec[SEC_TWO_WORD], *fb = report_block(rp, "float-float");
  report_table(&tab, rs, n);
  tprintf(md, "\n## Float-float operations\n\nRelative errors in units of u² = 2^-48, exact (docs/float-float.md, "
              "\"Float-float operations\"); D is the hypothesis domain of the published bounds.\n\n%s", tab.buf);
  tprintf(fb, "%s\nRuns:", tab.buf);
  for (int i = 0; i < n; i++) {
    const struct run_info *ri = &rs[i]->ri;
    tprintf(md, "%s`%s`: `%s`; ulpcert %s, %s backend, %s; %s", i ? "; " : "\nRuns: ", paths[i], ri->command,
            ri->version, ri->backend, ri->device, ri->date);
    tprintf(fb, " `%s` (%s, %s)%s", paths[i], ri->device, ri->date, i + 1 < n ? ";" : ".");
  }
  tprintf(md, ".\n");
  tprintf(fb, "\n");
  free(tab.buf);
  return 0;
}

const struct kind kind_ff = {
    .name = "float-float",
    .unit = "high words",
    .title = "float-float",
    .run_help =
        "Float-float variants (families ff, eft, dw, sum2; see `ulpcert list`) run over every\n"
        "high word of the first operand in [--from, --to] and a partner set for the second:\n"
        "  --partners N       seeded random partners besides the 23 adversarial ones (default 9)\n"
        "  --seed S           seed of the low words and random partners (default 1; recorded)\n"
        "They are checked exactly (no reference rounding) and report inexact counts, max\n"
        "relative error in u^2 = 2^-48 and the verdict against the published bound; exit\n"
        "status 1 when a bound is exceeded in its hypothesis domain. Float-float and binary32\n"
        "function variants are run by separate commands. --shard (slices of equal numbers of\n"
        "high words), --resume, merge, MPI ranks and interruption work as for binary32\n"
        "variants; on the CPU --chunk counts high words, every variant completing a chunk\n"
        "before the next one starts; on the GPU every device of --devices (default: all)\n"
        "takes units of 2^22 high words in turn through every variant; an interruption keeps\n"
        "what was completed. --source does not apply.\n",
    .owns = owns,
    .list = list,
    .begin = begin,
    .scan = ff_scan,
    .cost = NULL,
    .status = status,
    .par_reduce = par_reduce,
    .read = ff_read,
    .info = info,
    .same = same,
    .merge = merge,
    .write = write_file,
    .print = print,
    .release = ff_release,
    .report = report,
    .arch_record = ff_arch_record,
    .arch_spreads = 1,
    .arch_compare = ff_arch_compare,
    .arch_merge = ff_arch_merge,
};
