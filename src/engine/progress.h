/* progress.h: a progress bar with rate and ETA on stderr, shown only on a terminal. */
#ifndef ULPCERT_PROGRESS_H
#define ULPCERT_PROGRESS_H
#include <stdint.h>

struct progress {
  int on;
  uint64_t total, done;
  double t0, last;
  const char *label;
};
void progress_start(struct progress *p, const char *label, uint64_t total, int enabled);
void progress_update(struct progress *p, uint64_t done);
void progress_end(struct progress *p);
#endif
