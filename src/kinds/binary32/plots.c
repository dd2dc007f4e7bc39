/* plots.c: see plots.h. Text that names things (titles, legends: variant names hold '_'
 * and '^') is written noenhanced; axis labels and tics use gnuplot's enhanced text, with
 * exponents in braces (2^{22}), so that they read as powers. */
#include "src/kinds/binary32/plots.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "src/common.h"
#include "src/kinds/binary32/binary32.h"
#include "src/report/report.h"

/* bins of 2^BIN_LOG2 inputs (NBINS of them) along the bit patterns */
#define BIN_INPUTS (1u << BIN_LOG2)

int b32_plot_xrange(uint32_t from, uint32_t to, double *lo, double *hi) {
  double a = INFINITY, b = -INFINITY;
  if (from <= 0x7f800000u) { /* positive values from..min(to, +inf) */
    a = fmin(a, (double)u2f(from));
    b = fmax(b, (double)u2f(to < 0x7f800000u ? to : 0x7f800000u));
  }
  if (to >= SIGN32 && (from > SIGN32 ? from : SIGN32) <= 0xff800000u) { /* negative ones: larger patterns, lower values */
    a = fmin(a, (double)u2f(to < 0xff800000u ? to : 0xff800000u));
    b = fmax(b, (double)u2f(from > SIGN32 ? from : SIGN32));
  }
  a = fmax(a, XBIN_LO), b = fmin(b, XBIN_HI);
  if (!(a <= b)) return 0;
  /* to the edges of the bins (width 1/XBIN_SCALE), at least 10 bins wide */
  a = XBIN_LO + floor((a - XBIN_LO) * XBIN_SCALE) / XBIN_SCALE;
  b = XBIN_LO + ceil((b - XBIN_LO) * XBIN_SCALE) / XBIN_SCALE;
  if (b - a < 10 / XBIN_SCALE) {
    double m = (a + b) / 2;
    a = fmax(XBIN_LO, m - 5 / XBIN_SCALE), b = fmin(XBIN_HI, m + 5 / XBIN_SCALE);
  }
  *lo = a, *hi = b;
  return 1;
}

/* x-bin maxima as "x error" lines (bin midpoints; bins without a positive maximum are
 * left out: a log scale has no place for 0); their count. A bin left out ends the line
 * with a blank line (a gap in gnuplot's curve): the curve never joins two bins across one
 * whose inputs gave no measured error, such as NaN or infinite outputs (counted, never
 * measured), an error 0, or no input of the run. */
static int xbin_data(struct text *t, const struct stats *s) {
  int n = 0, prev = -2;
  for (int i = 0; i < XBINS; i++)
    if (s->xbin_max_ulp[i] > 0) {
      if (n && prev != i - 1) tprintf(t, "\n");
      tprintf(t, "%.4f %.9g\n", XBIN_LO + (i + 0.5) / XBIN_SCALE, s->xbin_max_ulp[i]);
      n++, prev = i;
    }
  return n;
}

/* The listed inputs of non-finite outputs within [lo, hi] as data lines "x" ($N); their
 * count. */
static int nonfinite_data(struct text *t, const struct stats *s, double lo, double hi) {
  int n = 0;
  for (int k = 0; k < s->n_nonfinite; k++) {
    const double x = (double)u2f(s->nonfinite_first[k].input);
    if (x >= lo && x <= hi) tprintf(t, "%.9g\n", x), n++;
  }
  return n;
}

/* An x range as a title reads it: [-10, 10], [1, 1.5]. */
static void range_words(char *buf, size_t n, double lo, double hi) { snprintf(buf, n, "[%g, %g]", lo, hi); }

/* s as the text of a gnuplot string: in single quotes (dq = 0) a quote is doubled, in
 * double quotes (dq = 1) a quote and a backslash are escaped; control characters become
 * blanks. A name (a user's file name, a device) never ends the string and adds commands. */
static const char *gp_text(char *buf, size_t n, const char *s, int dq) {
  size_t k = 0;
  for (; *s && k + 3 < n; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch < 0x20 || ch == 0x7f) buf[k++] = ' ';
    else if (!dq && ch == '\'') buf[k++] = '\'', buf[k++] = '\'';
    else if (dq && (ch == '"' || ch == '\\')) buf[k++] = '\\', buf[k++] = (char)ch;
    else buf[k++] = (char)ch;
  }
  buf[k] = 0;
  return buf;
}
#define GQ(s) gp_text((char[1024]){0}, 1024, (s), 0)

