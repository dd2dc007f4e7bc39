/* progress.c: see progress.h. */
#include "src/engine/progress.h"

#include <stdio.h>
#include <unistd.h>

#include "src/common.h"
#include "src/engine/driver.h"

void progress_start(struct progress *p, const char *label, uint64_t total, int enabled) {
  p->on = enabled && !g_quiet;
  p->tty = isatty(2);
  p->total = total ? total : 1;
  p->done = 0;
  p->t0 = p->last = now_s();
  p->label = label;
  p->tenth = 0;
}

/* Not a terminal (a CI log, a file): a line at every tenth of the work and at least every
 * PROGRESS_LINE_S seconds, instead of a bar redrawn in place. */
#define PROGRESS_LINE_S 10.0

static void line(struct progress *p, double t) {
  double el = t - p->t0, rate = el > 0 ? (double)p->done / el : 0;
  fprintf(stderr, "ulpcert: %s %5.1f%% (%llu of %llu), %.1f M/s, elapsed %.0f s", p->label,
          100.0 * (double)p->done / (double)p->total, (unsigned long long)p->done, (unsigned long long)p->total,
          rate * 1e-6, el);
  if (p->done < p->total && rate > 0) fprintf(stderr, ", ETA %.0f s", (double)(p->total - p->done) / rate);
  fputc('\n', stderr);
  fflush(stderr);
}

static void draw(struct progress *p, double t) {
  const int width = 30;
  double frac = (double)p->done / (double)p->total;
  int fill = (int)(frac * width);
  double el = t - p->t0;
  double rate = el > 0 ? (double)p->done / el : 0;
  double eta = rate > 0 ? (double)(p->total - p->done) / rate : 0;
  fprintf(stderr, "\r%s [", p->label);
  for (int i = 0; i < width; i++) fputc(i < fill ? '#' : '.', stderr);
  fprintf(stderr, "] %5.1f%%  %7.1f Minputs/s  elapsed %5.0fs  ETA %5.0fs ", 100 * frac, rate * 1e-6, el, eta);
  fflush(stderr);
}

void progress_update(struct progress *p, uint64_t done) {
  p->done = done;
  if (!p->on) return;
  double t = now_s();
  if (!p->tty) {
    int tenth = (int)(10 * (double)done / (double)p->total);
    if (tenth > p->tenth || t - p->last >= PROGRESS_LINE_S) p->tenth = tenth, p->last = t, line(p, t);
    return;
  }
  if (t - p->last < 0.2 && done < p->total) return;
  p->last = t;
  draw(p, t);
}

void progress_end(struct progress *p) {
  if (!p->on) return;
  if (!p->tty) {
    if (p->tenth < 10) line(p, now_s());
    return;
  }
  draw(p, now_s());
  fputc('\n', stderr);
}

int progress_add(void *p, uint64_t n) {
  struct progress_sum *c = p;
  c->done += n;
  progress_update(&c->bar, c->done);
  return g_scan_stop != 0;
}
