/* registry.c: the variants of the catalogue (every VARIANT line of the function folders,
 * in catalogue order), their bound clauses and source functions. */
#include "src/catalogue/registry.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/catalogue/catalogue.h"

/* The host functions the catalogue names (each folder's *.c defines its own), declared
 * from the VARIANT lines' HOST fields: one declaration per line, in which HOST(fn) is the
 * declarator fn(float) and every other field the one of an object never defined. */
#define VARIANT(name, ...) extern float ulpcert_no_host, __VA_ARGS__;
#define HOST(fn) fn(float)
#define REF(...) ulpcert_no_host
#define FAMILY(...) ulpcert_no_host
#define DEVICE(...) ulpcert_no_host
#define CLAIM(...) ulpcert_no_host
#define DOC_ULP(...) ulpcert_no_host
#define DOC_REL(...) ulpcert_no_host
#define DOC_ABS(...) ulpcert_no_host
#define DESCRIPTION(...) ulpcert_no_host
#include "src/catalogue/catalogue_list.h"
#include "src/libm/libm_decls.h" /* and those of the C math libraries (src/libm/libm.h) */

/* Every VARIANT line, its fields as designated initializers; registry_init fills in the
 * defaults of the absent ones. */
struct variant variants[] = {
#define VARIANT(nm, ...) {.name = nm, .kind = VK_F32_UNARY, __VA_ARGS__},
#define REF(r) .ref_name = r
#define FAMILY(f) .family = f
#define DEVICE(fn) .device_fn = #fn
#define HOST(fn) .host_fn = fn
#define CLAIM(k, ulp, rel, src) .claim = {.max_ulp = ulp, .max_rel = rel, .kind = k, .source = src}
#define DOC_ULP(b, src) .doc.max_ulp = b, .doc.source = src
#define DOC_REL(b, src) .doc.max_rel = b, .doc.source = src
#define DOC_ABS(b, lo, hi, src) .doc.max_abs = b, .doc.source = src, .abs_ranged = 1, .abs_lo = lo, .abs_hi = hi
#define DESCRIPTION(d) .description = d
#include "src/catalogue/catalogue_list.h"
#include "src/libm/libm_variants.h" /* the C math libraries' (src/libm/libm.h) */
};
const int n_variants = (int)(sizeof variants / sizeof variants[0]);

static const struct {
  const char *variant, *file, *fn;
} source_fns[] = {
#define SOURCE_FN(v, file, fn) {v, file, fn},
#include "src/catalogue/catalogue_list.h"
};

const struct variant *variant_by_source(const char *file, const char *fn) {
  const char *base = strrchr(file, '/');
  base = base ? base + 1 : file;
  for (size_t i = 0; i < sizeof source_fns / sizeof source_fns[0]; i++)
    if (!strcmp(source_fns[i].fn, fn) && !strcmp(source_fns[i].file, base)) return variant_find(source_fns[i].variant);
  return NULL;
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
/* BOUND's arguments are expanded first (EVERY_X stands for four of them) */
#define BOUND_ENTRY(v, m, lo, hi, exlo, exhi, c0, c1n, c1d, text, src) {v, {m, lo, hi, exlo, exhi, c0, c1n, c1d}, text, src},
#define BOUND(...) BOUND_ENTRY(__VA_ARGS__)
#include "src/catalogue/catalogue_list.h"
#include "src/libm/libm_bounds.h" /* LLVM libc's correctly rounded functions (src/libm/libm.h) */
#undef BOUND_ENTRY
};

static const struct {
  const char *variant;
  int mode;
} rounding_table[] = {
#define ROUNDING(v, mode) {v, mode},
#include "src/catalogue/catalogue_list.h"
    {NULL, RND_N}, /* the table is never empty */
};

/* The ROUNDING lines onto their variants (each variant at most once). */
static int bind_roundings(char *err, size_t errlen) {
  for (size_t r = 0; rounding_table[r].variant; r++) {
    struct variant *v = (struct variant *)variant_find(rounding_table[r].variant);
    if (!v || v->rounding != RND_N || rounding_table[r].mode <= RND_N || rounding_table[r].mode >= RND_COUNT) {
      if (err) snprintf(err, errlen, "ROUNDING for '%s': %s", rounding_table[r].variant,
               !v ? "no such variant" : v->rounding != RND_N ? "declared twice" : "not a directed mode");
      return -1;
    }
    v->rounding = rounding_table[r].mode;
  }
  return 0;
}

/* A variant's absent fields (catalogue.h): the family is the reference's name, a variant
 * without a claim claims nothing from source "", without a documented bound documents
 * nothing, and without DOC_ABS measures its absolute error over every input. */
