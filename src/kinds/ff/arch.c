/* arch.c: the float-float kind's part of arch records: every operation in every build
 * flavour the backend runs, over the high words of the record's range against the
 * partners of `ulpcert run` (ARCH_PARTNERS seeded random ones, seed ARCH_SEED), with the
 * statistics of a run and, per bin of 2^FF_BIN_LOG2 high words, the digest and the
 * output moments of the results (ff_check.h, ff_binsum). The part is a float-float
 * result document whose variants also carry "outputs" (those bins).
 *
 * Compare evaluates the baseline's variants for their bins only (no exact check); a
 * variant whose bins all match is identical, the others are then checked in full. In a
 * bin that differs, one changed pair is located by the moments (its index i + 1 = dm1 /
 * dm0 modulo 2^61 - 1), evaluated again, and its recorded result found from dm0 and
 * confirmed by the digest; otherwise the bin holds several changes. record --reuse takes
 * the statistics of every variant whose bins all match the record's from the record
 * (they are a function of the results), and checks the others in full. */
#include <jansson.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/jsonio/json_io.h"
#include "src/kinds/ff/ff_gpu.h"
#include "src/kinds/ff/ff_kind.h"

extern const struct kind kind_ff;

static json_t *hex64j(uint64_t u) {
  char b[24];
  snprintf(b, sizeof b, "0x%016llx", (unsigned long long)u);
  return json_string(b);
}

/* The bins of [from, to]: first bin, digests and moments. */
static json_t *bins_json(const struct ff_binsum *b, uint32_t from, uint32_t to) {
  json_t *dg = json_array(), *m0 = json_array(), *m1 = json_array();
  for (uint32_t i = from >> FF_BIN_LOG2; i <= to >> FF_BIN_LOG2; i++) {
    json_array_append_new(dg, hex64j(b[i].digest));
    json_array_append_new(m0, hex64j(b[i].m0));
    json_array_append_new(m1, hex64j(b[i].m1));
  }
  char first[16];
  snprintf(first, sizeof first, "0x%08x", (from >> FF_BIN_LOG2) << FF_BIN_LOG2);
  return json_pack("{s:i, s:s, s:s, s:o, s:o, s:o}", "log2_width", FF_BIN_LOG2, "first", first, "modulus", "2^61-1",
                   "digest", dg, "m0", m0, "m1", m1);
}

static int hex_at(json_t *a, size_t i, uint64_t max, uint64_t *out) {
  const char *s = json_string_value(json_array_get(a, i));
  char *end;
  if (!s || strncmp(s, "0x", 2)) return -1;
  unsigned long long v = strtoull(s, &end, 16);
  if (*end || v > max) return -1;
  *out = v;
  return 0;
}

/* A variant's "outputs" back into b[] (every bin zero outside them). 0 or -1. */
static int bins_read(json_t *o, struct ff_binsum *b) {
  memset(b, 0, sizeof *b * FF_NBINS);
  json_t *dg = json_object_get(o, "digest"), *m0 = json_object_get(o, "m0"), *m1 = json_object_get(o, "m1");
  const char *fs = json_string_value(json_object_get(o, "first"));
  if (!fs || json_integer_value(json_object_get(o, "log2_width")) != FF_BIN_LOG2 || !json_is_array(dg) ||
      json_array_size(m0) != json_array_size(dg) || json_array_size(m1) != json_array_size(dg))
    return -1;
  const uint64_t first = strtoull(fs, NULL, 16) >> FF_BIN_LOG2;
  if (first + json_array_size(dg) > FF_NBINS) return -1;
  for (size_t i = 0; i < json_array_size(dg); i++) {
    struct ff_binsum *e = &b[first + i];
    if (hex_at(dg, i, ~0ull, &e->digest) || hex_at(m0, i, FF_P - 1, &e->m0) || hex_at(m1, i, FF_P - 1, &e->m1)) return -1;
  }
  return 0;
}

/* A part read back: its result and every variant's bins. */
struct base {
  struct kind_result *r;
  struct ff_binsum *bins;
};

