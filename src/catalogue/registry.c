/* registry.c: the table built from variants.def. */
#include "src/catalogue/registry.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

float host_tanhf(float);
float host_rcp(float);
float host_sqrtf(float);
float host_sinf(float);
float host_cosf(float);
float host_expf(float);
float host_logf(float);

struct variant variants[] = {
#define VARIANT_ABS(name, fam, ref, gfn, hfn, cu, cr, ck, src, du, dr, da, alo, ahi, dsrc, desc)                      \
  {name, fam, ref, NULL, VK_F32_UNARY, gfn, hfn, {cu, cr, ck, src, NULL},                                             \
   {du, dr, (du || dr || da) ? CLAIM_DOCUMENTED : CLAIM_NONE, dsrc, da}, desc, da != NULL, alo, ahi, 0, {{0}}, {0}, {0}},
#define VARIANT(name, fam, ref, gfn, hfn, cu, cr, ck, src, du, dr, dsrc, desc) \
  VARIANT_ABS(name, fam, ref, gfn, hfn, cu, cr, ck, src, du, dr, NULL, -INFINITY, INFINITY, dsrc, desc)
#include "src/catalogue/variants.def"
#undef VARIANT
#undef VARIANT_ABS
};
const int n_variants = (int)(sizeof variants / sizeof variants[0]);

static const struct {
  const char *variant, *file, *fn;
} source_fns[] = {
#define VARIANT(...)
#define VARIANT_ABS(...)
#define SOURCE_FN(v, file, fn) {v, file, fn},
#include "src/catalogue/variants.def"
#undef SOURCE_FN
#undef VARIANT_ABS
#undef VARIANT
};

const struct variant *variant_by_source(const char *file, const char *fn) {
  const char *base = strrchr(file, '/');
  base = base ? base + 1 : file;
  for (size_t i = 0; i < sizeof source_fns / sizeof source_fns[0]; i++)
    if (!strcmp(source_fns[i].fn, fn) && !strcmp(source_fns[i].file, base)) return variant_find(source_fns[i].variant);
  return NULL;
}

const char *claim_kind_name(enum claim_kind k) {
  switch (k) {
  case CLAIM_MEASURED: return "measured";
  case CLAIM_DOCUMENTED: return "documented";
  case CLAIM_PROVED: return "proved";
  default: return "none";
  }
}

enum verdict claim_verdict(const char *claim, enum claim_kind kind, double measured, char *rounded, size_t n) {
  if (!claim || !*claim) return VERDICT_NONE;
  char *end;
  double c = strtod(claim, &end);
  if (*end || !isfinite(c)) return VERDICT_NONE;
  const char *dot = strchr(claim, '.');
  const char *ex = strpbrk(claim, "eE");
  int digits = 0;
  if (dot) {
    const char *p = dot + 1;
    while (*p >= '0' && *p <= '9') p++, digits++;
  }
  char buf[64];
  if (ex) snprintf(buf, sizeof buf, "%.*e", digits, measured);
  else snprintf(buf, sizeof buf, "%.*f", digits, measured);
  if (rounded) snprintf(rounded, n, "%s", buf);
  if (kind != CLAIM_MEASURED) return measured <= c ? VERDICT_HOLDS : VERDICT_VIOLATED;
  double r = strtod(buf, NULL);
  if (r == c) return VERDICT_HOLDS;
  return r < c ? VERDICT_LOOSE : VERDICT_VIOLATED;
}

const char *verdict_name(enum verdict v) {
  switch (v) {
  case VERDICT_HOLDS: return "HOLDS";
  case VERDICT_LOOSE: return "LOOSE";
  case VERDICT_VIOLATED: return "VIOLATED";
  default: return "-";
  }
}

enum verdict bounds_verdict(const char *const ulp[2], const char *const rel[2], const char *const absb[2],
                            const enum claim_kind kind[2], double max_ulp, double max_rel, double max_abs) {
  enum verdict all[6];
  for (int k = 0; k < 2; k++) {
    all[3 * k] = max_ulp >= 0 ? claim_verdict(ulp[k], kind[k], max_ulp, NULL, 0) : VERDICT_NONE;
    all[3 * k + 1] = max_rel >= 0 ? claim_verdict(rel[k], kind[k], max_rel, NULL, 0) : VERDICT_NONE;
    all[3 * k + 2] = max_abs >= 0 ? claim_verdict(absb[k], kind[k], max_abs, NULL, 0) : VERDICT_NONE;
  }
  enum verdict r = VERDICT_NONE;
  for (int i = 0; i < 6; i++) {
    if (all[i] == VERDICT_VIOLATED) return VERDICT_VIOLATED;
    if (all[i] == VERDICT_LOOSE) r = VERDICT_LOOSE;
    else if (all[i] == VERDICT_HOLDS && r == VERDICT_NONE) r = VERDICT_HOLDS;
  }
  return r;
}

