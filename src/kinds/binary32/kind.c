/* kind.c: the binary32 kind's entry in the table of kinds: functions float f(float) of
 * the catalogue (and users' own), every binary32 input of a range against the correctly
 * rounded reference. */
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/engine/par.h"
#include "src/engine/results.h"
#include "src/kinds/binary32/binary32.h"
#include "src/user/claimnum.h"

static int owns(const char *name) {
  for (int i = 0; i < n_variants; i++)
    if (!strcmp(variants[i].name, name) || !strcmp(variants[i].family, name)) return 1;
  return variant_is_selection(name);
}

/* The columns of the list, as wide as their longest entry. */
struct list_cols {
  int name, family, ref;
};

static void list_claim(FILE *f, const struct variant *v, int k, int w) {
  const struct claim *cl = k ? &v->doc : &v->claim;
  if (!cl->max_ulp && !cl->max_rel && !cl->max_abs) return;
  char ab[160] = "";
  if (cl->max_abs)
    snprintf(ab, sizeof ab, "%s%s abs over x in [%.9g, %.9g]", cl->max_ulp || cl->max_rel ? ", " : "", cl->max_abs,
             v->abs_lo, v->abs_hi);
  /* the claim in the code's comment says what kind it is (measured, proved); a vendor's
   * bound is documented (or proved, in a paper) */
  fprintf(f, "%-*s    %s%s: %s%s%s%s%s%s (%s)\n", w, "", k ? "" : "claimed, ", claim_kind_name(cl->kind),
          cl->max_ulp ? cl->max_ulp : "", cl->max_ulp ? " ulp" : "", cl->max_ulp && cl->max_rel ? ", " : "",
          cl->max_rel ? cl->max_rel : "", cl->max_rel ? " rel" : "", ab, cl->source);
}

static void list(FILE *f) {
  struct list_cols w = {7, 6, 3}; /* the headings' */
  for (int i = 0; i < n_variants; i++) {
    int a = (int)strlen(variants[i].name), b = (int)strlen(variants[i].family), c = (int)strlen(variants[i].ref_name);
    w.name = a > w.name ? a : w.name, w.family = b > w.family ? b : w.family, w.ref = c > w.ref ? c : w.ref;
  }
  fprintf(f, "%-*s  %-*s  %-8s  %-*s  %s\n", w.name, "variant", w.family, "family", "backends", w.ref, "ref",
          "description");
  for (int i = 0; i < n_variants; i++) {
    const struct variant *v = &variants[i];
    char be[16];
    snprintf(be, sizeof be, "%s%s%s", v->gpu_fn != GPU_NONE ? "gpu" : "", v->gpu_fn != GPU_NONE && v->host_fn ? "," : "",
             v->host_fn ? "cpu" : "");
    fprintf(f, "%-*s  %-*s  %-8s  %-*s  %s\n", w.name, v->name, w.family, v->family, be, w.ref, v->ref_name,
            v->description);
    for (int k = 0; k < 2; k++) list_claim(f, v, k, w.name);
    for (int k = 0; k < v->n_clauses; k++)
      fprintf(f, "%-*s    documented: %s (%s)\n", w.name, "", v->clause_text[k], v->clause_source[k]);
    if (v->rounding != RND_N)
      fprintf(f, "%-*s    documented: correctly rounded (%s): every output is f(x) rounded %s\n", w.name, "",
              rounding_name(v->rounding), v->rounding == RND_Z ? "toward zero" : v->rounding == RND_U ? "upward" : "downward");
  }
}

static struct run_info *info(struct kind_result *r) { return &r->ri; }

/* A variant of a run on the GPU backend ran on the GPU unless the catalogue has host code
 * only for it (the C libraries' variants: those run on the CPU beside the GPU). */
int b32_on_gpu(int gpu_run, const char *name) {
  const struct variant *v = variant_find(name);
  return gpu_run && !(v && !variant_has_backend(v, 1));
}

/* The first key whose value differs between two JSON objects' texts (sorted keys), into
 * key, with the two values (strings, "none" when absent) into va and vb. */
