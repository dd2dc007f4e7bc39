/* progress.h: progress with rate and ETA on stderr: a bar redrawn in place on a terminal,
 * otherwise a line at every tenth of the work and at least every 10 s. */
#ifndef ULPCERT_PROGRESS_H
#define ULPCERT_PROGRESS_H
#include <stdint.h>

struct progress {
  int on, tty;
  int tenth; /* not a terminal: the tenths of the work reported so far */
  uint64_t total, done;
  double t0, last;
  const char *label;
};
void progress_start(struct progress *p, const char *label, uint64_t total, int enabled);
void progress_update(struct progress *p, uint64_t done);
void progress_end(struct progress *p);

/* A bar fed by increments, for scans that report the inputs done since their last call
 * (the on_progress callbacks of the kinds' scans). */
struct progress_sum {
  struct progress bar;
  uint64_t done;
};
/* Adds n to the struct progress_sum p and redraws; 1 to stop the scan (SIGINT or SIGTERM
 * seen: g_scan_stop), else 0. */
int progress_add(void *p, uint64_t n);
#endif
