/* cli.h: pieces of the command line shared by run, bench and the other commands. */
#ifndef ULPCERT_CLI_H
#define ULPCERT_CLI_H

#include <getopt.h>
#include <stdio.h>

#include "src/measure/metrics.h"
#include "src/catalogue/registry.h"
#include "src/kinds/binary32/result.h"
#include "src/engine/scan.h"

struct scan_cli {
  struct scan_opts o;
  int backend; /* -1 auto, 0 cpu, 1 gpu */
  const char *json;
  const char *cache_dir;
};

/* Parse the scan options (--backend --from --to --threads --chunk --json --cache
 * --no-cache --quiet --help) plus 'more' (handled by extra(). which returns -1 to go
 * on or an exit code). Returns -1 to continue, or an exit code. */
int parse_scan_options(int argc, char **argv, struct scan_cli *sc, int (*extra)(int, const char *, void *), void *arg,
                       const struct option *more, void (*usage)(FILE *));
/* Pick the backend (probing the GPU); -1 to continue or an exit code. */
int choose_backend(struct scan_cli *sc, struct run_info *ri);
/* Resolve names into variants the backend can run; -1 to continue or an exit code. */
int resolve_names(int n, char **names, int gpu, const struct variant **vs, int *nv);
/* Scan vs grouped by reference; 0 or an exit code. */
int run_grouped(const struct variant **vs, int nv, struct scan_cli *sc, struct run_info *ri, struct stats **st,
                int64_t *done_mag);
/* Slice k of n of [from, to], contiguous and balanced by estimated cost. 0 or -1 (empty). */
int shard_range(const struct reference *r, uint32_t from, uint32_t to, int k, int n, uint32_t *lo, uint32_t *hi);
/* The parts of [from, to] outside the covered ranges; their count, or -1 if more than max. */
int uncovered_ranges(uint32_t from, uint32_t to, int ncov, uint32_t cov[][2], uint32_t out[][2], int max);
/* A covered range of the file paths[file], for merge. */
struct cov_range {
  uint32_t lo, hi;
  int file;
};
/* Sort rg[0..nr) and check that the ranges tile [rg[0].lo, rg[nr-1].hi]: no overlap, no
 * gap. 0, or EXIT_USAGE with a message naming the files. */
int tile_check(struct cov_range *rg, int nr, char *const *paths);
/* The device part of a merged result's run_info, from the first file's strings. */
void run_info_device(struct run_info *ri, const char *backend, const char *device, const char *driver,
                     const char *cc, const char *toolkit);
int cmd_merge(int argc, char **argv);
int cmd_selftest(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_certify(int argc, char **argv);
/* Compile user functions names[0..n) of the file at path into variants (certify.c). */
int user_variants(const char *path, int n, const char *const *names, const struct reference *const *refs, int gpu,
                  const struct gpu_info *gi, struct variant *out, char (*vnames)[256], char *log, size_t loglen);

/* The command line as typed, captured before option parsing permutes argv. */
extern char g_command_line[4096];

int cmd_bench(int argc, char **argv, int full_argc, char **full_argv);
int cmd_refcheck(int argc, char **argv);

#endif