enum verdict variant_verdict(const struct variant *v, double max_ulp, double max_rel, double max_abs) {
  const char *const ulp[2] = {v->claim.max_ulp, v->doc.max_ulp}, *const rel[2] = {v->claim.max_rel, v->doc.max_rel},
                    *const absb[2] = {v->claim.max_abs, v->doc.max_abs};
  const enum claim_kind kind[2] = {v->claim.kind, v->doc.kind};
  return bounds_verdict(ulp, rel, absb, kind, max_ulp, max_rel, max_abs);
}

static const struct {
  const char *variant;
  struct bound_clause c;
  const char *text, *source;
} bound_table[] = {
#define VARIANT(...)
#define VARIANT_ABS(...)
/* BOUND's arguments are expanded first (EVERY_X stands for four of them) */
#define BOUND_ENTRY(v, m, lo, hi, exlo, exhi, c0, c1n, c1d, text, src) {v, {m, lo, hi, exlo, exhi, c0, c1n, c1d}, text, src},
#define BOUND(...) BOUND_ENTRY(__VA_ARGS__)
#include "src/catalogue/variants.def"
#undef BOUND
#undef BOUND_ENTRY
#undef VARIANT_ABS
#undef VARIANT
};

enum verdict clauses_verdict(const struct clause_acc *acc, int n) {
  enum verdict r = VERDICT_NONE;
  for (int k = 0; k < n; k++) {
    if (!acc[k].inputs) continue;
    if (acc[k].over) return VERDICT_VIOLATED;
    r = VERDICT_HOLDS;
  }
  return r;
}

enum verdict verdict_worst(enum verdict a, enum verdict b) {
  static const int rank[] = {[VERDICT_NONE] = 0, [VERDICT_HOLDS] = 1, [VERDICT_LOOSE] = 2, [VERDICT_VIOLATED] = 3};
  return rank[a] >= rank[b] ? a : b;
}

static const char *const measure_names[BM_N] = {[BM_ULP] = "ulp", [BM_ULP_CR] = "ulp_cr", [BM_REL] = "rel",
                                                [BM_ABS] = "abs"};
const char *bound_measure_name(int m) { return m >= 0 && m < BM_N ? measure_names[m] : "?"; }
int bound_measure_parse(const char *name) {
  for (int m = 0; m < BM_N; m++)
    if (name && !strcmp(name, measure_names[m])) return m;
  return -1;
}

void bound_value_str(int m, double value, char *buf, size_t n) {
  if (value < 0) snprintf(buf, n, "-");
  else if (m == BM_ULP_CR) snprintf(buf, n, "%.0f ulp", value);
  else if (m == BM_ULP) snprintf(buf, n, "%.5f ulp", value);
  else snprintf(buf, n, "%.4e", value);
}

int registry_init(void) {
  for (int i = 0; i < n_variants; i++) {
    variants[i].ref = ref_find(variants[i].ref_name);
    if (!variants[i].ref) return -1;
    variants[i].n_clauses = 0;
  }
  for (size_t b = 0; b < sizeof bound_table / sizeof bound_table[0]; b++) {
    struct variant *v = (struct variant *)variant_find(bound_table[b].variant);
    if (!v || v->n_clauses == CLAUSE_MAX) return -1;
    v->clause[v->n_clauses] = bound_table[b].c;
    v->clause_text[v->n_clauses] = bound_table[b].text;
    v->clause_source[v->n_clauses++] = bound_table[b].source;
  }
  return 0;
}

const struct variant *variant_find(const char *name) {
  for (int i = 0; i < n_variants; i++)
    if (strcmp(variants[i].name, name) == 0) return &variants[i];
  return NULL;
}

int variant_has_backend(const struct variant *v, int gpu) {
  return gpu ? v->gpu_fn != GPU_NONE : v->host_fn != NULL;
}

int variant_resolve(const char *name, int gpu, const struct variant **out, int max, int *nout) {
  int found = 0, added = 0;
  for (int i = 0; i < n_variants; i++) {
    const struct variant *v = &variants[i];
    if (strcmp(v->name, name) != 0 && strcmp(v->family, name) != 0) continue;
    found++;
    if (!variant_has_backend(v, gpu)) continue;
    int dup = 0;
    for (int j = 0; j < *nout; j++) dup |= out[j] == v;
    if (dup || *nout >= max) continue;
    out[(*nout)++] = v;
    added++;
  }
  return found ? added : -1;
}
