/* arch.c: the binary32 kind's part of `ulpcert arch record` and `ulpcert arch compare`: what a GPU computes,
 * recorded without storing 16 GiB of outputs, and where another GPU differs.
 *
 * A record is a result JSON of every variant the backend runs, over all inputs, with
 * per-bin digests (2^20 inputs a bin) and per-bin output moments m0 = sum out and
 * m1 = sum (i + 1) out (mod 2^61 - 1, i the index in the bin). Compare first evaluates
 * the same variants on the present device for their per-bin digests and moments only
 * (no reference, no MPFR); a variant whose bins all match is identical. The others are
 * scanned in full, for their error statistics. A bin whose digest differs is evaluated again; if
 * exactly one input k of it changed, dm0 = now_k - then_k and dm1 = (k + 1) dm0 give k
 * and the recorded output, and the digest of the bin confirms it; otherwise the bin
 * holds several changes.
 *
 * record --reuse BASELINE evaluates the outputs only, like compare, and takes a variant's
 * error statistics from the baseline where its outputs match in every bin: the statistics
 * are a function of the outputs (the references and the metrics being those of the same
 * ulpcert version), so only variants that compute something else need the references. */
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/binary32/arch.h"
#include "src/kinds/binary32/binary32.h"

static uint64_t modp_sub(uint64_t a, uint64_t b) { return a >= b ? a - b : a + MOD_P - b; }

static uint64_t modp_pow(uint64_t a, uint64_t e) {
  uint64_t r = 1;
  while (e) {
    if (e & 1) r = modp_mul(r, a);
    a = modp_mul(a, a);
    e >>= 1;
  }
  return r;
}

int arch_locate(const struct stats *then, const struct stats *now, uint32_t bin, const uint32_t *now_out,
                uint32_t *input, uint32_t *then_out) {
  uint64_t d0 = modp_sub(now->bin_m0[bin], then->bin_m0[bin]);
  uint64_t d1 = modp_sub(now->bin_m1[bin], then->bin_m1[bin]);
  if (d0 == 0) return 0;
  uint64_t k1 = modp_mul(d1, modp_pow(d0, MOD_P - 2)); /* (k + 1) by Fermat's inverse */
  if (k1 == 0 || k1 > (1u << BIN_LOG2)) return 0;
  uint32_t k = (uint32_t)(k1 - 1), x = (bin << BIN_LOG2) | k;
  /* dm0 as an integer in (-2^32, 2^32) */
  int64_t delta = d0 < (1ull << 33) ? (int64_t)d0 : -(int64_t)(MOD_P - d0);
  int64_t old = (int64_t)now_out[k] - delta;
  if (old < 0 || old > 0xffffffffll) return 0;
  /* confirm with the digest: replacing that one output must give the recorded bin */
  uint64_t dg = now->bin_digest[bin] - mix64(((uint64_t)x << 32) | now_out[k]) + mix64(((uint64_t)x << 32) | (uint64_t)old);
  if (dg != then->bin_digest[bin]) return 0;
  *input = x;
  *then_out = (uint32_t)old;
  return 1;
}

/* outputs of bin k differ: by digest, moments or count */
static int bin_differs(const struct stats *a, const struct stats *b, uint32_t k) {
  return a->bin_digest[k] != b->bin_digest[k] || a->bin_inputs[k] != b->bin_inputs[k] ||
         a->bin_m0[k] != b->bin_m0[k] || a->bin_m1[k] != b->bin_m1[k];
}

static int outputs_differ(const struct stats *a, const struct stats *b) {
  for (uint32_t k = 0; k < NBINS; k++)
    if (bin_differs(a, b, k)) return 1;
  return 0;
}

/* The variants to record: every catalogue variant the backend runs. */
static int record_variants(struct kind_result *r, int gpu) {
  int nv = 0;
  for (int i = 0; i < n_variants; i++)
    if (variant_has_backend(&variants[i], gpu)) r->v[nv++] = &variants[i];
  r->nv = nv;
  return nv;
}

/* The baseline's statistics of variant name, or NULL. */
static const struct stats *base_stats(const struct result_file *base, const char *name) {
  for (int j = 0; j < base->nv; j++)
    if (!strcmp(base->v[j].name, name)) return base->v[j].st;
  return NULL;
}

/* A result over a subset of r's variants (sub[i] = r's index), sharing their statistics. */
static struct kind_result *subset(const struct kind_result *r, const int *sub, int n) {
  struct kind_result *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  *s = *r;
  memset(&s->file, 0, sizeof s->file);
  s->own = NULL, s->nv = n;
  s->v = calloc(n ? (size_t)n : 1, sizeof *s->v);
  s->st = calloc(n ? (size_t)n : 1, sizeof *s->st);
  for (int i = 0; s->v && s->st && i < n; i++) s->v[i] = r->v[sub[i]], s->st[i] = r->st[sub[i]];
  return s;
}

