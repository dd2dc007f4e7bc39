/* result.h: a run's results: the JSON file (one object, written atomically) and the
 * table printed on stdout. The JSON carries everything needed to rebuild each
 * variant's struct stats, so that shards can be merged and reports regenerated
 * without a second pass over the inputs. */
#ifndef ULPCERT_RESULT_H
#define ULPCERT_RESULT_H

#include <stdio.h>

#include "src/engine/gpu.h"
#include "src/measure/metrics.h"
#include "src/catalogue/registry.h"
#include "src/engine/scan.h"

#define RESULT_MAXCOV 64

struct run_info {
  char command[4096];
  int complete;                   /* 0: interrupted; 'covered' says what was done */
  int ncov;                       /* 0: the whole domain [from, to] */
  uint32_t cov[RESULT_MAXCOV][2]; /* covered inclusive ranges */
  int gpu;
  int ndevices; /* GPUs used */
  struct gpu_info ginfo;
  int threads;
  uint32_t from, to;
  struct scan_times times; /* summed over the run's scans */
  struct json_t *half;     /* arch record: the half-precision variants (half.h), or NULL */
};

/* A result file read back. */
struct result_claim {
  char max_ulp[32], max_rel[32], max_abs[32], kind[16], source[256]; /* "" when absent */
};
struct result_variant {
  char name[64], family[64], reference[64];
  struct result_claim claim, doc;
  char bound_text[CLAUSE_MAX][160], bound_source[CLAUSE_MAX][320]; /* per clause of st */
  struct stats *st;
};
struct result_file {
  char version[32], command[4096], date[32], backend[8], device[256], cc[16], driver[64], toolkit[16];
  uint32_t from, to;
  int complete, ncov;
  uint32_t cov[RESULT_MAXCOV][2];
  int nv;
  struct result_variant *v;
};
/* Read and check a result JSON, plain or gzip-compressed. 0, EXIT_IO (unreadable) or
 * EXIT_CORRUPT (corrupt, truncated, another format, a field missing or inconsistent),
 * with a message naming the file and the field. */
int result_read_json(const char *path, struct result_file *rf, char *err, size_t errlen);
/* The same from an open stream; path names it in messages. */
int result_read_stream(FILE *f, const char *path, struct result_file *rf, char *err, size_t errlen);
void result_file_free(struct result_file *rf);

/* Load a JSON document (jansson json_t *) that may be gzip-compressed: told by its first
 * bytes (1f 8b), not by its name, so a renamed file still reads. 0, EXIT_IO or
 * EXIT_CORRUPT (bad JSON, bad or truncated gzip) with a message naming path. */
struct json_t;
int json_read_path(const char *path, struct json_t **root, char *err, size_t errlen);
int json_read_stream(FILE *f, const char *path, struct json_t **root, char *err, size_t errlen);

/* Fill the host/tool parts of run_info (command line, CPU threads). */
void run_info_init(struct run_info *ri, int argc, char **argv);

/* Write the result JSON to path atomically. 0, or an exit code with a message. */
int result_write_json(const char *path, const struct run_info *ri, const struct variant *const *v,
                      struct stats *const *st, int nv, char *err, size_t errlen);

/* The verdict of a variant over its claim, its documented bounds and its bound clauses. */
enum verdict stats_verdict(const struct variant *v, const struct stats *s);

/* Per-variant detail and a summary table. */
void result_print(FILE *f, const struct run_info *ri, const struct variant *const *v, struct stats *const *st,
                  int nv);

/* Describe the host CPU ("model name" of /proc/cpuinfo). */
void host_cpu_name(char *buf, size_t n);

/* The "device" object of a result JSON (jansson json_t *). */
struct json_t *result_device_json(const struct run_info *ri);
/* The first fields of every result file: tool, version, then kind (float-float, half) or,
 * for binary32 results (kind NULL), format; command, date, backend, device, build. */
struct json_t *result_header_json(const struct run_info *ri, const char *kind);
/* The "covered" list of a result JSON: ri's covered ranges (the domain when ncov is 0),
 * sorted and coalesced, so that a resumed run reads like an uninterrupted one. */
struct json_t *result_covered_json(const struct run_info *ri);
/* Write a JSON document (indented, binary64 reals to 17 digits) to path atomically;
 * gzip-compressed when path ends in ".gz". */
int result_write_root(const char *path, struct json_t *root, char *err, size_t errlen);

/* Write data atomically: temporary file in the same folder, fsync, rename.
 * writer(FILE*, arg) returns 0 on success. 0 or EXIT_IO with a message. */
int atomic_write(const char *path, int (*writer)(FILE *, void *), void *arg, char *err, size_t errlen);

#endif