static void fill_defaults(struct variant *v) {
  if (!v->family) v->family = v->ref_name;
  if (!v->device_fn) v->device_fn = "NODEVICE";
  if (!v->claim.source) v->claim.source = "";
  v->doc.kind = v->doc.max_ulp || v->doc.max_rel || v->doc.max_abs ? CLAIM_DOCUMENTED : CLAIM_NONE;
  if (!v->abs_ranged) v->abs_lo = -INFINITY, v->abs_hi = INFINITY;
}

int registry_init(char *err, size_t errlen) {
  for (int i = 0; i < n_variants; i++) {
    struct variant *v = &variants[i];
    if (!v->ref_name || !v->description) {
      if (err) snprintf(err, errlen, "variant %s has no %s", v->name, v->ref_name ? "DESCRIPTION" : "REF");
      return -1;
    }
    fill_defaults(v);
    if (!(v->ref = ref_find(v->ref_name))) {
      if (err) snprintf(err, errlen, "variant %s names reference '%s', which no function folder declares", v->name, v->ref_name);
      return -1;
    }
    v->gpu_fn = strcmp(v->device_fn, "NODEVICE") ? i : GPU_NONE;
    v->n_clauses = 0;
    v->rounding = RND_N;
  }
  for (size_t b = 0; b < sizeof bound_table / sizeof bound_table[0]; b++) {
    struct variant *v = (struct variant *)variant_find(bound_table[b].variant);
    if (!v || v->n_clauses == CLAUSE_MAX) {
      if (err) snprintf(err, errlen, "BOUND for '%s': %s", bound_table[b].variant,
               v ? "too many clauses for one variant" : "no such variant");
      return -1;
    }
    v->clause[v->n_clauses] = bound_table[b].c;
    v->clause_text[v->n_clauses] = bound_table[b].text;
    v->clause_source[v->n_clauses++] = bound_table[b].source;
  }
  return bind_roundings(err, errlen);
}

const struct variant *variant_find(const char *name) {
  for (int i = 0; i < n_variants; i++)
    if (strcmp(variants[i].name, name) == 0) return &variants[i];
  return NULL;
}

int variant_has_backend(const struct variant *v, int gpu) {
  return gpu ? v->gpu_fn != GPU_NONE : v->host_fn != NULL;
}

/* Is name a family whose every variant has host code only? */
static int family_host_only(const char *name) {
  int n = 0;
  for (int i = 0; i < n_variants; i++)
    if (!strcmp(variants[i].family, name)) {
      if (variants[i].gpu_fn != GPU_NONE) return 0;
      n++;
    }
  return n > 0;
}

static int is_libm(const struct variant *v) { return !strncmp(v->family, "libm.", 5); }

/* out[] += v unless there already; 1 when added */
static int add_once(const struct variant *v, const struct variant **out, int max, int *nout) {
  for (int j = 0; j < *nout; j++)
    if (out[j] == v) return 0;
  if (*nout >= max) return 0;
  out[(*nout)++] = v;
  return 1;
}

/* The C math libraries' selections: "libm", every one-argument function that LLVM libc, musl
 * or SLEEF has (src/libm/libm.h), "libm.<reference>" one of them; for each function glibc's
 * <cname>.host (where the catalogue has it) then every library's variant of it, in that order,
 * so that a run computes each reference once for all libraries. The count added, -1 when
 * name is no such selection. Host code: on the GPU backend too (outputs from the host). */
static int libm_select(const char *name, const struct variant **out, int max, int *nout) {
  if (strcmp(name, "libm") && (strncmp(name, "libm.", 5) || !ref_find(name + 5))) return -1;
  int found = 0, added = 0;
  for (int i = 0; i < n_variants; i++) {
    const struct variant *v = &variants[i];
    if (!is_libm(v) || (name[4] && strcmp(v->ref_name, name + 5))) continue;
    found = 1;
    int first = 1; /* the first library variant of its reference: glibc's, then the rest */
    for (int j = 0; j < i && first; j++) first = !(is_libm(&variants[j]) && !strcmp(variants[j].ref_name, v->ref_name));
    if (!first) continue;
    char host[64];
    snprintf(host, sizeof host, "%.*s.host", (int)strcspn(v->name, "."), v->name);
    const struct variant *g = variant_find(host);
    if (g && g->host_fn) added += add_once(g, out, max, nout);
    for (int j = i; j < n_variants; j++)
      if (is_libm(&variants[j]) && !strcmp(variants[j].ref_name, v->ref_name)) added += add_once(&variants[j], out, max, nout);
  }
  return found ? added : -1;
}

int variant_is_selection(const char *name) {
  const struct variant *none[1];
  int n = 0;
  return libm_select(name, none, 0, &n) >= 0;
}