static void differing_key(const char *x, const char *y, char *key, size_t n, char *va, char *vb, size_t vn) {
  json_t *a = x ? json_loads(x, 0, NULL) : json_object(), *b = y ? json_loads(y, 0, NULL) : json_object();
  const char *k;
  json_t *v;
  key[0] = 0;
  json_object_foreach(a, k, v) if (!key[0] && !json_equal(v, json_object_get(b, k))) snprintf(key, n, "%s", k);
  json_object_foreach(b, k, v) if (!key[0] && !json_object_get(a, k)) snprintf(key, n, "%s", k);
  if (!key[0]) snprintf(key, n, "origin");
  const char *sa = json_string_value(json_object_get(a, key)), *sb = json_string_value(json_object_get(b, key));
  snprintf(va, vn, "%s", sa ? sa : "none"), snprintf(vb, vn, "%s", sb ? sb : "none");
  json_decref(a), json_decref(b);
}

/* What the figures depend on, besides the variants' names: the backend, the build, each
 * variant's reference and (users' functions) its origin: the source's hash, the compiler,
 * the reference's declarations. The field that differs is named. */
static int same_origin(const struct kind_result *a, const struct kind_result *b, const char *pa, const char *pb,
                       char *err, size_t errlen) {
  const char *field = NULL, *va = "", *vb = "";
  char key[128];
  if (a->ri.gpu != b->ri.gpu) field = "backend", va = a->ri.gpu ? "gpu" : "cpu", vb = b->ri.gpu ? "gpu" : "cpu";
  else if (a->ri.build[0] && b->ri.build[0] && strcmp(a->ri.build, b->ri.build))
    field = "build", va = a->ri.build, vb = b->ri.build;
  for (int i = 0; !field && i < a->nv; i++) {
    const char *ra = a->v[i]->ref_name ? a->v[i]->ref_name : "", *rb = b->v[i]->ref_name ? b->v[i]->ref_name : "";
    if (strcmp(ra, rb)) {
      snprintf(err, errlen, "%s and %s: variant %s was measured against another reference (field 'reference': '%.300s' and '%.300s')",
               pa, pb, a->v[i]->name, ra, rb);
      return EXIT_USAGE;
    }
    const char *oa = a->v[i]->origin, *ob = b->v[i]->origin;
    if ((oa || ob) && (!oa || !ob || strcmp(oa, ob))) {
      char xa[400], xb[400];
      differing_key(oa, ob, key, sizeof key, xa, xb, sizeof xa);
      snprintf(err, errlen, "%s and %s: variant %s was built or declared otherwise (field 'origin.%s': '%s' and '%s')",
               pa, pb, a->v[i]->name, key, xa, xb);
      return EXIT_USAGE;
    }
  }
  if (field) {
    snprintf(err, errlen, "%s and %s were made otherwise (field '%s': '%.200s' and '%.200s')", pa, pb, field, va, vb);
    return EXIT_USAGE;
  }
  return 0;
}

