/* report.c: the binary32 kind's part of `ulpcert report`: the table of hardware
 * approximations against their documented bounds, one table per family, accuracy.csv,
 * the plots and the README's main table, from result files. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "src/common.h"
#include "src/kinds/binary32/binary32.h"
#include "src/kinds/binary32/plots.h"
#include "src/libm/libm.h"
#include "src/report/report.h"
#include "src/report/percent.h"

/* One row of the tables: a variant of a file, on its device. */
struct row {
  const struct result_file *rf;
  const struct result_variant *rv;
  int file; /* index into the run list */
  char dev[320], tag[400];
  int dup_of_prev; /* the variant's row of another device precedes this one */
};

static int cmp_rows(const void *a, const void *b) {
  const struct row *x = a, *y = b;
  int c = strcmp(x->rv->family, y->rv->family);
  if (c) return c;
  c = strcmp(x->rv->name, y->rv->name);
  if (c) return c;
  return x->file - y->file;
}

static double pct(uint64_t a, uint64_t b) { return share_pct(a, b, 4); } /* printed with 4 decimals (the CSV: 6) */

static enum claim_kind kind_of(const char *k) {
  if (!strcmp(k, "measured")) return CLAIM_MEASURED;
  if (!strcmp(k, "documented")) return CLAIM_DOCUMENTED;
  if (!strcmp(k, "proved")) return CLAIM_PROVED;
  return CLAIM_NONE;
}

static const char *str_or_null(const char *s) { return s && *s ? s : NULL; }

static enum verdict row_verdict(const struct result_variant *rv) {
  const struct stats *s = rv->st;
  const char *const ulp[2] = {str_or_null(rv->claim.max_ulp), str_or_null(rv->doc.max_ulp)};
  const char *const rel[2] = {str_or_null(rv->claim.max_rel), str_or_null(rv->doc.max_rel)};
  const char *const absb[2] = {str_or_null(rv->claim.max_abs), str_or_null(rv->doc.max_abs)};
  const enum claim_kind kind[2] = {kind_of(rv->claim.kind), kind_of(rv->doc.kind)};
  return verdict_worst(verdict_worst(bounds_verdict(ulp, rel, absb, kind, s->max_ulp, s->max_rel, s->max_abs),
                                     clauses_verdict(s->cl, s->n_clauses)),
                       rounding_verdict(s->rounding, s->correctly_rounded, s->inputs));
}

static int pow2_exact(char *buf, size_t n, double v);

/* A relative or absolute bound as its document states it: a power of two (2^-11,
 * 2^-21.19) as such, anything else as the result file writes it. */
static const char *bound_str(char *buf, size_t n, const char *s) {
  char *end;
  double v = strtod(s, &end);
  if (!*s || *end || !pow2_exact(buf, n, v)) snprintf(buf, n, "%s", s);
  return buf;
}

/* The claim or documented bound with its source, for a Markdown cell. */
static void claim_text(char *buf, size_t n, const struct result_claim *c) {
  if (!*c->max_ulp && !*c->max_rel && !*c->max_abs) {
    snprintf(buf, n, "-");
    return;
  }
  char rel[48], ab[48];
  snprintf(buf, n, "%s%s%s%s%s%s%s%s (%s)", *c->max_ulp ? c->max_ulp : "", *c->max_ulp ? " ulp" : "",
           *c->max_ulp && (*c->max_rel || *c->max_abs) ? ", " : "", bound_str(rel, sizeof rel, c->max_rel),
           *c->max_rel ? " rel" : "", *c->max_rel && *c->max_abs ? ", " : "", bound_str(ab, sizeof ab, c->max_abs),
           *c->max_abs ? " abs" : "", *c->source ? c->source : c->kind);
  md_escape(buf, n);
}

/* The documented bound and the bound clauses, for a Markdown cell: each clause as its
 * words, its largest error and how many inputs exceed it. */
static void documented_text(char *buf, size_t n, const struct result_variant *rv) {
  const struct stats *s = rv->st;
  claim_text(buf, n, &rv->doc);
  for (int k = 0; k < s->n_clauses; k++) {
    size_t len = strlen(buf);
    if (k == 0 && !strcmp(buf, "-")) len = 0;
    char m[48], t[400];
    bound_value_str(s->clause[k].measure, s->cl[k].max, m, sizeof m);
    snprintf(t, sizeof t, "%s%s: max %s, %s of %s inputs over", len ? "; " : "",
             *rv->bound_text[k] ? rv->bound_text[k] : bound_measure_name(s->clause[k].measure), m,
             CNT(s->cl[k].over), CNT(s->cl[k].inputs));
    md_escape(t, sizeof t);
    snprintf(buf + len, n - len, "%s", t);
  }
  if (s->rounding != RND_N) {
    size_t len = strlen(buf);
    if (!strcmp(buf, "-")) len = 0;
    snprintf(buf + len, n - len, "%scorrectly rounded (%s): %s of %s outputs differ", len ? "; " : "",
             rounding_name(s->rounding), CNT(s->inputs - s->correctly_rounded),
             CNT(s->inputs));
  }
}

/* " (RD)" after the correctly rounded percentage of a directed variant, else "". */
static const char *rounding_suffix(const struct stats *s) {
  static const char *const sfx[RND_COUNT] = {"", " (RZ)", " (RU)", " (RD)"};
  return s->rounding > RND_N && s->rounding < RND_COUNT ? sfx[s->rounding] : "";
}

/* The MUFU table: the hardware approximations (the raw PTX `.approx` instructions, which
 * the GPU's multi-function unit evaluates or starts from) and the CUDA intrinsics built
 * on them (`__expf`, `__sinf`, `__fdividef`, ...), each against the bound its vendor
 * documents. The rule is on the name alone: every variant whose name contains ".approx"
 * or begins with "__", so a new instruction or intrinsic joins the table by its name. */
static int is_mufu(const char *name) { return strstr(name, ".approx") || !strncmp(name, "__", 2); }

