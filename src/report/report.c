/* report.c: see report.h. */
#include "src/report/report.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "src/common.h"
#include "src/jsonio/json_io.h"

/* buf with every '|' escaped, in place (within n): it goes into a Markdown table cell,
 * and documentation sources quote |y|, which would split the cell. */
void md_escape(char *buf, size_t n) {
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

char *count_text(char *buf, size_t n, unsigned long long c) {
  char d[32];
  int len = snprintf(d, sizeof d, "%llu", c), k = 0;
  for (int i = 0; i < len && (size_t)k + 2 < n; i++) {
    if (i && (len - i) % 3 == 0) buf[k++] = ',';
    buf[k++] = d[i];
  }
  buf[k] = 0;
  return buf;
}

void tprintf(struct text *t, const char *fmt, ...) {
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

int write_text(FILE *f, void *arg) {
  struct text *t = arg;
  return fwrite(t->buf ? t->buf : "", 1, t->len, f) == t->len ? 0 : -1;
}

/* Run gnuplot on a script that sets its own output to 'tmp'; rename to 'path'. */
int run_gnuplot(const char *script, const char *tmp, const char *path, char *err, size_t errlen) {
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

void plot_size(struct text *sc, int t, int w, int h) {
  tprintf(sc, "set terminal %s size %d,%d enhanced font 'sans,%d' background rgb 'white'\n", t ? "pngcairo" : "svg", w, h,
          t ? 10 : 12);
}

/* Okabe & Ito (2008), "Color Universal Design": blue, vermillion, bluish green, reddish
 * purple, orange, sky blue, black */
static const char *const palette[7] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"};
/* solid, dashed, dotted, dash-dot, long dash-dot-dot (gnuplot dash patterns) */
static const char *const dashes[5] = {"solid", "(10,5)", "(2,4)", "(12,4,2,4)", "(20,5,2,5,2,5)"};

const char *plot_color(int k) { return palette[k % 7]; }

void plot_style(struct text *sc, int k) {
  tprintf(sc, "lc rgb '%s' dt %s lw %s", palette[k % 7], dashes[k % 5], k % 5 == 2 ? "2.5" : "1.5");
}

/* Start the script of plot DIR/plots/NAME-WHAT.EXT (terminal t: 0 SVG, 1 PNG): its
 * output goes to a temporary file that run_gnuplot renames into place. */
void plot_begin(struct text *sc, const char *dir, const char *name, const char *what, int t, char *path,
                       size_t pn, char *tmp, size_t tn) {
  snprintf(path, pn, "%s/plots/%s%s.%s", dir, name, what, plot_exts[t]);
  snprintf(tmp, tn, "%s.tmp.%ld", path, (long)getpid());
  tprintf(sc, "set terminal %s enhanced\nset encoding utf8\nset output '%s'\n", plot_terms[t], tmp);
}

int read_text_file(const char *path, struct text *all, char *err, size_t errlen) {
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
    return EXIT_IO;
  }
  char buf[8192];
  size_t k;
  while ((k = fread(buf, 1, sizeof buf - 1, f)) > 0) buf[k] = 0, tprintf(all, "%s", buf);
  fclose(f);
  return 0;
}

int replace_readme(const char *path, const char *b, const struct text *block, char *err, size_t errlen) {
  struct text all = {0};
  int rc = read_text_file(path, &all, err, errlen);
  if (rc) return rc;
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
  rc = atomic_write(path, write_text, &out, err, errlen);
  free(all.buf);
  free(out.buf);
  return rc;
}

struct text *report_block(struct report *rp, const char *name) {
  for (int i = 0; i < rp->nblock; i++)
    if (!strcmp(rp->block[i].name, name)) return &rp->block[i].t;
  if (rp->nblock == REPORT_MAXBLOCK) return NULL;
  rp->block[rp->nblock].name = name;
  return &rp->block[rp->nblock++].t;
}

struct text *report_block_optional(struct report *rp, const char *name) {
  struct text *t = report_block(rp, name);
  for (int i = 0; t && i < rp->nblock; i++)
    if (&rp->block[i].t == t) rp->block[i].optional = 1;
  return t;
}

struct text *report_page(struct report *rp, const char *name, const char *title) {
  struct report_page **pp = realloc(rp->page, (size_t)(rp->npage + 1) * sizeof *pp);
  if (!pp) return NULL;
  rp->page = pp;
  struct report_page *p = calloc(1, sizeof *p);
  if (!p) return NULL;
  file_safe_name(p->name, sizeof p->name, name);
  snprintf(p->title, sizeof p->title, "%s", title);
  rp->page[rp->npage++] = p;
  return &p->md;
}

int report_note_max(struct report *rp, const char *variant, const char *device, double max_ulp) {
  struct report_max *m = realloc(rp->max, (size_t)(rp->nmax + 1) * sizeof *m);
  if (!m) return -1;
  rp->max = m;
  m += rp->nmax++;
  snprintf(m->variant, sizeof m->variant, "%s", variant);
  snprintf(m->device, sizeof m->device, "%s", device);
  m->max_ulp = max_ulp;
  return 0;
}

int report_find_max(const struct report *rp, const char *variant) {
  int best = -1;
  for (int i = 0; i < rp->nmax; i++)
    if (!strcmp(rp->max[i].variant, variant) && (best < 0 || rp->max[i].max_ulp > rp->max[best].max_ulp)) best = i;
  return best;
}

void report_free(struct report *rp) {
  for (int s = 0; s < SEC_N; s++) free(rp->sec[s].buf), free(rp->html_sec[s].buf);
  for (int b = 0; b < rp->nblock; b++) free(rp->block[b].t.buf);
  for (int i = 0; i < rp->npage; i++) free(rp->page[i]->md.buf), free(rp->page[i]);
  free(rp->page), free(rp->csv.buf), free(rp->csv_search.buf), free(rp->max);
}