/* 1. max ulp per group of bins along the covered bit patterns: groups of 2^g bins, as
 * few as make at most 1024 groups (impulses, about one per pixel) */
static void bins_plot(struct text *sc, const struct plot_row *r) {
  const struct stats *s = r->s;
  uint32_t b0 = r->from / BIN_INPUTS, b1 = r->to / BIN_INPUTS;
  int g = 0;
  while (((b1 - b0) >> g) >= 1024) g++;
  uint32_t g0 = b0 >> g, g1 = b1 >> g;
  tprintf(sc, "set title '%s on %s: max ulp error per 2^%d inputs, bit patterns 0x%08x..0x%08x' noenhanced\n",
          GQ(r->name), GQ(r->dev), BIN_LOG2 + g, r->from, r->to);
  tprintf(sc, "set xlabel 'input bit pattern (maximum per 2^{%d} inputs)'\nset ylabel 'max ulp error'\n"
              "set logscale y\nset format y '%%h'\nset grid\nset key off\nset xrange [%g:%g]\nset xtics (",
          BIN_LOG2 + g, g0 - 0.5, g1 + 0.5);
  /* tics: the range's ends, and three group starts between when there is room */
  tprintf(sc, "'0x%08x' %u", r->from, g0);
  for (int k = 1; g1 - g0 >= 4 && k < 4; k++) {
    uint32_t at = g0 + (uint32_t)((uint64_t)(g1 - g0) * (uint32_t)k / 4);
    tprintf(sc, ", '0x%08x' %u", at << (g + BIN_LOG2), at);
  }
  if (g1 > g0) tprintf(sc, ", '0x%08x' %u", r->to, g1);
  tprintf(sc, ")\n$D << EOD\n");
  int any = 0;
  for (uint32_t gi = g0; gi <= g1; gi++) {
    double m = 0;
    for (uint32_t b = gi << g; b < (gi + 1) << g && b < NBINS; b++)
      if (s->bin_inputs[b] && s->bin_max_ulp[b] > m) m = s->bin_max_ulp[b];
    if (m > 0) tprintf(sc, "%u %.9g\n", gi, m), any = 1;
  }
  if (!any)
    tprintf(sc, "%u NaN\nEOD\nset yrange [0.1:10]\nset label 2 'error 0 on every input' at graph 0.5, 0.4 center\n", g0);
  else tprintf(sc, "EOD\n");
  tprintf(sc, "plot $D using 1:2 with impulses lw 2 lc rgb '%s'\n", plot_color(0));
}

/* 2. max ulp per x bin over the part of [-10, 10] the run covered */
static void x_plot(struct text *sc, const struct plot_row *r) {
  double lo = XBIN_LO, hi = XBIN_HI;
  int in = b32_plot_xrange(r->from, r->to, &lo, &hi);
  char rg[64];
  range_words(rg, sizeof rg, lo, hi);
  tprintf(sc, "set title '%s on %s: max ulp error per bin of width 0.01, x in %s' noenhanced\n", GQ(r->name),
          GQ(r->dev), rg);
  tprintf(sc, "set xlabel 'x'\nset ylabel 'max ulp error'\nset logscale y\nset format y '%%h'\nset grid\n"
              "set key off\nset xrange [%g:%g]\n",
          lo, hi);
  if (!in) tprintf(sc, "set label 1 'no input of this run lies in [-10, 10]' at graph 0.5, 0.5 center\n");
  struct text d = {0};
  int n = xbin_data(&d, r->s);
  if (!n) tprintf(sc, "set yrange [0.1:10]\nset label 2 'error 0 (or no input) in this range' at graph 0.5, 0.4 center\n");
  tprintf(sc, "$D << EOD\n%s", n ? d.buf : "0 NaN\n");
  free(d.buf);
  /* the first inputs whose outputs are NaN or infinite, marked along the top (y2: the
   * graph's height), where the curve has a gap */
  struct text nf = {0};
  const int nn = nonfinite_data(&nf, r->s, lo, hi);
  if (nn) tprintf(sc, "EOD\n$N << EOD\n%sEOD\nset y2range [0:1]\nunset y2tics\nset key below noenhanced\n", nf.buf);
  else tprintf(sc, "EOD\n");
  free(nf.buf);
  tprintf(sc, "plot $D using 1:2 with %s lw 1.5 lc rgb '%s'%s", n < 20 ? "linespoints pt 7 ps 0.6" : "lines",
          plot_color(1), nn ? " title 'max ulp error'" : "\n");
  if (nn)
    tprintf(sc, ", $N using 1:(0.97) axes x1y2 with points pt 2 ps 1.2 lc rgb '%s' title 'non-finite output (first "
                "inputs listed)'\n",
            plot_color(0));
}