/* v as a power of two when it is one to 2 decimals of the exponent (vendors document
 * 2^-11, 2^-22.9, 2^-21.41; the registry holds those rounded up to 16 digits, well
 * within 1e-12): 1 with the text in buf; pow2_text writes any other v in %.4g. The bound
 * reads as the document writes it. */
static int pow2_exact(char *buf, size_t n, double v) {
  double e = v > 0 && isfinite(v) ? log2(v) : 0;
  for (int d = 0; v > 0 && isfinite(v) && d <= 2; d++) {
    double k = d == 0 ? 1 : d == 1 ? 10 : 100, r = round(e * k) / k;
    if (fabs(exp2(r) - v) <= 1e-12 * v) {
      snprintf(buf, n, "2^%.*f", d, r);
      return 1;
    }
  }
  return 0;
}

static void pow2_text(char *buf, size_t n, double v) {
  if (!pow2_exact(buf, n, v)) snprintf(buf, n, "%.4g", v);
}

/* An end of an input range: RN53(pi) reads "pi" and 2 RN53(pi) "2pi" (the ranges of
 * the catalogue's .def files use them for [-pi, pi] and [-2pi, 2pi], which they bound exactly in
 * binary32), large powers of two as 2^k. */
static void x_text(char *buf, size_t n, double x) {
  int e;
  if (fabs(x) == M_PI) snprintf(buf, n, "%spi", x < 0 ? "-" : "");
  else if (fabs(x) == 2 * M_PI) snprintf(buf, n, "%s2pi", x < 0 ? "-" : "");
  else if (isinf(x)) snprintf(buf, n, "%sinf", x < 0 ? "-" : "+");
  else if (x != 0 && frexp(fabs(x), &e) == 0.5 && abs(e - 1) > 16) snprintf(buf, n, "%s2^%d", x < 0 ? "-" : "", e - 1);
  else snprintf(buf, n, "%.9g", x);
}


/* [lo, hi] as text. An end one binary64 step inside a binary32 number f (a .def file
 * writes (0.5, 2) as [0x1.0000000000001p-1, 0x1.fffffffffffffp0]) reads as an open end at
 * f: the binary32 inputs in range are the same. */
static void range_text(char *buf, size_t n, double lo, double hi) {
  char l[64], h[64];
  const double fl = nextafter(lo, -INFINITY), fh = nextafter(hi, INFINITY);
  const int open_lo = isfinite(lo) && (double)(float)fl == fl && (double)(float)lo != lo;
  const int open_hi = isfinite(hi) && (double)(float)fh == fh && (double)(float)hi != hi;
  x_text(l, sizeof l, open_lo ? fl : lo), x_text(h, sizeof h, open_hi ? fh : hi);
  snprintf(buf, n, "%s%s, %s%s", open_lo ? "(" : "[", l, h, open_hi ? ")" : "]");
}

/* The maximum absolute error, where it is and over which inputs; "-" when none was measured. */
static void abs_text(char *buf, size_t n, const struct stats *s) {
  if (s->max_abs < 0) snprintf(buf, n, "-");
  else if (isinf(s->abs_lo) && isinf(s->abs_hi)) snprintf(buf, n, "%.4e at 0x%08x", s->max_abs, s->max_abs_input);
  else {
    char rg[100];
    range_text(rg, sizeof rg, s->abs_lo, s->abs_hi);
    snprintf(buf, n, "%.4e at 0x%08x, x in %s", s->max_abs, s->max_abs_input, rg);
  }
}

/* value of bit pattern b as a double (the float it encodes) */
static double val(uint32_t b) { return (double)u2f(b); }

/* Whether a row gets plots of its own: not the -ftz=true and -use_fast_math builds of a
 * CUDA function, nor the C math libraries' variants beside glibc's (families libm.*: LLVM
 * libc, musl, SLEEF; src/libm/libm.h): their curves are in their family's overview, their
 * figures in the tables, and plots of their own would triple the plots for little; and one
 * device per variant (the first of its rows: the records compared identical across GPUs say
 * where they differ). */
static int has_own_plots(const struct row *r) {
  const char *nm = r->rv->name;
  if (r->dup_of_prev || !strncmp(r->rv->family, "libm.", 5)) return 0;
  size_t n = strlen(nm);
  return !(n > 9 && !strcmp(nm + n - 9, ".cuda.ftz")) && !(n > 14 && !strcmp(nm + n - 14, ".cuda.fastmath"));
}

/* The max ulp, max rel and max abs cells of a MUFU row, whatever the bound. */
static void mufu_figures(struct text *md, const struct stats *s) {
  char rg[160];
  if (s->max_ulp >= 0) tprintf(md, "%s at 0x%08x | ", NUM(s->max_ulp, 5), s->max_ulp_input);
  else tprintf(md, "— | ");
  if (s->max_rel >= 0) tprintf(md, "%.4e | ", s->max_rel);
  else tprintf(md, "— | ");
  if (s->max_abs >= 0 && !(isinf(s->abs_lo) && isinf(s->abs_hi))) {
    range_text(rg, sizeof rg, s->abs_lo, s->abs_hi);
    tprintf(md, "%.4e on %s | ", s->max_abs, rg);
  } else if (s->max_abs >= 0) tprintf(md, "%.4e | ", s->max_abs);
  else tprintf(md, "— | ");
}

/* The document and section of a source: up to its first ": " (the rest quotes it). */
static void mufu_source(struct text *md, const char *src) {
  const char *colon = strstr(src, ": ");
  char doc[400];
  snprintf(doc, sizeof doc, "%.*s", colon ? (int)(colon - src) : (int)strlen(src), src);
  md_escape(doc, sizeof doc);
  tprintf(md, "%s", doc);
}

/* One row of the MUFU table. The documented bound is the result file's (what the run
 * was checked against); where the file records none (files of ulpcert 0.1.0 predate the
 * absolute bounds) the registry's is shown, marked, and its absolute measure counts only
 * if the file measured it over the same range. The verdict is bounds_verdict's (hence
 * claim_verdict's) over the documented bound alone. */
