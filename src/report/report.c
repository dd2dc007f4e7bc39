/* report.c: see report.h. */
#include "src/report/report.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "src/common.h"
#include "src/formats/json_io.h"

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

/* Start the script of plot DIR/plots/NAME-WHAT.EXT (terminal t: 0 SVG, 1 PNG): its
 * output goes to a temporary file that run_gnuplot renames into place. */
void plot_begin(struct text *sc, const char *dir, const char *name, const char *what, int t, char *path,
                       size_t pn, char *tmp, size_t tn) {
  snprintf(path, pn, "%s/plots/%s%s.%s", dir, name, what, plot_exts[t]);
  snprintf(tmp, tn, "%s.tmp.%ld", path, (long)getpid());
  tprintf(sc, "set terminal %s\nset output '%s'\n", plot_terms[t], tmp);
}

int replace_readme(const char *path, const char *b, const struct text *block, char *err, size_t errlen) {
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
