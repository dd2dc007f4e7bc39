/* report.c: `ulpcert report`: accuracy tables (Markdown, CSV) and gnuplot plots
 * generated from result JSON files, nothing typed by hand. Every input is read and
 * checked before anything is written; every output is written to a temporary file
 * and renamed; the same inputs give byte-identical outputs. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "src/engine/options.h"
#include "src/kinds/ff/ff.h"
#include "src/kinds/binary32/result.h"
#include <jansson.h>
#include "src/common.h"

struct row {
  const struct result_file *rf;
  const struct result_variant *rv;
  int file; /* index into the run list */
  char dev[96], tag[160];
};

static void usage_report(FILE *f) {
  fprintf(f,
          "usage: ulpcert report RESULT.json... [--out DIR] [--png] [--readme FILE]\n"
          "\n"
          "Writes, from the result files (plain or gzip-compressed JSON; in the MUFU table,\n"
          "the registry's documented bound where a file records none, marked so):\n"
          "  DIR/ACCURACY.md     the MUFU table: every variant named *.approx* or __* (PTX\n"
          "                      approximations, CUDA intrinsics) against its documented bound,\n"
          "                      in the bound's measure (ulp, relative, absolute over a range);\n"
          "                      per family, one row per variant and device: max ulp error and\n"
          "                      where, max relative error, percent correctly rounded and\n"
          "                      faithful, count above 1 ulp, non-finite and flushed counts, the\n"
          "                      claimed and the documented bound, the verdict; then the runs\n"
          "                      (command, version, GPU, driver, toolkit, date)\n"
          "  DIR/accuracy.csv    the same rows, one header line\n"
          "  DIR/plots/*.svg     per variant: max ulp error per bin over the whole line of bit\n"
          "                      patterns and over x in [-10, 10], and the error histogram; per\n"
          "                      family: the variants compared (PNG too with --png)\n"
          "options:\n"
          "  --out DIR       output folder (default reports)\n"
          "  --png           also write PNG plots\n"
          "  --readme FILE   replace the block between '<!-- BEGIN generated: report -->' and\n"
          "                  '<!-- END generated -->' in FILE with the main table and a plot\n"
          "  --readme-family F  the family of that table (default tanh, else the first)\n"
          "  --quiet         no notices\n"
          "`make report` runs it on every file under reports/results/.\n");
}

static int cmp_rows(const void *a, const void *b) {
  const struct row *x = a, *y = b;
  int c = strcmp(x->rv->family, y->rv->family);
  if (c) return c;
  c = strcmp(x->rv->name, y->rv->name);
  if (c) return c;
  return x->file - y->file;
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

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
  return verdict_worst(bounds_verdict(ulp, rel, absb, kind, s->max_ulp, s->max_rel, s->max_abs),
                       clauses_verdict(s->cl, s->n_clauses));
}

/* buf with every '|' escaped, in place (within n): it goes into a Markdown table cell,
 * and documentation sources quote |y|, which would split the cell. */
static void md_escape(char *buf, size_t n) {
  char tmp[1024];
  size_t j = 0;
  for (const char *p = buf; *p && j + 2 < sizeof tmp; p++) {
    if (*p == '|') tmp[j++] = '\\';
    tmp[j++] = *p;
  }
  if (j >= n) j = n - 1;
  memcpy(buf, tmp, j);
  buf[j] = 0;
}

/* The claim or documented bound with its source, for a Markdown cell. */
static void claim_text(char *buf, size_t n, const struct result_claim *c) {
  if (!*c->max_ulp && !*c->max_rel && !*c->max_abs) {
    snprintf(buf, n, "-");
    return;
  }
  snprintf(buf, n, "%s%s%s%s%s%s%s%s (%s)", *c->max_ulp ? c->max_ulp : "", *c->max_ulp ? " ulp" : "",
           *c->max_ulp && (*c->max_rel || *c->max_abs) ? ", " : "", *c->max_rel ? c->max_rel : "",
           *c->max_rel ? " rel" : "", *c->max_rel && *c->max_abs ? ", " : "", *c->max_abs ? c->max_abs : "",
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
    snprintf(t, sizeof t, "%s%s: max %s, %llu of %llu inputs over", len ? "; " : "",
             *rv->bound_text[k] ? rv->bound_text[k] : bound_measure_name(s->clause[k].measure), m,
             (unsigned long long)s->cl[k].over, (unsigned long long)s->cl[k].inputs);
    md_escape(t, sizeof t);
    snprintf(buf + len, n - len, "%s", t);
  }
}

struct text {
  char *buf;
  size_t len, cap;
};