static void base_free(struct base *b) {
  ff_release(b->r);
  free(b->bins);
  b->r = NULL, b->bins = NULL;
}

static int base_read(json_t *part, const char *path, struct base *b) {
  char err[1024];
  memset(b, 0, sizeof *b);
  int rc = ff_read(part, path, &b->r, err, sizeof err);
  if (rc) {
    errorf("%s (float-float part)", err);
    return rc;
  }
  json_t *res = json_object_get(part, "results");
  b->bins = malloc(sizeof *b->bins * FF_NBINS * (size_t)(b->r->nv ? b->r->nv : 1));
  if (!b->bins) return EXIT_IO;
  for (int i = 0; i < b->r->nv; i++)
    if (bins_read(json_object_get(json_array_get(res, (size_t)i), "outputs"), b->bins + (size_t)i * FF_NBINS)) {
      errorf("%s: float-float variant %s has no outputs' bins: not a part of an arch record", path, b->r->v[i]->name);
      return EXIT_CORRUPT;
    }
  return 0;
}

/* The record's part: r's result with each variant's bins and, where reused, the source
 * of its statistics. */
static json_t *part_json(const struct kind_result *r, const char *const *from) {
  json_t *doc = ff_result_json(r), *res = json_object_get(doc, "results");
  for (int i = 0; i < r->nv; i++) {
    json_t *o = json_array_get(res, (size_t)i);
    json_object_set_new(o, "outputs", bins_json(r->bins + (size_t)i * FF_NBINS, r->ri.from, r->ri.to));
    if (from && from[i]) json_object_set_new(o, "statistics_from", json_string(from[i]));
  }
  return doc;
}

/* r over its range: the bins, and the statistics when stats. 0 or an exit code. */
static int pass(struct kind_result *r, int stats) {
  uint32_t cov[RESULT_MAXCOV][2];
  int ncov;
  r->stats = stats;
  if (r->bins) memset(r->bins, 0, sizeof *r->bins * FF_NBINS * (size_t)r->nv);
  for (int i = 0; i < r->nv; i++) ff_stats_init(&r->st[i]);
  int rc = ff_scan(r, r->ri.from, r->ri.to, cov, &ncov);
  if (rc == EXIT_INTERRUPT) errorf("interrupted: no record of the float-float variants");
  return rc;
}

/* The variants marked in differs[] checked in full; their statistics into r's. */
static int check_differing(struct kind_result *r, const int *differs) {
  struct kind_result *s = ff_alloc();
  if (!s) return EXIT_IO;
  s->ri = r->ri, s->sc = r->sc, s->nrandom = r->nrandom, s->seed = r->seed, s->partner_set = r->partner_set;
  int idx[FF_NVAR], rc = 0;
  for (int i = 0; i < r->nv; i++)
    if (differs[i]) idx[s->nv] = i, s->v[s->nv++] = r->v[i];
  if (s->nv) rc = pass(s, 1);
  for (int j = 0; !rc && j < s->nv; j++) r->st[idx[j]] = s->st[j];
  r->wall += s->wall;
  ff_release(s);
  return rc;
}

static int bins_differ(const struct ff_binsum *a, const struct ff_binsum *b, uint32_t from, uint32_t to) {
  for (uint32_t i = from >> FF_BIN_LOG2; i <= to >> FF_BIN_LOG2; i++)
    if (a[i].digest != b[i].digest || a[i].m0 != b[i].m0 || a[i].m1 != b[i].m1) return 1;
  return 0;
}

/* The baseline's index of variant v, or -1. */
static int base_index(const struct base *b, const struct ff_variant *v) {
  for (int j = 0; b->r && j < b->r->nv; j++)
    if (b->r->v[j] == v) return j;
  return -1;
}

static int same_partners(const struct kind_result *a, const struct kind_result *b) {
  return a->nrandom == b->nrandom && a->seed == b->seed && a->partner_set == b->partner_set;
}