static int same(const struct kind_result *a, const struct kind_result *b, const char *pa, const char *pb, char *err,
                size_t errlen) {
  if (a->nv != b->nv) {
    snprintf(err, errlen, "%s has %d variants, %s has %d", pb, b->nv, pa, a->nv);
    return EXIT_USAGE;
  }
  for (int i = 0; i < a->nv; i++)
    if (strcmp(a->v[i]->name, b->v[i]->name)) {
      snprintf(err, errlen, "%s holds variant %s where %s holds %s", pb, b->v[i]->name, pa, a->v[i]->name);
      return EXIT_USAGE;
    }
  int rc = same_origin(a, b, pa, pb, err, errlen);
  if (rc) return rc;
  /* records' parts of other kinds: merged by the kind where its part depends on the range
   * (arch_merge, tried here on a copy), else the same where both have one */
  const char *key;
  json_t *pb_part;
  json_object_foreach(b->parts, key, pb_part) {
    json_t *pa_part = json_object_get(a->parts, key);
    const struct kind *k = kind_named(key);
    if (pa_part && json_equal(pa_part, pb_part)) continue; /* (merge checks each file against the first, itself too) */
    if (pa_part && k && k->arch_merge) {
      json_t *trial = json_deep_copy(pa_part);
      char why[512];
      int rc = trial ? k->arch_merge(trial, pb_part, why, sizeof why) : EXIT_IO;
      json_decref(trial);
      if (rc) {
        snprintf(err, errlen, "%s and %s: %s parts do not merge: %s", pa, pb, k->title, trial ? why : "out of memory");
        return rc;
      }
    } else if (pa_part) {
      snprintf(err, errlen, "%s and %s hold different %s outputs", pa, pb, k ? k->title : key);
      return EXIT_USAGE;
    }
  }
  /* a part of a range must be in both, or the merge would cover part of the range */
  for (int i = 0; kinds[i]; i++) {
    if (!kinds[i]->arch_merge) continue;
    const int ina = json_object_get(a->parts, kinds[i]->name) != NULL, inb = json_object_get(b->parts, kinds[i]->name) != NULL;
    if (ina != inb) {
      snprintf(err, errlen, "%s holds %s variants and %s does not", ina ? pa : pb, kinds[i]->title, ina ? pb : pa);
      return EXIT_USAGE;
    }
  }
  return 0;
}

static void merge(struct kind_result *a, const struct kind_result *b) {
  for (int i = 0; i < a->nv; i++) stats_merge(a->st[i], b->st[i]);
  const char *key;
  json_t *part;
  json_object_foreach(b->parts, key, part) {
    if (!a->parts) a->parts = json_object();
    json_t *mine = json_object_get(a->parts, key);
    const struct kind *k = kind_named(key);
    char err[512];
    if (!mine) json_object_set(a->parts, key, part);
    else if (k && k->arch_merge && k->arch_merge(mine, part, err, sizeof err)) errorf("%s", err); /* checked by same() */
  }
}

static int write_file(const char *path, const struct kind_result *r, char *err, size_t errlen) {
  return result_write_free(path, b32_json(r), NULL, err, errlen);
}

/* Relative cost of an input whose reference needs MPFR, against one that does not
 * (measured: about 1 us for MPFR against about 15 ns per input otherwise). */
#define MPFR_WEIGHT 64

/* the cost of inputs [a, b) (bit patterns, b <= 2^32), for shards balanced by work */
static uint64_t cost(const struct kind_result *res, uint64_t a, uint64_t b) {
  if (b <= a) return 0;
  const struct reference *r = res->nv ? res->v[0]->ref : NULL;
  uint64_t c = b - a;
  if (r && r->mpfr_hi > r->mpfr_lo) {
    for (int h = 0; h < 2; h++) {
      uint64_t lo = (uint64_t)r->mpfr_lo + (h ? SIGN32 : 0), hi = (uint64_t)r->mpfr_hi + (h ? SIGN32 : 0);
      uint64_t l = a > lo ? a : lo, u = b < hi ? b : hi;
      if (u > l) c += (uint64_t)(MPFR_WEIGHT - 1) * (u - l);
    }
  }
  return c;
}

/* run --bound B: each variant's max ulp error against B, an upper bound (claim_verdict); an
 * output infinite or NaN where the correctly rounded result is not (non-finite, special
 * mismatches) is an error no bound holds. Exit status 1 when one variant is over. */