static void tprintf(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The MUFU table: the hardware approximations (the raw PTX `.approx` instructions, which
 * the GPU's multi-function unit evaluates or starts from) and the CUDA intrinsics built
 * on them (`__expf`, `__sinf`, `__fdividef`, ...), each against the bound its vendor
 * documents. The rule is on the name alone: every variant whose name contains ".approx"
 * or begins with "__", so a new instruction or intrinsic joins the table by its name. */
static int is_mufu(const char *name) { return strstr(name, ".approx") || !strncmp(name, "__", 2); }

/* v as a power of two when it is one to 2 decimals of the exponent (vendors document
 * 2^-11, 2^-22.9, 2^-21.41; the registry holds those rounded up to 16 digits, well
 * within 1e-12), else in %.4g: the bound reads as the document writes it. */
static void pow2_text(char *buf, size_t n, double v) {
  double e = v > 0 && isfinite(v) ? log2(v) : 0;
  for (int d = 0; v > 0 && isfinite(v) && d <= 2; d++) {
    double k = d == 0 ? 1 : d == 1 ? 10 : 100, r = round(e * k) / k;
    if (fabs(exp2(r) - v) <= 1e-12 * v) {
      snprintf(buf, n, "2^%.*f", d, r);
      return;
    }
  }
  snprintf(buf, n, "%.4g", v);
}

/* An end of an input range: RN53(pi) reads "pi" and 2 RN53(pi) "2pi" (the ranges of
 * variants.def use them for [-pi, pi] and [-2pi, 2pi], which they bound exactly in
 * binary32), large powers of two as 2^k. */
static void x_text(char *buf, size_t n, double x) {
  int e;
  if (fabs(x) == M_PI) snprintf(buf, n, "%spi", x < 0 ? "-" : "");
  else if (fabs(x) == 2 * M_PI) snprintf(buf, n, "%s2pi", x < 0 ? "-" : "");
  else if (isinf(x)) snprintf(buf, n, "%sinf", x < 0 ? "-" : "+");
  else if (x != 0 && frexp(fabs(x), &e) == 0.5 && abs(e - 1) > 16) snprintf(buf, n, "%s2^%d", x < 0 ? "-" : "", e - 1);
  else snprintf(buf, n, "%.9g", x);
}


/* [lo, hi] as text. An end one binary64 step inside a binary32 number f (variants.def
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

static void tprintf(struct text *t, const char *fmt, ...) {
  va_list ap;
  for (;;) {
    va_start(ap, fmt);
    int k = vsnprintf(t->buf ? t->buf + t->len : NULL, t->buf ? t->cap - t->len : 0, fmt, ap);
    va_end(ap);
    if (k < 0) return;
    if (t->buf && t->len + (size_t)k < t->cap) {
      t->len += (size_t)k;
      return;
    }
    size_t cap = (t->cap + (size_t)k + 1) * 2;
    char *nb = realloc(t->buf, cap);
    if (!nb) return;
    t->buf = nb;
    t->cap = cap;
  }
}

static int write_text(FILE *f, void *arg) {
  struct text *t = arg;
  return fwrite(t->buf ? t->buf : "", 1, t->len, f) == t->len ? 0 : -1;
}

/* Run gnuplot on a script that sets its own output to 'tmp'; rename to 'path'. */
static int run_gnuplot(const char *script, const char *tmp, const char *path, char *err, size_t errlen) {
  FILE *p = popen("gnuplot 2>/dev/null", "w"); /* warnings such as "empty y range" are not ours */
  if (!p) {
    snprintf(err, errlen, "cannot start gnuplot: %s", strerror(errno));
    return EXIT_DEPEND;
  }
  fputs(script, p);
  int st = pclose(p);
  if (st != 0) {
    unlink(tmp);
    snprintf(err, errlen, "gnuplot failed writing %s (exit status %d)", path, st);
    return st == 127 * 256 ? EXIT_DEPEND : EXIT_IO;
  }
  if (rename(tmp, path)) {
    snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
    unlink(tmp);
    return EXIT_IO;
  }
  return 0;
}

static const char *const plot_terms[2] = {"svg size 900,500 font 'sans,12' background rgb 'white'",
                                          "pngcairo size 900,500 font 'sans,10' background rgb 'white'"};
static const char *const plot_exts[2] = {"svg", "png"};

/* Start the script of plot DIR/plots/NAME-WHAT.EXT (terminal t: 0 SVG, 1 PNG): its
 * output goes to a temporary file that run_gnuplot renames into place. */
static void plot_begin(struct text *sc, const char *dir, const char *name, const char *what, int t, char *path,
                       size_t pn, char *tmp, size_t tn) {
  snprintf(path, pn, "%s/plots/%s%s.%s", dir, name, what, plot_exts[t]);
  snprintf(tmp, tn, "%s.tmp.%ld", path, (long)getpid());
  tprintf(sc, "set terminal %s\nset output '%s'\n", plot_terms[t], tmp);
}

/* value of bit pattern b as a double (the float it encodes) */
static double val(uint32_t b) { return (double)u2f(b); }

/* x-bin maxima as "x error" lines (bin midpoints; bins without a positive maximum are
 * left out: a log scale has no place for 0). Returns whether any was written. */
static int xbin_data(struct text *t, const struct stats *s) {
  int any = 0;
  for (int i = 0; i < XBINS; i++)
    if (s->xbin_max_ulp[i] > 0) {
      tprintf(t, "%.4f %.9g\n", XBIN_LO + (i + 0.5) / XBIN_SCALE, s->xbin_max_ulp[i]);
      any = 1;
    }
  return any;
}

static int plots_for_row(const struct row *r, const char *dir, int png, char *err, size_t errlen) {
  const struct stats *s = r->rv->st;
  for (int t = 0; t < 1 + png; t++) {
    /* 1. max ulp per bin along the ordered bit patterns */
    struct text sc = {0};
    char path[4200], tmp[4300];
    plot_begin(&sc, dir, r->tag, "-bins", t, path, sizeof path, tmp, sizeof tmp);
    tprintf(&sc, "set title '%s on %s: max ulp error per 2^20 inputs, all bit patterns' noenhanced\n", r->rv->name,
            r->dev);
    tprintf(&sc, "set xlabel 'input bit pattern (bin of 2^20)'\nset ylabel 'max ulp error'\nset logscale y\n"
                 "set grid\nset key off\nset xrange [0:4096]\n"
                 "set xtics ('0x00000000' 0, '0x40000000' 1024, '0x80000000' 2048, '0xc0000000' 3072, '0xffffffff' 4096)\n");
    tprintf(&sc, "$D << EOD\n");
    int any = 0;
    for (uint32_t b = 0; b < NBINS; b++)
      if (s->bin_inputs[b] && s->bin_max_ulp[b] > 0) tprintf(&sc, "%u %.9g\n", b, s->bin_max_ulp[b]), any = 1;
    if (!any) tprintf(&sc, "0 1e-30\n");
    tprintf(&sc, "EOD\nplot $D using 1:2 with impulses lc rgb '#1f77b4'\n");
    int rc = run_gnuplot(sc.buf, tmp, path, err, errlen);
    free(sc.buf);
    if (rc) return rc;
    /* 2. max ulp per bin against x in [-10, 10] (bins whose inputs lie there) */
    struct text sx = {0};
    plot_begin(&sx, dir, r->tag, "-x", t, path, sizeof path, tmp, sizeof tmp);
    tprintf(&sx, "set title '%s on %s: max ulp error per bin of width 0.01, x in [-10, 10]' noenhanced\n",
            r->rv->name, r->dev);
    tprintf(&sx, "set xlabel 'x'\nset ylabel 'max ulp error'\nset logscale y\nset grid\nset key off\n"
                 "set xrange [-10:10]\n$D << EOD\n");
    any = xbin_data(&sx, s);
    if (!any) tprintf(&sx, "0 1e-30\n");
    tprintf(&sx, "EOD\nplot $D using 1:2 with lines lc rgb '#d62728'\n");
    rc = run_gnuplot(sx.buf, tmp, path, err, errlen);
    free(sx.buf);
    if (rc) return rc;
    /* 3. histogram */
    struct text sh = {0};
    plot_begin(&sh, dir, r->tag, "-hist", t, path, sizeof path, tmp, sizeof tmp);
    tprintf(&sh, "set title '%s on %s: histogram of ulp errors (%llu inputs)' noenhanced\n", r->rv->name, r->dev,
            (unsigned long long)s->inputs);
    tprintf(&sh, "set ylabel 'inputs'\nset logscale y\nset yrange [0.5:*]\nset grid ytics\nset key off\n"
                 "set style fill solid 0.8\nset boxwidth 0.8\nset xtics rotate by -60 font ',9'\n$D << EOD\n");
    int first = -1, last = -1;
    for (int i = 0; i < HIST_N; i++)
      if (s->hist[i]) {
        if (first < 0) first = i;
        last = i;
      }
    for (int i = first < 0 ? 0 : first; i <= last; i++) {
      char lab[32];
      if (i == 0) snprintf(lab, sizeof lab, "0");
      else if (i == 1) snprintf(lab, sizeof lab, "<2^%d", HIST_KMIN);
      else if (i == HIST_N - 1) snprintf(lab, sizeof lab, ">=2^%d", HIST_KMAX + 1);
      else snprintf(lab, sizeof lab, "2^%d", HIST_KMIN + i - 2);
      tprintf(&sh, "%d \"%s\" %llu\n", i, lab, (unsigned long long)s->hist[i]);
    }
    if (first < 0) tprintf(&sh, "0 \"0\" 0\n");
    tprintf(&sh, "EOD\nset xlabel 'ulp error bin [lower edge)'\n"
                 "plot $D using 1:($3 > 0 ? $3 : 1/0):xtic(2) with boxes lc rgb '#2ca02c'\n");
    rc = run_gnuplot(sh.buf, tmp, path, err, errlen);
    free(sh.buf);
    if (rc) return rc;
  }
  return 0;
}

static int overview_plot(const struct row *rows, int n, const char *family, const char *dir, int png, char *err,
                         size_t errlen) {
  char fam[64];
  file_safe_name(fam, sizeof fam, family);
  for (int t = 0; t < 1 + png; t++) {
    struct text sc = {0};
    char path[4200], tmp[4300];
    plot_begin(&sc, dir, fam, "-overview", t, path, sizeof path, tmp, sizeof tmp);
    tprintf(&sc, "set title '%s: max ulp error per bin of width 0.01, x in [-10, 10]' noenhanced\n", family);
    tprintf(&sc, "set xlabel 'x'\nset ylabel 'max ulp error'\nset logscale y\nset grid\n"
                 "set key top right noenhanced box opaque font ',9'\nset xrange [-10:10]\n");
    int k = 0;
    for (int i = 0; i < n; i++) {
      if (strcmp(rows[i].rv->family, family)) continue;
      const struct stats *s = rows[i].rv->st;
      tprintf(&sc, "$D%d << EOD\n", k);
      int any = xbin_data(&sc, s);
      if (!any) tprintf(&sc, "0 1e-30\n");
      tprintf(&sc, "EOD\n");
      k++;
    }
    tprintf(&sc, "plot ");
    k = 0;
    for (int i = 0; i < n; i++) {
      if (strcmp(rows[i].rv->family, family)) continue;
      tprintf(&sc, "%s$D%d using 1:2 with lines lw 1.5 title '%s (%s)'", k ? ", " : "", k, rows[i].rv->name,
              rows[i].dev);
      k++;
    }
    tprintf(&sc, "\n");
    int rc = run_gnuplot(sc.buf, tmp, path, err, errlen);
    free(sc.buf);
    if (rc) return rc;
  }
  return 0;
}

/* The max ulp, max rel and max abs cells of a MUFU row, whatever the bound. */
static void mufu_figures(struct text *md, const struct stats *s) {
  char rg[160];
  if (s->max_ulp >= 0) tprintf(md, "%.5f at 0x%08x | ", s->max_ulp, s->max_ulp_input);
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
    if (k == 0) tprintf(md, "%.5f ulp at 0x%08x", m[k], at[k]);
    else if (m[k] > 0) /* the exponent, to read against a bound written as 2^e */
      tprintf(md, "%s%.4e%s (≈ 2^%.2f) at 0x%08x", k == 2 ? "abs " : "", m[k], k == 1 ? " rel" : "", log2(m[k]), at[k]);
    else tprintf(md, "%s0%s at 0x%08x", k == 2 ? "abs " : "", k == 1 ? " rel" : "", at[k]);
  }
  const char *const ulp[2] = {NULL, b[0]}, *const rel[2] = {NULL, b[1]}, *const absb[2] = {NULL, b[2]};
  const enum claim_kind kinds[2] = {CLAIM_NONE, kind};
  enum verdict vd = bounds_verdict(ulp, rel, absb, kinds, m[0], m[1], m[2]);
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
    tprintf(md, " at 0x%08x; %llu of %llu inputs over", a->max_input, (unsigned long long)a->over,
            (unsigned long long)a->inputs);
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
          "for a documented bound). \"No documented bound\" where the registry (`src/variants.def`) records\n"
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

/* The half-precision forms (files of `run half`): one row per variant and device, the
 * documented bound against the same measure over every input and over the inputs with a
 * normal correctly rounded result (the documents are silent on subnormal results). */
static void half_table(struct text *md, json_t *const *hj, int nh) {
  if (!nh) return;
  tprintf(md, "\n## Half-precision forms (MUFU)\n\n"
              "From `ulpcert run half`: every one of the 2^16 inputs of the format, against MPFR rounded to the\n"
              "format (README, Half precision). The bound is the PTX ISA's, in its measure (absolute for `tanh`,\n"
              "relative for `ex2`); the verdict is given over every input and over the inputs whose correctly\n"
              "rounded result is a normal number, since the documents do not say whether their bound covers\n"
              "subnormal results (which `ex2.approx.f16` flushes to zero and `.ftz.bf16` is documented to flush).\n\n"
              "| variant | device | format | documented bound | measured, all inputs | verdict | measured, normal results "
              "| verdict | max ulp | correctly rounded | flushed |\n"
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
  for (int i = 0; i < nh; i++) {
    json_t *dev = json_object_get(hj[i], "device"), *r;
    size_t k;
    json_array_foreach(json_object_get(hj[i], "results"), k, r) {
      json_t *doc = json_object_get(r, "documented");
      const char *da = json_string_value(json_object_get(doc, "max_abs")),
                 *dr = json_string_value(json_object_get(doc, "max_rel"));
      const char *m = da ? "abs" : "rel", *bd = da ? da : dr;
      char all[64] = "—", nor[64] = "—", bound[64] = "none";
      double va = json_real_value(json_object_get(r, da ? "max_abs" : "max_rel"));
      double vn = json_real_value(json_object_get(r, da ? "max_abs_normal" : "max_rel_normal"));
      if (bd) {
        snprintf(bound, sizeof bound, "%s 2^%.3f", m, log2(strtod(bd, NULL)));
        snprintf(all, sizeof all, "%s %.4e at %s", m, va, json_string_value(json_object_get(r, da ? "max_abs_input" : "max_rel_input")));
        snprintf(nor, sizeof nor, "%s %.4e at %s", m, vn,
                 json_string_value(json_object_get(r, da ? "max_abs_normal_input" : "max_rel_normal_input")));
      }
      char cc[8] = "", *c = cc;
      for (const char *p = json_string_value(json_object_get(dev, "compute_capability")); p && *p && c < cc + 7; p++)
        if (*p != '.') *c++ = *p;
      *c = 0;
      tprintf(md, "| %s | %s (sm_%s) | %s | %s | %s | %s | %s | %s | %.5f at %s | %lld of %lld | %lld |\n",
              json_string_value(json_object_get(r, "variant")), json_string_value(json_object_get(dev, "name")), cc,
              json_string_value(json_object_get(r, "format")), bound, all,
              json_string_value(json_object_get(r, "verdict")), nor,
              json_string_value(json_object_get(r, "verdict_normal_results")),
              json_real_value(json_object_get(r, "max_ulp")), json_string_value(json_object_get(r, "max_ulp_input")),
              json_integer_value(json_object_get(r, "correctly_rounded")),
              json_integer_value(json_object_get(r, "inputs")), json_integer_value(json_object_get(r, "flushed")));
    }
  }
}

static int replace_readme(const char *path, const char *b, const struct text *block, char *err, size_t errlen) {
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
    return EXIT_IO;
  }
  struct text all = {0};
  char buf[8192];
  size_t k;
  while ((k = fread(buf, 1, sizeof buf - 1, f)) > 0) buf[k] = 0, tprintf(&all, "%s", buf);
  fclose(f);
  const char *e = "<!-- END generated -->";
  char *p = all.buf ? strstr(all.buf, b) : NULL;
  char *q = p ? strstr(p, e) : NULL;
  if (!p || !q) {
    free(all.buf);
    snprintf(err, errlen, "%s has no '%s' ... '%s' block", path, b, e);
    return EXIT_CORRUPT;
  }
  struct text out = {0};
  tprintf(&out, "%.*s%s\n%s%s", (int)(p - all.buf), all.buf, b, block->buf ? block->buf : "", q);
  int rc = atomic_write(path, write_text, &out, err, errlen);
  free(all.buf);
  free(out.buf);
  return rc;
}

int cmd_report(int argc, char **argv) {
  static const struct option opts[] = {{"out", required_argument, 0, 'o'}, {"png", no_argument, 0, 'p'},
                                       {"readme", required_argument, 0, 'r'}, {"quiet", no_argument, 0, 'q'},
                                       {"readme-family", required_argument, 0, 'f'},
                                       {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
  const char *dir = "reports", *readme = NULL, *readme_family = "tanh";
  int png = 0, c;
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    switch (c) {
    case 'h': usage_report(stdout); return EXIT_OK;
    case 'o': dir = optarg; break;
    case 'p': png = 1; break;
    case 'r': readme = optarg; break;
    case 'f': readme_family = optarg; break;
    case 'q': g_quiet = 1; break;
    default: errorf("option '%s' is unknown or needs a value (see --help)", argv[optind - 1]); return EXIT_USAGE;
    }
  }
  /* float-float results have a table of their own */
  struct ff_result *ffr[64];
  const struct ff_result *ffc[64];
  const char *ffpath[64];
  int nffr = 0, w = optind, nh = 0;
  json_t *hj[16]; /* half-precision results (kind "half") */
  for (int i = optind; i < argc; i++) {
    json_t *root = NULL;
    char e1[1024];
    if (!json_read_path(argv[i], &root, e1, sizeof e1) &&
        !strcmp(json_string_value(json_object_get(root, "kind")) ? json_string_value(json_object_get(root, "kind")) : "",
                "half")) {
      const char *ver = json_string_value(json_object_get(root, "version"));
      if (nh == 16 || !ver || strcmp(ver, ULPCERT_VERSION) ||
          !json_is_array(json_object_get(root, "results"))) {
        errorf("%s: not a half-precision result of this ulpcert version (or more than 16 such files)", argv[i]);
        json_decref(root);
        for (int j = 0; j < nh; j++) json_decref(hj[j]);
        return EXIT_CORRUPT;
      }
      hj[nh++] = root;
      continue;
    }
    json_decref(root);
    if (!ff_file_is_ff(argv[i])) {
      argv[w++] = argv[i];
      continue;
    }
    char e2[1024];
    if (nffr == 64) {
      errorf("too many float-float result files (at most 64)");
      for (int j = 0; j < nffr; j++) free(ffr[j]);
      return EXIT_USAGE;
    }
    ffr[nffr] = malloc(sizeof(struct ff_result));
    int r2 = ffr[nffr] ? ff_read_json(argv[i], ffr[nffr], e2, sizeof e2) : EXIT_IO;
    if (!r2 && !ffr[nffr]->complete) {
      snprintf(e2, sizeof e2, "%s: an interrupted run (field 'complete' is false): resume it first", argv[i]);
      r2 = EXIT_CORRUPT;
    }
    if (r2) {
      errorf("%s", ffr[nffr] ? e2 : "out of memory");
      for (int j = 0; j <= nffr; j++) free(ffr[j]);
      for (int j = 0; j < nh; j++) json_decref(hj[j]);
      return r2;
    }
    ffc[nffr] = ffr[nffr], ffpath[nffr] = argv[i], nffr++;
  }
  argc = w;
  int nf = argc - optind;
  if (nf < 1) {
    errorf("report needs at least one result file of binary32 variants (float-float files join its tables)");
    for (int j = 0; j < nffr; j++) free(ffr[j]);
    for (int j = 0; j < nh; j++) json_decref(hj[j]);
    return EXIT_USAGE;
  }
  /* 1. read and check everything */
  struct result_file *rf = calloc((size_t)nf, sizeof *rf);
  char err[1024];
  int rc = 0, nrows = 0;
  for (int i = 0; i < nf && !rc; i++) {
    rc = result_read_json(argv[optind + i], &rf[i], err, sizeof err);
    if (rc) errorf("%s", err);
    else if (!rf[i].complete) {
      errorf("%s: an interrupted run (field 'complete' is false): resume it first", argv[optind + i]);
      rc = EXIT_CORRUPT;
    }
    nrows += rf[i].nv;
  }
  if (!rc && readme) { /* the README must have its block before anything is written */
    FILE *f = fopen(readme, "r");
    char buf[1 << 16];
    size_t k = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f) fclose(f);
    buf[k] = 0;
    if (!f) {
      errorf("cannot read %s: %s", readme, strerror(errno));
      rc = EXIT_IO;
    } else if (!strstr(buf, "<!-- BEGIN generated: report -->") || !strstr(buf, "<!-- END generated -->")) {
      errorf("%s has no '<!-- BEGIN generated: report -->' ... '<!-- END generated -->' block", readme);
      rc = EXIT_CORRUPT;
    }
  }
  struct row *rows = rc ? NULL : calloc((size_t)nrows + 1, sizeof *rows);
  int n = 0;
  for (int i = 0; !rc && i < nf; i++)
    for (int v = 0; v < rf[i].nv; v++) {
      struct row *r = &rows[n++];
      r->rf = &rf[i], r->rv = &rf[i].v[v], r->file = i;
      if (!strcmp(rf[i].backend, "gpu"))
        snprintf(r->dev, sizeof r->dev, "%s (sm_%c%c)", rf[i].device, rf[i].cc[0], rf[i].cc[2]);
      else
        snprintf(r->dev, sizeof r->dev, "CPU: %s", rf[i].device);
      char a[64], b[96];
      file_safe_name(a, sizeof a, r->rv->name);
      file_safe_name(b, sizeof b, !strcmp(rf[i].backend, "gpu") ? rf[i].device : "cpu");
      snprintf(r->tag, sizeof r->tag, "%s-%s", a, b);
      if (r->rv->st->max_ulp < 0 && r->rv->st->inputs) {
        errorf("%s: results[%s] has no finite error to report (field 'max_ulp' is null)", argv[optind + i],
               r->rv->name);
        rc = EXIT_CORRUPT;
      }
    }
  if (!rc) qsort(rows, (size_t)n, sizeof *rows, cmp_rows);
  /* the same variant on the same device in several files (a family's run and a later arch
   * record, say): the newest file's row (by date, then by position on the command line) */
  int kept = 0;
  for (int i = 0; !rc && i < n; i++) {
    int newer = 0;
    for (int j = 0; j < n && !newer; j++) {
      if (j == i || strcmp(rows[j].rv->name, rows[i].rv->name) || strcmp(rows[j].dev, rows[i].dev)) continue;
      int c = strcmp(rows[j].rf->date, rows[i].rf->date);
      newer = c > 0 || (c == 0 && rows[j].file > rows[i].file);
    }
    if (!newer) rows[kept++] = rows[i];
  }
  if (!rc) n = kept;
  /* 2. tables */
  struct text md = {0}, csv = {0}, rb = {0}, fb = {0};
  if (!rc) {
    tprintf(&md, "# Accuracy\n\nGenerated by `ulpcert report` from the result files listed under Runs; do not edit.\n"
                 "Errors are against the correctly rounded MPFR reference, over every input of each run's range\n"
                 "(definitions: README.md; where several files hold a variant on the same device, the newest is\n"
                 "shown). Claimed: the bound in the code's own comment; documented: the\n"
                 "bound a vendor or paper states. Inputs are bit patterns with their value in %%a notation.\n");
    tprintf(&csv, "family,variant,device,backend,inputs,max_ulp,max_ulp_input,max_ulp_input_value,max_rel,"
                  "max_rel_input,correctly_rounded_pct,faithful_pct,above_1ulp,nonfinite,flushed,"
                  "special_mismatches,claimed_ulp,claimed_rel,documented_ulp,documented_rel,verdict,result,"
                  "max_abs,max_abs_input,max_abs_range_lo,max_abs_range_hi,documented_abs,bound_clauses\n");
    mufu_table(&md, rows, n);
    half_table(&md, hj, nh);
    const char *fam = "";
    for (int i = 0; i < n; i++) {
      const struct row *r = &rows[i];
      const struct stats *s = r->rv->st;
      if (strcmp(fam, r->rv->family)) {
        fam = r->rv->family;
        char ff[64];
        file_safe_name(ff, sizeof ff, fam);
        tprintf(&md, "\n## %s\n\n![%s: max ulp error over x in [-10, 10]](plots/%s-overview.svg)\n\n", fam, fam,
                ff);
        tprintf(&md, "| variant | device | max ulp | at input | max rel | max abs | correctly rounded | faithful | "
                     "> 1 ulp | non-finite | flushed | claimed | documented | verdict |\n");
        tprintf(&md, "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
      }
      char cl[400], dc[1200];
      claim_text(cl, sizeof cl, &r->rv->claim);
      documented_text(dc, sizeof dc, r->rv);
      enum verdict vd = row_verdict(r->rv);
      char ma[160];
      abs_text(ma, sizeof ma, s);
      tprintf(&md, "| %s | %s | %.5f | 0x%08x (%a) | %.4e | %s | %.4f%% | %.4f%% | %llu | %llu | %llu | %s | %s | %s |\n",
              r->rv->name, r->dev, s->max_ulp, s->max_ulp_input, val(s->max_ulp_input), s->max_rel, ma,
              pct(s->correctly_rounded, s->inputs), pct(s->faithful, s->inputs), (unsigned long long)s->above_1ulp,
              (unsigned long long)s->nonfinite, (unsigned long long)s->flushed, cl, dc, verdict_name(vd));
      tprintf(&csv, "%s,%s,\"%s\",%s,%llu,%.17g,0x%08x,%a,%.17g,0x%08x,%.6f,%.6f,%llu,%llu,%llu,%llu,%s,%s,%s,%s,%s,%s,",
              r->rv->family, r->rv->name, r->dev, r->rf->backend, (unsigned long long)s->inputs, s->max_ulp,
              s->max_ulp_input, val(s->max_ulp_input), s->max_rel, s->max_rel_input,
              pct(s->correctly_rounded, s->inputs), pct(s->faithful, s->inputs), (unsigned long long)s->above_1ulp,
              (unsigned long long)s->nonfinite, (unsigned long long)s->flushed,
              (unsigned long long)s->special_mismatches, r->rv->claim.max_ulp, r->rv->claim.max_rel,
              r->rv->doc.max_ulp, r->rv->doc.max_rel, verdict_name(vd), argv[optind + r->file]);
      if (s->max_abs >= 0)
        tprintf(&csv, "%.17g,0x%08x,%a,%a,%s,", s->max_abs, s->max_abs_input, s->abs_lo, s->abs_hi, r->rv->doc.max_abs);
      else
        tprintf(&csv, ",,%a,%a,%s,", s->abs_lo, s->abs_hi, r->rv->doc.max_abs);
      /* bound clauses: "bound: max M at X, O of N inputs over, VERDICT", separated by "; " */
      tprintf(&csv, "\"");
      for (int k = 0; k < s->n_clauses; k++) {
        char m[48];
        bound_value_str(s->clause[k].measure, s->cl[k].max, m, sizeof m);
        tprintf(&csv, "%s%s: max %s at 0x%08x, %llu of %llu inputs over, %s", k ? "; " : "", r->rv->bound_text[k], m,
                s->cl[k].max_input, (unsigned long long)s->cl[k].over, (unsigned long long)s->cl[k].inputs,
                verdict_name(clauses_verdict(&s->cl[k], 1)));
      }
      tprintf(&csv, "\"\n");
    }
    tprintf(&md, "\n## Per variant\n\n");
    for (int i = 0; i < n; i++)
      tprintf(&md, "- %s on %s: [error per bin, all inputs](plots/%s-bins.svg), [error per bin, x in [-10, 10]]"
                   "(plots/%s-x.svg), [histogram](plots/%s-hist.svg)\n",
              rows[i].rv->name, rows[i].dev, rows[i].tag, rows[i].tag, rows[i].tag);
    tprintf(&md, "\n## Runs\n\n");
    for (int i = 0; i < nf; i++)
      tprintf(&md, "%d. `%s`: `%s`; ulpcert %s, %s backend, %s%s%s%s%s%s%s; %s\n", i + 1, argv[optind + i],
              rf[i].command, rf[i].version, rf[i].backend, rf[i].device, *rf[i].cc ? ", compute capability " : "",
              rf[i].cc, *rf[i].driver ? ", driver " : "", rf[i].driver, *rf[i].toolkit ? ", CUDA " : "",
              rf[i].toolkit, rf[i].date);
    if (nffr) {
      char *mb = NULL;
      size_t ml = 0;
      FILE *mf = open_memstream(&mb, &ml);
      if (mf) {
        ff_report_markdown(mf, ffc, nffr);
        fclose(mf);
        tprintf(&fb, "%s", mb);
        tprintf(&md, "\n## Float-float operations\n\nRelative errors in units of u² = 2^-48, exact (README, "
                     "\"Float-float operations\"); D is the hypothesis domain of the published bounds.\n\n%s", mb);
        free(mb);
      }
      tprintf(&fb, "\nRuns:");
      for (int i = 0; i < nffr; i++) {
        tprintf(&md, "%s`%s`: `%s`; ulpcert %s, %s backend, %s; %s", i ? "; " : "\nRuns: ", ffpath[i], ffr[i]->command,
                ffr[i]->version, ffr[i]->backend, ffr[i]->device, ffr[i]->date);
        tprintf(&fb, " `%s` (%s, %s)%s", ffpath[i], ffr[i]->device, ffr[i]->date, i + 1 < nffr ? ";" : ".");
      }
      tprintf(&md, ".\n");
      tprintf(&fb, "\n");
    }
    /* README block: the first family's table and its overview plot */
    if (readme) {
      const char *f0 = rows[0].rv->family;
      for (int i = 0; i < n; i++)
        if (!strcmp(rows[i].rv->family, readme_family)) f0 = rows[i].rv->family;
      char ff[64];
      file_safe_name(ff, sizeof ff, f0);
      tprintf(&rb, "| variant | device | max ulp | at input | max rel | correctly rounded | claimed | documented | verdict |\n"
                   "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
      for (int i = 0; i < n; i++) {
        if (strcmp(rows[i].rv->family, f0)) continue;
        const struct stats *s = rows[i].rv->st;
        char cl[400], dc[1200];
        claim_text(cl, sizeof cl, &rows[i].rv->claim);
        documented_text(dc, sizeof dc, rows[i].rv);
        tprintf(&rb, "| %s | %s | %.5f | 0x%08x (%a) | %.4e | %.4f%% | %s | %s | %s |\n", rows[i].rv->name,
                rows[i].dev, s->max_ulp, s->max_ulp_input, val(s->max_ulp_input), s->max_rel,
                pct(s->correctly_rounded, s->inputs), cl, dc, verdict_name(row_verdict(rows[i].rv)));
      }
      tprintf(&rb, "\n![%s: max ulp error over x in [-10, 10]](%s/plots/%s-overview.svg)\n", f0, dir, ff);
    }
  }
  /* 3. write */
  if (!rc) {
    char p[4200];
    snprintf(p, sizeof p, "%s/plots", dir);
    if ((mkdir(dir, 0777) && errno != EEXIST) || (mkdir(p, 0777) && errno != EEXIST)) {
      errorf("cannot create %s: %s", p, strerror(errno));
      rc = EXIT_IO;
    }
  }
  for (int i = 0; !rc && i < n; i++) {
    rc = plots_for_row(&rows[i], dir, png, err, sizeof err);
    if (rc) errorf("%s", err);
  }
  for (int i = 0; !rc && i < n; i++) {
    if (i && !strcmp(rows[i].rv->family, rows[i - 1].rv->family)) continue;
    rc = overview_plot(rows, n, rows[i].rv->family, dir, png, err, sizeof err);
    if (rc) errorf("%s", err);
  }
  if (!rc) {
    char p[4200];
    snprintf(p, sizeof p, "%s/ACCURACY.md", dir);
    rc = atomic_write(p, write_text, &md, err, sizeof err);
    if (!rc) {
      snprintf(p, sizeof p, "%s/accuracy.csv", dir);
      rc = atomic_write(p, write_text, &csv, err, sizeof err);
    }
    if (!rc && readme) rc = replace_readme(readme, "<!-- BEGIN generated: report -->", &rb, err, sizeof err);
    if (!rc && readme && nffr) rc = replace_readme(readme, "<!-- BEGIN generated: float-float -->", &fb, err, sizeof err);
    if (rc) errorf("%s", err);
    else noticef("wrote %s/ACCURACY.md, %s/accuracy.csv and the plots in %s/plots", dir, dir, dir);
  }
  free(md.buf), free(csv.buf), free(rb.buf), free(fb.buf);
  for (int i = 0; i < nffr; i++) free(ffr[i]);
  for (int i = 0; i < nh; i++) json_decref(hj[i]);
  free(rows);
  for (int i = 0; i < nf; i++) result_file_free(&rf[i]);
  free(rf);
  return rc;
}