/* Scan the variants marked in differs[] in full (references and errors); their statistics
 * replace the outputs-only ones. */
static int scan_differing(struct kind_result *r, const int *differs) {
  int *sub = malloc((size_t)r->nv * sizeof *sub), n = 0, rc = 0;
  if (!sub) return EXIT_IO;
  for (int i = 0; i < r->nv; i++)
    if (differs[i]) sub[n++] = i;
  if (n) {
    struct kind_result *s = subset(r, sub, n);
    for (int i = 0; s && i < n; i++) stats_init(s->st[i]);
    rc = s ? b32_scan_grouped(s, s->st, NULL) : EXIT_IO;
    if (s) r->times = s->times, r->ri.threads = s->ri.threads;
    if (s) free(s->v), free(s->st), free(s);
  }
  free(sub);
  return rc;
}

/* The outputs of every variant (digests and moments per bin, no reference), then which
 * differ from the baseline's: differs[i]. With reuse (arch record --reuse), the others
 * take the baseline's statistics, when they were measured over the same absolute-error
 * range and bound clauses as this build's; *nreused counts them. */
static int outputs_pass(struct kind_result *r, const struct result_file *base, const char *base_desc, int reuse,
                        int *differs, int *nreused) {
  r->sc->o.outputs_only = 1;
  int rc = b32_scan_grouped(r, r->st, NULL);
  r->sc->o.outputs_only = 0;
  if (rc) return rc;
  for (int i = 0; i < r->nv; i++) {
    const struct stats *a = base_stats(base, r->v[i]->name);
    struct stats *b = r->st[i];
    differs[i] = !a || outputs_differ(a, b);
    int same_range = a && d2u(a->abs_lo) == d2u(b->abs_lo) && d2u(a->abs_hi) == d2u(b->abs_hi) &&
                     stats_clauses_same(a, b);
    if (reuse && !differs[i] && !same_range) differs[i] = 1;
    if (reuse && !differs[i]) {
      memcpy(b, a, sizeof *b);
      b->stats_from = base_desc;
      (*nreused)++;
    }
  }
  return 0;
}

/* The baseline's binary32 part; 0 or an exit code. */
static int read_base(struct arch_ctx *a, struct result_file *base, char *desc, size_t n) {
  char err[1024];
  int rc = result_from_root(a->base, a->base_path, base, err, sizeof err);
  if (rc) {
    errorf("%s", err);
    return rc;
  }
  for (int i = 0; i < base->nv; i++)
    if (!base->v[i].st->has_moments) {
      errorf("%s: results[%s] has no moments: not a record of `ulpcert arch record`", a->base_path, base->v[i].name);
      return EXIT_CORRUPT;
    }
  snprintf(desc, n, "%s (%s, driver %s)", a->base_path, base->ri.device, base->ri.driver[0] ? base->ri.driver : "none");
  return 0;
}

int b32_arch_record(struct arch_ctx *a) {
  struct kind_result *r = b32_alloc(n_variants);
  struct result_file base;
  static char base_desc[600];
  memset(&base, 0, sizeof base);
  int *differs = calloc((size_t)n_variants + 1, sizeof *differs), nreused = 0, rc = r && differs ? 0 : EXIT_IO;
  if (!rc) {
    r->ri = *a->ri, r->sc = a->sc, r->moments = 1;
    record_variants(r, a->ri->gpu);
    for (int i = 0; i < r->nv; i++) differs[i] = 1;
  }
  if (!rc && a->base && !(rc = read_base(a, &base, base_desc, sizeof base_desc)))
    rc = outputs_pass(r, &base, base_desc, 1, differs, &nreused);
  if (!rc) rc = scan_differing(r, differs);
  if (!rc) {
    json_t *doc = b32_json(r);
    json_object_update(a->record, doc);
    json_decref(doc);
    printf("recorded %d variants over 0x%08x..0x%08x on %s\n", r->nv, r->ri.from, r->ri.to,
           r->ri.gpu ? r->ri.ginfo.name : "the CPU");
    a->recorded = r->nv, a->gpus = r->ri.gpu ? (a->sc->o.ndevices > 0 ? a->sc->o.ndevices : 1) : 0;
    if (a->base)
      printf("statistics of %d variant%s taken from %s (outputs identical in every bin), %d measured\n", nreused,
             nreused == 1 ? "" : "s", a->base_path, r->nv - nreused);
  }
  result_file_free(&base);
  free(differs);
  b32_release(r);
  return rc;
}