static int status(const struct kind_result *r) {
  int over = 0;
  for (int i = 0; r->bound && i < r->nv; i++) {
    const struct stats *s = r->st[i];
    char shown[64] = "";
    /* a bound (<=), compared exactly with the written number (claimnum.h) */
    enum verdict vd = s->max_ulp >= 0 ? claimnum_verdict(r->bound, 1, s->max_ulp) : VERDICT_HOLDS;
    if (s->max_ulp >= 0) num_text(shown, sizeof shown, s->max_ulp, 5);
    const uint64_t wild = s->nonfinite + s->special_mismatches;
    if (wild) vd = VERDICT_VIOLATED;
    printf("--bound %s ulp: %s max ulp %s%s", r->bound, r->v[i]->name, s->max_ulp >= 0 ? "" : "none measured",
           s->max_ulp >= 0 ? shown : "");
    if (wild)
      printf(", %llu outputs infinite or NaN where the correctly rounded result is not, or the reverse",
             (unsigned long long)wild);
    if (s->n_nonfinite) /* the lowest input of a non-finite output */
      printf(" (first non-finite at 0x%08x (%a))", s->nonfinite_first[0].input, (double)u2f(s->nonfinite_first[0].input));
    printf(": %s\n", verdict_name(vd));
    over |= vd == VERDICT_VIOLATED;
  }
  return over ? EXIT_FAIL : EXIT_OK;
}

static int par_reduce(struct kind_result *r) {
  r->times.wall = par_max(r->times.wall);
  r->times.mpfr_calls = (uint64_t)par_sum((double)r->times.mpfr_calls);
  r->times.fast_hits = (uint64_t)par_sum((double)r->times.fast_hits);
  r->times.ball_hits = (uint64_t)par_sum((double)r->times.ball_hits);
  r->times.host_calls = (uint64_t)par_sum((double)r->times.host_calls);
  return par_reduce_stats(r->st, r->nv);
}

static int maxima(const struct kind_result *r, int i, struct maxima *m) {
  if (i < 0 || i >= r->nv) return -1;
  const struct stats *s = r->st[i];
  *m = (struct maxima){.name = r->v[i]->name, .inputs = s->inputs, .max_ulp = s->max_ulp, .max_rel = s->max_rel,
                       .max_ulp_input = s->max_ulp_input, .max_rel_input = s->max_rel_input, .family = r->v[i]->family};
  m->nonfinite = s->nonfinite, m->special_mismatches = s->special_mismatches;
  m->on_gpu = b32_on_gpu(r->ri.gpu || !strcmp(r->ri.backend, "gpu"), r->v[i]->name);
  /* the bins of biased exponent 0: bit patterns 0x00000000..0x007fffff and
   * 0x80000000..0x807fffff, 2^23 patterns each, whole bins of 2^BIN_LOG2 */
  const uint32_t per = 1u << (23 - BIN_LOG2), neg = 1u << (31 - BIN_LOG2);
  m->max_ulp_sub = m->max_ulp_normal = -1;
  for (uint32_t b = 0; b < NBINS; b++) {
    if (!s->bin_inputs[b]) continue;
    double *t = (b < per || (b >= neg && b < neg + per)) ? &m->max_ulp_sub : &m->max_ulp_normal;
    if (s->bin_max_ulp[b] > *t) *t = s->bin_max_ulp[b];
  }
  m->symmetry_violations = s->symmetry_violations, m->monotonic_violations = s->monotonic_violations;
  m->undecidable = s->undecidable;
  /* the listed inputs: non-finite outputs, special-value mismatches, then symmetry and
   * monotonicity */
  const struct sample *lists[4] = {s->nonfinite_first, s->special, s->sym, s->mono};
  const int counts[4] = {s->n_nonfinite, s->n_special, s->n_sym, s->n_mono};
  for (int l = 0; l < 4; l++)
    for (int k = 0; k < counts[l] && m->n_first < 4; k++) m->first[m->n_first++] = lists[l][k].input;
  return 0;
}

const struct kind kind_binary32 = {
    .name = "binary32",
    .unit = "inputs",
    .title = "binary32",
    .run_help = NULL,
    .owns = owns,
    .list = list,
    .begin = b32_begin,
    .scan = b32_scan,
    .cost = cost,
    .status = status,
    .par_reduce = par_reduce,
    .read = b32_read,
    .info = info,
    .same = same,
    .merge = merge,
    .write = write_file,
    .print = b32_print,
    .release = b32_release,
    .report = b32_report,
    .arch_record = b32_arch_record,
    .arch_spreads = 1,
    .arch_compare = b32_arch_compare,
    .maxima = maxima,
};