static void mufu_row(struct text *md, const struct row *r) {
  const struct result_variant *rv = r->rv;
  const struct stats *s = rv->st;
  const char *b[3] = {str_or_null(rv->doc.max_ulp), str_or_null(rv->doc.max_rel), str_or_null(rv->doc.max_abs)};
  const char *src = rv->doc.source;
  enum claim_kind kind = kind_of(rv->doc.kind);
  double m[3] = {s->max_ulp, s->max_rel, s->max_abs}, lo = s->abs_lo, hi = s->abs_hi;
  uint32_t at[3] = {s->max_ulp_input, s->max_rel_input, s->max_abs_input};
  int reg = 0;
  const struct variant *v = b[0] || b[1] || b[2] ? NULL : variant_find(rv->name);
  if (v && (v->doc.max_ulp || v->doc.max_rel || v->doc.max_abs)) {
    b[0] = v->doc.max_ulp, b[1] = v->doc.max_rel, b[2] = v->doc.max_abs;
    src = v->doc.source, kind = v->doc.kind, reg = 1;
    if (b[2] && !(lo == v->abs_lo && hi == v->abs_hi)) m[2] = -1, lo = v->abs_lo, hi = v->abs_hi;
  }
  char t[64], rg[160], range[200] = "";
  range_text(rg, sizeof rg, lo, hi);
  if (!(isinf(lo) && isinf(hi))) snprintf(range, sizeof range, " on %s", rg);
  tprintf(md, "| %s | %s | ", rv->name, r->dev);
  /* documented bound, each measure as the vendor writes it */
  int nb = 0, measured = 0;
  for (int k = 0; k < 3; k++) {
    if (!b[k]) continue;
    pow2_text(t, sizeof t, strtod(b[k], NULL));
    if (k == 0) tprintf(md, "%s%s ulp", nb ? "; " : "", b[k]);
    else if (k == 1) tprintf(md, "%s%s rel", nb ? "; " : "", t);
    else tprintf(md, "%sabs %s%s", nb ? "; " : "", t, range);
    nb++;
  }
  const int rnd = s->rounding != RND_N; /* documented correctly rounded in a directed mode */
  if (rnd) tprintf(md, "%scorrectly rounded (%s)", nb++ ? "; " : "", rounding_name(s->rounding));
  tprintf(md, "%s | ", nb ? "" : "none");
  /* the same measure, measured, and where */
  for (int k = 0, i = 0; k < 3; k++) {
    if (!b[k]) continue;
    if (i++) tprintf(md, "; ");
    if (m[k] < 0) {
      tprintf(md, "—");
      continue;
    }
    measured = 1;
    if (k == 0) tprintf(md, "%s ulp at 0x%08x", NUM(m[k], 5), at[k]);
    else if (m[k] > 0) /* the exponent, to read against a bound written as 2^e */
      tprintf(md, "%s%.4e%s (≈ 2^%.2f) at 0x%08x", k == 2 ? "abs " : "", m[k], k == 1 ? " rel" : "", log2(m[k]), at[k]);
    else tprintf(md, "%s0%s at 0x%08x", k == 2 ? "abs " : "", k == 1 ? " rel" : "", at[k]);
  }
  const char *const ulp[2] = {NULL, b[0]}, *const rel[2] = {NULL, b[1]}, *const absb[2] = {NULL, b[2]};
  const enum claim_kind kinds[2] = {CLAIM_NONE, kind};
  enum verdict vd = bounds_verdict(ulp, rel, absb, kinds, m[0], m[1], m[2]);
  if (rnd) {
    tprintf(md, "%s%s outputs differ", nb > 1 ? "; " : "", CNT(s->inputs - s->correctly_rounded));
    vd = verdict_worst(vd, rounding_verdict(s->rounding, s->correctly_rounded, s->inputs));
    measured = 1;
  }
  tprintf(md, "%s | %s | ", nb ? "" : "—",
          !nb ? "no documented bound" : vd != VERDICT_NONE ? verdict_name(vd) : measured ? "—" : "not measured");
  mufu_figures(md, s);
  /* the document and section: the source up to its first ": " (the rest quotes it) */
  if (nb && src && *src) {
    mufu_source(md, src);
    if (reg) tprintf(md, " (from the registry: the result file records no documented bound)");
  } else tprintf(md, "—");
  tprintf(md, " |\n");
}

/* A row of the MUFU table per bound clause: the bound in words, its largest error and
 * where, how many inputs exceed it, and for a bound that grows with |x| the largest
 * ratio of error to bound. */
static void mufu_clause_row(struct text *md, const struct row *r, int k) {
  const struct result_variant *rv = r->rv;
  const struct stats *s = rv->st;
  const struct bound_clause *c = &s->clause[k];
  const struct clause_acc *a = &s->cl[k];
  char m[48];
  bound_value_str(c->measure, a->max, m, sizeof m);
  char bt[sizeof rv->bound_text[k] * 2];
  snprintf(bt, sizeof bt, "%s", *rv->bound_text[k] ? rv->bound_text[k] : bound_measure_name(c->measure));
  md_escape(bt, sizeof bt);
  tprintf(md, "| %s | %s | %s | ", rv->name, r->dev, bt);
  if (!a->inputs) tprintf(md, "no input in the domain");
  else {
    tprintf(md, "%s", m);
    if ((c->measure == BM_REL || c->measure == BM_ABS) && a->max > 0) tprintf(md, " (≈ 2^%.2f)", log2(a->max));
    tprintf(md, " at 0x%08x; %s of %s inputs over", a->max_input, CNT(a->over),
            CNT(a->inputs));
    if (c->c1n) tprintf(md, "; error/bound at most %.4f (0x%08x)", a->ratio, a->ratio_input);
  }
  enum verdict vd = clauses_verdict(a, 1);
  tprintf(md, " | %s | ", vd ? verdict_name(vd) : "not measured");
  mufu_figures(md, s);
  if (*rv->bound_source[k]) mufu_source(md, rv->bound_source[k]);
  else tprintf(md, "—");
  tprintf(md, " |\n");
}

