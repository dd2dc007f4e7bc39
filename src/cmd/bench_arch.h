/* bench_arch.h: `ulpcert bench --arch-record` and `--arch-compare` (bench_arch.c). */
#ifndef ULPCERT_BENCH_ARCH_H
#define ULPCERT_BENCH_ARCH_H

#include <jansson.h>

/* What to time: groups of kinds ("binary32/convert,h16/float-float": groups separated
 * by '/', kinds by ','), each an `arch record --kinds GROUP` (compare 0) or an `arch
 * compare BASELINES --kinds GROUP` (compare 1) as a process of its own; extra: options for
 * each (backend, range, threads, devices); baselines: the baseline files, each quoted for
 * the shell (compare); out: a folder that keeps the records made (NULL: a temporary one,
 * removed). */
struct bench_arch_cfg {
  const char *groups, *extra, *baselines, *out;
  int compare;
};

/* Each group's process, a row of a table on stdout and a JSON row into rows (an array),
 * then a row of their sum. 0; EXIT_FAIL when a process failed or a comparison found a
 * difference or a missing kind (every row is printed first); EXIT_USAGE for a bad group;
 * EXIT_IO when the folder cannot be made. */
int bench_arch(const struct bench_arch_cfg *c, json_t *rows);

#endif
