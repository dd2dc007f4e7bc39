/* result.h: a run's results: the JSON file (one object, written atomically) and the
 * table printed on stdout. The JSON carries everything needed to rebuild each
 * variant's struct stats, so that shards can be merged and reports regenerated
 * without a second pass over the inputs. */
#ifndef ULPCERT_RESULT_H
#define ULPCERT_RESULT_H

#include <stdio.h>

#include "gpu.h"
#include "metrics.h"
#include "registry.h"
#include "scan.h"

struct run_info {
  char command[4096];
  int gpu;
  struct gpu_info ginfo;
  int threads;
  uint32_t from, to;
  struct scan_times times; /* summed over the run's scans */
};

/* Fill the host/tool parts of run_info (command line, CPU threads). */
void run_info_init(struct run_info *ri, int argc, char **argv);

/* Write the result JSON to path atomically. 0, or an exit code with a message. */
int result_write_json(const char *path, const struct run_info *ri, const struct variant *const *v,
                      struct stats *const *st, int nv, char *err, size_t errlen);

/* Per-variant detail and a summary table. */
void result_print(FILE *f, const struct run_info *ri, const struct variant *const *v, struct stats *const *st,
                  int nv);

/* Describe the host CPU ("model name" of /proc/cpuinfo). */
void host_cpu_name(char *buf, size_t n);

/* Write data atomically: temporary file in the same folder, fsync, rename.
 * writer(FILE*, arg) returns 0 on success. 0 or EXIT_IO with a message. */
int atomic_write(const char *path, int (*writer)(FILE *, void *), void *arg, char *err, size_t errlen);

#endif
