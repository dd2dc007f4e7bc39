/* options.h: the options every evaluating command shares (run, certify, arch, bench,
 * selftest, refcheck), and the choice of the backend. */
#ifndef ULPCERT_OPTIONS_H
#define ULPCERT_OPTIONS_H

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>

#include "src/jsonio/head.h"

#define SCAN_MAXDEV 16

/* What to scan and how, for every kind: the range, the backend, threads, chunks, the
 * reference cache, the devices. */
struct scan_opts {
  uint32_t from, to;     /* inclusive bit patterns */
  int gpu;               /* 1: GPU backend, 0: CPU backend */
  int threads;           /* host threads; 0 = all */
  uint32_t chunk;        /* magnitudes per chunk: a power of two in [2^12, 2^30] */
  const char *cache_dir; /* reference cache folder, NULL for none */
  int progress;          /* draw a progress bar when stderr is a terminal */
  int host_reduce;       /* GPU backend: reduce on the host instead of the device */
  int ndevices;          /* GPU backend: devices to use (0: device 0) */
  int moments;           /* also accumulate the per-bin output moments (arch record/compare) */
  int outputs_only;      /* evaluate only: inputs, per-bin digests (and moments); no references, no errors */
  int no_fast;           /* references from the shortcut and MPFR only: no fast-path table, no balls, none on the device */
  int devices[SCAN_MAXDEV];
};

/* The defaults: every input, chunks of 2^22 magnitudes, a progress bar, the CPU. */
void scan_default_opts(struct scan_opts *o);

struct scan_cli {
  struct scan_opts o;
  int backend; /* -1 auto, 0 cpu, 1 gpu */
  const char *json;
  const char *cache_dir;
  int cache_explicit; /* cache_dir named by --cache (not the default) */
  int from_value, to_value; /* --from / --to given as a value (1.0), not a bit pattern */
  const char *from_text, *to_text; /* as typed */
};

/* Parse the scan options (--backend --from --to --threads --chunk --json --cache
 * --no-cache --no-fast-path --quiet --reduce --devices --help) plus 'more' (handled by extra(), which
 * returns -1 to go on or an exit code). Returns -1 to continue, or an exit code. */
int parse_scan_options(int argc, char **argv, struct scan_cli *sc, int (*extra)(int, const char *, void *), void *arg,
                       const struct option *more, void (*usage)(FILE *));
/* The message for what getopt_long returned as c ('?': an unknown option, ':': an option
 * without its value, with ":" leading the short options), naming the option as typed;
 * returns EXIT_USAGE. */
int option_error(int c, char *const *argv);
/* Whether an output file can be written (its folder exists and is writable; the path
 * is not a folder), checked before a run that would write it at the end. 0, or EXIT_IO
 * after saying why. */
int output_check(const char *path);

/* Pick the backend (probing the GPU) and fill ri's device part; -1 to continue or an exit
 * code. */
int choose_backend(struct scan_cli *sc, struct run_info *ri);

/* A run's description for a kind that runs sc's options: ri initialised with the command line
 * as typed, the backend chosen (choose_backend), the range and the host threads (--threads,
 * else OpenMP's). 0, or an exit code. */
int run_info_for(struct scan_cli *sc, struct run_info *ri);
/* The same for a kind that runs on the CPU whatever --backend says: no backend chosen, no
 * GPU probed (ri->gpu 0). */
void run_info_cpu(const struct scan_cli *sc, struct run_info *ri);
/* The same for a kind that runs on the GPU only: ri initialised with the command line as
 * typed and the GPU probed; none usable: EXIT_NOGPU after "<what> need a GPU: <why>".
 * ri->gpu 1; the range is the kind's to set. 0, or EXIT_NOGPU. */
int run_info_gpu(struct run_info *ri, const char *what);
/* A kind that runs on the GPU only, asked for --backend cpu: EXIT_USAGE after "<runs_on>:
 * there is no CPU backend for them"; else 0. */
int gpu_only_backend(const struct scan_cli *sc, const char *runs_on);
/* The device of a kind that runs on one GPU: the first of --devices (device 0 by default). */
int first_device(const struct scan_cli *sc);

/* The command line as typed, captured before option parsing permutes argv. */
extern char g_command_line[4096];

#endif