/* 3. the histogram of ulp errors, bins labelled by their lower edge */
static void hist_plot(struct text *sc, const struct plot_row *r) {
  const struct stats *s = r->s;
  tprintf(sc, "set title '%s on %s: histogram of ulp errors (%llu inputs)' noenhanced\n", GQ(r->name), GQ(r->dev),
          (unsigned long long)s->inputs);
  tprintf(sc, "set ylabel 'inputs'\nset logscale y\nset format y '%%h'\nset yrange [0.5:*]\nset grid ytics\n"
              "set key off\nset style fill solid 0.8\nset boxwidth 0.8\nset xtics rotate by -60 font ',9'\n$D << EOD\n");
  int first = -1, last = -1;
  for (int i = 0; i < HIST_N; i++)
    if (s->hist[i]) {
      if (first < 0) first = i;
      last = i;
    }
  for (int i = first < 0 ? 0 : first; i <= last; i++) {
    char lab[32];
    if (i == 0) snprintf(lab, sizeof lab, "0");
    else if (i == 1) snprintf(lab, sizeof lab, "< 2^{%d}", HIST_KMIN);
    else if (i == HIST_N - 1) snprintf(lab, sizeof lab, "≥ 2^{%d}", HIST_KMAX + 1);
    else snprintf(lab, sizeof lab, "2^{%d}", HIST_KMIN + i - 2);
    tprintf(sc, "%d \"%s\" %llu\n", i, lab, (unsigned long long)s->hist[i]);
  }
  if (first < 0) tprintf(sc, "0 \"0\" 0\n");
  tprintf(sc, "EOD\nset xlabel 'ulp error (bins from 2^{k} to 2^{k+1}, labelled by their lower edge)'\n"
              "plot $D using 1:($3 > 0 ? $3 : 1/0):xtic(2) with boxes lc rgb '%s'\n",
          plot_color(2));
}

int b32_plot_row(const struct plot_row *r, const char *dir, int png, char *err, size_t errlen) {
  static const char *const what[3] = {"-bins", "-x", "-hist"};
  static void (*const body[3])(struct text *, const struct plot_row *) = {bins_plot, x_plot, hist_plot};
  for (int t = 0; t < 1 + png; t++)
    for (int k = 0; k < 3; k++) {
      struct text sc = {0};
      char path[4200], tmp[4300];
      plot_begin(&sc, dir, r->tag, what[k], t, path, sizeof path, tmp, sizeof tmp);
      body[k](&sc, r);
      int rc = run_gnuplot(sc.buf, tmp, path, err, errlen);
      free(sc.buf);
      if (rc) return rc;
    }
  return 0;
}

/* The overview's curves: rows whose x-bin maxima are identical form one curve. */
struct curve {
  int first, n;    /* the first row and how many */
  double top;      /* its largest value (curves are drawn largest first) */
  int member[64];  /* rows, in table order */
};

static int same_curve(const struct stats *a, const struct stats *b) {
  return !memcmp(a->xbin_max_ulp, b->xbin_max_ulp, sizeof a->xbin_max_ulp);
}

/* The legend of a curve: its variants, with their devices where the family has rows of
 * several devices (a variant on several devices once: "name (dev, dev)"). */
static void curve_title(struct text *sc, const struct plot_row *rows, const struct curve *c, int devices) {
  tprintf(sc, " title \"");
  for (int i = 0; i < c->n;) {
    char item[600];
    const struct plot_row *r = &rows[c->member[i]];
    size_t k = (size_t)snprintf(item, sizeof item, "%s", r->name);
    int j = i;
    if (devices) {
      for (; j < c->n && !strcmp(rows[c->member[j]].name, r->name) && k < sizeof item - 100; j++)
        k += (size_t)snprintf(item + k, sizeof item - k, "%s%s", j == i ? " (" : ", ", rows[c->member[j]].short_dev);
      snprintf(item + k, sizeof item - k, ")");
    } else {
      j = i + 1;
    }
    char q[1300];
    tprintf(sc, "%s%s", i ? ", " : "", gp_text(q, sizeof q, item, 1));
    i = j;
  }
  tprintf(sc, "\"");
}

static int cmp_curves(const void *a, const void *b) {
  const struct curve *x = a, *y = b;
  return x->top < y->top ? 1 : x->top > y->top ? -1 : x->first - y->first;
}