/* A result over the record's range with bins: for the variants the backend runs and the
 * record's partners (like NULL), or like's variants and partners. */
static struct kind_result *start(struct arch_ctx *a, const struct kind_result *like) {
  struct kind_result *r = ff_alloc();
  if (!r) return NULL;
  r->ri = *a->ri, r->ri.complete = 1, r->ri.ncov = 0, r->sc = a->sc;
  r->ri.threads = a->sc->o.threads > 0 ? a->sc->o.threads : omp_get_max_threads();
  r->nrandom = like ? like->nrandom : ARCH_PARTNERS, r->seed = like ? like->seed : ARCH_SEED;
  r->partner_set = FF_PARTNER_SET;
  ff_registry_init();
  if (like)
    for (int i = 0; i < like->nv; i++) r->v[r->nv++] = like->v[i];
  else
    for (int i = 0; i < FF_NVAR; i++)
      if (a->ri->gpu || ff_variants[i].flav == FF_PLAIN) r->v[r->nv++] = &ff_variants[i];
  r->bins = calloc((size_t)r->nv * FF_NBINS, sizeof *r->bins);
  if (!r->bins) {
    ff_release(r);
    return NULL;
  }
  return r;
}

int ff_arch_record(struct arch_ctx *a) {
  struct base b = {0};
  json_t *bp = a->base ? arch_part(a->base, &kind_ff) : NULL;
  int rc = bp ? base_read(bp, a->base_path, &b) : 0;
  struct kind_result *r = rc ? NULL : start(a, NULL);
  const char *from[FF_NVAR] = {0};
  static char desc[600];
  int differs[FF_NVAR], nreused = 0;
  if (!rc && !r) rc = EXIT_IO;
  if (!rc && b.r) {
    snprintf(desc, sizeof desc, "%s (%s, driver %s)", a->base_path, b.r->ri.device, b.r->ri.driver[0] ? b.r->ri.driver : "none");
    rc = pass(r, 0);
    for (int i = 0; !rc && i < r->nv; i++) {
      const int j = same_partners(r, b.r) ? base_index(&b, r->v[i]) : -1;
      differs[i] = j < 0 || bins_differ(r->bins + (size_t)i * FF_NBINS, b.bins + (size_t)j * FF_NBINS, r->ri.from, r->ri.to);
      if (!differs[i]) r->st[i] = b.r->st[j], from[i] = desc, nreused++;
    }
    if (!rc) rc = check_differing(r, differs);
  } else if (!rc) {
    rc = pass(r, 1);
  }
  if (!rc) {
    json_object_set_new(a->record, kind_ff.name, part_json(r, from));
    printf("recorded %d float-float variants over high words 0x%08x..0x%08x on %s\n", r->nv, r->ri.from, r->ri.to,
           r->ri.gpu ? r->ri.ginfo.name : "the CPU");
    a->recorded = r->nv, a->gpus = r->ri.gpu ? (a->sc->o.ndevices > 0 ? a->sc->o.ndevices : 1) : 0;
    if (b.r)
      printf("statistics of %d float-float variant%s taken from %s (outputs identical in every bin), %d measured\n",
             nreused, nreused == 1 ? "" : "s", a->base_path, r->nv - nreused);
  }
  base_free(&b);
  ff_release(r);
  return rc;
}

/* ---- compare ---- */

static uint64_t modp_pow(uint64_t x, uint64_t e) {
  uint64_t r = 1;
  for (; e; e >>= 1) {
    if (e & 1) r = ff_modp_mul(r, x);
    x = ff_modp_mul(x, x);
  }
  return r;
}

/* The results of v at pair key, now (on this backend). 0 or -1. */
static int eval_now(const struct arch_ctx *a, const struct ff_variant *v, uint64_t key, uint32_t npart, uint64_t seed,
                    uint32_t r[2]) {
  if (!a->ri->gpu) {
    struct ff_in in;
    ff_pair(v->op, key, npart, seed, &in);
    r[0] = r[1] = 0;
    if (ff_pair_finite(&in)) ff_eval(v->op, &in, r);
    return 0;
  }
  char err[512];
  int dev = a->sc->o.ndevices > 0 ? a->sc->o.devices[0] : 0;
  if (ff_gpu_eval(dev, v->op, v->flav, &key, 1, npart, seed, r, err, sizeof err)) {
    errorf("%s: %s", v->name, err);
    return -1;
  }
  return 0;
}