int variant_resolve(const char *name, int gpu, const struct variant **out, int max, int *nout) {
  const int sel = libm_select(name, out, max, nout);
  if (sel >= 0) return sel;
  int found = 0, added = 0;
  for (int i = 0; i < n_variants; i++) {
    const struct variant *v = &variants[i];
    if (strcmp(v->name, name) != 0 && strcmp(v->family, name) != 0) continue;
    found++;
    /* a host library's function named on its own, or its family when that has host code only
     * (libm.llvm, ...), also runs on the GPU backend: evaluated on the host, referenced and
     * reduced on the device (scan.c) */
    const int host_on_gpu = gpu && v->host_fn && (strcmp(v->name, name) == 0 || family_host_only(name));
    if (!variant_has_backend(v, gpu) && !host_on_gpu) continue;
    int dup = 0;
    for (int j = 0; j < *nout; j++) dup |= out[j] == v;
    if (dup || *nout >= max) continue;
    out[(*nout)++] = v;
    added++;
  }
  return found ? added : -1;
}

/* "a, b, c" of the distinct strings at base + k * stride (k < n), in first-seen order. */
static const char *join_distinct(char *buf, size_t size, const char *const *first, size_t stride, int n) {
  size_t off = 0;
  buf[0] = 0;
  for (int k = 0; k < n; k++) {
    const char *s = *(const char *const *)((const char *)first + (size_t)k * stride);
    int seen = 0;
    for (int j = 0; j < k && !seen; j++) seen = !strcmp(s, *(const char *const *)((const char *)first + (size_t)j * stride));
    if (!seen && off < size) off += (size_t)snprintf(buf + off, size - off, "%s%s", off ? ", " : "", s);
  }
  return buf;
}

const char *family_names(void) {
  static char buf[4096];
  return join_distinct(buf, sizeof buf, &variants[0].family, sizeof variants[0], n_variants);
}

/* The edit distance of a and b (insertions, deletions, substitutions and swaps of two
 * neighbours, each 1: the optimal string alignment distance), for names of at most 63
 * characters; 99 for longer ones. */
static int edit_distance(const char *a, const char *b) {
  size_t n = strlen(a), m = strlen(b);
  if (n > 63 || m > 63) return 99;
  int d[64][64];
  for (size_t i = 0; i <= n; i++) d[i][0] = (int)i;
  for (size_t j = 0; j <= m; j++) d[0][j] = (int)j;
  for (size_t i = 1; i <= n; i++)
    for (size_t j = 1; j <= m; j++) {
      int c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
      if (d[i - 1][j] + 1 < c) c = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < c) c = d[i][j - 1] + 1;
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < c)
        c = d[i - 2][j - 2] + 1;
      d[i][j] = c;
    }
  return d[n][m];
}

/* The names nearest to a slip (those at the smallest distance, at most 3, each once),
 * as "'a'" or "'a' or 'b'". */
struct near {
  const char *name[3];
  int n, d;
};
static void near_add(struct near *nr, const char *slip, const char *cand) {
  int e = edit_distance(slip, cand);
  if (e < nr->d) nr->d = e, nr->n = 0;
  if (e != nr->d || nr->n == 3) return;
  for (int k = 0; k < nr->n; k++)
    if (!strcmp(nr->name[k], cand)) return;
  nr->name[nr->n++] = cand;
}
/* a slip: at most 2 edits, and at most a third of the name's letters */
static const char *near_text(const struct near *nr, const char *slip, char *buf, size_t n) {
  int len = (int)strlen(slip);
  if (!nr->n || nr->d == 0 || nr->d > 2 || 3 * nr->d > len) return NULL;
  size_t k = 0;
  buf[0] = 0;
  for (int i = 0; i < nr->n && k < n; i++)
    k += (size_t)snprintf(buf + k, n - k, "%s'%s'", i ? (i + 1 == nr->n ? " or " : ", ") : "", nr->name[i]);
  return buf;
}

const char *name_suggest(const char *name) {
  static char buf[256];
  struct near nr = {.d = 99};
  for (int i = 0; i < n_variants; i++) {
    near_add(&nr, name, variants[i].family);
    near_add(&nr, name, variants[i].name);
  }
  return near_text(&nr, name, buf, sizeof buf);
}

const char *ref_suggest(const char *name) {
  static char buf[256];
  struct near nr = {.d = 99};
  for (int i = 0; i < n_references; i++) near_add(&nr, name, ref_table[i].name);
  return near_text(&nr, name, buf, sizeof buf);
}

const char *ref_names(void) {
  static char buf[4096];
  return join_distinct(buf, sizeof buf, &ref_table[0].name, sizeof ref_table[0], n_references);
}