/* The MUFU table with the paragraph that says what it is; nothing when no row qualifies. */
static void mufu_table(struct text *md, const struct row *rows, int n) {
  int any = 0;
  for (int i = 0; i < n; i++) any |= is_mufu(rows[i].rv->name);
  if (!any) return;
  tprintf(md,
          "\n## Hardware approximations (MUFU)\n\n"
          "Generated, like every table here. The raw PTX `.approx` instructions (the GPU's multi-function unit,\n"
          "MUFU) and the CUDA intrinsics built on them, each against the bounds its vendor documents, in the\n"
          "measure the vendor uses: the ulp error, ulps from the correctly rounded result (the CUDA Guide's\n"
          "measure, and PTX `ex2`'s), the relative error, or the absolute error, over the inputs the document\n"
          "names, with bounds that may grow with |x| (`__expf`: 2 + floor(|1.173 x|)). One row per bound, variant\n"
          "and device. Rows: every variant whose name contains `.approx` or begins with `__`. Measured: the\n"
          "maximum of that same measure over the bound's inputs and the input where it is reached, with how\n"
          "many inputs exceed the bound (and, for a bound that grows with |x|, the largest ratio of error to\n"
          "bound); max ulp, max rel and max abs over the run are given in every row, and — marks a figure the\n"
          "result file does not have. Verdict: a documented bound is an upper bound, it HOLDS when no input\n"
          "exceeds it and is VIOLATED when one does (LOOSE is for claims that state a measured maximum, never\n"
          "for a documented bound). \"No documented bound\" where the catalogue (`functions/*/*.def`) records\n"
          "none: the `.ftz` forms and `__fdividef` by a divisor outside its documented range; their measured\n"
          "figures are shown all the same.\n\n"
          "| variant | device | documented bound | measured (same measure) | verdict | max ulp | max rel | max abs | "
          "documented in |\n"
          "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
  for (int i = 0; i < n; i++) {
    if (!is_mufu(rows[i].rv->name)) continue;
    const struct result_variant *rv = rows[i].rv;
    /* the row of the variant's own bound, unless it has none and clauses say it all */
    if (*rv->doc.max_ulp || *rv->doc.max_rel || *rv->doc.max_abs || !rv->st->n_clauses) mufu_row(md, &rows[i]);
    for (int k = 0; k < rv->st->n_clauses; k++) mufu_clause_row(md, &rows[i], k);
  }
}

/* The CUDA math library table: one row per function and GPU, its flavours side by side
 * (CUDA's function `<fn>.cuda` as a default build compiles it, `.cuda.ftz` with -ftz=true,
 * `.cuda.fastmath` with -use_fast_math) and the host C math libraries' (from any run, their
 * outputs computed on a CPU; src/libm/libm.h): glibc's `<fn>.host`, LLVM libc's `.llvm`,
 * musl's `.musl`, SLEEF's most accurate scalar function (`.sleef_u10`, or `.sleef_u05`,
 * `.sleef_u15`, `.sleef` where that is its tier) and its 3.5-ulp one (`.sleef_u35`). The
 * Guide's measure is ulps from the correctly rounded result: a variant's first bound clause
 * in that measure gives it; the max ulp is against the exact value. */
struct lib_row {
  char fn[64];
  const char *dev; /* the GPU's, or NULL for a function measured on the host only */
  const struct row *r[LIB_N];
};

static struct lib_row *lib_find(struct lib_row *lr, int *nl, const char *fn, const char *dev) {
  for (int i = 0; i < *nl; i++)
    if (!strcmp(lr[i].fn, fn) && ((!dev && !lr[i].dev) || (dev && lr[i].dev && !strcmp(lr[i].dev, dev))))
      return &lr[i];
  struct lib_row *l = &lr[(*nl)++];
  snprintf(l->fn, sizeof l->fn, "%s", fn);
  l->dev = dev;
  return l;
}

/* The rows of the table: GPU rows per function and device, each host library's variant
 * added to each of its function's rows that lacks it (or a row of its own where the function
 * has no GPU row; a second run of the same library, as glibc's in several results, adds
 * nothing). */
static int lib_rows(const struct row *rows, int n, struct lib_row *lr) {
  int nl = 0;
  char fn[64];
  for (int i = 0; i < n; i++) {
    int k = libm_column(rows[i].rv->name, fn, sizeof fn);
    if (k >= 0 && k < LIB_HOST && !strcmp(rows[i].rf->ri.backend, "gpu")) lib_find(lr, &nl, fn, rows[i].dev)->r[k] = &rows[i];
  }
  for (int i = 0; i < n; i++) {
    const int k = libm_column(rows[i].rv->name, fn, sizeof fn);
    if (k < LIB_HOST) continue;
    int gpu_rows = 0;
    for (int j = 0; j < nl; j++)
      if (!strcmp(lr[j].fn, fn) && lr[j].dev) {
        gpu_rows++;
        if (!lr[j].r[k]) lr[j].r[k] = &rows[i];
      }
    if (!gpu_rows) lib_find(lr, &nl, fn, NULL)->r[k] = &rows[i];
  }
  return nl;
}

/* One flavour's cell: the Guide's measure and where, max ulp, correctly rounded, verdict. */
static void lib_cell(struct text *md, const struct row *r) {
  if (!r) {
    tprintf(md, " — |");
    return;
  }
  const struct stats *s = r->rv->st;
  for (int k = 0; k < s->n_clauses; k++)
    if (s->clause[k].measure == BM_ULP_CR && s->cl[k].inputs) {
      char m[48];
      bound_value_str(BM_ULP_CR, s->cl[k].max, m, sizeof m);
      tprintf(md, " %s from CR at 0x%08x;", m, s->cl[k].max_input);
      break;
    }
  const char *tier = libm_sleef_tier(r->rv->name);
  if (tier) tprintf(md, " %s:", tier);
  enum verdict vd = row_verdict(r->rv);
  tprintf(md, " %s ulp at 0x%08x;", NUM(s->max_ulp, 2), s->max_ulp_input);
  libm_cell_end(md, s->correctly_rounded, s->inputs, (unsigned long long)s->nonfinite,
                vd != VERDICT_NONE ? verdict_name(vd) : "no bound");
}

/* The documented bound of a row: that of its first CUDA flavour with one. */
static void lib_documented(struct text *md, const struct lib_row *l) {
  for (int k = 0; k < LIB_HOST; k++) {
    if (!l->r[k]) continue;
    const struct result_variant *rv = l->r[k]->rv;
    if (rv->st->n_clauses && *rv->bound_text[0]) {
      char bt[sizeof rv->bound_text[0] * 2];
      snprintf(bt, sizeof bt, "%s", rv->bound_text[0]);
      md_escape(bt, sizeof bt);
      tprintf(md, " %s%s |", bt, rv->st->n_clauses > 1 ? " (and more clauses)" : "");
      return;
    }
    if (*rv->doc.max_ulp) {
      tprintf(md, " %s ulp |", rv->doc.max_ulp);
      return;
    }
  }
  tprintf(md, " — |");
}

static void lib_table_rows(struct text *t, const struct lib_row *lr, int nl) {
  tprintf(t, "| function | GPU | documented bound |");
  for (int k = 0; k < LIB_N; k++) tprintf(t, " %s |", libm_column_title[k]);
  tprintf(t, "\n|");
  for (int k = 0; k < 3 + LIB_N; k++) tprintf(t, " --- |");
  tprintf(t, "\n");
  for (int i = 0; i < nl; i++) {
    tprintf(t, "| %s | %s |", lr[i].fn, lr[i].dev ? lr[i].dev : "—");
    lib_documented(t, &lr[i]);
    for (int k = 0; k < LIB_N; k++) lib_cell(t, lr[i].r[k]);
    tprintf(t, "\n");
  }
}

/* The table in ACCURACY.md, and in the block "library" of docs/binary32.md where it has one. */
static void library_table(struct report *rp, const struct row *rows, int n) {
  struct lib_row *lr = calloc((size_t)n + 1, sizeof *lr);
  if (!lr) return;
  int nl = lib_rows(rows, n, lr);
  int gpu = 0;
  for (int i = 0; i < nl; i++) gpu |= lr[i].dev != NULL;
  if (gpu) {
    struct text *md = &rp->sec[SEC_LIBRARY];
    tprintf(md, "\n## The CUDA math library\n\n"
                "Generated. One row per function and GPU: CUDA's single-precision function as a default build\n"
                "compiles it (`<fn>.cuda`), with `-ftz=true` (`.cuda.ftz`) and with `-use_fast_math`\n"
                "(`.cuda.fastmath`), and the host C math libraries' (their outputs computed on the CPU):\n"
                "glibc's (`<fn>.host`), LLVM libc's (`.llvm`), musl's (`.musl`) and SLEEF's scalar functions\n"
                "(`.sleef_u10`, or the tier named in the cell where SLEEF's most accurate one is another:\n"
                "u05, u15, exact; and `.sleef_u35`). Each cell: the\n"
                "maximum in the Programming Guide's measure (ulps from the correctly rounded result, where the\n"
                "variant has a bound in it) and its input, the maximum ulp error against the exact value and its\n"
                "input, the share of correctly rounded results, where there are any the outputs that are not\n"
                "finite where the exact value is (the maximum leaves them out), and the verdict against the\n"
                "documented bound (VIOLATED: some input exceeds it; the family tables below give the details).\n"
                "— marks a flavour not measured.\n\n");
    lib_table_rows(md, lr, nl);
    struct text *rb = rp->readme ? report_block_optional(rp, "library") : NULL;
    if (rb) lib_table_rows(rb, lr, nl);
  }
  free(lr);
}

/* The rows of the files, sorted by family, variant and file; where the same variant on
 * the same device is in several files (a family's run and a later arch record, say), the
 * newest file's row (by date, then by position on the command line). */
static int make_rows(struct kind_result *const *rs, char *const *paths, int nf, struct row **out, int *nout) {
  int nrows = 0, n = 0;
  for (int i = 0; i < nf; i++) nrows += rs[i]->file.nv;
  struct row *rows = calloc((size_t)nrows + 1, sizeof *rows);
  if (!rows) return EXIT_IO;
  for (int i = 0; i < nf; i++)
    for (int v = 0; v < rs[i]->file.nv; v++) {
      const struct result_file *rf = &rs[i]->file;
      struct row *r = &rows[n++];
      r->rf = rf, r->rv = &rf->v[v], r->file = i;
      const int gpu = !strcmp(rf->ri.backend, "gpu");
      /* a host-only variant of a GPU run ran on the CPU beside that GPU: labelled so */
      if (gpu && b32_on_gpu(1, r->rv->name))
        snprintf(r->dev, sizeof r->dev, "%s (sm_%c%c)", rf->ri.device, rf->ri.cc[0], rf->ri.cc[2]);
      else if (gpu) snprintf(r->dev, sizeof r->dev, "host CPU (of the %s machine)", rf->ri.device);
      else snprintf(r->dev, sizeof r->dev, "CPU: %s", rf->ri.device);
      char a[64], b[96];
      file_safe_name(a, sizeof a, r->rv->name);
      file_safe_name(b, sizeof b, gpu ? rf->ri.device : "cpu");
      snprintf(r->tag, sizeof r->tag, "%s-%s", a, b);
      if (r->rv->st->max_ulp < 0 && r->rv->st->inputs) {
        errorf("%s: results[%s] has no finite error to report (field 'max_ulp' is null)", paths[i], r->rv->name);
        free(rows);
        return EXIT_CORRUPT;
      }
    }
  qsort(rows, (size_t)n, sizeof *rows, cmp_rows);
  int kept = 0;
  for (int i = 0; i < n; i++) {
    int newer = 0;
    for (int j = 0; j < n && !newer; j++) {
      if (j == i || strcmp(rows[j].rv->name, rows[i].rv->name) || strcmp(rows[j].dev, rows[i].dev)) continue;
      int c = strcmp(rows[j].rf->ri.date, rows[i].rf->ri.date);
      newer = c > 0 || (c == 0 && rows[j].file > rows[i].file);
    }
    if (!newer) rows[kept++] = rows[i];
  }
  for (int i = 0; i < kept; i++) rows[i].dup_of_prev = i > 0 && !strcmp(rows[i].rv->name, rows[i - 1].rv->name);
  *out = rows, *nout = kept;
  return 0;
}

/* A family's heading (a page's title with 'page'), overview plot and table head. */
static void family_head(struct text *md, const char *fam, int page) {
  char ff[64];
  file_safe_name(ff, sizeof ff, fam);
  tprintf(md, "\n%s %s\n\n![%s: max ulp error against x](plots/%s-overview.svg)\n\n", page ? "#" : "##", fam, fam, ff);
  tprintf(md, "| variant | device | max ulp | at input | max rel | max abs | correctly rounded | faithful | "
              "> 1 ulp | non-finite | flushed | claimed | documented | verdict |\n");
  tprintf(md, "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
}

/* s as a CSV field (RFC 4180): as it is, or in double quotes (always when quote) with
 * its double quotes doubled when it holds a comma, a quote or a line break */
static const char *csv_field(char *buf, size_t n, const char *s, int quote) {
  size_t k = 0;
  quote |= strpbrk(s, ",\"\r\n") != NULL;
  if (quote) buf[k++] = '"';
  for (; *s && k + 4 < n; s++) {
    if (*s == '"') buf[k++] = '"';
    buf[k++] = *s;
  }
  if (quote) buf[k++] = '"';
  buf[k] = 0;
  return buf;
}
#define CSVF(s, q) csv_field((char[1200]){0}, 1200, (s), (q))

/* The row's line of accuracy.csv. */
static void csv_row(struct text *csv, const struct row *r, const char *path, enum verdict vd) {
  const struct stats *s = r->rv->st;
  tprintf(csv, "%s,%s,%s,%s,%llu,%.17g,0x%08x,%a,%.17g,0x%08x,%.6f,%.6f,%llu,%llu,%llu,%llu,%s,%s,%s,%s,%s,%s,",
          CSVF(r->rv->family, 0), CSVF(r->rv->name, 0), CSVF(r->dev, 1), r->rf->ri.backend, (unsigned long long)s->inputs,
          s->max_ulp,
          s->max_ulp_input, val(s->max_ulp_input), s->max_rel, s->max_rel_input, share_pct(s->correctly_rounded, s->inputs, 6),
          share_pct(s->faithful, s->inputs, 6), (unsigned long long)s->above_1ulp, (unsigned long long)s->nonfinite,
          (unsigned long long)s->flushed, (unsigned long long)s->special_mismatches, r->rv->claim.max_ulp,
          r->rv->claim.max_rel, r->rv->doc.max_ulp, r->rv->doc.max_rel, verdict_name(vd), CSVF(path, 0));
  if (s->max_abs >= 0)
    tprintf(csv, "%.17g,0x%08x,%a,%a,%s,", s->max_abs, s->max_abs_input, s->abs_lo, s->abs_hi, r->rv->doc.max_abs);
  else
    tprintf(csv, ",,%a,%a,%s,", s->abs_lo, s->abs_hi, r->rv->doc.max_abs);
  /* bound clauses: "bound: max M at X, O of N inputs over, VERDICT", separated by "; " */
  tprintf(csv, "\"");
  for (int k = 0; k < s->n_clauses; k++) {
    char m[48];
    bound_value_str(s->clause[k].measure, s->cl[k].max, m, sizeof m);
    tprintf(csv, "%s%s: max %s at 0x%08x, %llu of %llu inputs over, %s", k ? "; " : "", r->rv->bound_text[k], m,
            s->cl[k].max_input, (unsigned long long)s->cl[k].over, (unsigned long long)s->cl[k].inputs,
            verdict_name(clauses_verdict(&s->cl[k], 1)));
  }
  tprintf(csv, "\"\n");
}

/* A row of a family's table. */
static void family_row(struct text *md, const struct row *r) {
  const struct stats *s = r->rv->st;
  char cl[400], dc[1200], ma[160];
  claim_text(cl, sizeof cl, &r->rv->claim);
  documented_text(dc, sizeof dc, r->rv);
  abs_text(ma, sizeof ma, s);
  tprintf(md, "| %s | %s | %s | 0x%08x (%a) | %.4e | %s | %.4f%%%s | %.4f%% | %s | %s | %s | %s | %s | %s |\n",
          r->rv->name, r->dev, NUM(s->max_ulp, 5), s->max_ulp_input, val(s->max_ulp_input), s->max_rel, ma,
          pct(s->correctly_rounded, s->inputs), rounding_suffix(s), pct(s->faithful, s->inputs),
          CNT(s->above_1ulp), CNT(s->nonfinite), CNT(s->flushed), cl, dc,
          verdict_name(row_verdict(r->rv)));
}

/* Per family, a table of the rows; the same rows in accuracy.csv. */
static void family_tables(struct report *rp, const struct row *rows, int n, char *const *paths) {
  struct text *md = &rp->sec[SEC_FAMILIES];
  if (!rp->csv.len)
    tprintf(&rp->csv, "family,variant,device,backend,inputs,max_ulp,max_ulp_input,max_ulp_input_value,max_rel,"
                      "max_rel_input,correctly_rounded_pct,faithful_pct,above_1ulp,nonfinite,flushed,"
                      "special_mismatches,claimed_ulp,claimed_rel,documented_ulp,documented_rel,verdict,result,"
                      "max_abs,max_abs_input,max_abs_range_lo,max_abs_range_hi,documented_abs,bound_clauses\n");
  const char *fam = "";
  for (int i = 0; i < n; i++) {
    const struct row *r = &rows[i];
    if (strcmp(fam, r->rv->family)) family_head(md, fam = r->rv->family, 0);
    family_row(md, r);
    csv_row(&rp->csv, r, paths[r->file], row_verdict(r->rv));
    /* every input of binary32 measured: the search kind's table shows it beside binary64's */
    if (r->rv->st->inputs == (uint64_t)1 << 32) report_note_max(rp, r->rv->name, r->dev, r->rv->st->max_ulp);
  }
}

/* The plots of each variant and the runs the rows come from. */
static void runs_list(struct text *md, struct kind_result *const *rs, char *const *paths, int nf) {
  tprintf(md, "\n## Runs\n\n");
  for (int i = 0; i < nf; i++) {
    const struct run_info *ri = &rs[i]->file.ri;
    tprintf(md, "%d. `%s`: `%s`; ulpcert %s, %s backend, %s%s%s%s%s%s%s; %s\n", i + 1, paths[i], ri->command,
            ri->version, ri->backend, ri->device, *ri->cc ? ", compute capability " : "", ri->cc,
            *ri->driver ? ", driver " : "", ri->driver, *ri->toolkit ? ", CUDA " : "", ri->toolkit, ri->date);
  }
}

static void plots_and_runs(struct text *md, const struct row *rows, int n, struct kind_result *const *rs,
                           char *const *paths, int nf) {
  tprintf(md, "\n## Per variant\n\n");
  for (int i = 0; i < n; i++)
    if (has_own_plots(&rows[i]))
      tprintf(md, "- %s on %s: [error per bin of bit patterns](plots/%s-bins.svg), [error against x]"
                  "(plots/%s-x.svg), [histogram](plots/%s-hist.svg)\n",
              rows[i].rv->name, rows[i].dev, rows[i].tag, rows[i].tag, rows[i].tag);
  tprintf(md, "\nThe -ftz=true and -use_fast_math builds of CUDA's functions (`.cuda.ftz`, `.cuda.fastmath`) "
              "have no plots of their own: their curves are in their family's overview.\n");
  runs_list(md, rs, paths, nf);
}

/* The README's block: the table of one family (--readme-family, default tanh, else the
 * first) and its overview plot. */
static void readme_table(struct report *rp, const struct row *rows, int n) {
  struct text *rb = report_block(rp, "report");
  const char *f0 = rows[0].rv->family;
  for (int i = 0; i < n; i++)
    if (!strcmp(rows[i].rv->family, rp->readme_family)) f0 = rows[i].rv->family;
  char ff[64];
  file_safe_name(ff, sizeof ff, f0);
  tprintf(rb, "| variant | device | max ulp | at input | max rel | correctly rounded | claimed | documented | verdict |\n"
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
  for (int i = 0; i < n; i++) {
    if (strcmp(rows[i].rv->family, f0)) continue;
    const struct stats *s = rows[i].rv->st;
    char cl[400], dc[1200];
    claim_text(cl, sizeof cl, &rows[i].rv->claim);
    documented_text(dc, sizeof dc, rows[i].rv);
    tprintf(rb, "| %s | %s | %s | 0x%08x (%a) | %.4e | %.4f%%%s | %s | %s | %s |\n", rows[i].rv->name, rows[i].dev,
            NUM(s->max_ulp, 5), s->max_ulp_input, val(s->max_ulp_input), s->max_rel, pct(s->correctly_rounded, s->inputs),
            rounding_suffix(s),
            cl, dc, verdict_name(row_verdict(rows[i].rv)));
  }
  tprintf(rb, "\n![%s: max ulp error against x](%s/plots/%s-overview.svg)\n", f0, rp->dir, ff);
}

/* A row as its plots see it; short_dev receives the device as a legend names it. */
static struct plot_row plot_row_of(const struct row *r, char *short_dev, size_t n) {
  const char *d = r->rf->ri.device;
  if (strcmp(r->rf->ri.backend, "gpu") || !b32_on_gpu(1, r->rv->name)) snprintf(short_dev, n, "CPU");
  else snprintf(short_dev, n, "%s", strncmp(d, "NVIDIA ", 7) ? d : d + 7);
  return (struct plot_row){r->rv->name, r->dev, short_dev, r->tag, r->rv->st, r->rf->ri.from, r->rf->ri.to};
}

/* The plots of every row and every family's overview. */
static int write_plots(struct report *rp, const struct row *rows, int n) {
  char err[1024];
  int rc = 0;
  struct plot_row *pr = calloc((size_t)n + 1, sizeof *pr);
  char(*sd)[256] = calloc((size_t)n + 1, sizeof *sd);
  if (!pr || !sd) rc = EXIT_IO;
  for (int i = 0; !rc && i < n; i++) pr[i] = plot_row_of(&rows[i], sd[i], sizeof sd[i]);
  for (int i = 0; !rc && i < n; i++)
    if (has_own_plots(&rows[i]) && (rc = b32_plot_row(&pr[i], rp->dir, rp->png, err, sizeof err))) errorf("%s", err);
  for (int i = 0, j; !rc && i < n; i = j) { /* a family's rows are adjacent */
    for (j = i + 1; j < n && !strcmp(rows[j].rv->family, rows[i].rv->family);) j++;
    if ((rc = b32_plot_overview(pr + i, j - i, rows[i].rv->family, rp->dir, rp->png, err, sizeof err)))
      errorf("%s", err);
  }
  free(pr), free(sd);
  return rc;
}

/* An input as the pages show it: bit pattern and value. */
static void page_x(struct text *md, uint32_t x) { tprintf(md, "`0x%08x` (%a)", x, val(x)); }

/* A row's section of its family's page: the maxima and where, the counts, the bound
 * clauses, the first inputs that fail a check, the plots. */
static void page_row(struct text *md, const struct row *r, int run) {
  const struct stats *s = r->rv->st;
  tprintf(md, "\n## %s on %s\n\n", r->rv->name, r->dev);
  if (s->max_ulp >= 0) {
    tprintf(md, "- max ulp error %s at ", NUM(s->max_ulp, 5)), page_x(md, s->max_ulp_input);
    tprintf(md, ": output `0x%08x` (%a), exact ≈ %a\n", s->max_ulp_output, val(s->max_ulp_output), s->max_ulp_ref);
  }
  if (s->max_rel >= 0) tprintf(md, "- max relative error %.4e at ", s->max_rel), page_x(md, s->max_rel_input), tprintf(md, "\n");
  if (s->max_abs >= 0) {
    char ma[160];
    abs_text(ma, sizeof ma, s);
    tprintf(md, "- max absolute error %s\n", ma);
  }
  tprintf(md, "- %s inputs: correctly rounded %.4f%%%s, faithful %.4f%%, above 1 ulp %s, non-finite %s, "
              "flushed %s, special values wrong %s\n",
          CNT(s->inputs), pct(s->correctly_rounded, s->inputs), rounding_suffix(s),
          pct(s->faithful, s->inputs), CNT(s->above_1ulp), CNT(s->nonfinite),
          CNT(s->flushed), CNT(s->special_mismatches));
  for (int k = 0; k < s->n_clauses; k++) {
    char m[48];
    bound_value_str(s->clause[k].measure, s->cl[k].max, m, sizeof m);
    tprintf(md, "- documented: %s: max %s at ", *r->rv->bound_text[k] ? r->rv->bound_text[k] : "a bound clause", m);
    page_x(md, s->cl[k].max_input);
    tprintf(md, ", %s of %s inputs over: %s\n", CNT(s->cl[k].over),
            CNT(s->cl[k].inputs), verdict_name(clauses_verdict(&s->cl[k], 1)));
  }
  if (s->n_nonfinite || s->n_special || s->n_sym || s->n_mono || s->n_undec) tprintf(md, "\nFirst failing inputs:\n\n");
  for (int k = 0; k < s->n_nonfinite; k++)
    tprintf(md, "- non-finite output: x = "), page_x(md, s->nonfinite_first[k].input),
        tprintf(md, ": output `0x%08x`, expected `0x%08x`\n", s->nonfinite_first[k].output, s->nonfinite_first[k].other);
  for (int k = 0; k < s->n_special; k++)
    tprintf(md, "- special value: x = "), page_x(md, s->special[k].input),
        tprintf(md, ": output `0x%08x`, expected `0x%08x`\n", s->special[k].output, s->special[k].other);
  for (int k = 0; k < s->n_sym; k++)
    tprintf(md, "- symmetry: x = "), page_x(md, s->sym[k].input),
        tprintf(md, ": f(x) = %a, f(-x) = %a\n", val(s->sym[k].output), val(s->sym[k].other));
  for (int k = 0; k < s->n_mono; k++)
    tprintf(md, "- monotonicity: x = "), page_x(md, s->mono[k].input),
        tprintf(md, ": f(x) = %a, f(next x) = %a\n", val(s->mono[k].output), val(s->mono[k].other));
  for (int k = 0; k < s->n_undec; k++)
    tprintf(md, "- undecidable (not measured): x = "), page_x(md, s->undec[k].input), tprintf(md, "\n");
  if (has_own_plots(r))
    tprintf(md, "\n![%s: error per bin of bit patterns](plots/%s-bins.svg)\n![%s: error against x](plots/%s-x.svg)\n"
                "![%s: histogram](plots/%s-hist.svg)\n",
            r->rv->name, r->tag, r->rv->name, r->tag, r->rv->name, r->tag);
  else tprintf(md, "\nNo plots of its own: its curve is in the overview above.\n");
  tprintf(md, "\nFrom run %d of the [list of runs](index.html#runs).\n", run + 1);
}

/* The HTML report's part: a page per family (its table, overview, and a section per row),
 * and on the index, in place of the family tables, the families with a link each. */
static void html_pages(struct report *rp, const struct row *rows, int n, struct kind_result *const *rs,
                       char *const *paths, int nf) {
  struct text *ix = &rp->html_sec[SEC_FAMILIES];
  tprintf(ix, "\n## Functions\n\nOne page per family: its table, its plots, each variant's largest errors and the "
              "first inputs that fail a check. Worst: the largest max ulp error of the family's rows.\n\n"
              "| family | variants | worst max ulp | variant | verdicts |\n| --- | --- | --- | --- | --- |\n");
  for (int i = 0, j; i < n; i = j) {
    const char *fam = rows[i].rv->family;
    char title[160];
    snprintf(title, sizeof title, "%s: ulpcert accuracy", fam);
    struct text *pg = report_page(rp, fam, title);
    int worst = i, counts[4] = {0};
    for (j = i; j < n && !strcmp(rows[j].rv->family, fam); j++) {
      if (rows[j].rv->st->max_ulp > rows[worst].rv->st->max_ulp) worst = j;
      counts[row_verdict(rows[j].rv)]++;
    }
    char safe[96];
    file_safe_name(safe, sizeof safe, fam);
    tprintf(ix, "| [%s](%s.html) | %d | %s | %s | ", fam, safe, j - i, NUM(rows[worst].rv->st->max_ulp, 5),
            rows[worst].rv->name);
    for (int v = VERDICT_HOLDS, any = 0; v <= VERDICT_VIOLATED; v++)
      if (counts[v]) tprintf(ix, "%s%d %s", any++ ? ", " : "", counts[v], verdict_name(v));
    tprintf(ix, " |\n");
    if (!pg) continue;
    family_head(pg, fam, 1);
    for (int k = i; k < j; k++) family_row(pg, &rows[k]);
    for (int k = i; k < j; k++) page_row(pg, &rows[k], rows[k].file);
  }
  runs_list(ix, rs, paths, nf);
}

int b32_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int nf) {
  struct row *rows;
  int n, rc = make_rows(rs, paths, nf, &rows, &n);
  if (rc) return rc;
  if (rp->write_files) rc = write_plots(rp, rows, n);
  else {
    mufu_table(&rp->sec[SEC_HARDWARE], rows, n);
    library_table(rp, rows, n);
    family_tables(rp, rows, n, paths);
    plots_and_runs(&rp->sec[SEC_FAMILIES], rows, n, rs, paths, nf);
    html_pages(rp, rows, n, rs, paths, nf);
    if (rp->readme && n) readme_table(rp, rows, n);
  }
  free(rows);
  return rc;
}
