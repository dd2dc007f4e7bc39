/* options.h: the options every evaluating command shares (run, certify, arch, bench,
 * selftest, refcheck), and the choice of the backend. */
#ifndef ULPCERT_OPTIONS_H
#define ULPCERT_OPTIONS_H

#include <getopt.h>
#include <stdio.h>

#include "src/engine/scan.h"
#include "src/formats/head.h"

struct scan_cli {
  struct scan_opts o;
  int backend; /* -1 auto, 0 cpu, 1 gpu */
  const char *json;
  const char *cache_dir;
};

/* Parse the scan options (--backend --from --to --threads --chunk --json --cache
 * --no-cache --no-fast-path --quiet --reduce --devices --help) plus 'more' (handled by extra(), which
 * returns -1 to go on or an exit code). Returns -1 to continue, or an exit code. */
int parse_scan_options(int argc, char **argv, struct scan_cli *sc, int (*extra)(int, const char *, void *), void *arg,
                       const struct option *more, void (*usage)(FILE *));
/* Pick the backend (probing the GPU) and fill ri's device part; -1 to continue or an exit
 * code. */
int choose_backend(struct scan_cli *sc, struct run_info *ri);

/* The command line as typed, captured before option parsing permutes argv. */
extern char g_command_line[4096];

#endif