/* Bin k of v differs between then and now: one changed pair located and printed, or the
 * bin said to hold several. 0 or an exit code. */
static int locate(const struct arch_ctx *a, const struct kind_result *r, int i, uint32_t k, const struct ff_binsum *then,
                  const struct ff_binsum *now) {
  const struct ff_variant *v = r->v[i];
  const uint32_t npart = ff_npart(v, r->nrandom), lo = k << FF_BIN_LOG2;
  const uint64_t d0 = ff_modp(now->m0 + FF_P - then->m0), d1 = ff_modp(now->m1 + FF_P - then->m1);
  const uint64_t k1 = d0 ? ff_modp_mul(d1, modp_pow(d0, FF_P - 2)) : 0; /* (i + 1) by Fermat's inverse */
  if (k1 && k1 <= ((uint64_t)npart << FF_BIN_LOG2)) {
    const uint64_t key = (uint64_t)lo * npart + (k1 - 1);
    uint32_t rn[2];
    if (eval_now(a, v, key, npart, r->seed, rn)) return EXIT_NOGPU;
    const uint64_t o = ff_out64(rn), vold = ff_modp(ff_modp(o) + FF_P - d0);
    for (uint64_t c = vold, j = 0; j < 9 && c >= vold; j++, c += FF_P) { /* the results that reduce to vold */
      if (now->digest - ff_digest_term(key, o) + ff_digest_term(key, c) != then->digest) continue;
      struct ff_in in;
      ff_pair(v->op, key, npart, r->seed, &in);
      printf("  pair x = (%a, %a), y = (%a, %a) [high word 0x%08x, partner %u]: baseline (0x%08x, 0x%08x), now "
             "(0x%08x, 0x%08x)\n",
             (double)u2f(in.xh), (double)u2f(in.xl), (double)u2f(in.yh), (double)u2f(in.yl), (uint32_t)(key / npart),
             (unsigned)(key % npart), (uint32_t)(c >> 32), (uint32_t)c, rn[0], rn[1]);
      return 0;
    }
  }
  printf("  high words 0x%08x..0x%08x: several results differ\n", lo, lo + (1u << FF_BIN_LOG2) - 1);
  return 0;
}

static void print_moved(const struct ff_variant *v, const struct ff_stats *a, const struct ff_stats *b) {
  printf("  max rel %.6g -> %.6g u^2; inexact %llu -> %llu; non-finite %llu -> %llu; exceeding the bound in D %llu -> "
         "%llu (%s -> %s)\n",
         a->max_rel < 0 ? 0.0 : a->max_rel * 0x1p48, b->max_rel < 0 ? 0.0 : b->max_rel * 0x1p48,
         (unsigned long long)a->inexact, (unsigned long long)b->inexact, (unsigned long long)a->nonfinite,
         (unsigned long long)b->nonfinite, (unsigned long long)a->exceeds_in_domain,
         (unsigned long long)b->exceeds_in_domain, ff_verdict(v, a), ff_verdict(v, b));
}