/* The family's rows grouped into curves (at most 64 rows a curve); their count. */
static int family_curves(const struct plot_row *rows, int n, struct curve *cv, int *devices, double *lo, double *hi) {
  int nc = 0;
  *devices = 0, *lo = INFINITY, *hi = -INFINITY;
  for (int i = 0; i < n; i++) {
    double a, b;
    if (b32_plot_xrange(rows[i].from, rows[i].to, &a, &b)) *lo = fmin(*lo, a), *hi = fmax(*hi, b);
    if (strcmp(rows[i].dev, rows[0].dev)) *devices = 1;
    int c = 0;
    while (c < nc && !(same_curve(rows[cv[c].first].s, rows[i].s) && cv[c].n < 64)) c++;
    if (c == nc) {
      cv[nc] = (struct curve){.first = i, .n = 0, .top = 0};
      nc++;
    }
    cv[c].member[cv[c].n++] = i;
    for (int k = 0; k < XBINS; k++) cv[c].top = fmax(cv[c].top, rows[i].s->xbin_max_ulp[k]);
  }
  qsort(cv, (size_t)nc, sizeof *cv, cmp_curves);
  return nc;
}

int b32_plot_overview(const struct plot_row *rows, int n, const char *family, const char *dir, int png, char *err,
                      size_t errlen) {
  char fam[64], rg[64];
  file_safe_name(fam, sizeof fam, family);
  struct curve *cv = calloc((size_t)n + 1, sizeof *cv);
  if (!cv) return EXIT_IO;
  int devices;
  double lo, hi;
  int nc = family_curves(rows, n, cv, &devices, &lo, &hi);
  const int in = lo <= hi;
  if (!in) lo = XBIN_LO, hi = XBIN_HI;
  range_words(rg, sizeof rg, lo, hi);
  int rc = 0;
  for (int t = 0; t < 1 + png && !rc; t++) {
    struct text sc = {0};
    char path[4200], tmp[4300];
    plot_begin(&sc, dir, fam, "-overview", t, path, sizeof path, tmp, sizeof tmp);
    plot_size(&sc, t, 900, 520 + 16 * nc);
    tprintf(&sc, "set title '%s: max ulp error per bin of width 0.01, x in %s (identical curves drawn once)' "
                 "noenhanced\n", GQ(family), rg);
    tprintf(&sc, "set xlabel 'x'\nset ylabel 'max ulp error'\nset logscale y\nset format y '%%h'\nset grid\n"
                 "set key outside below left Left reverse noenhanced font ',9' spacing 1.1\nset xrange [%g:%g]\n",
            lo, hi);
    if (!in) tprintf(&sc, "set label 1 'no input of these runs lies in [-10, 10]' at graph 0.5, 0.5 center\n");
    int pts[256] = {0}, drawn = 0, any = 0;
    for (int c = 0; c < nc; c++) {
      tprintf(&sc, "$D%d << EOD\n", c);
      int k = xbin_data(&sc, rows[cv[c].first].s);
      if (c < 256) pts[c] = k;
      if (!k) tprintf(&sc, "0 NaN\n");
      any |= k > 0;
      tprintf(&sc, "EOD\n");
    }
    /* curves with a point each, then the variants without an error above 0 there (a log
     * scale has no place for them), named in the legend */
    if (!any) tprintf(&sc, "set yrange [0.1:10]\n");
    tprintf(&sc, "plot %s", any ? "" : "$D0 using 1:2 with lines notitle");
    drawn = !any;
    for (int c = 0; c < nc; c++) {
      if (c < 256 && !pts[c]) continue;
      tprintf(&sc, "%s$D%d using 1:2 with %s ", drawn ? ", \\\n  " : "", c,
              c < 256 && pts[c] < 20 ? "linespoints pt 7 ps 0.5" : "lines");
      plot_style(&sc, drawn++);
      curve_title(&sc, rows, &cv[c], devices);
    }
    for (int c = 0; c < nc && c < 256; c++) {
      if (pts[c]) continue;
      tprintf(&sc, "%skeyentry with lines lw 0 lc rgb '#ffffff'", drawn++ ? ", \\\n  " : "");
      curve_title(&sc, rows, &cv[c], devices);
      sc.len--; /* the title's closing quote */
      tprintf(&sc, ": error 0 (or no input) in this range\"");
    }
    tprintf(&sc, "\n");
    rc = run_gnuplot(sc.buf, tmp, path, err, errlen);
    free(sc.buf);
  }
  free(cv);
  return rc;
}