void arch_print_moved(const struct variant *v, const struct stats *a, const struct stats *b) {
  printf("  max ulp %s at 0x%08x -> %s at 0x%08x; max rel %.4e -> %.4e; correctly rounded %llu -> %llu\n",
         NUM(a->max_ulp, 5), a->max_ulp_input, NUM(b->max_ulp, 5), b->max_ulp_input, a->max_rel, b->max_rel,
         (unsigned long long)a->correctly_rounded, (unsigned long long)b->correctly_rounded);
  if (a->max_abs >= 0 || b->max_abs >= 0) printf("  max abs %.4e -> %.4e\n", a->max_abs, b->max_abs);
  for (int k = 0; k < b->n_clauses && k < a->n_clauses; k++) {
    if (!clause_same(&a->clause[k], &b->clause[k])) continue;
    char m0[48], m1[48];
    bound_value_str(b->clause[k].measure, a->cl[k].max, m0, sizeof m0);
    bound_value_str(b->clause[k].measure, b->cl[k].max, m1, sizeof m1);
    printf("  %s: max %s -> %s, inputs over %llu -> %llu (%s -> %s)\n",
           k < v->n_clauses ? v->clause_text[k] : bound_measure_name(b->clause[k].measure), m0, m1,
           (unsigned long long)a->cl[k].over, (unsigned long long)b->cl[k].over,
           verdict_name(clauses_verdict(&a->cl[k], 1)), verdict_name(clauses_verdict(&b->cl[k], 1)));
  }
}

/* How variant v's bins and statistics moved: the first differing bins (a single changed
 * input located exactly), the maxima and the bound clauses. */
static int print_difference(struct arch_ctx *a, const struct variant *v, const struct stats *then,
                            const struct stats *now, uint32_t *buf) {
  uint32_t nbins = 0, first_bins[8], nfirst = 0;
  for (uint32_t k = 0; k < NBINS; k++)
    if (bin_differs(then, now, k)) {
      if (nfirst < 8) first_bins[nfirst++] = k;
      nbins++;
    }
  if (!nbins) {
    printf("%-16s identical (%llu inputs)\n", v->name, (unsigned long long)now->inputs);
    return 0;
  }
  a->differ = 1;
  printf("%-16s DIFFERS in %u bin%s of 2^20 inputs\n", v->name, nbins, nbins == 1 ? "" : "s");
  char err[1024];
  for (uint32_t j = 0; j < nfirst; j++) {
    uint32_t bin = first_bins[j], lo = bin << BIN_LOG2, x, old;
    int rc = scan_eval(v, &a->sc->o, lo, 1u << BIN_LOG2, buf, err, sizeof err);
    if (rc) {
      errorf("%s", err);
      return rc;
    }
    if (arch_locate(then, now, bin, buf, &x, &old))
      printf("  input 0x%08x (%a): baseline 0x%08x (%a), now 0x%08x (%a)\n", x, (double)u2f(x), old, (double)u2f(old),
             buf[x & ((1u << BIN_LOG2) - 1)], (double)u2f(buf[x & ((1u << BIN_LOG2) - 1)]));
    else
      printf("  inputs 0x%08x..0x%08x: several outputs differ\n", lo, lo + (1u << BIN_LOG2) - 1);
  }
  arch_print_moved(v, then, now);
  return 0;
}

/* The baseline's variants, each one this build runs on this backend. */
static int compare_variants(struct arch_ctx *a, const struct result_file *base, struct kind_result *r) {
  for (int i = 0; i < base->nv; i++) {
    const struct variant *v = variant_find(base->v[i].name);
    if (!v || !variant_has_backend(v, a->ri->gpu)) {
      errorf("%s: variant %s is not one this ulpcert runs on the %s backend", a->base_path, base->v[i].name,
             a->ri->gpu ? "gpu" : "cpu");
      return EXIT_USAGE;
    }
    r->v[i] = v;
  }
  return 0;
}

int b32_arch_compare(struct arch_ctx *a) {
  struct result_file base;
  char desc[600];
  memset(&base, 0, sizeof base);
  int rc = read_base(a, &base, desc, sizeof desc);
  struct kind_result *r = rc ? NULL : b32_alloc(base.nv);
  int *differs = r ? calloc((size_t)base.nv + 1, sizeof *differs) : NULL, nreused = 0;
  uint32_t *buf = malloc((size_t)4 << BIN_LOG2);
  if (!rc && (!r || !differs || !buf)) rc = EXIT_IO;
  if (!rc) {
    r->ri = *a->ri, r->sc = a->sc, r->moments = 1;
    rc = compare_variants(a, &base, r);
  }
  if (!rc) rc = outputs_pass(r, &base, desc, 0, differs, &nreused);
  if (!rc) rc = scan_differing(r, differs);
  for (int i = 0; !rc && i < r->nv; i++) {
    if (!differs[i]) printf("%-16s identical (%llu inputs)\n", r->v[i]->name, (unsigned long long)r->st[i]->inputs);
    else rc = print_difference(a, r->v[i], base.v[i].st, r->st[i], buf);
  }
  free(buf), free(differs);
  b32_release(r);
  result_file_free(&base);
  return rc;
}