/* Variant i of r against the baseline's variant (its statistics and bins). */
static int report_variant(struct arch_ctx *a, const struct kind_result *r, int i, const struct ff_stats *bst,
                          const struct ff_binsum *bb) {
  const struct ff_binsum *nb = r->bins + (size_t)i * FF_NBINS;
  uint32_t nbins = 0, first[8], nfirst = 0;
  for (uint32_t k = r->ri.from >> FF_BIN_LOG2; k <= r->ri.to >> FF_BIN_LOG2; k++)
    if (bb[k].digest != nb[k].digest || bb[k].m0 != nb[k].m0 || bb[k].m1 != nb[k].m1) {
      if (nfirst < 8) first[nfirst++] = k;
      nbins++;
    }
  if (!nbins) {
    printf("%-24s identical (%llu pairs)\n", r->v[i]->name, (unsigned long long)bst->pairs);
    return 0;
  }
  a->differ = 1;
  printf("%-24s DIFFERS in %u bin%s of 2^%d high words\n", r->v[i]->name, nbins, nbins == 1 ? "" : "s", FF_BIN_LOG2);
  for (uint32_t j = 0; j < nfirst; j++) {
    int rc = locate(a, r, i, first[j], &bb[first[j]], &nb[first[j]]);
    if (rc) return rc;
  }
  print_moved(r->v[i], bst, &r->st[i]);
  return 0;
}

int ff_arch_compare(struct arch_ctx *a) {
  struct base b;
  int rc = base_read(arch_part(a->base, &kind_ff), a->base_path, &b);
  for (int i = 0; !rc && i < b.r->nv; i++)
    if (!a->ri->gpu && b.r->v[i]->flav != FF_PLAIN) {
      errorf("%s: variant %s is not one this ulpcert runs on the cpu backend (.fmad and .ftz run on the GPU)",
             a->base_path, b.r->v[i]->name);
      rc = EXIT_USAGE;
    }
  if (!rc && (b.r->ri.from != a->ri->from || b.r->ri.to != a->ri->to)) {
    errorf("%s: its float-float part covers 0x%08x..0x%08x, the record 0x%08x..0x%08x", a->base_path, b.r->ri.from,
           b.r->ri.to, a->ri->from, a->ri->to);
    rc = EXIT_CORRUPT;
  }
  struct kind_result *r = rc ? NULL : start(a, b.r);
  int differs[FF_NVAR];
  if (!rc && !r) rc = EXIT_IO;
  if (!rc) rc = pass(r, 0);
  for (int i = 0; !rc && i < r->nv; i++)
    differs[i] = bins_differ(r->bins + (size_t)i * FF_NBINS, b.bins + (size_t)i * FF_NBINS, r->ri.from, r->ri.to);
  if (!rc) rc = check_differing(r, differs);
  for (int i = 0; !rc && i < r->nv; i++) rc = report_variant(a, r, i, &b.r->st[i], b.bins + (size_t)i * FF_NBINS);
  ff_release(r);
  base_free(&b);
  return rc;
}

/* ---- records made in ranges ---- */

int ff_arch_merge(json_t *pa, json_t *pb, char *err, size_t errlen) {
  struct base a = {0}, b = {0};
  int rc = base_read(pa, "record", &a);
  if (!rc) rc = base_read(pb, "record", &b);
  if (rc) snprintf(err, errlen, "a float-float part is not one of an arch record");
  else rc = kind_ff.same(a.r, b.r, "one record", "the other", err, errlen);
  if (!rc && !(a.r->ri.to < b.r->ri.from || b.r->ri.to < a.r->ri.from)) {
    snprintf(err, errlen, "their float-float parts overlap");
    rc = EXIT_USAGE;
  }
  if (!rc) {
    kind_ff.merge(a.r, b.r);
    for (size_t k = 0; k < (size_t)a.r->nv * FF_NBINS; k++) ff_binsum_merge(&a.bins[k], &b.bins[k]);
    a.r->bins = a.bins, a.bins = NULL;
    if (b.r->ri.from < a.r->ri.from) a.r->ri.from = b.r->ri.from;
    if (b.r->ri.to > a.r->ri.to) a.r->ri.to = b.r->ri.to;
    a.r->ri.ncov = 0, a.r->ri.complete = 1;
    a.r->ri.threads = (int)json_integer_value(json_object_get(json_object_get(pa, "device"), "threads")); /* (not read back) */
    json_t *doc = part_json(a.r, NULL);
    json_object_clear(pa);
    json_object_update(pa, doc);
    json_decref(doc);
  }
  base_free(&a);
  base_free(&b);
  return rc;
}
