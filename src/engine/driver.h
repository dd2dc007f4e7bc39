/* driver.h: what run, merge and resume do the same way for every kind: the ranges a run
 * must scan (a shard of the range, what an interrupted run left, an MPI rank's slice),
 * interruption, the covered ranges of a partial result, and merging files whose ranges
 * tile their union. The kind does the scanning, reading, writing and merging of its
 * statistics (kind.h). */
#ifndef ULPCERT_DRIVER_H
#define ULPCERT_DRIVER_H

#include <stdint.h>

#include "src/engine/kind.h"

/* `ulpcert run` with names of kind k: begin, plan the ranges, scan them, then print,
 * write (--json) and return the exit status. */
int drive_run(const struct kind *k, struct run_request *rq);
/* `ulpcert merge` of the result files paths[0..n) into one (out: --json FILE, or NULL). */
int drive_merge(int n, char *const *paths, const char *out);

/* Read a result file of any kind: *kind and *r (release with (*kind)->release). 0 or an exit
 * code with a message. */
int read_result(const char *path, const struct kind **kind, struct kind_result **r, char *err, size_t errlen);

/* A covered range of file number 'file' of a merge. */
struct cov_range {
  uint32_t lo, hi;
  int file;
};

/* Slice k of n of [from, to], contiguous and balanced by cost(r, a, b) (NULL: every input
 * the same). 0, or -1 when the slice is empty. */
int shard_range(uint64_t (*cost)(const struct kind_result *, uint64_t, uint64_t), const struct kind_result *r,
                uint32_t from, uint32_t to, int k, int n, uint32_t *lo, uint32_t *hi);
/* The parts of [from, to] outside the covered ranges; their count, or -1 if more than max. */
int uncovered_ranges(uint32_t from, uint32_t to, int ncov, uint32_t cov[][2], uint32_t out[][2], int max);

/* The stop flag: set (from a signal handler) to stop a kind's scan after the chunk under
 * way; the scan then returns EXIT_INTERRUPT with what it completed. */
extern volatile int g_scan_stop;
/* Set g_scan_stop on SIGINT and SIGTERM during a run. */
void drive_catch_signals(void);

#endif
